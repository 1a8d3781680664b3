/**
 * Starts a server as its own process (the way the Electron shell runs `serve` in a utilityProcess)
 * and waits for its `listening on URL` line. The load generator then has the other core to itself.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

const START_TIMEOUT_MS = 30_000;
const STOP_TIMEOUT_MS = 5_000;

/** Runs `node [nodeArgs] [--import tsx] args...` in cwd; nodeArgs can add --cpu-prof to find a hot spot. */
export function startServer(
  args: string[],
  cwd: string,
  env: Record<string, string> = {},
  nodeArgs: string[] = [],
): Promise<ServerProcess> {
  // A TypeScript entry runs through tsx; a built one (out/main/cli.js) as npm start runs it.
  const loader = args[0]?.endsWith('.ts') ? ['--import', 'tsx'] : [];
  const child = spawn(process.execPath, [...nodeArgs, ...loader, ...args], {
    cwd,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
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
      resolve({ url: match[1]!, child, stop });
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`server exited early (code ${code}, signal ${signal})\n${stderr}`));
    });
  });
}
