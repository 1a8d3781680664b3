/**
 * Starts a server as its own process (the way the Electron shell runs `serve` in a utilityProcess)
 * and waits for its `listening on URL` line. The load generator then has the other core to itself.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import type { Readable } from 'node:stream';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** With `timeRequests`: the server's own time for each request, in ms (request-timer.mjs). */
  requestTimes?: RequestTimes;
  stop(): Promise<void>;
}

export interface RequestTimes {
  /** The next `count` requests' times in the order they finished, once the server has reported them all. */
  take(count: number): Promise<number[]>;
}

export interface ServerOptions {
  /** Before the entry: --cpu-prof, say, to find a hot spot. */
  nodeArgs?: string[];
  /** Load request-timer.mjs into the server and collect its times. */
  timeRequests?: boolean;
}

const START_TIMEOUT_MS = 30_000;
const STOP_TIMEOUT_MS = 5_000;
/** How long the server may take to report a request's time once its answer has arrived. */
const REPORT_TIMEOUT_MS = 30_000;
const REQUEST_TIMER = fileURLToPath(new URL('./request-timer.mjs', import.meta.url));

/** Collects the times request-timer.mjs writes, one line each, from the server's fd 3. */
function collectRequestTimes(from: Readable): RequestTimes {
  const times: number[] = [];
  let waiting: { count: number; resolve: (taken: number[]) => void } | undefined;
  const settle = () => {
    if (waiting && times.length >= waiting.count) {
      const { count, resolve } = waiting;
      waiting = undefined;
      resolve(times.splice(0, count));
    }
  };
  createInterface({ input: from }).on('line', (line) => {
    times.push(Number(line));
    settle();
  });
  return {
    take: (count) =>
      new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`the server reported ${times.length} request times of ${count}`)), REPORT_TIMEOUT_MS);
        waiting = {
          count,
          resolve: (taken) => {
            clearTimeout(timer);
            resolve(taken);
          },
        };
        settle();
      }),
  };
}

/** Runs `node [nodeArgs] [--import tsx] args...` in cwd. */
export function startServer(args: string[], cwd: string, env: Record<string, string> = {}, options: ServerOptions = {}): Promise<ServerProcess> {
  // A TypeScript entry runs through tsx; a built one (out/main/cli.js) as npm start runs it.
  const loader = args[0]?.endsWith('.ts') ? ['--import', 'tsx'] : [];
  const timing = options.timeRequests ? ['--import', REQUEST_TIMER] : [];
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), ...timing, ...loader, ...args], {
    cwd,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe', ...(options.timeRequests ? (['pipe'] as const) : [])],
  });
  const requestTimes = options.timeRequests ? collectRequestTimes(child.stdio[3] as Readable) : undefined;
  let stderr = '';
  child.stderr?.setEncoding('utf8');
  child.stderr?.on('data', (chunk: string) => {
    // Warnings and errors only (log level warn): keep the tail to explain a failure.
    stderr = (stderr + chunk).slice(-4000);
  });

  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
      child.once('exit', () => {
        clearTimeout(timer);
        resolve();
      });
      child.kill('SIGTERM');
    });

  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      void stop();
      reject(new Error(`server did not print 'listening on' within ${START_TIMEOUT_MS} ms\n${stderr}`));
    }, START_TIMEOUT_MS);
    const lines = createInterface({ input: child.stdout! });
    lines.once('line', (line) => {
      clearTimeout(timer);
      const match = /^listening on (http:\/\/\S+)$/.exec(line.trim());
      if (!match) {
        void stop();
        reject(new Error(`unexpected first line from server: ${line}\n${stderr}`));
        return;
      }
      resolve({ url: match[1]!, child, requestTimes, stop });
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`server exited early (code ${code}, signal ${signal})\n${stderr}`));
    });
  });
}
