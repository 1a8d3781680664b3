/**
 * The security suite: what a reviewer checks of a counter on a venue's network. DNS rebinding and
 * other sites' pages refused; LAN mode asking credentials of other machines; guessing slowed to
 * 429; rates limited per key and per address; every authenticated endpoint 401 without
 * credentials and 403 on another's event; secrets absent from answers; files readable by their
 * owner only; the security headers. And the LAN limits that could once be bypassed: requests that
 * failed parsing, validation or routing went uncounted; guesses spread over many addresses met no
 * block; POST /sync/run took any key; a body trickled a byte at a time kept its connection 76 s.
 */
import { statSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/main/http/app.js';
import { messages } from '../../src/shared/messages.js';
import { MINUTE, SECOND } from '../support/clock.js';
import { countRows } from '../support/db.js';
import { expectError, expectOk } from '../support/envelope.js';
import { makeCaller, orderBody, PASSWORD } from '../support/fixtures.js';
import { logIn, startHarness, tempDir, type Harness } from '../support/harness.js';
import { sale } from '../support/sale.js';
import { world } from '../support/world.js';

const LAN_ADDRESS = '192.0.2.10';
const DEVICE = '192.0.2.77';
const OTHER_DEVICE = '192.0.2.78';

let harness: Harness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

/** The UI every LAN counter of this file serves: one page, made once. */
const uiDir = tempDir();
beforeAll(() => writeFileSync(join(uiDir.path, 'index.html'), '<!doctype html><title>Ticket Counter</title>'));
afterAll(() => uiDir.remove());

/** A counter listening on the LAN (as `serve --host 192.0.2.10` builds it), with a UI to serve. */
async function lanCounter(): Promise<Harness> {
  harness = await startHarness({ app: { lan: true, allowedHosts: [LAN_ADDRESS], uiDir: uiDir.path } });
  return harness;
}

async function loopbackCounter(): Promise<Harness> {
  harness = await startHarness();
  return harness;
}

type Request = Parameters<Harness['request']>[0];

/** A request from a device on the LAN (another unless told), naming the counter's LAN address. */
const fromDevice = (h: Harness, url: string, extra: Omit<Request, 'url'> = {}) =>
  h.request({ remoteAddress: DEVICE, ...extra, url, headers: { host: `${LAN_ADDRESS}:8787`, ...extra.headers } });

describe('DNS rebinding: the Host header must name this service', () => {
  it.each(['evil.example', 'evil.example:8787', '127.0.0.1.evil.example', '192.0.2.99:8787', 'localhost:18803:80', '127.0.0.1:8787:80', '127.0.0.1:http', 'localhost:', '[::1]x', '[::1]:8787:1'])('refuses Host %o with 403 on a loopback counter', async (host) => {
    const h = await loopbackCounter();
    const organizer = makeCaller(h.services, 'organizer');
    expectError(await h.request({ url: '/events?ownerId=me', key: organizer.key, headers: { host } }), 403, 'FORBIDDEN');
  });

  it.each(['127.0.0.1:8787', 'localhost:8787', '[::1]:8787', 'LOCALHOST'])('answers Host %o', async (host) => {
    const h = await loopbackCounter();
    const organizer = makeCaller(h.services, 'organizer');
    expect((await h.request({ url: '/events?ownerId=me', key: organizer.key, headers: { host } })).status).toBe(200);
  });

  it('a LAN counter answers its own address and loopback, nothing else', async () => {
    const h = await lanCounter();
    const organizer = makeCaller(h.services, 'organizer');
    expect((await fromDevice(h, '/events?ownerId=me', { key: organizer.key })).status).toBe(200);
    const rebound = await h.request({ url: '/events?ownerId=me', key: organizer.key, remoteAddress: DEVICE, headers: { host: 'attacker.example:8787' } });
    expectError(rebound, 403, 'FORBIDDEN');
  });
});

describe('other sites\' pages', () => {
  it.each(['GET', 'POST'] as const)('a %s from a page of another site is refused, whatever its credentials', async (method) => {
    const h = await loopbackCounter();
    const w = world(h);
    const reply = await h.request({
      method,
      url: method === 'GET' ? '/events?ownerId=me' : `/events/${w.event.id}/admin/orders`,
      key: w.organizer.key,
      body: method === 'POST' ? orderBody(w.event) : undefined,
      headers: { origin: 'https://evil.example', host: '127.0.0.1:8787' },
    });
    expectError(reply, 403, 'FORBIDDEN');
    expect(reply.body.message).toBe(messages.crossOriginRefused);
    expect(reply.headers['access-control-allow-origin']).toBeUndefined();
    expect(countRows(h.services, 'orders')).toBe(0);
  });

  it('a page of the service itself may call it (Origin naming its own host and port)', async () => {
    const h = await loopbackCounter();
    const organizer = makeCaller(h.services, 'organizer');
    const reply = await h.request({ url: '/events?ownerId=me', key: organizer.key, headers: { origin: 'http://127.0.0.1:8787', host: '127.0.0.1:8787' } });
    expect(reply.status).toBe(200);
  });

  it('an origin the counter is told to allow gets CORS answers, its preflight included', async () => {
    const h = await loopbackCounter();
    h.services.settings.update({ corsOrigins: ['https://kios.contoh.id'] });
    const organizer = makeCaller(h.services, 'organizer');
    const headers = { origin: 'https://kios.contoh.id', host: '127.0.0.1:8787' };
    const preflight = await h.app.inject({
      method: 'OPTIONS',
      url: '/events?ownerId=me',
      headers: { ...headers, 'access-control-request-method': 'GET', 'access-control-request-headers': 'x-api-key' },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('https://kios.contoh.id');
    expect(String(preflight.headers['access-control-allow-headers'])).toContain('x-api-key');
    const reply = await h.request({ url: '/events?ownerId=me', key: organizer.key, headers });
    expect(reply.status).toBe(200);
    expect(reply.headers['access-control-allow-origin']).toBe('https://kios.contoh.id');
    expect(reply.headers.vary).toContain('Origin');
    expectError(await h.request({ url: '/events?ownerId=me', key: organizer.key, headers: { ...headers, origin: 'https://kios.contoh.id.evil.example' } }), 403, 'FORBIDDEN');
  });
});

describe('LAN mode: other machines need credentials', () => {
  it.each(['/health', '/setup', '/openapi.json'])('%s answers this machine, and another only with credentials', async (url) => {
    const h = await lanCounter();
    const staff = makeCaller(h.services, 'staff');
    expect((await h.request({ url })).status).toBe(200);
    expectError(await fromDevice(h, url), 401, 'UNAUTHENTICATED');
    expect((await fromDevice(h, url, { key: staff.key })).status).toBe(200);
  });

  it('the UI\'s page and logging in stay open: that is how a tablet gets its credentials', async () => {
    const h = await lanCounter();
    const staff = makeCaller(h.services, 'staff');
    const page = await fromDevice(h, '/');
    expect(page.status).toBe(200);
    expect(page.raw).toContain('Ticket Counter');
    const login = await fromDevice(h, '/auth/login', { method: 'POST', body: { email: staff.user.email, password: PASSWORD } });
    expect(expectOk(login).token).toEqual(expect.any(String));
  });

  it('refuses a form or text body with 415: JSON only', async () => {
    const h = await lanCounter();
    const reply = await fromDevice(h, '/auth/login', { method: 'POST', payload: 'email=a&password=b', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expectError(reply, 415, 'UNSUPPORTED_MEDIA_TYPE');
  });
});

describe('guessing credentials from the LAN is slowed to 429', () => {
  const wrongKey = (h: Harness, n: number, remoteAddress = DEVICE) =>
    h.request({ url: '/events?ownerId=me', key: `tck_guess${n}`, remoteAddress, headers: { host: `${LAN_ADDRESS}:8787` } });

  it('ten wrong API keys, then 429 with Retry-After for every credential from that address, right ones too', async () => {
    const h = await lanCounter();
    const staff = makeCaller(h.services, 'staff');
    for (let n = 0; n < 10; n++) expectError(await wrongKey(h, n), 401, 'UNAUTHENTICATED');
    const refused = await wrongKey(h, 10);
    expectError(refused, 429, 'RATE_LIMITED');
    expect(refused.body.message).toBe(messages.tooManyFailedAttempts);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expectError(await fromDevice(h, '/events?ownerId=me', { key: staff.key }), 429, 'RATE_LIMITED');
    // Another device, and this machine itself, are not held to it.
    expect((await fromDevice(h, '/events?ownerId=me', { key: staff.key, remoteAddress: OTHER_DEVICE })).status).toBe(200);
    expect((await h.request({ url: '/events?ownerId=me', key: staff.key })).status).toBe(200);
    // Once the wait is over, the device is heard again.
    h.clock.advance(31 * SECOND);
    expect((await fromDevice(h, '/events?ownerId=me', { key: staff.key })).status).toBe(200);
  });

  it('wrong passwords count the same, and each new block lasts longer', async () => {
    const h = await lanCounter();
    const staff = makeCaller(h.services, 'staff');
    const login = (password: string) => fromDevice(h, '/auth/login', { method: 'POST', body: { email: staff.user.email, password } });
    for (let n = 0; n < 10; n++) expectError(await login(`salah-${n}`), 401, 'UNAUTHENTICATED');
    const first = await login(PASSWORD);
    expectError(first, 429, 'RATE_LIMITED');
    expect(Number(first.headers['retry-after'])).toBe(30);
    h.clock.advance(31 * SECOND);
    for (let n = 0; n < 10; n++) expectError(await login(`lagi-${n}`), 401, 'UNAUTHENTICATED');
    const second = await login(PASSWORD);
    expect({ status: second.status, retryAfter: second.headers['retry-after'], body: second.body }).toMatchObject({ status: 429, retryAfter: '60' });
  });

  it('never holds this machine\'s own clients', async () => {
    const h = await lanCounter();
    for (let n = 0; n < 25; n++) expectError(await wrongKey(h, n, '127.0.0.1'), 401, 'UNAUTHENTICATED');
  });
});

describe('request rates from the LAN', () => {
  it('an API key past its limit per minute gets 429 with Retry-After; other keys and this machine do not', async () => {
    const h = await lanCounter();
    h.services.settings.update({ requestsPerMinutePerKey: 10 });
    const scanner = makeCaller(h.services, 'staff');
    const kiosk = makeCaller(h.services, 'staff');
    const asScanner = () => fromDevice(h, '/events?ownerId=me', { key: scanner.key });
    for (let n = 0; n < 10; n++) expect((await asScanner()).status).toBe(200);
    const limited = await asScanner();
    expectError(limited, 429, 'RATE_LIMITED');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await fromDevice(h, '/events?ownerId=me', { key: kiosk.key })).status).toBe(200);
    for (let n = 0; n < 15; n++) expect((await h.request({ url: '/events?ownerId=me', key: scanner.key })).status).toBe(200);
  });

  it('requests without credentials are limited per address', async () => {
    const h = await lanCounter();
    h.services.settings.update({ requestsPerMinutePerAddress: 10 });
    for (let n = 0; n < 10; n++) expect((await fromDevice(h, '/')).status).toBe(200);
    expectError(await fromDevice(h, '/'), 429, 'RATE_LIMITED');
    expect((await fromDevice(h, '/', { remoteAddress: OTHER_DEVICE })).status).toBe(200);
  });
});

describe('every authenticated endpoint', () => {
  /** The OpenAPI document's operations that require credentials, with their paths filled in. */
  async function operations(h: Harness) {
    const w = world(h);
    const paid = await sale(w, 'paid');
    const participant = paid.order.participants[0];
    const fill = (path: string) =>
      path
        .replace('{idOrSlug}', w.event.id)
        .replace('{orderId}', paid.order.id)
        .replace('{participantId}', participant.id)
        .replace('{keyId}', '01JZZZZZZZZZZZZZZZZZZZZZZZ')
        .replace('{transactionId}', '01JZZZZZZZZZZZZZZZZZZZZZZZ')
        .replace('{seq}', '1');
    const document = (await h.request({ url: '/openapi.json' })).body;
    const found: { method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'; path: string; url: string }[] = [];
    for (const [path, methods] of Object.entries(document.paths as Record<string, Record<string, { security?: object[] }>>)) {
      for (const [method, operation] of Object.entries(methods)) {
        // Credentials are required where some are declared and none is optional (no empty requirement).
        const required = operation.security?.length && operation.security.every((requirement) => Object.keys(requirement).length > 0);
        if (required) found.push({ method: method.toUpperCase() as 'GET', path, url: fill(path) });
      }
    }
    return { w, paid, participant, found };
  }

  /** A body each POST accepts, so that the refusal is about access, not the body. */
  function bodyFor(path: string, event: Parameters<typeof orderBody>[0], ticketNumber: string): unknown {
    if (path.endsWith('/admin/orders')) return orderBody(event);
    if (path.endsWith('/admin/transactions')) {
      const { eventId, ...line } = orderBody(event);
      return { eventId, lines: [line] };
    }
    if (path.endsWith('/check-ins/group')) return { token: 'kode-qr-rombongan' };
    if (path.endsWith('/checkout')) return { method: 'card' };
    if (path.endsWith('/check-ins') || path.endsWith('/check-ins/exit')) return { ticketNumber };
    if (path.endsWith('/gate-settings')) return { reentryAllowed: true };
    if (path.endsWith('/check-ins/journal')) return { entries: [{ id: 'journal-entry-1', direction: 'entry', ticketNumber, gate: 'Utara', at: new Date().toISOString() }] };
    // Access is decided before the approval is checked: a stranger learns nothing of it.
    if (path.endsWith('/refund')) return { reason: 'Batal', approval: { email: 'supervisor@contoh.id', pin: '123456' } };
    return {};
  }

  it('answers 401 without credentials, and with a wrong key', async () => {
    const h = await loopbackCounter();
    const { found } = await operations(h);
    expect(found.length).toBeGreaterThan(20);
    for (const op of found) {
      expectError(await h.request({ method: op.method, url: op.url, body: op.method === 'GET' || op.method === 'DELETE' ? undefined : {} }), 401, 'UNAUTHENTICATED');
      expectError(await h.request({ method: op.method, url: op.url, key: 'tck_not-a-key' }), 401, 'UNAUTHENTICATED');
    }
  });

  it('answers 403 on an event the caller has no access to', async () => {
    const h = await loopbackCounter();
    const { w, participant, found } = await operations(h);
    const stranger = makeCaller(h.services, 'staff');
    const ofEvent = found.filter((op) => op.path.startsWith('/events/{idOrSlug}'));
    expect(ofEvent.length).toBeGreaterThan(8);
    for (const op of ofEvent) {
      const body = op.method === 'POST' || op.method === 'PUT' ? bodyFor(op.path, w.event, participant.ticketNumber) : undefined;
      const query = op.path.endsWith('/lookup') ? `?ticketNumber=${participant.ticketNumber}` : op.path.endsWith('/check-ins/group') && op.method === 'GET' ? '?token=kode-qr-rombongan' : '';
      const url = `${op.url}${query}`;
      const reply = await h.request({ method: op.method, url, key: stranger.key, body });
      expect({ op: `${op.method} ${op.path}`, status: reply.status, code: reply.body?.error?.code }).toEqual({ op: `${op.method} ${op.path}`, status: 403, code: 'FORBIDDEN' });
    }
  });
});

describe('secrets never in answers', () => {
  it('no password hash, no API key after its creation, the remote key masked, no generated password after the sale', async () => {
    const h = await loopbackCounter();
    const w = world(h);
    const created = await w.createOrder();
    const login = await logIn(h, makeCaller(h.services, 'super_admin').user.email);
    const remoteKey = 'tck_remote-secret-0123456789';
    expectOk(await h.request({ method: 'PUT', url: '/sync/remote', token: login.token, body: { baseUrl: 'http://127.0.0.1:9', apiKey: remoteKey } }));
    const answers = [
      await h.request({ url: '/auth/me', token: login.token }),
      await h.request({ url: '/api-keys', key: w.organizer.key }),
      await h.request({ url: '/sync/status', key: w.organizer.key }),
      await h.request({ url: `/events/${w.event.id}/admin/orders`, key: w.organizer.key }),
      await h.request({ url: `/events/${w.event.id}/admin/orders/${created.id}`, key: w.organizer.key }),
    ];
    const text = answers.map((a) => a.raw).join('\n');
    expect(answers.every((a) => a.status === 200)).toBe(true);
    for (const secret of [w.organizer.key, remoteKey, PASSWORD, created.generatedPassword, 'passwordHash', 'password_hash', 'keyHash', 'key_hash']) {
      expect(text).not.toContain(secret);
    }
    expect(text).toContain(remoteKey.slice(0, 8));
  });
});

describe('files are their owner\'s only', () => {
  it('the data dir 0700; the database (settings and remote in it), startup.json and backups 0600', async () => {
    const h = await loopbackCounter();
    h.services.settings.update({ holdWindowMinutes: 20 });
    h.services.remote.set({ baseUrl: 'http://127.0.0.1:9', apiKey: 'tck_remote-secret-0123456789', ownerEmail: 'x@contoh.id' });
    const backup = await h.services.backups.scheduled();
    const mode = (path: string) => statSync(path).mode & 0o777;
    expect(mode(h.dataDir)).toBe(0o700);
    for (const file of ['counter.db', 'startup.json']) expect(mode(join(h.dataDir, file)), file).toBe(0o600);
    expect(mode(join(h.dataDir, 'backups'))).toBe(0o700);
    expect(mode(backup)).toBe(0o600);
  });
});

describe('security headers', () => {
  it('the UI page carries the Content-Security-Policy and may not be framed; API answers are not cached', async () => {
    const h = await lanCounter();
    const page = await h.request({ url: '/' });
    expect(page.headers['content-security-policy']).toContain("default-src 'self'");
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(page.headers['x-frame-options']).toBe('DENY');
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    const api = await h.request({ url: '/health' });
    expect(api.headers['cache-control']).toBe('no-store');
    expect(api.headers['x-content-type-options']).toBe('nosniff');
    expect(api.headers['content-security-policy']).toBeUndefined();
  });
});

describe('every request from the LAN counts against its limit, whatever became of it', () => {
  const junk: [string, Request & { url: string }][] = [
    ['malformed JSON', { method: 'POST', url: '/auth/login', payload: '{"email":', headers: { 'content-type': 'application/json' } }],
    ['a body that fails validation', { method: 'POST', url: '/auth/login', body: { email: 'bukan-email' } }],
    ['an unknown route', { url: '/tidak-ada' }],
    ['a bad URL', { url: '/events/%E0%A4%A' }],
    ['a body of 64 KiB and more', { method: 'POST', url: '/auth/login', payload: `{"x":"${'a'.repeat(70_000)}"}`, headers: { 'content-type': 'application/json' } }],
  ];

  it.each(junk)('%s, from an address without credentials: past the limit, 429 for that address', async (_what, request) => {
    const h = await lanCounter();
    h.services.settings.update({ requestsPerMinutePerAddress: 10 });
    for (let n = 0; n < 10; n++) expect((await fromDevice(h, request.url, request)).status).toBeLessThan(429);
    const limited = await fromDevice(h, '/');
    expectError(limited, 429, 'RATE_LIMITED');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not held to it; the window passes.
    expect((await fromDevice(h, '/', { remoteAddress: OTHER_DEVICE })).status).toBeLessThan(429);
    h.clock.advance(MINUTE);
    expect((await fromDevice(h, '/')).status).toBeLessThan(429);
  });

  it("a credential's malformed and refused requests count against the credential", async () => {
    const h = await lanCounter();
    h.services.settings.update({ requestsPerMinutePerKey: 10 });
    const scanner = makeCaller(h.services, 'staff');
    const bad = { method: 'POST' as const, url: '/api-keys', key: scanner.key, payload: '{"name":', headers: { 'content-type': 'application/json' } };
    for (let n = 0; n < 10; n++) expect((await fromDevice(h, bad.url, bad)).status).toBe(400);
    expectError(await fromDevice(h, '/events?ownerId=me', { key: scanner.key }), 429, 'RATE_LIMITED');
  });
});

describe('wrong credentials from many addresses', () => {
  it('meet a budget of the whole LAN: 270 guesses from 30 addresses are blocked long before the end; right keys pass', async () => {
    const h = await lanCounter();
    const staff = makeCaller(h.services, 'staff');
    const statuses: number[] = [];
    for (let address = 0; address < 30; address++) {
      for (let guess = 0; guess < 9; guess++) {
        const reply = await fromDevice(h, '/events?ownerId=me', { key: `tck_guess-${address}-${guess}`, remoteAddress: `192.0.2.${100 + address}` });
        statuses.push(reply.status);
      }
    }
    const answered = statuses.filter((status) => status === 401).length;
    expect(answered).toBeLessThanOrEqual(60);
    expect(statuses.filter((status) => status === 429).length).toBe(270 - answered);
    // A device that never guessed is not held to it.
    expect((await fromDevice(h, '/events?ownerId=me', { key: staff.key, remoteAddress: '192.0.2.200' })).status).toBe(200);
  });
});

describe('POST /sync/run', () => {
  it('is for people logged in, not devices: a key, even the owner’s, gets 403', async () => {
    const h = await lanCounter();
    const owner = makeCaller(h.services, 'super_admin');
    const gate = makeCaller(h.services, 'staff');
    for (const key of [gate.key, owner.key]) {
      const refused = await fromDevice(h, '/sync/run', { method: 'POST', key });
      expectError(refused, 403, 'FORBIDDEN');
      expect(refused.body.message).toBe(messages.loginOnly);
    }
    const { token } = await logIn(h, gate.user.email);
    expectOk(await fromDevice(h, '/sync/run', { method: 'POST', token }));
  });
});

describe('a body sent a byte at a time', () => {
  it('loses its connection once the request time is up (408), long before it is whole', async () => {
    const h = await loopbackCounter();
    const app = await buildApp(h.services, { logLevel: 'silent', timeouts: { headersMs: 500, requestMs: 1000 } });
    const url = new URL(await app.listen({ host: '127.0.0.1', port: 0 }));
    try {
      const socket = connect(Number(url.port), '127.0.0.1');
      let answer = '';
      socket.on('data', (chunk) => (answer += chunk.toString()));
      const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
      const body = JSON.stringify({ email: 'lambat@contoh.id', password: 'x'.repeat(20) });
      socket.write(`POST /auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`);
      let sent = 0;
      // A byte every 100 ms: the whole body would take about 6 s.
      const trickle = setInterval(() => {
        if (socket.destroyed || sent >= body.length) return;
        socket.write(body[sent]!);
        sent += 1;
      }, 100);
      await closed;
      clearInterval(trickle);
      expect(sent).toBeLessThan(body.length);
      expect(answer).toMatch(/^HTTP\/1\.1 408/);
    } finally {
      await app.close();
    }
  });
});
