/**
 * First run (extension): a counter without operators offers the demo or a connection to a service.
 * The connect flow runs against a real second instance of the service as the remote. Both actions
 * take no credentials, so the guards are tested as hard as the happy paths: only while no operator
 * exists, only from this machine, never from another site's page, and with the launch token when
 * one is configured.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_EVENT_IDS, DEMO_LOGINS } from '../../src/main/domain/demo.js';
import { OPERATOR_ROLES } from '../../src/main/domain/users.js';
import { messages } from '../../src/shared/messages.js';
import type { Role } from '../../src/shared/schemas/auth.js';
import { expectError, expectList, expectOk, expectValidation } from '../support/envelope.js';
import { PASSWORD, makeUser } from '../support/fixtures.js';
import { logIn, startHarness, tempDir, useHarness, type Harness } from '../support/harness.js';
import type { RequestOptions } from '../support/http.js';
import { deadUrl, startRemoteApp, type RemoteApp } from '../support/remote-app.js';
import { fetchJson, startServe } from '../support/serve.js';
import { USER, expectShape } from '../support/shapes.js';

const LAUNCH_TOKEN = 'f3b9c1d27a4e4f0c9e8d7b6a5c4d3e2f';

const state = (h: Harness, options: Partial<RequestOptions> = {}) => h.request({ url: '/setup', ...options });
const demo = (h: Harness, options: Partial<RequestOptions> = {}) => h.request({ method: 'POST', url: '/setup/demo', ...options });
const connect = (h: Harness, body: unknown, options: Partial<RequestOptions> = {}) => h.request({ method: 'POST', url: '/setup/connect', body, ...options });

/** Nothing a refused setup may leave behind: no operator, no remote. */
function expectUntouched(h: Harness): void {
  expect(h.services.users.hasOperator()).toBe(false);
  expect(h.services.remote.get()).toBeNull();
}

describe('GET /setup', () => {
  const harness = useHarness();

  it('says a fresh counter needs setting up and has no demo', async () => {
    expect(expectOk(await state(harness()))).toEqual({ needsSetup: true, demo: false });
  });

  it('does not count customers as operators', async () => {
    const h = harness();
    makeUser(h.services, 'customer');
    expect(expectOk(await state(h))).toEqual({ needsSetup: true, demo: false });
  });

  it.each<Role>([...OPERATOR_ROLES])('is set up once a %s exists', async (role) => {
    const h = harness();
    makeUser(h.services, role);
    expect(expectOk(await state(h))).toEqual({ needsSetup: false, demo: false });
  });

  it('answers any peer, without credentials (it reveals two booleans)', async () => {
    expect(expectOk(await state(harness(), { remoteAddress: '192.168.1.20' }))).toEqual({ needsSetup: true, demo: false });
  });
});

describe('POST /setup/demo', () => {
  const harness = useHarness();

  it('seeds the demo on a fresh counter and answers its logins, which then work', async () => {
    const h = harness();
    const { logins } = expectOk(await demo(h));
    expect(logins).toEqual(DEMO_LOGINS);
    expect(expectOk(await state(h))).toEqual({ needsSetup: false, demo: true });

    for (const { email, password, role } of logins) expect((await logIn(h, email, password)).user.role).toBe(role);
    const { token } = await logIn(h, DEMO_LOGINS[0].email, DEMO_LOGINS[0].password);
    const events = expectList(await h.request({ url: '/events?ownerId=me', token })).data;
    expect(events.map((e: { id: string }) => e.id).sort()).toEqual([...DEMO_EVENT_IDS].sort());
  });

  it('is 409 INVALID_STATE once done', async () => {
    const h = harness();
    expectOk(await demo(h));
    expectError(await demo(h), 409, 'INVALID_STATE');
  });

  it('is 409 INVALID_STATE once an operator exists, and seeds nothing', async () => {
    const h = harness();
    makeUser(h.services, 'staff');
    expectError(await demo(h), 409, 'INVALID_STATE');
    expect(h.services.users.findByEmail(DEMO_LOGINS[0].email)).toBeUndefined();
  });

  it.each(['192.168.1.20', '10.0.0.7', '::ffff:192.168.1.20', 'fe80::1'])('is 403 FORBIDDEN from %s, and seeds nothing', async (remoteAddress) => {
    const h = harness();
    expectError(await demo(h, { remoteAddress }), 403, 'FORBIDDEN');
    expectUntouched(h);
  });

  it.each(['127.0.0.1', '::1', '::ffff:127.0.0.1'])('is allowed from %s', async (remoteAddress) => {
    expectOk(await demo(harness(), { remoteAddress }));
  });

  it.each(['http://evil.example', 'http://localhost:3000', 'http://127.0.0.1:9999', 'null'])(
    "is 403 FORBIDDEN from a page of another site (Origin %s): a browser posts there without CORS",
    async (origin) => {
      const h = harness();
      expectError(await demo(h, { headers: { host: '127.0.0.1:8787', origin } }), 403, 'FORBIDDEN');
      expectUntouched(h);
    },
  );

  it('takes no body but JSON (400 malformed, 415 a form)', async () => {
    const h = harness();
    expectError(await demo(h, { payload: '{', headers: { 'content-type': 'application/json' } }), 400, 'VALIDATION_FAILED');
    expectError(await demo(h, { payload: 'a=1', headers: { 'content-type': 'application/x-www-form-urlencoded' } }), 415, 'UNSUPPORTED_MEDIA_TYPE');
    expectUntouched(h);
  });

  it("is allowed from the service's own page", async () => {
    expectOk(await demo(harness(), { headers: { host: '127.0.0.1:8787', origin: 'http://127.0.0.1:8787' } }));
  });
});

