/**
 * The audit log, through the HTTP API and the real CLI: every admin change is recorded once, in
 * order, with who did it (user, credential), from which device (API key name, address), for which
 * event and subject; a refused change leaves no entry; the counter's owner reads all of it, an
 * organizer that of its own events; and after a full run no entry holds a secret or a whole
 * identity number.
 */
import { userInfo } from 'node:os';
import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_LOGINS } from '../../src/main/domain/demo.js';
import { SAMPLE_QRIS } from '../../src/shared/qris.js';
import { messages } from '../../src/shared/messages.js';
import { auditEntries, auditPath, gist, type Entry } from '../support/audit.js';
import { MINUTE } from '../support/clock.js';
import { expectError, expectList, expectOk, expectValidation } from '../support/envelope.js';
import { PASSWORD, importEvent, makeCaller, orderActionPath, orderBody, ordersPath, ticketInput } from '../support/fixtures.js';
import { checkInPath } from '../support/gate.js';
import { logIn, startHarness, tempDir, useHarness, type TempDir } from '../support/harness.js';
import { readQr } from '../support/qr.js';
import { startRemoteApp, type RemoteApp } from '../support/remote-app.js';
import { getBytes, qrPath } from '../support/sale.js';
import { runCli } from '../support/serve.js';
import { exactCash, world, type World } from '../support/world.js';

/** A tablet at the venue, as the service sees it. */
const TABLET = '192.168.1.31';
/** The office PC the organizer logs in from. */
const OFFICE = '192.168.1.10';
const IDENTITY_NUMBER = '3171015705900001';
const MASKED = '3171********0001';
const REMOTE_KEY = 'tck_remote-key-never-in-the-audit-log-5c2d';
const SYSTEM = { userId: null, name: null, credential: 'system', apiKeyName: null, address: null };

/** The organizer as recorded when it uses the world's API key from `address`. */
const byKey = (w: World, address: string) => ({
  userId: w.organizer.user.id,
  name: w.organizer.user.name,
  credential: 'api_key',
  apiKeyName: `key of ${w.organizer.user.email}`,
  address,
});

/** The organizer as recorded when it is logged in (a JWT) from `address`. */
const byLogin = (w: World, address: string) => ({ userId: w.organizer.user.id, name: w.organizer.user.name, credential: 'login', apiKeyName: null, address });

/** Entries about one subject (an order: its life), oldest first. */
const about = (entries: Entry[], subjectId: string) => entries.filter((e) => e.subjectId === subjectId).map(gist);

