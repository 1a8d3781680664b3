/**
 * Data dirs for the end-to-end tests. The demo counter is made once per run (`demo`, then an
 * organizer key made on the command line) and every test's `serve --demo` starts on a copy of it:
 * a test gets a counter of its own without seeding the demo and making a key again.
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from '../../support/serve.js';

/** Where the run's demo data dir is and its organizer's key: set by the global set-up for the workers. */
const TEMPLATE_DIR_ENV = 'TICKET_COUNTER_E2E_DEMO_DIR';
const TEMPLATE_KEY_ENV = 'TICKET_COUNTER_E2E_DEMO_KEY';

export const ORGANIZER_EMAIL = 'organizer@demo.test';

export interface DataDir {
  path: string;
  remove(): void;
}

export async function tempDataDir(): Promise<DataDir> {
  const path = mkdtempSync(join(tmpdir(), 'counter-e2e-'));
  return { path, remove: () => rmSync(path, { recursive: true, force: true }) };
}

/** A demo counter's organizer key, made with the CLI like an administrator would. */
export async function organizerKey(dataDir: string, name = 'e2e'): Promise<string> {
  const made = await runCli(['apikey', 'create', '--data-dir', dataDir, '--email', ORGANIZER_EMAIL, '--name', name]);
  if (made.code !== 0) throw new Error(made.stderr);
  return made.stdout.trim();
}

/** Makes the run's demo data dir (global set-up); the returned function removes it. */
export async function makeDemoTemplate(): Promise<() => void> {
  const dir = await tempDataDir();
  const seeded = await runCli(['demo', '--data-dir', dir.path]);
  if (seeded.code !== 0) throw new Error(seeded.stderr);
  process.env[TEMPLATE_DIR_ENV] = dir.path;
  process.env[TEMPLATE_KEY_ENV] = await organizerKey(dir.path);
  return dir.remove;
}

/** A fresh copy of the run's demo data dir, and the organizer key it holds. */
export async function copyOfDemo(): Promise<DataDir & { key: string }> {
  const template = process.env[TEMPLATE_DIR_ENV];
  const key = process.env[TEMPLATE_KEY_ENV];
  if (!template || !key) throw new Error('no demo data dir: the end-to-end tests run through playwright.config.ts, whose global set-up makes it');
  const dir = await tempDataDir();
  cpSync(template, dir.path, { recursive: true });
  return { ...dir, key };
}
