/**
 * Who may change the counter (docs/operations.md, Roles): its owner (super_admin) alone points it at a remote,
 * changes its settings, makes and revokes device keys for others and reads the whole audit log; an
 * organizer works on its own events only (their orders, conflicts and audit entries); a cashier
 * (staff) sells on the events it was granted and makes no keys.
 */
import { describe, expect, it } from 'vitest';
import { messages } from '../../src/shared/messages.js';
import { auditEntries } from '../support/audit.js';
import { expectError, expectOk, expectValidation } from '../support/envelope.js';
import { importEvent, makeCaller, orderBody, ordersPath, ticketsPath } from '../support/fixtures.js';
import { checkInPath } from '../support/gate.js';
import { tempDir, useHarness, type Harness } from '../support/harness.js';
import { runCli } from '../support/serve.js';
import { world } from '../support/world.js';

const REMOTE = { baseUrl: 'http://127.0.0.1:9', apiKey: 'tck_remote-of-my-choosing-0000' };

describe('the counter itself belongs to its owner', () => {
  const harness = useHarness();

  it.each(['organizer', 'staff'] as const)('a %s cannot point the counter at a remote, test one, or change its settings', async (role) => {
    const h = harness();
    // An organizer with an event of its own: owning an event is not owning the counter.
    const caller = makeCaller(h.services, role);
    importEvent(h.services, caller.user);
    const before = h.services.settings.get();
    const refusals = [
      await h.request({ method: 'PUT', url: '/sync/remote', key: caller.key, body: REMOTE }),
      await h.request({ method: 'POST', url: '/sync/remote/check', key: caller.key, body: REMOTE }),
      await h.request({ method: 'PATCH', url: '/settings', key: caller.key, body: { listenHost: '0.0.0.0', backupIntervalMinutes: 0 } }),
    ];
    for (const reply of refusals) expectError(reply, 403, 'FORBIDDEN');
    expect(refusals.map((r) => r.body.message)).toEqual([messages.remoteSettingsForbidden, messages.remoteSettingsForbidden, messages.settingsForbidden]);
    expect(h.services.remote.summary()).toBeNull();
    expect(h.services.settings.get()).toEqual(before);
  });

  it('the owner can', async () => {
    const h = harness();
    const owner = makeCaller(h.services, 'super_admin');
    expectOk(await h.request({ method: 'PUT', url: '/sync/remote', key: owner.key, body: REMOTE }));
    expect(expectOk(await h.request({ method: 'PATCH', url: '/settings', key: owner.key, body: { backupIntervalMinutes: 0 } })).backupIntervalMinutes).toBe(0);
    expect(h.services.remote.summary()?.baseUrl).toBe(REMOTE.baseUrl);
  });

  it.each(['$(touch /tmp/x)', 'a b', '-bad', 'http://127.0.0.1', '[::1]'])('listenHost %o is no address or host name: 400, nothing stored', async (listenHost) => {
    const h = harness();
    const owner = makeCaller(h.services, 'super_admin');
    expectValidation(await h.request({ method: 'PATCH', url: '/settings', key: owner.key, body: { listenHost } }), 'listenHost');
    expect(h.services.settings.get().listenHost).toBe('127.0.0.1');
  });

  it.each(['0.0.0.0', '192.168.1.20', '::', 'fe80::1', 'loket-1.local'])('listenHost %o is taken', async (listenHost) => {
    const h = harness();
    const owner = makeCaller(h.services, 'super_admin');
    expect(expectOk(await h.request({ method: 'PATCH', url: '/settings', key: owner.key, body: { listenHost } })).listenHost).toBe(listenHost);
  });

  it('settings set on the command line refuses such a listenHost too', async () => {
    const dir = tempDir();
    try {
      const result = await runCli(['settings', 'set', '--data-dir', dir.path, '--listen-host', '$(touch /tmp/x)']);
      expect(result.code).toBe(2);
      expect(result.stderr).toContain('listenHost');
      expect(JSON.parse((await runCli(['settings', '--data-dir', dir.path])).stdout).listenHost).toBe('127.0.0.1');
    } finally {
      dir.remove();
    }
  });
});

describe('the audit log: the whole of it for the owner, its own events for an organizer', () => {
  const harness = useHarness();

  /** Two organizers selling on their own events, and an owner's settings change. */
  async function twoOrganizers(h: Harness) {
    const mine = world(h);
    const theirs = world(h);
    await mine.createOrder();
    await theirs.createOrder();
    const owner = makeCaller(h.services, 'super_admin');
    expectOk(await h.request({ method: 'PATCH', url: '/settings', key: owner.key, body: { holdWindowMinutes: 20 } }));
    return { mine, theirs, owner };
  }

  it('an organizer reads the entries of the events it owns, and nothing else', async () => {
    const h = harness();
    const { mine, theirs } = await twoOrganizers(h);
    const entries = await auditEntries(h, mine.organizer.key);
    expect(entries.map((e) => [e.action, e.eventId])).toEqual([['order.created', mine.event.id]]);
    // Asking for the other organizer's event by name finds nothing either.
    expect(await auditEntries(h, mine.organizer.key, { eventId: theirs.event.id })).toEqual([]);
  });

  it('the owner reads every entry; staff none', async () => {
    const h = harness();
    const { mine, theirs, owner } = await twoOrganizers(h);
    const entries = await auditEntries(h, owner.key);
    expect(entries.map((e) => [e.action, e.eventId])).toEqual([
      ['order.created', mine.event.id],
      ['order.created', theirs.event.id],
      ['settings.changed', null],
    ]);
    const staff = makeCaller(h.services, 'staff', { eventId: mine.event.id, permission: 'event:update' });
    expectError(await h.request({ url: '/audit-log', key: staff.key }), 403, 'FORBIDDEN');
  });
});