describe("an order's life", () => {
  const harness = useHarness();

  it('created, paid and checked in: each step once, in order, with the device and its address', async () => {
    const h = harness();
    const w = world(h);
    const admin = makeCaller(h.services, 'super_admin');
    const post = (url: string, body: unknown) => h.request({ method: 'POST', url, key: w.organizer.key, body, remoteAddress: TABLET });

    const created = expectOk(await post(ordersPath(w.event.id), orderBody(w.event, { registration: { name: 'Siti Rahmawati', identityNumber: IDENTITY_NUMBER } })), 201);
    const paid = expectOk(await post(orderActionPath(w.event.id, created.id, 'checkout'), { method: 'cash', amountTendered: '200000' }));
    const { ticketNumber } = paid.participants[0];
    expectOk(await post(checkInPath(w.event.id), { ticketNumber, gate: 'Gerbang Utara' }), 201);

    const entries = await auditEntries(h, admin.key);
    const actor = byKey(w, TABLET);
    const of = { actor, eventId: w.event.id, subjectId: created.id };
    expect(entries.map(gist)).toEqual([
      { action: 'order.created', ...of, details: { ticketCategoryName: w.event.tickets[0]!.name, total: '150000.00', customerName: 'Siti Rahmawati', identityNumber: MASKED } },
      { action: 'order.paid', ...of, details: { method: 'cash', amount: '150000.00' } },
      { action: 'ticket.checked_in', ...of, details: { ticketNumber, gate: 'Gerbang Utara' } },
    ]);
    for (const entry of entries) expect(Date.parse(entry.at)).toBe(h.clock());
  });

  it('a transfer rejected, then QRIS confirmed; a cancel with its reason; an expiry by the service itself', async () => {
    const h = harness();
    const w = world(h);
    const admin = makeCaller(h.services, 'super_admin');
    const { token } = await logIn(h, w.organizer.user.email);
    const act = (order: { id: string }, action: Parameters<typeof orderActionPath>[2], body?: unknown) =>
      h.request({ method: 'POST', url: orderActionPath(w.event.id, order.id, action), token, body, remoteAddress: OFFICE });

    const transfer = await w.createOrder();
    expectOk(await act(transfer, 'checkout', { method: 'bank_transfer', reference: 'BCA 2611-0042' }));
    expectOk(await act(transfer, 'payment/reject', { reason: 'Transfer belum masuk' }));
    expectOk(await act(transfer, 'checkout', { method: 'qris' }));
    expectOk(await act(transfer, 'payment/confirm'));
    const cancelled = await w.createOrder();
    expectOk(await act(cancelled, 'cancel', { reason: 'Pelanggan berubah pikiran' }));
    const lapsed = await w.createOrder();
    h.clock.advance(15 * MINUTE);
    await w.detail(lapsed);

    const entries = await auditEntries(h, admin.key);
    const viaLogin = { actor: byLogin(w, OFFICE), eventId: w.event.id };
    const created = (order: { id: string }) => expect.objectContaining({ action: 'order.created', actor: byKey(w, '127.0.0.1'), subjectId: order.id });
    expect(about(entries, transfer.id)).toEqual([
      created(transfer),
      { action: 'order.payment_pending_verification', ...viaLogin, subjectId: transfer.id, details: { method: 'bank_transfer', amount: '150000.00' } },
      { action: 'order.payment_rejected', ...viaLogin, subjectId: transfer.id, details: { method: 'bank_transfer', reason: 'Transfer belum masuk' } },
      { action: 'order.payment_pending_verification', ...viaLogin, subjectId: transfer.id, details: { method: 'qris', amount: '150000.00' } },
      { action: 'order.paid', ...viaLogin, subjectId: transfer.id, details: { method: 'qris', amount: '150000.00' } },
    ]);
    expect(about(entries, cancelled.id)).toEqual([
      created(cancelled),
      { action: 'order.cancelled', ...viaLogin, subjectId: cancelled.id, details: { reason: 'Pelanggan berubah pikiran' } },
    ]);
    expect(about(entries, lapsed.id)).toEqual([created(lapsed), { action: 'order.expired', actor: SYSTEM, eventId: w.event.id, subjectId: lapsed.id, details: {} }]);
  });
});

