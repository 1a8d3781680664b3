/**
 * The remote connection at rest: with the desktop app's data key the API key is sealed in
 * remote.json (never there in clear), read back whole, and shown only masked; without it (the CLI,
 * browser mode) the file's owner-only mode is the protection, and a sealed key is refused plainly.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { RemoteKeyLocked, createRemoteStore } from '../../src/main/settings/remote.js';
import { isSealed, seal, sealingKeyFromEnv, unseal } from '../../src/main/settings/seal.js';
import { tempDir, type TempDir } from '../support/harness.js';

const KEY = 'tck_Zx81bQ9sL2mN4pR7tV0wY3aC6eG9iK1';
const REMOTE = { baseUrl: 'https://tiket.example.id/', apiKey: KEY, ownerEmail: 'pemilik@loket.test' };

describe('the remote store', () => {
  let dir: TempDir;
  afterEach(() => dir?.remove());
  const file = () => readFileSync(`${dir.path}/remote.json`, 'utf8');

  it('with a data key: seals the API key, reads it back, shows it masked', () => {
    dir = tempDir();
    const dataKey = randomBytes(32);
    const store = createRemoteStore(dir.path, dataKey);
    expect(store.set(REMOTE)).toEqual({ baseUrl: 'https://tiket.example.id', apiKey: 'tck_Zx81…', ownerEmail: 'pemilik@loket.test' });
    expect(file()).not.toContain(KEY);
    expect(JSON.parse(file()).apiKey).toMatch(/^sealed:v1:/);
    expect(statSync(`${dir.path}/remote.json`).mode & 0o777).toBe(0o600);
    expect(createRemoteStore(dir.path, dataKey).get()).toEqual({ baseUrl: 'https://tiket.example.id', apiKey: KEY, ownerEmail: 'pemilik@loket.test' });
  });

  it('without the data key: the summary still shows, the key itself is refused with RemoteKeyLocked', () => {
    dir = tempDir();
    createRemoteStore(dir.path, randomBytes(32)).set(REMOTE);
    const cli = createRemoteStore(dir.path);
    expect(cli.summary()?.apiKey).toBe('tck_Zx81…');
    expect(() => cli.get()).toThrow(RemoteKeyLocked);
  });

  it('a key kept in clear (plain Node) is sealed once the data key is there', () => {
    dir = tempDir();
    createRemoteStore(dir.path).set(REMOTE);
    expect(file()).toContain(KEY);
    const dataKey = randomBytes(32);
    expect(createRemoteStore(dir.path, dataKey).get()?.apiKey).toBe(KEY);
    expect(file()).not.toContain(KEY);
  });

  it('a wrong data key or an altered value does not open', () => {
    const dataKey = randomBytes(32);
    const sealed = seal(KEY, dataKey);
    expect(isSealed(sealed)).toBe(true);
    expect(unseal(sealed, dataKey)).toBe(KEY);
    expect(() => unseal(sealed, randomBytes(32))).toThrow();
    const altered = sealed.slice(0, -2) + (sealed.endsWith('A') ? 'B' : 'A') + sealed.slice(-1);
    expect(() => unseal(altered, dataKey)).toThrow();
  });

  it('takes the data key from the environment, 32 bytes or an error', () => {
    const dataKey = randomBytes(32);
    expect(sealingKeyFromEnv({ TICKET_COUNTER_SECRET_KEY: dataKey.toString('base64url') })?.equals(dataKey)).toBe(true);
    expect(sealingKeyFromEnv({})).toBeUndefined();
    expect(() => sealingKeyFromEnv({ TICKET_COUNTER_SECRET_KEY: 'short' })).toThrow(/32 bytes/);
  });
});
