/**
 * The Electron runtime for `npm start` and the Electron end-to-end test: its binary (fetched by the
 * electron package on first use, so absent on a machine without internet) and better-sqlite3 built
 * for it (the installed build is Node's, which Electron cannot load).
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);

/** The Electron executable, or undefined if it is not installed and cannot be downloaded. */
export function electronBinary() {
  const probe = spawnSync(process.execPath, ['-e', "process.stdout.write(require('electron'))"], {
    encoding: 'utf8',
    timeout: 120_000,
    // The electron package explains its failed download at length; the caller says it in one line.
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const path = probe.stdout?.trim();
  return probe.status === 0 && path && existsSync(path) ? path : undefined;
}

/**
 * better-sqlite3's prebuilt binary for this Electron, fetched once into out/electron-sqlite (the
 * shell hands its path to the service through TICKET_COUNTER_SQLITE_BINDING); the Node build stays
 * for the CLI and the tests.
 */
export function ensureElectronSqlite() {
  const target = join('out', 'electron-sqlite', 'better_sqlite3.node');
  if (existsSync(target)) return;
  const electronVersion = require('electron/package.json').version;
  const work = join(mkdtempSync(join(tmpdir(), 'sqlite-electron-')), 'better-sqlite3');
  cpSync(dirname(require.resolve('better-sqlite3/package.json')), work, { recursive: true });
  rmSync(join(work, 'build'), { recursive: true, force: true });
  const prebuild = require.resolve('prebuild-install/bin.js');
  const result = spawnSync(process.execPath, [prebuild, '--runtime', 'electron', '--target', electronVersion], { cwd: work, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('could not fetch better-sqlite3 for Electron ' + electronVersion);
  mkdirSync(dirname(target), { recursive: true });
  copyFileSync(join(work, 'build', 'Release', 'better_sqlite3.node'), target);
}