describe('device keys', () => {
  const harness = useHarness();
  const createKey = (h: Harness, key: string, body: unknown) => h.request({ method: 'POST', url: '/api-keys', key, body });

  it('a cashier makes no API key, not even with its own rights', async () => {
    const h = harness();
    const cashier = makeCaller(h.services, 'staff');
    const reply = await createKey(h, cashier.key, { name: 'tablet saya' });
    expectError(reply, 403, 'FORBIDDEN');
    expect(reply.body.message).toBe(messages.apiKeyCreateForbidden);
    expect(h.services.apiKeys.list(cashier.user.id)).toHaveLength(1);
  });

  it('an organizer makes keys for itself only', async () => {
    const h = harness();
    const organizer = makeCaller(h.services, 'organizer');
    const cashier = makeCaller(h.services, 'staff');
    expectOk(await createKey(h, organizer.key, { name: 'kios saya' }), 201);
    expectError(await createKey(h, organizer.key, { name: 'kios kasir', userId: cashier.user.id }), 403, 'FORBIDDEN');
    expect(h.services.apiKeys.list(cashier.user.id)).toHaveLength(1);
  });

  it("the owner makes a gate scanner's key for the gate's user: the key carries that user's rights, no more", async () => {
    const h = harness();
    const w = world(h);
    const paid = await w.sell();
    const owner = makeCaller(h.services, 'super_admin');
    const gate = makeCaller(h.services, 'staff', { eventId: w.event.id, permission: 'event:checkin' });
    const made = expectOk(await createKey(h, owner.key, { name: 'Pemindai gerbang utara', userId: gate.user.id }), 201);
    expect(made.info.user).toEqual({ id: gate.user.id, email: gate.user.email, name: gate.user.name });
    const scanner = made.key;
    expectOk(await h.request({ method: 'POST', url: checkInPath(w.event.id), key: scanner, body: { ticketNumber: paid.participants[0].ticketNumber } }), 201);
    expectError(await h.request({ url: ticketsPath(w.event.id), key: scanner }), 403, 'FORBIDDEN');
    expectError(await h.request({ method: 'POST', url: ordersPath(w.event.id), key: scanner, body: orderBody(w.event) }), 403, 'FORBIDDEN');

    // The gate's user sees the key among its own; the owner sees everyone's and revokes it.
    const gateKeys = expectOk(await h.request({ url: '/api-keys', key: gate.key })).map((k: { name: string }) => k.name);
    expect(gateKeys).toContain('Pemindai gerbang utara');
    const all = expectOk(await h.request({ url: '/api-keys', key: owner.key })).map((k: { user: { id: string } }) => k.user.id);
    expect(new Set(all)).toEqual(new Set([w.organizer.user.id, owner.user.id, gate.user.id]));
    expectOk(await h.request({ method: 'DELETE', url: `/api-keys/${made.info.id}`, key: owner.key }));
    expectError(await h.request({ method: 'POST', url: checkInPath(w.event.id), key: scanner, body: { ticketNumber: 'ZZZZ-ZZZZ' } }), 401, 'UNAUTHENTICATED');
  });

  it("another operator's keys stay out of reach of organizers and cashiers", async () => {
    const h = harness();
    const organizer = makeCaller(h.services, 'organizer');
    const cashier = makeCaller(h.services, 'staff');
    const [cashierKey] = h.services.apiKeys.list(cashier.user.id);
    const organizerKeys = expectOk(await h.request({ url: '/api-keys', key: organizer.key }));
    expect(organizerKeys.map((k: { user: { id: string } }) => k.user.id)).toEqual([organizer.user.id]);
    expectError(await h.request({ method: 'DELETE', url: `/api-keys/${cashierKey!.id}`, key: organizer.key }), 404, 'NOT_FOUND');
  });

  it('a key is made for an operator only: a customer or an unknown user is refused on userId', async () => {
    const h = harness();
    const owner = makeCaller(h.services, 'super_admin');
    const w = world(h);
    const order = await w.createOrder();
    expectValidation(await createKey(h, owner.key, { name: 'x', userId: order.createdUserId }), 'userId');
    expectValidation(await createKey(h, owner.key, { name: 'x', userId: '01JZZZZZZZZZZZZZZZZZZZZZZZ' }), 'userId');
  });

  it('the operators, for choosing whose key: the owner only', async () => {
    const h = harness();
    const owner = makeCaller(h.services, 'super_admin');
    const cashier = makeCaller(h.services, 'staff');
    const w = world(h);
    await w.createOrder();
    const users = expectOk(await h.request({ url: '/users', key: owner.key }));
    expect(users.map((u: { id: string }) => u.id).sort()).toEqual([owner.user.id, cashier.user.id, w.organizer.user.id].sort());
    expectError(await h.request({ url: '/users', key: w.organizer.key }), 403, 'FORBIDDEN');
  });
});
