#!/usr/bin/env node
// The package's command: runs the CLI from its TypeScript source through tsx, so that it works from
// a checkout without a build step. Signals are passed on, so that SIGTERM stops `serve` cleanly.
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const child = spawn(
  process.execPath,
  ['--import', import.meta.resolve('tsx'), join(root, 'src', 'main', 'cli.ts'), ...process.argv.slice(2)],
  { stdio: 'inherit' },
);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
