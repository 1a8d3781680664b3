/** The access matrix: credentials (API key, JWT) and permissions (none, read, update, owner, super_admin). */
import { beforeEach, describe, expect, it } from 'vitest';
import type { ImportEvent } from '../../src/shared/schemas/import.js';
import { DAY, HOUR } from '../support/clock.js';
import { expectError, expectList, expectOk } from '../support/envelope.js';
import { PASSWORD, makeCaller, makeKey, makeUser, orderBody, orderPath, ordersPath, ticketsPath } from '../support/fixtures.js';
import { useHarness } from '../support/harness.js';
import type { RequestOptions } from '../support/http.js';
import { ULID, ISO_WITH_OFFSET } from '../support/shapes.js';
import { world, type World } from '../support/world.js';

type Credential = Pick<RequestOptions, 'key' | 'token' | 'headers'>;

/** Every admin endpoint, as requests against one event and one of its orders. */
function endpoints(event: ImportEvent, orderId: string) {
  return {
    listEvents: { url: '/events?ownerId=me' },
    tickets: { url: ticketsPath(event.id) },
    listOrders: { url: ordersPath(event.id) },
    orderDetail: { url: orderPath(event.id, orderId) },
    createOrder: { method: 'POST' as const, url: ordersPath(event.id), body: orderBody(event) },
  };
}
type Endpoint = keyof ReturnType<typeof endpoints>;
const ALL: Endpoint[] = ['listEvents', 'tickets', 'listOrders', 'orderDetail', 'createOrder'];
const EVENT_READS: Endpoint[] = ['tickets', 'listOrders', 'orderDetail'];