describe('admin changes over HTTP', () => {
  const harness = useHarness();

  it('API keys, settings and the remote: who, from where, and what changed (never the key)', async () => {
    const h = harness();
    const admin = makeCaller(h.services, 'super_admin');
    // The counter's owner, logged in at the office PC.
    const { token } = await logIn(h, admin.user.email);
    const send = (method: 'POST' | 'DELETE' | 'PATCH' | 'PUT', url: string, body?: unknown) => h.request({ method, url, token, body, remoteAddress: OFFICE });

    const made = expectOk(await send('POST', '/api-keys', { name: 'Scanner gerbang utara', expiresAt: '2030-06-30T23:59:59+07:00' }), 201);
    expectOk(await send('DELETE', `/api-keys/${made.info.id}`));
    expectOk(await send('PATCH', '/settings', { holdWindowMinutes: 20, invoiceLayout: 'receipt' }));
    // Nothing changes: nothing is recorded.
    expectOk(await send('PATCH', '/settings', { holdWindowMinutes: 20 }));
    expectOk(await send('PUT', '/sync/remote', { baseUrl: 'http://127.0.0.1:9/', apiKey: REMOTE_KEY }));

    const actor = { userId: admin.user.id, name: admin.user.name, credential: 'login', apiKeyName: null, address: OFFICE };
    const key = { name: 'Scanner gerbang utara', prefix: made.info.prefix, owner: admin.user.email };
    expect((await auditEntries(h, admin.key)).map(gist)).toEqual([
      { action: 'api_key.created', actor, eventId: null, subjectId: made.info.id, details: { ...key, expiresAt: '2030-06-30T16:59:59.000+00:00' } },
      { action: 'api_key.revoked', actor, eventId: null, subjectId: made.info.id, details: key },
      {
        action: 'settings.changed',
        actor,
        eventId: null,
        subjectId: null,
        details: {
          changes: [
            { field: 'holdWindowMinutes', before: 15, after: 20 },
            { field: 'invoiceLayout', before: 'a4', after: 'receipt' },
          ],
        },
      },
      { action: 'remote.changed', actor, eventId: null, subjectId: null, details: { baseUrl: 'http://127.0.0.1:9', apiKey: `${REMOTE_KEY.slice(0, 8)}…`, ownerEmail: admin.user.email } },
    ]);
  });

  it('conflicts resolved: each decision with the conflict, its order and event (a local cancel also as the order’s)', async () => {
    const h = harness();
    // The event is a remote's (as if pulled), so its orders' changes go to the outbox; each sale's
    // create is then taken as refused by the remote.
    const w = world(h, {}, 'remote');
    const admin = makeCaller(h.services, 'super_admin');
    const refused = async () => {
      const order = await w.createOrder();
      const job = h.services.outbox.due(100).find((due) => due.orderId === order.id);
      h.services.outbox.update(job!.seq, { state: 'conflict', lastStatus: 409, lastError: 'SOLD_OUT' });
      return { order, seq: job!.seq };
    };
    const [retried, dismissed, linked, cancelled] = [await refused(), await refused(), await refused(), await refused()];
    const remoteOrderId = '01JREM0TE00000000000000001';
    const resolve = (seq: number, action: string, body?: unknown) =>
      h.request({ method: 'POST', url: `/sync/conflicts/${seq}/${action}`, key: w.organizer.key, body, remoteAddress: TABLET });
    expectOk(await resolve(retried.seq, 'retry'));
    expectOk(await resolve(dismissed.seq, 'dismiss'));
    expectOk(await resolve(linked.seq, 'link', { remoteOrderId }));
    expectOk(await resolve(cancelled.seq, 'cancel-local'));

    const decisions = (await auditEntries(h, admin.key, { action: 'conflict.resolved' })).map(gist);
    const decision = ({ order, seq }: { order: { id: string }; seq: number }, resolution: string, remote: string | null = null) => ({
      action: 'conflict.resolved',
      actor: byKey(w, TABLET),
      eventId: w.event.id,
      subjectId: String(seq),
      details: { seq, resolution, orderId: order.id, remoteOrderId: remote },
    });
    expect(decisions).toEqual([decision(retried, 'retry'), decision(dismissed, 'dismiss'), decision(linked, 'link', remoteOrderId), decision(cancelled, 'cancel-local')]);
    const cancels = await auditEntries(h, admin.key, { action: 'order.cancelled' });
    expect(cancels.map(gist)).toEqual([
      { action: 'order.cancelled', actor: byKey(w, TABLET), eventId: w.event.id, subjectId: cancelled.order.id, details: { reason: 'Dibatalkan karena konflik sinkronisasi' } },
    ]);
  });
});

