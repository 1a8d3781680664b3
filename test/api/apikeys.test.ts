/**
 * Local API keys for peripheral devices (extension): an organizer or the counter's owner creates,
 * lists and revokes its own keys (who may make keys for whom: roles.test.ts); a key works like its
 * user's credential until it expires or is revoked, and the full key is shown once, never listed,
 * never logged.
 */
import Database from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../../src/main/paths.js';
import { createServices } from '../../src/main/services.js';
import type { Role } from '../../src/shared/schemas/auth.js';
import { HOUR, MINUTE } from '../support/clock.js';
import { expectError, expectList, expectOk, expectValidation } from '../support/envelope.js';
import { importEvent, makeCaller, ticketsPath } from '../support/fixtures.js';
import { seedDataDir, startHarness, tempDir, useHarness, type Harness } from '../support/harness.js';
import { fetchJson, startServe } from '../support/serve.js';
import { API_KEY_INFO, ISO_WITH_OFFSET, expectShape } from '../support/shapes.js';

const UNKNOWN = '01JZZZZZZZZZZZZZZZZZZZZZZZ';

/** POST /api-keys as `key`; the reply as it is. */
const create = (h: Harness, key: string | undefined, body: unknown, headers?: Record<string, string>) =>
  h.request({ method: 'POST', url: '/api-keys', key, body, headers });
const list = (h: Harness, key: string) => h.request({ url: '/api-keys', key });
const revoke = (h: Harness, key: string | undefined, keyId: string) => h.request({ method: 'DELETE', url: `/api-keys/${keyId}`, key });
/** The status a key gets on an admin endpoint. */
const myEvents = async (h: Harness, key: string) => (await h.request({ url: '/events?ownerId=me', key })).status;

