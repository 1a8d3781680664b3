#!/usr/bin/env node
/**
 * `npm start`: builds the app, then launches it in Electron. Where the Electron binary is not
 * installed and cannot be downloaded (no internet), it says so and runs browser mode instead:
 * `serve --demo` on the demo's own data dir (a throw-away one with --fresh), printing the URL to
 * open and the demo logins.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { electronBinary, ensureElectronSqlite } from './electron.js';

const bin = (name) => join('node_modules', '.bin', name);

function run(command, args) {
  const result = spawnSync(command, args, { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

/** Whether the usual port is free; if another counter holds it, browser mode takes any free port. */
function isFree(port) {
  return new Promise((resolve) => {
    const probe = createServer()
      .once('error', () => resolve(false))
      .listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

run(bin('electron-vite'), ['build']);

const electron = process.env.TICKET_COUNTER_BROWSER_MODE ? undefined : electronBinary();
if (electron) {
  ensureElectronSqlite();
  const child = spawn(electron, ['.'], { stdio: 'inherit' });
  child.on('exit', (code) => process.exit(code ?? 0));
} else {
  // A demo counter keeps its data in its own app-data folder across restarts; --fresh starts a
  // throw-away one. serve prints the URL, the demo logins and where the data is.
  const fresh = process.argv.includes('--fresh');
  const dataDirArgs = fresh ? ['--data-dir', mkdtempSync(join(tmpdir(), 'ticket-counter-demo-'))] : [];
  process.stdout.write(
    '\nThe Electron binary is not installed and could not be downloaded here, so the counter runs in\n' +
      'browser mode: open the URL below in a browser (npm start -- --fresh starts on empty data).\n\n',
  );
  const port = (await isFree(8787)) ? '8787' : '0';
  // Warnings and errors only, so that the URL stays in view (LOG_LEVEL=info shows every request).
  const child = spawn(process.execPath, ['out/main/cli.js', 'serve', '--demo', '--port', port, ...dataDirArgs], {
    stdio: 'inherit',
    env: { ...process.env, LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' },
  });
  const stop = () => child.kill('SIGTERM');
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  child.on('exit', (code) => process.exit(code ?? 0));
}