describe('refused changes', () => {
  const harness = useHarness();

  it('leave no entry: sold out, identity number taken, paying or cancelling twice, unknown key, bad or forbidden settings', async () => {
    const h = harness();
    const w = world(h, { tickets: [ticketInput(h.clock(), { quota: 1 })] });
    const admin = makeCaller(h.services, 'super_admin');
    const staff = makeCaller(h.services, 'staff');
    const order = await w.createOrder({ registration: { identityNumber: IDENTITY_NUMBER } });
    expectError(await w.postOrder(orderBody(w.event)), 409, 'SOLD_OUT');
    expectError(await w.postOrder(orderBody(w.event, { registration: { identityNumber: IDENTITY_NUMBER } })), 409, 'IDENTITY_NUMBER_REGISTERED');
    expectValidation(await w.postAction(order, 'checkout', { method: 'cash', amountTendered: '1000' }), 'amountTendered');
    await w.checkout(order, exactCash(order));
    expectError(await w.postAction(order, 'checkout', exactCash(order)), 409, 'INVALID_STATE');
    expectError(await w.postAction(order, 'cancel'), 409, 'INVALID_STATE');
    expectError(await h.request({ method: 'DELETE', url: '/api-keys/01JZZZZZZZZZZZZZZZZZZZZZZZ', key: w.organizer.key }), 404, 'NOT_FOUND');
    expectValidation(await h.request({ method: 'PATCH', url: '/settings', key: admin.key, body: { holdWindowMinutes: 0 } }), 'holdWindowMinutes');
    expectError(await h.request({ method: 'PATCH', url: '/settings', key: staff.key, body: { holdWindowMinutes: 30 } }), 403, 'FORBIDDEN');
    expectError(await h.request({ method: 'PUT', url: '/sync/remote', key: staff.key, body: { baseUrl: 'http://127.0.0.1:9', apiKey: REMOTE_KEY } }), 403, 'FORBIDDEN');

    expect((await auditEntries(h, admin.key)).map((e) => e.action)).toEqual(['order.created', 'order.paid']);
  });

  it('an entry that would hold a secret or a whole identity number is refused, and the change with it', async () => {
    const h = harness();
    const admin = makeCaller(h.services, 'super_admin');
    const withPassword = { email: 'rahasia@test.example', name: 'Rahasia', role: 'staff' as const, password: PASSWORD };
    const create = () => h.services.users.create(withPassword);
    expect(() => h.services.audit.recorded('system', 'user.created', create, () => ({ details: withPassword }))).toThrow();
    expect(h.services.users.findByEmail(withPassword.email)).toBeUndefined();
    const sale = { ticketCategoryName: 'Harian', total: '75000.00', customerName: 'Siti', identityNumber: IDENTITY_NUMBER };
    expect(() => h.services.audit.record('system', 'order.created', { details: sale })).toThrow();
    expect(await auditEntries(h, admin.key)).toEqual([]);
  });
});

describe('who reads it', () => {
  const harness = useHarness('file');

  it('the counter’s owner reads every entry, every organizer’s events too; an organizer those of its own (roles.test.ts)', async () => {
    const h = harness();
    const w = world(h);
    await w.createOrder();
    for (const key of [makeCaller(h.services, 'super_admin').key, w.organizer.key]) {
      const { data } = expectList(await h.request({ url: auditPath({ eventId: w.event.id }), key }));
      expect(data.map((e: Entry) => e.action)).toEqual(['order.created']);
    }
    const { data } = expectList(await h.request({ url: auditPath({ eventId: w.event.id }), key: makeCaller(h.services, 'organizer').key }));
    expect(data).toEqual([]);
  });

  it('staff get 403 with the reason, even with event:update on every event there is', async () => {
    const h = harness();
    const w = world(h);
    const reply = await h.request({ url: auditPath(), key: makeCaller(h.services, 'staff', { eventId: w.event.id, permission: 'event:update' }).key });
    expectError(reply, 403, 'FORBIDDEN');
    expect(reply.body.message).toBe(messages.auditForbidden);
  });

  it('is 401 without credentials, or with a wrong key', async () => {
    const h = harness();
    expectError(await h.request({ url: auditPath() }), 401, 'UNAUTHENTICATED');
    expectError(await h.request({ url: auditPath(), key: 'tck_not-a-key' }), 401, 'UNAUTHENTICATED');
  });
});

