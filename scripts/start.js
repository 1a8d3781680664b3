#!/usr/bin/env node
/**
 * `npm start`: builds the app, then launches it in Electron. Where the Electron binary is not
 * installed and cannot be downloaded (no internet), it says so and runs browser mode instead:
 * `serve --demo` on a fresh data dir, printing the URL to open.
 */
import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);
const bin = (name) => join('node_modules', '.bin', name);

function run(command, args) {
  const result = spawnSync(command, args, { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

/** The Electron executable, fetched on first use by the electron package; undefined if it cannot be had. */
function electronBinary() {
  const probe = spawnSync(process.execPath, ['-e', "process.stdout.write(require('electron'))"], {
    encoding: 'utf8',
    timeout: 120_000,
    // The electron package explains its failed download at length; one line of ours says enough.
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const path = probe.stdout?.trim();
  return probe.status === 0 && path && existsSync(path) ? path : undefined;
}

/**
 * better-sqlite3 as installed is built for Node; Electron needs its own build of the addon. We fetch
 * the matching prebuilt binary into out/electron-sqlite once (the shell hands its path to the
 * service through TICKET_COUNTER_SQLITE_BINDING) and leave the Node build for the CLI and tests.
 */
function ensureElectronSqlite() {
  const target = join('out', 'electron-sqlite', 'better_sqlite3.node');
  if (existsSync(target)) return;
  const electronVersion = require('electron/package.json').version;
  const work = join(mkdtempSync(join(tmpdir(), 'sqlite-electron-')), 'better-sqlite3');
  cpSync(dirname(require.resolve('better-sqlite3/package.json')), work, { recursive: true });
  rmSync(join(work, 'build'), { recursive: true, force: true });
  const prebuild = require.resolve('prebuild-install/bin.js');
  const result = spawnSync(process.execPath, [prebuild, '--runtime', 'electron', '--target', electronVersion], {
    cwd: work,
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error('could not fetch better-sqlite3 for Electron ' + electronVersion);
  mkdirSync(dirname(target), { recursive: true });
  copyFileSync(join(work, 'build', 'Release', 'better_sqlite3.node'), target);
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
  const dataDir = mkdtempSync(join(tmpdir(), 'ticket-counter-demo-'));
  process.stdout.write(
    '\nThe Electron binary is not installed and could not be downloaded here, so the counter runs in\n' +
      'browser mode: open the URL below in a browser. Demo data in ' + dataDir + '\n\n',
  );
  const port = (await isFree(8787)) ? '8787' : '0';
  const child = spawn(process.execPath, ['out/main/cli.js', 'serve', '--demo', '--port', port, '--data-dir', dataDir], {
    stdio: 'inherit',
  });
  const stop = () => child.kill('SIGTERM');
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  child.on('exit', (code) => process.exit(code ?? 0));
}
