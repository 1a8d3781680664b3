/**
 * The real service on a fresh temp data dir: createServices + buildApp, driven with app.inject().
 * No mocks: every test goes through the HTTP listener, the domain and SQLite.
 */
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { isAbsolute, join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { databaseFile, openDatabase, type CounterDb } from '../../src/main/db/connection.js';
import { buildApp, type AppOptions } from '../../src/main/http/app.js';
import { createServices, type Services } from '../../src/main/services.js';
import { contract } from '../../src/shared/contract/index.js';
import { testClock, type TestClock } from './clock.js';
import { expectOk } from './envelope.js';
import { importEvent, makeKey, makeUser, PASSWORD, ticketInput } from './fixtures.js';
import { call, requester, type Requester } from './http.js';
import { TEST_PASSWORD_WORK } from './password-work.js';

export { TEST_PASSWORD_WORK } from './password-work.js';

export interface TempDir {
  path: string;
  remove(): void;
}

/** A new directory under the OS temp dir, or at `prefix` where it is a path of its own. */
export function tempDir(prefix = 'ticket-counter-test-'): TempDir {
  const path = mkdtempSync(isAbsolute(prefix) ? prefix : join(tmpdir(), prefix));
  return { path, remove: () => rmSync(path, { recursive: true, force: true }) };
}

/** Where the run's database with every migration applied is (set by build-before-tests.ts). */
export const MIGRATED_DIR_ENV = 'TICKET_COUNTER_TEST_MIGRATED_DIR';

/**
 * A temp data dir whose database starts as a copy of the run's migrated one, as if the counter had
 * opened it once; where there is none (a run without the global set-up), an empty dir, which the
 * migrations bring to the same state when it is opened.
 */
export function migratedTempDir(): TempDir {
  const dir = tempDir();
  const migrated = process.env[MIGRATED_DIR_ENV];
  if (migrated) copyFileSync(databaseFile(migrated), databaseFile(dir.path));
  return dir;
}

/** The counter's database, opened on a fresh temp dir before each test, closed and removed after it. */
export function databasePerTest(): () => { database: CounterDb; dataDir: string } {
  let dir: TempDir | undefined;
  let database: CounterDb | undefined;
  beforeEach(() => {
    dir = migratedTempDir();
    database = openDatabase(dir.path);
  });
  afterEach(() => {
    database?.close();
    dir?.remove();
  });
  return () => ({ database: database!, dataDir: dir!.path });
}

export interface Harness {
  dataDir: string;
  services: Services;
  app: FastifyInstance;
  clock: TestClock;
  request: Requester;
  close(): Promise<void>;
}

/**
 * Builds the service and its listener. On a fresh temp dir that close() removes, unless `dataDir`
 * names an existing one (written by the CLI, say), which is left in place. `app` adds listener
 * options (a launch token, say).
 */
export async function startHarness(options: { start?: number; dataDir?: string; app?: AppOptions } = {}): Promise<Harness> {
  const dir = options.dataDir ? { path: options.dataDir, remove: () => {} } : migratedTempDir();
  const clock = testClock(options.start);
  const services = createServices({ dataDir: dir.path, clock, passwordWork: TEST_PASSWORD_WORK });
  const app = await buildApp(services, { logLevel: 'silent', ...options.app });
  await app.ready();
  return {
    dataDir: dir.path,
    services,
    app,
    clock,
    request: requester(app),
    async close() {
      await app.close();
      services.close();
      dir.remove();
    },
  };
}

/**
 * Registers set-up and tear-down of a harness: a fresh one for every test (the default), or one
 * for the whole file when the tests only read. Call the returned function inside a test.
 */
export function useHarness(scope: 'test' | 'file' = 'test'): () => Harness {
  let current: Harness | undefined;
  const [before, after] = scope === 'test' ? [beforeEach, afterEach] : [beforeAll, afterAll];
  before(async () => {
    current = await startHarness();
  });
  after(async () => {
    await current?.close();
    current = undefined;
  });
  return () => {
    if (!current) throw new Error('harness used outside a test');
    return current;
  };
}

/**
 * Writes an organizer with an API key and one event on sale into a data dir and closes it again,
 * for tests that then run `serve` on that dir.
 */
export function seedDataDir(dataDir: string, quota = 100) {
  const services = createServices({ dataDir, passwordWork: TEST_PASSWORD_WORK });
  try {
    const organizer = makeUser(services, 'organizer');
    const key = makeKey(services, organizer);
    const event = importEvent(services, organizer, { tickets: [ticketInput(services.clock(), { quota })] });
    return { organizer, key, event };
  } finally {
    services.close();
  }
}

/** Logs `email` in (POST /auth/login, which must answer 200); the answer's data: `{ token, expiresAt, user }`. */
export async function logIn(h: Harness, email: string, password = PASSWORD) {
  return expectOk(await h.request(call(contract.logIn, { body: { email, password } })));
}