describe('paging and filters', () => {
  const harness = useHarness();

  it('newest first, paged by page and limit with meta; by action, event and time', async () => {
    const h = harness();
    const w = world(h);
    const other = importEvent(h.services, w.organizer.user);
    const admin = makeCaller(h.services, 'super_admin');
    const start = h.clock();
    const orders = [];
    for (const target of [w.event, other, w.event]) {
      h.clock.advance(MINUTE);
      orders.push(await w.createOrder({}, target));
    }
    h.clock.advance(MINUTE);
    await w.checkout(orders[0], exactCash(orders[0]));
    const read = async (params: Record<string, string | number>) => expectList(await h.request({ url: auditPath(params), key: admin.key }));

    const all = await read({});
    expect(all.meta).toEqual({ page: 1, limit: 20, total: 4, totalPages: 1 });
    expect(all.data.map((e: Entry) => [e.action, e.subjectId])).toEqual([
      ['order.paid', orders[0].id],
      ['order.created', orders[2].id],
      ['order.created', orders[1].id],
      ['order.created', orders[0].id],
    ]);
    const second = await read({ limit: 3, page: 2 });
    expect(second.meta).toEqual({ page: 2, limit: 3, total: 4, totalPages: 2 });
    expect(second.data.map((e: Entry) => e.subjectId)).toEqual([orders[0].id]);
    expect((await read({ action: 'order.created' })).meta.total).toBe(3);
    expect((await read({ eventId: other.id })).data.map((e: Entry) => e.subjectId)).toEqual([orders[1].id]);
    const minutes = (n: number) => new Date(start + n * MINUTE).toISOString();
    expect((await read({ from: minutes(2), to: minutes(3) })).data.map((e: Entry) => e.subjectId)).toEqual([orders[2].id, orders[1].id]);
    expect((await read({ from: minutes(5) })).data).toEqual([]);
  });

  it.each([
    ['limit', '101'],
    ['limit', '0'],
    ['page', '0'],
    ['action', 'order.voided'],
    ['from', 'yesterday'],
    ['to', '2026-12-01'],
  ])('refuses %s=%s with 400', async (name, value) => {
    const h = harness();
    expectValidation(await h.request({ url: auditPath({ [name]: value }), key: makeCaller(h.services, 'organizer').key }), name);
  });
});

