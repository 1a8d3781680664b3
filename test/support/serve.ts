/**
 * The real `ticket-counter` command (as built, see built-cli.ts) in a child process: `serve` until
 * its `listening on` line, and one-shot commands with their exit code and output.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { projectRoot } from '../../src/main/paths.js';
import { BUILT_CLI } from './built-cli.js';

/** Runs the CLI; `wrap` is a command it runs under (ip netns exec NAME: test-lan.ts). */
function start(args: string[], logLevel = 'warn', env: Record<string, string> = {}, wrap: string[] = []): ChildProcess {
  const [command, ...prefix] = [...wrap, process.execPath];
  return spawn(command!, [...prefix, BUILT_CLI, ...args], {
    cwd: projectRoot(),
    env: { ...process.env, LOG_LEVEL: logLevel, ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
}

export interface Served {
  url: string;
  child: ChildProcess;
  /** What the process wrote to stdout and stderr so far. */
  stdout(): string;
  stderr(): string;
  /** Sends the signal and waits for the process to be gone. */
  stop(signal?: NodeJS.Signals): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/**
 * Starts `serve` on the data dir (its default one when undefined; on a free port unless one is
 * given, with any further arguments such as --demo) and resolves once it printed its listening line.
 */
export async function startServe(
  dataDir: string | undefined,
  options: { logLevel?: string; env?: Record<string, string>; port?: number; args?: string[]; wrap?: string[] } = {},
): Promise<Served> {
  const child = start(['serve', ...(dataDir === undefined ? [] : ['--data-dir', dataDir]), '--port', String(options.port ?? 0), ...(options.args ?? [])], options.logLevel, options.env, options.wrap);
  let stdout = '';
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const exited = once(child, 'exit');
  const lines = createInterface({ input: child.stdout! });
  lines.on('line', (line) => {
    stdout += `${line}\n`;
  });
  const first = new Promise<string>((resolve, reject) => {
    lines.once('line', resolve);
    exited.then(([code]) => reject(new Error(`serve exited with ${code} before listening:\n${stderr}`)), reject);
  });
  const line = await first;
  const match = /^listening on (http:\/\/\S+)$/.exec(line);
  if (!match) {
    child.kill('SIGKILL');
    throw new Error(`unexpected first line from serve: ${line}`);
  }
  return {
    url: match[1]!,
    child,
    stdout: () => stdout,
    stderr: () => stderr,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      const [code, gotSignal] = await exited;
      lines.close();
      return { code, signal: gotSignal };
    },
  };
}

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs one command to its end; `input` is written to its stdin. */
export async function runCli(args: string[], input?: string): Promise<CliResult> {
  const child = start(args);
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  child.stderr!.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  child.stdin!.end(input ?? '');
  const [code] = (await once(child, 'close')) as [number | null];
  return { code, stdout, stderr };
}

export interface JsonReply {
  status: number;
  headers: Headers;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
}

/** fetch against a served URL: a JSON body in (when given), the parsed JSON reply out. */
export async function fetchJson(url: string, options: { method?: string; headers?: Record<string, string>; body?: unknown } = {}): Promise<JsonReply> {
  const headers = { ...options.headers };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(url, { method: options.method ?? 'GET', headers, body: options.body === undefined ? undefined : JSON.stringify(options.body) });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : undefined };
}
