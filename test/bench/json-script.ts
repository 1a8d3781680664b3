/**
 * Runs one of the bench's TypeScript scripts in a Node process of its own (through tsx) and
 * parses what it prints on stdout: one JSON value. Its stderr goes to the bench's. For work whose
 * CPU or memory must stay out of the process that times requests.
 */
import { spawn } from 'node:child_process';
import { basename } from 'node:path';

export function runJsonScript(script: string, args: string[], cwd?: string): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], { cwd, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`${basename(script)} exited with ${code}`))));
  });
}