describe('on the command line and at first run', () => {
  let dir: TempDir | undefined;
  let remote: RemoteApp | undefined;
  afterEach(async () => {
    dir?.remove();
    await remote?.close();
    dir = undefined;
    remote = undefined;
  });

  // Eight command-line processes, each starting TypeScript: over a minute on a loaded two-core machine.
  it('the real CLI: every change recorded as the command line of this machine (no user, no device, no address), no secret', { timeout: 30_000 }, async () => {
    dir = tempDir();
    const cli = async (args: string[], input?: string) => {
      const result = await runCli([...args, '--data-dir', dir!.path], input);
      expect(result.code, result.stderr).toBe(0);
      return result.stdout.trim();
    };
    const gate = { email: 'gerbang@demo.test', password: 'gerbang-utara-rahasia' };
    await cli(['demo']);
    await cli(['user', 'create', '--email', gate.email, '--name', 'Dewi Gerbang', '--role', 'staff', '--password', gate.password]);
    await cli(['user', 'grant', '--email', gate.email, '--event', 'pameran-kopi', '--permission', 'event:checkin']);
    const key = await cli(['apikey', 'create', '--email', gate.email, '--name', 'Scanner Gerbang Utara']);
    const [info] = JSON.parse(await cli(['apikey', 'list', '--email', gate.email]));
    await cli(['apikey', 'revoke', '--email', gate.email, '--id', info.id]);
    await cli(['settings', 'set', '--hold-window-minutes', '25']);
    await cli(['remote', 'set', '--base-url', 'http://127.0.0.1:9', '--owner', DEMO_LOGINS[0].email], REMOTE_KEY);

    const h = await startHarness({ dataDir: dir.path });
    try {
      const entries = await auditEntries(h, makeCaller(h.services, 'super_admin').key);
      const actor = { userId: null, name: userInfo().username, credential: 'cli', apiKeyName: null, address: null };
      expect(entries.map((e) => e.actor)).toEqual(entries.map(() => actor));
      const gateUser = h.services.users.findByEmail(gate.email)!;
      expect(entries.map(({ action, subjectId, details }) => ({ action, subjectId, details }))).toEqual([
        ...DEMO_LOGINS.map((login) => ({
          action: 'user.created',
          subjectId: h.services.users.findByEmail(login.email)!.id,
          details: { email: login.email, name: login.name, role: login.role },
        })),
        ...['EV01', 'EV02', 'EV03'].map(() => expect.objectContaining({ action: 'grant.added', details: { email: 'kasir@demo.test', permission: 'event:update' } })),
        // The demo's sample QRIS code (shared/qris.ts).
        { action: 'settings.changed', subjectId: null, details: { changes: [{ field: 'qrisPayload', before: '', after: SAMPLE_QRIS }] } },
        { action: 'user.created', subjectId: gateUser.id, details: { email: gate.email, name: 'Dewi Gerbang', role: 'staff' } },
        { action: 'grant.added', subjectId: gateUser.id, details: { email: gate.email, permission: 'event:checkin' } },
        { action: 'api_key.created', subjectId: info.id, details: { name: 'Scanner Gerbang Utara', prefix: key.slice(0, 8), owner: gate.email, expiresAt: null } },
        { action: 'api_key.revoked', subjectId: info.id, details: { name: 'Scanner Gerbang Utara', prefix: key.slice(0, 8), owner: gate.email } },
        { action: 'settings.changed', subjectId: null, details: { changes: [{ field: 'holdWindowMinutes', before: 15, after: 25 }] } },
        { action: 'remote.changed', subjectId: null, details: { baseUrl: 'http://127.0.0.1:9', apiKey: `${REMOTE_KEY.slice(0, 8)}…`, ownerEmail: DEMO_LOGINS[0].email } },
      ]);
      expect(entries.filter((e) => e.action === 'grant.added').map((e) => e.eventId)).toEqual(['01JDEM0000000000000000EV01', '01JDEM0000000000000000EV02', '01JDEM0000000000000000EV03', '01JDEM0000000000000000EV02']);
      const written = JSON.stringify(entries);
      const secrets = [key, gate.password, REMOTE_KEY, ...DEMO_LOGINS.map((login) => login.password)];
      expect(secrets.filter((secret) => written.includes(secret))).toEqual([]);
    } finally {
      await h.close();
    }
  });

  it('first-run setup: the demo and a connection are the service’s own doing', async () => {
    remote = await startRemoteApp();
    const demo = await startHarness();
    const connected = await startHarness();
    try {
      expectOk(await demo.request({ method: 'POST', url: '/setup/demo' }));
      const demoEntries = await auditEntries(demo, makeCaller(demo.services, 'super_admin').key);
      expect(demoEntries.map((e) => [e.action, e.actor])).toEqual([...Array(3).fill(['user.created', SYSTEM]), ...Array(3).fill(['grant.added', SYSTEM]), ['settings.changed', SYSTEM]]);

      const body = { baseUrl: remote.url, apiKey: remote.key, name: 'Sari Pemilik', email: 'sari@loket2.test', password: 'kata-sandi-loket-2' };
      const { user } = expectOk(await connected.request({ method: 'POST', url: '/setup/connect', body }));
      const entries = await auditEntries(connected, makeCaller(connected.services, 'super_admin').key);
      expect(entries.map(gist)).toEqual([
        { action: 'user.created', actor: SYSTEM, eventId: null, subjectId: user.id, details: { email: body.email, name: body.name, role: 'super_admin' } },
        { action: 'remote.changed', actor: SYSTEM, eventId: null, subjectId: null, details: { baseUrl: remote.url, apiKey: `${remote.key.slice(0, 8)}…`, ownerEmail: body.email } },
      ]);
    } finally {
      await demo.close();
      await connected.close();
    }
  });
});