describe('POST /setup/connect', () => {
  const harness = useHarness();
  let remote: RemoteApp;
  beforeAll(async () => {
    remote = await startRemoteApp();
  });
  afterAll(async () => {
    await remote?.close();
  });

  const owner = { name: 'Sari Pemilik', email: 'Sari@Loket.test', password: PASSWORD };
  const body = (overrides: Record<string, unknown> = {}) => ({ baseUrl: remote.url, apiKey: remote.key, ...owner, ...overrides });

  it("checks the remote, makes the counter's owner, stores the remote and pulls its events", async () => {
    const h = harness();
    const reply = await connect(h, body());
    const { user, sync } = expectOk(reply);
    expectShape(user, USER);
    expect(user).toMatchObject({ email: 'sari@loket.test', name: owner.name, role: 'super_admin' });
    expect(sync).toMatchObject({ state: 'idle', pending: 0, conflicts: 0, lastError: null });
    expect(sync.lastPullAt).not.toBeNull();
    expect(sync.remote).toEqual({ baseUrl: remote.url, apiKey: `${remote.key.slice(0, 8)}…`, ownerEmail: 'sari@loket.test' });
    expect(reply.raw).not.toContain(remote.key);
    expect(reply.raw).not.toContain(PASSWORD);

    expect(expectOk(await state(h))).toEqual({ needsSetup: false, demo: false });
    const { token } = await logIn(h, owner.email, owner.password);
    const events = expectList(await h.request({ url: '/events?ownerId=me', token })).data;
    expect(events.map((e: { id: string; ownerId: string }) => [e.id, e.ownerId]).sort()).toEqual(DEMO_EVENT_IDS.map((id) => [id, user.id]));
    // The person who set the counter up owns it: its settings and its device keys are theirs.
    expectOk(await h.request({ method: 'PATCH', url: '/settings', token, body: { holdWindowMinutes: 20 } }));
    expectOk(await h.request({ url: '/users', token }));
  });

  it('is 409 INVALID_STATE once set up, for connect and demo alike', async () => {
    const h = harness();
    expectOk(await connect(h, body()));
    expectError(await connect(h, body({ email: 'lain@loket.test' })), 409, 'INVALID_STATE');
    expectError(await demo(h), 409, 'INVALID_STATE');
    expect(h.services.users.findByEmail('lain@loket.test')).toBeUndefined();
  });

  it('lets only one of several setups at once through (each looks again after asking the remote)', async () => {
    const h = harness();
    const replies = await Promise.all([connect(h, body()), connect(h, body({ email: 'lain@loket.test' })), demo(h)]);
    expect(replies.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    expect(OPERATOR_ROLES.flatMap((role) => h.services.users.listByRole(role))).toHaveLength(replies[2]!.status === 200 ? DEMO_LOGINS.length : 1);
  });

  it('is 409 INVALID_STATE once an operator exists, before asking the remote anything', async () => {
    const h = harness();
    makeUser(h.services, 'organizer');
    expectError(await connect(h, body({ baseUrl: await deadUrl() })), 409, 'INVALID_STATE');
    expect(h.services.remote.get()).toBeNull();
  });

  it('refuses a key the remote refuses: 400 on apiKey, no user, no remote', async () => {
    const h = harness();
    const reply = await connect(h, body({ apiKey: 'tck_bukan-kunci-yang-benar' }));
    expect(expectError(reply, 400, 'VALIDATION_FAILED').details).toEqual([{ field: 'apiKey', message: messages.setupKeyRefused }]);
    expectUntouched(h);
    expect(expectOk(await state(h)).needsSetup).toBe(true);
  });

  it('refuses a URL nothing answers at: 400 on baseUrl, no user, no remote', async () => {
    const h = harness();
    expectValidation(await connect(h, body({ baseUrl: await deadUrl() })), 'baseUrl');
    expectUntouched(h);
  });

  it('refuses a URL that answers but is not the service: 400 on baseUrl', async () => {
    const h = harness();
    expectValidation(await connect(h, body({ baseUrl: `${remote.url}/bukan-layanan` })), 'baseUrl');
    expectUntouched(h);
  });

  it('leaves no remote behind when the organizer cannot be created (its e-mail is a customer’s)', async () => {
    const h = harness();
    makeUser(h.services, 'customer', { email: owner.email });
    expectValidation(await connect(h, body()), 'email');
    expectUntouched(h);
  });

  it.each([
    ['a short password', { password: 'pendek' }, 'password'],
    ['an invalid e-mail', { email: 'bukan-email' }, 'email'],
    ['a blank name', { name: '  ' }, 'name'],
    ['a URL that is not http', { baseUrl: 'ftp://tiket.example' }, 'baseUrl'],
    ['a short key', { apiKey: 'abc' }, 'apiKey'],
  ])('refuses %s with 400 naming the field', async (_why, overrides, field) => {
    const h = harness();
    expectValidation(await connect(h, body(overrides)), field);
    expectUntouched(h);
  });

  it('takes JSON bodies only, of at most 64 KiB (413, 415)', async () => {
    const h = harness();
    const raw = (payload: string, contentType: string) => connect(h, undefined, { payload, headers: { 'content-type': contentType } });
    expectError(await raw(JSON.stringify(body({ name: 'x'.repeat(70_000) })), 'application/json'), 413, 'PAYLOAD_TOO_LARGE');
    expectError(await raw('baseUrl=x', 'application/x-www-form-urlencoded'), 415, 'UNSUPPORTED_MEDIA_TYPE');
    expectUntouched(h);
  });

  it('is 403 FORBIDDEN from another machine, whatever the body', async () => {
    const h = harness();
    expectError(await connect(h, body(), { remoteAddress: '192.168.1.20' }), 403, 'FORBIDDEN');
    expectError(await connect(h, {}, { remoteAddress: '192.168.1.20' }), 403, 'FORBIDDEN');
    expectUntouched(h);
  });
});

describe('the launch token', () => {
  let h: Harness | undefined;
  afterEach(async () => {
    await h?.close();
    h = undefined;
  });

  it.each([
    ['missing', {}],
    ['wrong', { 'x-launch-token': `${LAUNCH_TOKEN.slice(0, -1)}0` }],
    ['of another length', { 'x-launch-token': 'x' }],
    ['empty', { 'x-launch-token': '' }],
  ])('when configured, a %s token is 403 FORBIDDEN on the setup actions', async (_why, headers) => {
    h = await startHarness({ app: { launchToken: LAUNCH_TOKEN } });
    expectError(await demo(h, { headers }), 403, 'FORBIDDEN');
    expectError(await connect(h, {}, { headers }), 403, 'FORBIDDEN');
    expectUntouched(h);
  });

  it('when configured, the right token lets the setup through; GET /setup needs none', async () => {
    h = await startHarness({ app: { launchToken: LAUNCH_TOKEN } });
    expect(expectOk(await state(h)).needsSetup).toBe(true);
    expectOk(await demo(h, { headers: { 'x-launch-token': LAUNCH_TOKEN } }));
  });

  it('serve takes it from TICKET_COUNTER_LAUNCH_TOKEN', async () => {
    const dir = tempDir();
    const served = await startServe(dir.path, { env: { TICKET_COUNTER_LAUNCH_TOKEN: LAUNCH_TOKEN } });
    try {
      expect((await fetchJson(`${served.url}/setup/demo`, { method: 'POST' })).status).toBe(403);
      const done = await fetchJson(`${served.url}/setup/demo`, { method: 'POST', headers: { 'x-launch-token': LAUNCH_TOKEN } });
      expect(done.status).toBe(200);
      expect(done.body.data.logins).toHaveLength(DEMO_LOGINS.length);
    } finally {
      await served.stop();
      dir.remove();
    }
  });
});