describe('API keys', () => {
  const harness = useHarness();

  describe('POST /api-keys', () => {
    it('answers 201 with the key in full and its listing; the key works as X-API-Key', async () => {
      const h = harness();
      const organizer = makeCaller(h.services, 'organizer');
      const event = importEvent(h.services, organizer.user);
      const reply = await create(h, organizer.key, { name: '  Scanner gerbang utara ' });
      const created = expectOk(reply, 201);
      expect(Object.keys(created).sort()).toEqual(['info', 'key']);
      expect(created.key).toMatch(/^tck_[A-Za-z0-9_-]{20,}$/);
      expectShape(created.info, API_KEY_INFO);
      expect(created.info).toMatchObject({ name: 'Scanner gerbang utara', prefix: created.key.slice(0, 8), expiresAt: null, revokedAt: null, lastUsedAt: null });
      expect(Date.parse(created.info.createdAt)).toBe(h.clock());

      const events = expectList(await h.request({ url: '/events?ownerId=me', key: created.key })).data;
      expect(events.map((e: { id: string }) => e.id)).toEqual([event.id]);
    });

    it.each<Role>(['super_admin', 'organizer'])('lets a %s create keys, which carry exactly its permissions', async (role) => {
      const h = harness();
      const owner = makeCaller(h.services, 'organizer');
      const event = importEvent(h.services, owner.user);
      const caller = makeCaller(h.services, role);
      const { key } = expectOk(await create(h, caller.key, { name: 'kiosk' }), 201);
      const asCaller = (credential: string) =>
        Promise.all([h.request({ url: ticketsPath(event.id), key: credential }), h.request({ url: '/events?ownerId=me&scope=all', key: credential })]);
      const [byKey, byUser] = await Promise.all([asCaller(key), asCaller(caller.key)]);
      expect(byKey.map((r) => r.status)).toEqual(byUser.map((r) => r.status));
      expect(byKey.map((r) => r.status)).toEqual(role === 'super_admin' ? [200, 200] : [403, 403]);
    });

    it('works with a JWT too (the counter UI is signed in with one)', async () => {
      const h = harness();
      const organizer = makeCaller(h.services, 'organizer');
      const { token } = h.services.tokens.issue(organizer.user);
      const { key } = expectOk(await h.request({ method: 'POST', url: '/api-keys', token, body: { name: 'tablet 2' } }), 201);
      expect(await myEvents(h, key)).toBe(200);
    });

    it('takes an expiry in the future; the key is refused from that instant', async () => {
      const h = harness();
      const caller = makeCaller(h.services, 'organizer');
      const expiresAt = new Date(h.clock() + HOUR).toISOString();
      const created = expectOk(await create(h, caller.key, { name: 'pameran', expiresAt }), 201);
      expect(Date.parse(created.info.expiresAt)).toBe(h.clock() + HOUR);
      expect(created.info.expiresAt).toMatch(ISO_WITH_OFFSET);
      h.clock.advance(HOUR - 1);
      expect(await myEvents(h, created.key)).toBe(200);
      h.clock.advance(1);
      expect(await myEvents(h, created.key)).toBe(401);
    });

    it.each([
      ['an expiry in the past', { name: 'lama', expiresAt: '2000-01-01T00:00:00Z' }, 'expiresAt'],
      ['an expiry of now', 'now', 'expiresAt'],
      ['an expiry without an offset', { name: 'x', expiresAt: '2030-01-01T00:00:00' }, 'expiresAt'],
      ['no name', { expiresAt: '2030-01-01T00:00:00Z' }, 'name'],
      ['a blank name', { name: '   ' }, 'name'],
      ['a name over 100 characters', { name: 'x'.repeat(101) }, 'name'],
    ])('refuses %s with 400 naming the field, and creates nothing', async (_why, body, field) => {
      const h = harness();
      const caller = makeCaller(h.services, 'organizer');
      const sent = body === 'now' ? { name: 'x', expiresAt: new Date(h.clock()).toISOString() } : body;
      expectValidation(await create(h, caller.key, sent), field);
      expect(h.services.apiKeys.list(caller.user.id)).toHaveLength(1);
    });

    it('is 401 without credentials', async () => {
      expectError(await create(harness(), undefined, { name: 'x' }), 401, 'UNAUTHENTICATED');
    });

    it('takes JSON bodies only, of at most 64 KiB (413, 415)', async () => {
      const h = harness();
      const { key } = makeCaller(h.services, 'staff');
      const raw = (payload: string, contentType: string) => h.request({ method: 'POST', url: '/api-keys', key, payload, headers: { 'content-type': contentType } });
      expectError(await raw('name=kiosk', 'application/x-www-form-urlencoded'), 415, 'UNSUPPORTED_MEDIA_TYPE');
      expectError(await raw(JSON.stringify({ name: 'x'.repeat(70_000) }), 'application/json'), 413, 'PAYLOAD_TOO_LARGE');
      expectValidation(await raw('{"name":', 'application/json'));
    });

    it('honours Idempotency-Key: a retry makes no second key, and never shows the key again', async () => {
      const h = harness();
      const caller = makeCaller(h.services, 'organizer');
      const other = makeCaller(h.services, 'organizer');
      const headers = { 'idempotency-key': 'kunci-0001' };
      const first = expectOk(await create(h, caller.key, { name: 'kiosk' }, headers), 201);
      const again = await create(h, caller.key, { name: 'kiosk' }, headers);
      expect(again.headers['idempotent-replayed']).toBe('true');
      // The key was shown once, in the first answer; a replay has its listing only.
      expect(expectOk(again, 201)).toEqual({ ...first, key: null });
      expect(again.raw).not.toContain(first.key);
      expect(h.services.apiKeys.list(caller.user.id)).toHaveLength(2);
      expectError(await create(h, caller.key, { name: 'lain' }, headers), 422, 'IDEMPOTENCY_KEY_REUSED');
      // The same header from another user is another request: it gets a key of its own.
      const theirs = expectOk(await create(h, other.key, { name: 'kiosk' }, headers), 201);
      expect(theirs.key).not.toBe(first.key);
    });
  });

  describe('GET /api-keys', () => {
    it("lists the caller's own keys newest first, revoked ones included, never a key itself", async () => {
      const h = harness();
      const caller = makeCaller(h.services, 'organizer');
      const other = makeCaller(h.services, 'organizer');
      h.clock.advance(MINUTE);
      const scanner = expectOk(await create(h, caller.key, { name: 'scanner' }), 201);
      h.clock.advance(MINUTE);
      const kiosk = expectOk(await create(h, caller.key, { name: 'kiosk' }), 201);
      expectOk(await revoke(h, caller.key, scanner.info.id));

      const reply = await list(h, caller.key);
      const keys = expectOk(reply);
      for (const info of keys) expectShape(info, API_KEY_INFO);
      expect(keys.map((k: { name: string }) => k.name)).toEqual(['kiosk', 'scanner', `key of ${caller.user.email}`]);
      expect(keys[1].revokedAt).toMatch(ISO_WITH_OFFSET);
      expect(keys[0].revokedAt).toBeNull();
      for (const secret of [scanner.key, kiosk.key, caller.key, other.key]) expect(reply.raw).not.toContain(secret);
      expect(expectOk(await list(h, other.key)).map((k: { name: string }) => k.name)).toEqual([`key of ${other.user.email}`]);
    });

    it('shows when a key was last used', async () => {
      const h = harness();
      const caller = makeCaller(h.services, 'organizer');
      const { key, info } = expectOk(await create(h, caller.key, { name: 'scanner' }), 201);
      const lastUse = async () => expectOk(await list(h, caller.key)).find((k: { id: string }) => k.id === info.id).lastUsedAt;
      expect(await lastUse()).toBeNull();
      h.clock.advance(5 * MINUTE);
      expect(await myEvents(h, key)).toBe(200);
      expect(Date.parse(await lastUse())).toBe(h.clock());
    });

    it('is 401 without credentials', async () => {
      expectError(await harness().request({ url: '/api-keys' }), 401, 'UNAUTHENTICATED');
    });
  });

  describe('DELETE /api-keys/:keyId', () => {
    it('answers the key now revoked; the key is then 401 on every admin endpoint, the user’s other keys work on', async () => {
      const h = harness();
      const caller = makeCaller(h.services, 'organizer');
      const event = importEvent(h.services, caller.user);
      const { key, info } = expectOk(await create(h, caller.key, { name: 'tablet' }), 201);
      h.clock.advance(MINUTE);
      const revoked = expectOk(await revoke(h, caller.key, info.id));
      expectShape(revoked, API_KEY_INFO);
      expect({ ...revoked, revokedAt: undefined }).toEqual({ ...info, revokedAt: undefined });
      expect(Date.parse(revoked.revokedAt)).toBe(h.clock());

      for (const url of ['/events?ownerId=me', ticketsPath(event.id), '/auth/me', '/api-keys', '/settings']) {
        expectError(await h.request({ url, key }), 401, 'UNAUTHENTICATED');
      }
      expect(await myEvents(h, caller.key)).toBe(200);
    });

    it('lets a key revoke itself', async () => {
      const h = harness();
      const caller = makeCaller(h.services, 'organizer');
      const { key, info } = expectOk(await create(h, caller.key, { name: 'scanner hilang' }), 201);
      expectOk(await revoke(h, key, info.id));
      expect(await myEvents(h, key)).toBe(401);
    });

    it("is 404 NOT_FOUND for an unknown key, another user's key (which goes on working) and a key already revoked", async () => {
      const h = harness();
      const caller = makeCaller(h.services, 'organizer');
      const other = makeCaller(h.services, 'organizer');
      const theirs = expectOk(await create(h, other.key, { name: 'milik orang lain' }), 201);
      const mine = expectOk(await create(h, caller.key, { name: 'sekali' }), 201);
      expectOk(await revoke(h, caller.key, mine.info.id));

      for (const keyId of [UNKNOWN, theirs.info.id, mine.info.id]) expectError(await revoke(h, caller.key, keyId), 404, 'NOT_FOUND');
      expect(await myEvents(h, theirs.key)).toBe(200);
    });

    it('is 400 for a key id that is no ULID, 401 without credentials, 415 with a body that is not JSON', async () => {
      const h = harness();
      const caller = makeCaller(h.services, 'organizer');
      expectValidation(await revoke(h, caller.key, 'not-a-ulid'), 'keyId');
      expectError(await revoke(h, undefined, UNKNOWN), 401, 'UNAUTHENTICATED');
      const form = { method: 'DELETE', url: `/api-keys/${UNKNOWN}`, key: caller.key, payload: 'a=1', headers: { 'content-type': 'text/csv' } } as const;
      expectError(await h.request(form), 415, 'UNSUPPORTED_MEDIA_TYPE');
    });
  });
});