describe('no secrets', () => {
  let remote: RemoteApp | undefined;
  afterEach(async () => {
    await remote?.close();
    remote = undefined;
  });

  it('after a full run, no entry holds a password, a key, a token or a whole identity number', async () => {
    remote = await startRemoteApp();
    const h = await startHarness();
    try {
      const organizer = { baseUrl: remote.url, apiKey: remote.key, name: 'Sari Pemilik', email: 'sari@loket.test', password: 'kata-sandi-pemilik-7d1e' };
      expectOk(await h.request({ method: 'POST', url: '/setup/connect', body: organizer }));
      const { token: jwt } = await logIn(h, organizer.email, organizer.password);
      const { key } = expectOk(await h.request({ method: 'POST', url: '/api-keys', token: jwt, body: { name: 'Tablet loket 2' } }), 201);
      const event = '01JDEM0000000000000000EV02';
      const registration = { name: 'Siti Rahmawati', email: 'siti@contoh.id', phone: '+6281234567890', gender: 'female', birthDate: '1990-05-17', identityNumber: IDENTITY_NUMBER };
      const created = expectOk(await h.request({ method: 'POST', url: ordersPath(event), key, body: { eventId: event, ticketCategoryId: '01JDEM0000000000000000TK03', registration } }), 201);
      const paid = expectOk(await h.request({ method: 'POST', url: orderActionPath(event, created.id, 'checkout'), key, body: { method: 'cash', amountTendered: '100000' } }));
      const qr = await getBytes(h.app, qrPath(paid.participants[0].qrCode), key);
      const ticketToken = readQr(qr.bytes)!;
      expectOk(await h.request({ method: 'POST', url: checkInPath(event), key, body: { token: ticketToken, gate: 'Utara' } }), 201);
      const otherRemoteKey = 'tck_second-remote-key-never-recorded-81f0';
      expectOk(await h.request({ method: 'PUT', url: '/sync/remote', token: jwt, body: { baseUrl: remote.url, apiKey: otherRemoteKey } }));
      expectOk(await h.request({ method: 'PATCH', url: '/settings', token: jwt, body: { invoiceLayout: 'receipt' } }));
      const keys = expectOk(await h.request({ url: '/api-keys', token: jwt }));
      expectOk(await h.request({ method: 'DELETE', url: `/api-keys/${keys[0].id}`, token: jwt }));

      const entries = await auditEntries(h, makeCaller(h.services, 'super_admin').key);
      expect(new Set(entries.map((e) => e.action))).toEqual(
        new Set(['user.created', 'remote.changed', 'api_key.created', 'order.created', 'order.paid', 'ticket.checked_in', 'settings.changed', 'api_key.revoked']),
      );
      const stored = JSON.stringify(h.services.database.sqlite.prepare('select * from audit_log').all());
      const secrets = {
        password: organizer.password,
        remoteKey: remote.key,
        otherRemoteKey,
        jwt,
        key,
        generatedPassword: created.generatedPassword,
        ticketToken,
        identityNumber: IDENTITY_NUMBER,
      };
      for (const written of [JSON.stringify(entries), stored]) {
        expect(Object.entries(secrets).filter(([, secret]) => written.includes(secret)).map(([name]) => name)).toEqual([]);
      }
      expect(stored).toContain(MASKED);
    } finally {
      await h.close();
    }
  });
});
