/**
 * The remote connection at rest: with the desktop app's data key the API key is sealed in the
 * database (never there in clear), read back whole, and shown only masked; without it (the CLI,
 * browser mode) the database file's owner-only mode is the protection, and a sealed key is refused
 * plainly. A remote.json from before the database kept the remote is taken in once.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type CounterDb } from '../../src/main/db/connection.js';
import { RemoteKeyLocked, createRemoteStore } from '../../src/main/settings/remote.js';
import { isSealed, seal, sealingKeyFromEnv, unseal } from '../../src/main/settings/seal.js';
import { createStartupFile, readStartup } from '../../src/main/settings/startup.js';
import { tempDir, type TempDir } from '../support/harness.js';

const KEY = 'tck_Zx81bQ9sL2mN4pR7tV0wY3aC6eG9iK1';
const REMOTE = { baseUrl: 'https://tiket.example.id/', apiKey: KEY, ownerEmail: 'pemilik@loket.test' };

describe('the remote store', () => {
  let dir: TempDir;
  const opened: CounterDb[] = [];
  afterEach(() => {
    for (const database of opened.splice(0)) database.close();
    dir?.remove();
  });

  /** The store as a process opening the data dir makes it, with or without the data key. */
  function store(sealingKey?: Buffer) {
    const database = openDatabase(dir.path);
    opened.push(database);
    return createRemoteStore(database.db, dir.path, createStartupFile(dir.path), sealingKey);
  }
  /** The whole database file and its WAL, as anyone who could read them would. */
  const atRest = () => ['counter.db', 'counter.db-wal'].map((name) => join(dir.path, name)).filter(existsSync).map((file) => readFileSync(file).toString('latin1')).join('');
  const storedKey = () => opened[0]!.sqlite.prepare('select api_key from remote_connection').pluck().get() as string;

  it('with a data key: seals the API key, reads it back, shows it masked', () => {
    dir = tempDir();
    const dataKey = randomBytes(32);
    expect(store(dataKey).set(REMOTE)).toEqual({ baseUrl: 'https://tiket.example.id', apiKey: 'tck_Zx81…', ownerEmail: 'pemilik@loket.test' });
    expect(atRest()).not.toContain(KEY);
    expect(storedKey()).toMatch(/^sealed:v1:/);
    expect(store(dataKey).get()).toEqual({ baseUrl: 'https://tiket.example.id', apiKey: KEY, ownerEmail: 'pemilik@loket.test' });
  });

  it('without the data key: the summary still shows, the key itself is refused with RemoteKeyLocked', () => {
    dir = tempDir();
    store(randomBytes(32)).set(REMOTE);
    const cli = store();
    expect(cli.summary()?.apiKey).toBe('tck_Zx81…');
    expect(() => cli.get()).toThrow(RemoteKeyLocked);
  });

  it('a key kept in clear (plain Node) is sealed once the data key is there', () => {
    dir = tempDir();
    store().set(REMOTE);
    expect(storedKey()).toBe(KEY);
    const dataKey = randomBytes(32);
    expect(store(dataKey).get()?.apiKey).toBe(KEY);
    expect(storedKey()).toMatch(/^sealed:v1:/);
  });

  it('startup.json names the remote, for a data dir whose database is lost', () => {
    dir = tempDir();
    store().set(REMOTE);
    expect(readStartup(dir.path).remoteBaseUrl).toBe('https://tiket.example.id');
  });

  it("a remote.json from before takes its place in the database, still sealed, and is removed", () => {
    dir = tempDir();
    const dataKey = randomBytes(32);
    const file = join(dir.path, 'remote.json');
    writeFileSync(file, JSON.stringify({ baseUrl: 'https://tiket.example.id', apiKey: seal(KEY, dataKey), apiKeyShown: 'tck_Zx81…', ownerEmail: 'pemilik@loket.test' }), { mode: 0o600 });
    const remote = store(dataKey);
    expect(existsSync(file)).toBe(false);
    expect(remote.summary()).toEqual({ baseUrl: 'https://tiket.example.id', apiKey: 'tck_Zx81…', ownerEmail: 'pemilik@loket.test' });
    expect(remote.get()?.apiKey).toBe(KEY);
    expect(atRest()).not.toContain(KEY);
    expect(store(dataKey).get()?.apiKey).toBe(KEY);
  });

  it('a wrong data key or an altered value does not open', () => {
    const dataKey = randomBytes(32);
    const sealed = seal(KEY, dataKey);
    expect(isSealed(sealed)).toBe(true);
    expect(unseal(sealed, dataKey)).toBe(KEY);
    expect(() => unseal(sealed, randomBytes(32))).toThrow();
    // The second last character changed for another (one in 64 seals already has an A there).
    const altered = sealed.slice(0, -2) + (sealed.at(-2) === 'A' ? 'B' : 'A') + sealed.slice(-1);
    expect(() => unseal(altered, dataKey)).toThrow();
  });

  it('takes the data key from the environment, 32 bytes or an error', () => {
    const dataKey = randomBytes(32);
    expect(sealingKeyFromEnv({ TICKET_COUNTER_SECRET_KEY: dataKey.toString('base64url') })?.equals(dataKey)).toBe(true);
    expect(sealingKeyFromEnv({})).toBeUndefined();
    expect(() => sealingKeyFromEnv({ TICKET_COUNTER_SECRET_KEY: 'short' })).toThrow(/32 bytes/);
  });
});