describe('API keys at rest', () => {
  it('a key made with an Idempotency-Key is nowhere in the database, its backup or the stored replay', async () => {
    const h = await startHarness();
    try {
      const caller = makeCaller(h.services, 'organizer');
      const { key } = expectOk(await create(h, caller.key, { name: 'kiosk' }, { 'idempotency-key': 'kunci-0002' }), 201);
      const stored = h.services.database.sqlite.prepare('select response_body as body from idempotency_keys').all() as { body: string }[];
      expect(stored).toHaveLength(1);
      expect(stored[0]!.body).not.toContain(key);
      const backup = await h.services.backups.backupTo(join(h.dataDir, 'check.db'));
      expect(readFileSync(backup).includes(Buffer.from(key))).toBe(false);
      h.services.database.sqlite.pragma('wal_checkpoint(TRUNCATE)');
      expect(readFileSync(join(h.dataDir, 'counter.db')).includes(Buffer.from(key))).toBe(false);
    } finally {
      await h.close();
    }
  });

  it('a key an earlier version kept for a replay is blanked when the database is opened (migration 0011)', () => {
    const dir = tempDir();
    try {
      // The database as the version before 0011 left it: every migration but that one applied.
      const earlier = join(dir.path, 'migrations');
      cpSync(join(projectRoot(), 'migrations'), earlier, { recursive: true });
      const journal = JSON.parse(readFileSync(join(earlier, 'meta', '_journal.json'), 'utf8')) as { entries: { tag: string }[] };
      journal.entries = journal.entries.filter((entry) => entry.tag < '0011');
      writeFileSync(join(earlier, 'meta', '_journal.json'), JSON.stringify(journal));
      const sqlite = new Database(join(dir.path, 'counter.db'));
      migrate(drizzle(sqlite), { migrationsFolder: earlier });
      const key = 'tck_stored-by-an-earlier-version-0000000000';
      const answer = JSON.stringify({ message: 'dibuat', requestId: 'r', data: { key, info: { id: 'k' } } });
      sqlite.prepare("insert into idempotency_keys values ('u', 'k1', 'POST', '/api-keys', 'h', 201, ?, 0)").run(answer);
      sqlite.close();

      const services = createServices({ dataDir: dir.path });
      const [row] = services.database.sqlite.prepare('select response_body as body from idempotency_keys').all() as { body: string }[];
      services.close();
      expect(JSON.parse(row!.body)).toEqual({ message: 'dibuat', requestId: 'r', data: { key: null, info: { id: 'k' } } });
    } finally {
      dir.remove();
    }
  });
});

describe('API keys in the logs of serve', () => {
  it('never writes a created key', async () => {
    const dir = tempDir();
    const { key } = seedDataDir(dir.path);
    const served = await startServe(dir.path, { logLevel: 'trace' });
    try {
      const created = await fetchJson(`${served.url}/api-keys`, { method: 'POST', headers: { 'x-api-key': key }, body: { name: 'kiosk' } });
      expect(created.status).toBe(201);
      const listed = await fetchJson(`${served.url}/events?ownerId=me`, { headers: { 'x-api-key': created.body.data.key } });
      expect(listed.status).toBe(200);
    } finally {
      await served.stop();
      dir.remove();
    }
    const logs = served.stderr();
    expect(logs).toContain('/api-keys');
    expect(logs).not.toContain(key);
    expect(logs).not.toContain('tck_');
  });
});