describe('access', () => {
  const harness = useHarness();
  let w: World;
  let orderId: string;

  beforeEach(async () => {
    w = world(harness());
    orderId = (await w.createOrder()).id;
  });

  /** The status of each endpoint for a credential (a fresh order body every time). */
  async function statuses(credential: Credential, only: Endpoint[] = ALL): Promise<Record<string, number>> {
    const result: Record<string, number> = {};
    for (const name of only) {
      const request = endpoints(w.event, orderId)[name];
      const reply = await harness().request({ ...request, ...credential });
      if (reply.status >= 400) expectError(reply, reply.status, reply.body.error.code);
      result[name] = reply.status;
    }
    return result;
  }
  const all = (status: number, only: Endpoint[] = ALL) => Object.fromEntries(only.map((name) => [name, status]));

  async function login(email: string, password = PASSWORD) {
    return harness().request({ method: 'POST', url: '/auth/login', body: { email, password } });
  }

  describe('401 UNAUTHENTICATED', () => {
    it.each<[string, Credential]>([
      ['no credential', {}],
      ['an empty key', { key: '' }],
      ['an unknown key', { key: 'tck_not-a-real-key' }],
      ['an unknown bearer token', { token: 'not.a.jwt' }],
      ['a non-bearer authorization', { headers: { authorization: 'Basic dXNlcjpwYXNz' } }],
    ])('for %s on every admin endpoint', async (_name, credential) => {
      expect(await statuses(credential)).toEqual(all(401));
      const reply = await harness().request({ url: ticketsPath(w.event.id), ...credential });
      expectError(reply, 401, 'UNAUTHENTICATED');
    });

    it('for an expired key, from the instant it expires', async () => {
      const h = harness();
      const expiresAt = h.clock() + HOUR;
      const key = makeKey(h.services, w.organizer.user, expiresAt);
      expect(await statuses({ key }, ['listEvents'])).toEqual(all(200, ['listEvents']));
      h.clock.set(expiresAt - 1);
      expect(await statuses({ key }, ['tickets'])).toEqual(all(200, ['tickets']));
      h.clock.set(expiresAt);
      expect(await statuses({ key })).toEqual(all(401));
    });

    it('for a revoked key, while the user’s other keys go on working', async () => {
      const h = harness();
      const { key, info } = h.services.apiKeys.create(w.organizer.user.id, 'tablet');
      expect(await statuses({ key }, ['tickets'])).toEqual(all(200, ['tickets']));
      h.services.apiKeys.revoke('system', w.organizer.user.id, info.id);
      expect(await statuses({ key })).toEqual(all(401));
      expect(await statuses({ key: w.organizer.key }, ['tickets'])).toEqual(all(200, ['tickets']));
    });

    it('before validating the body or looking up the event', async () => {
      const h = harness();
      expectError(await h.request({ method: 'POST', url: ordersPath('no-such-event'), body: { nonsense: true } }), 401, 'UNAUTHENTICATED');
      expectError(await h.request({ url: '/events?limit=1000' }), 401, 'UNAUTHENTICATED');
    });
  });

  describe('JWT via POST /auth/login', () => {
    it('returns a token that works as Authorization: Bearer on every endpoint', async () => {
      const reply = await login(w.organizer.user.email.toUpperCase());
      const data = expectOk(reply);
      expect(Object.keys(data).sort()).toEqual(['expiresAt', 'token', 'user']);
      expect(data.expiresAt).toMatch(ISO_WITH_OFFSET);
      expect(data.user).toMatchObject({ id: w.organizer.user.id, email: w.organizer.user.email, role: 'organizer' });
      expect(data.user.id).toMatch(ULID);
      expect(reply.raw).not.toContain('passwordHash');
      expect(await statuses({ token: data.token })).toEqual({ ...all(200), createOrder: 201 });
    });

    it('refuses a wrong password, an unknown e-mail and a customer account with 401', async () => {
      const order = await w.createOrder();
      const customer = harness().services.users.findById(order.createdUserId)!;
      for (const reply of [await login(w.organizer.user.email, 'wrong'), await login('nobody@test.example'), await login(customer.email, order.generatedPassword)]) {
        expectError(reply, 401, 'UNAUTHENTICATED');
      }
    });

    it('validates the login body', async () => {
      const reply = await harness().request({ method: 'POST', url: '/auth/login', body: { email: 'not-an-email' } });
      expectError(reply, 400, 'VALIDATION_FAILED');
    });

    it('refuses an expired or tampered token with 401', async () => {
      const h = harness();
      const { token } = expectOk(await login(w.organizer.user.email));
      const [head, payload, signature] = token.split('.');
      const tampered = `${head}.${payload}.${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`;
      expect(await statuses({ token: tampered }, ['listEvents'])).toEqual(all(401, ['listEvents']));
      h.clock.advance(12 * HOUR + 1000);
      expect(await statuses({ token })).toEqual(all(401));
    });
  });

  describe('403 FORBIDDEN and what each permission allows', () => {
    it('a user without a grant: 403 on the event, its own (empty) event list', async () => {
      const stranger = makeCaller(harness().services, 'staff');
      expect(await statuses({ key: stranger.key })).toEqual({ listEvents: 200, ...all(403, [...EVENT_READS, 'createOrder']) });
      expect(expectList(await harness().request({ url: '/events?ownerId=me', key: stranger.key })).data).toEqual([]);
    });

    it('an unknown event is 404 before any permission check', async () => {
      const stranger = makeCaller(harness().services, 'staff');
      expectError(await harness().request({ url: ticketsPath('no-such-event'), key: stranger.key }), 404, 'EVENT_NOT_FOUND');
    });

    it('event:read: reads, but 403 on create', async () => {
      const reader = makeCaller(harness().services, 'staff', { eventId: w.event.id, permission: 'event:read' });
      expect(await statuses({ key: reader.key })).toEqual({ ...all(200, ['listEvents', ...EVENT_READS]), createOrder: 403 });
    });

    it('event:update: reads and creates', async () => {
      const cashier = makeCaller(harness().services, 'staff', { eventId: w.event.id, permission: 'event:update' });
      expect(await statuses({ key: cashier.key })).toEqual({ ...all(200), createOrder: 201 });
    });

    it('granting again replaces the permission', async () => {
      const h = harness();
      const cashier = makeCaller(h.services, 'staff', { eventId: w.event.id, permission: 'event:update' });
      h.services.grants.grant(cashier.user.id, w.event.id, 'event:read');
      expect(await statuses({ key: cashier.key }, ['createOrder'])).toEqual({ createOrder: 403 });
    });

    it('a grant on one event gives nothing on another', async () => {
      const h = harness();
      const otherEvent = world(h).event;
      const cashier = makeCaller(h.services, 'staff', { eventId: otherEvent.id, permission: 'event:update' });
      expect(await statuses({ key: cashier.key }, [...EVENT_READS, 'createOrder'])).toEqual(all(403, [...EVENT_READS, 'createOrder']));
    });

    it('an organizer has every permission on its own events and none on others', async () => {
      const h = harness();
      expect(await statuses({ key: w.organizer.key })).toEqual({ ...all(200), createOrder: 201 });
      const rival = makeCaller(h.services, 'organizer');
      expect(await statuses({ key: rival.key })).toEqual({ listEvents: 200, ...all(403, [...EVENT_READS, 'createOrder']) });
    });

    it('super_admin may do everything, scope=all included', async () => {
      const h = harness();
      const admin = makeCaller(h.services, 'super_admin');
      expect(await statuses({ key: admin.key })).toEqual({ ...all(200), createOrder: 201 });
      const everything = expectList(await h.request({ url: '/events?ownerId=me&scope=all', key: admin.key }));
      expect(everything.data.map((e: { id: string }) => e.id)).toEqual([w.event.id]);
    });

    it('an API key carries exactly its user’s permissions, whatever the key', async () => {
      const h = harness();
      const reader = makeUser(h.services, 'staff');
      h.services.grants.grant(reader.id, w.event.id, 'event:read');
      const keys = [makeKey(h.services, reader), makeKey(h.services, reader, h.clock() + DAY)];
      for (const key of keys) expect(await statuses({ key }, ['tickets', 'createOrder'])).toEqual({ tickets: 200, createOrder: 403 });
    });
  });
});
