/**
 * Check-in at the gate, through the HTTP API: looking a ticket up and checking its participant in
 * by ticket number, by the token in its QR code and by its order; once only (a second scan says
 * when and where, also when ten gates scan at once); tokens that are not genuine; tickets that are
 * not valid; and what a gate-only user (event:checkin) may and may not do.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { generateKeyPairSync } from 'node:crypto';
import { messages } from '../../src/shared/messages.js';
import { toIso } from '../../src/main/domain/time.js';
import { countRows } from '../support/db.js';
import { envelopeErrors, expectError, expectList, expectOk, expectValidation } from '../support/envelope.js';
import { PASSWORD, importEvent, makeCaller, orderActionPath, orderBody, orderPath, ordersPath, ticketsPath, type Caller } from '../support/fixtures.js';
import { alterToken, checkInPath, claimsOf, counterSigningKey, forgeToken, lookupPath, scanTicket, signToken } from '../support/gate.js';
import { logIn, seedDataDir, startHarness, tempDir, useHarness, type Harness } from '../support/harness.js';
import type { Reply } from '../support/http.js';
import { getBytes, invoicePath, qrPath, sale } from '../support/sale.js';
import { fetchJson, runCli } from '../support/serve.js';
import { CHECK_IN, GATE_PARTICIPANT, expectShape } from '../support/shapes.js';
import { world, type World } from '../support/world.js';

// Replies are read field by field.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Data = any;

const UNKNOWN = '01JZZZZZZZZZZZZZZZZZZZZZZZ';
/** Sunday 6 December 2026, 20.15 in Jakarta. */
const SCAN_AT = Date.parse('2026-12-06T13:15:00.000Z');

interface Gate {
  w: World;
  /** A user granted event:checkin only. */
  gate: Caller;
  checkIn(body: unknown, options?: { key?: string; token?: string; headers?: Record<string, string> }): Promise<Reply>;
  lookup(named: Record<string, string | undefined>, key?: string): Promise<Reply>;
  /** A paid order's detail (its one participant issued). */
  paid(): Promise<Data>;
}

function gateWorld(h: Harness): Gate {
  const w = world(h);
  const gate = makeCaller(h.services, 'staff', { eventId: w.event.id, permission: 'event:checkin' });
  return {
    w,
    gate,
    checkIn: (body, options = {}) =>
      h.request({ method: 'POST', url: checkInPath(w.event.id), key: options.token ? undefined : (options.key ?? gate.key), token: options.token, body, headers: options.headers }),
    lookup: (named, key = gate.key) => h.request({ url: lookupPath(w.event.id, named), key }),
    paid: async () => (await sale(w, 'paid')).order,
  };
}

const masked = (nik: string) => `${nik.slice(0, 4)}********${nik.slice(-4)}`;

/** What the gate shows of an order's participant before it is checked in. */
function gateViewOf(w: World, order: Data) {
  const [p] = order.participants;
  return {
    id: p.id,
    orderId: order.id,
    ticketNumber: p.ticketNumber,
    name: p.name,
    ticketCategoryId: p.ticketCategoryId,
    ticketCategoryName: w.event.tickets[0]!.name,
    status: 'registered',
    identityNumber: masked(p.identityNumber),
    checkIn: null,
  };
}

describe('looking a ticket up', () => {
  const harness = useHarness();

  it('by ticket number (any case, dash or not) and by QR token: the same participant, NIK masked, checkIn null, then filled', async () => {
    const g = gateWorld(harness());
    const order = await g.paid();
    const [participant] = order.participants;
    const expected = gateViewOf(g.w, order);

    const byNumber = await g.lookup({ ticketNumber: participant.ticketNumber.toLowerCase() });
    expect(expectOk(byNumber)).toEqual(expected);
    // As a person types it from the paper: without the dash, or with a space.
    const bare = participant.ticketNumber.replace('-', '');
    for (const typed of [bare, ` ${bare.slice(0, 4)} ${bare.slice(4)} `]) expect(expectOk(await g.lookup({ ticketNumber: typed }))).toEqual(expected);
    expectShape(byNumber.body.data, GATE_PARTICIPANT);
    expect(byNumber.raw).not.toContain(participant.identityNumber);
    expect(byNumber.body.message).toBe(messages.ticketLookedUp);
    const token = await scanTicket(g.w, participant);
    expect(expectOk(await g.lookup({ token }))).toEqual(expected);
    expect(expectOk(await g.lookup({ orderId: order.id }))).toEqual(expected);

    expectOk(await g.checkIn({ ticketNumber: participant.ticketNumber, gate: 'Gerbang Utara' }), 201);
    const after = expectOk(await g.lookup({ token }));
    expect(after).toEqual({
      ...expected,
      status: 'checked_in',
      checkIn: { checkedInAt: toIso(g.w.h.clock(), 'Asia/Jakarta'), gate: 'Gerbang Utara', checkedInBy: g.gate.user.name },
    });
    expectShape(after, GATE_PARTICIPANT);
    // The order's own participant says so too.
    expect((await g.w.detail(order)).participants[0].status).toBe('checked_in');
  });
});

describe('checking in', () => {
  const harness = useHarness();

  it('by ticket number, by QR token and by order id: 201 with the participant and the check-in, recorded with the key used', async () => {
    const g = gateWorld(harness());
    const [byNumber, byToken, byOrder] = [await g.paid(), await g.paid(), await g.paid()];
    const bodies = [
      { ticketNumber: byNumber.participants[0].ticketNumber },
      { token: await scanTicket(g.w, byToken.participants[0]), gate: 'Gerbang Selatan' },
      { orderId: byOrder.id, gate: 'Pemindai 3' },
    ];
    const now = toIso(g.w.h.clock(), 'Asia/Jakarta');
    for (const [i, order] of [byNumber, byToken, byOrder].entries()) {
      const reply = await g.checkIn(bodies[i]);
      const result = expectOk(reply, 201);
      expect(reply.body.message).toBe(messages.checkedIn);
      expect(Object.keys(result).sort()).toEqual(['checkIn', 'participant']);
      expectShape(result.participant, GATE_PARTICIPANT);
      expectShape(result.checkIn, CHECK_IN);
      const checkIn = { checkedInAt: now, gate: bodies[i]!.gate ?? '', checkedInBy: g.gate.user.name };
      expect(result).toEqual({ participant: { ...gateViewOf(g.w, order), status: 'checked_in', checkIn }, checkIn });
    }
    const rows = g.w.h.services.database.sqlite.prepare('select api_key_id, user_id from check_ins').all() as { api_key_id: string; user_id: string }[];
    expect(rows).toHaveLength(3);
    const keyId = g.w.h.services.apiKeys.authenticate(g.gate.key)?.apiKeyId;
    expect(rows.every((r) => r.api_key_id === keyId && r.user_id === g.gate.user.id)).toBe(true);
  });

  it('with a login instead of a key, and by an organizer or an event:update operator as well', async () => {
    const h = harness();
    const g = gateWorld(h);
    const login = await logIn(h, g.gate.user.email);
    const first = await g.paid();
    expectOk(await g.checkIn({ orderId: first.id }, { token: login.token }), 201);
    const row = h.services.database.sqlite.prepare('select api_key_id from check_ins where order_id = ?').get(first.id) as { api_key_id: string | null };
    expect(row.api_key_id).toBeNull();

    const operator = makeCaller(h.services, 'staff', { eventId: g.w.event.id, permission: 'event:update' });
    expectOk(await g.checkIn({ orderId: (await g.paid()).id }, { key: operator.key }), 201);
    expectOk(await g.checkIn({ orderId: (await g.paid()).id }, { key: g.w.organizer.key }), 201);
  });

  it('keeps the time of the scan given in checkedInAt (up to a minute ahead of the clock) and refuses a time in the future', async () => {
    const g = gateWorld(harness());
    const clock = g.w.h.clock;
    const earlier = toIso(clock() - 3_600_000, 'Asia/Jakarta');
    const result = expectOk(await g.checkIn({ orderId: (await g.paid()).id, checkedInAt: earlier }), 201);
    expect(result.checkIn.checkedInAt).toBe(earlier);
    // Given in UTC, answered in the event's time zone.
    const skewed = clock() + 30_000;
    const ahead = expectOk(await g.checkIn({ orderId: (await g.paid()).id, checkedInAt: new Date(skewed).toISOString() }), 201);
    expect(ahead.checkIn.checkedInAt).toBe(toIso(skewed, 'Asia/Jakarta'));

    const future = await g.paid();
    const refused = await g.checkIn({ orderId: future.id, checkedInAt: toIso(clock() + 2 * 60_000, 'Asia/Jakarta') });
    expect(expectError(refused, 400, 'VALIDATION_FAILED').details).toEqual([{ field: 'checkedInAt', message: messages.checkedInAtInFuture }]);
    expect(expectOk(await g.lookup({ orderId: future.id })).checkIn).toBeNull();
  });

  it("refuses a checkedInAt before the ticket could be sold (its category's sale start)", async () => {
    const g = gateWorld(harness());
    const saleStart = Date.parse(g.w.event.tickets[0]!.saleStartAt);
    const order = await g.paid();
    for (const checkedInAt of ['2019-01-01T10:00:00+07:00', toIso(saleStart - 60_000, 'Asia/Jakarta')]) {
      const refused = await g.checkIn({ orderId: order.id, checkedInAt });
      expect(expectError(refused, 400, 'VALIDATION_FAILED').details).toEqual([{ field: 'checkedInAt', message: messages.checkedInAtBeforeSale }]);
    }
    expect(expectOk(await g.lookup({ orderId: order.id })).checkIn).toBeNull();
    // At the sale start itself it is taken: no ticket could be scanned earlier, any later one may
    // have been, at a counter whose sale and scan reach this service later.
    expectOk(await g.checkIn({ orderId: order.id, checkedInAt: toIso(saleStart, 'Asia/Jakarta') }), 201);
  });

  it.each([
    ['no identifier', { gate: 'Gerbang Utara' }, 'body'],
    ['two identifiers', { ticketNumber: 'ABCD-EFGH', orderId: UNKNOWN }, 'orderId'],
    ['an empty gate', { orderId: UNKNOWN, gate: '' }, 'gate'],
    ['a gate over 100 characters', { orderId: UNKNOWN, gate: 'G'.repeat(101) }, 'gate'],
    ['a checkedInAt without offset', { orderId: UNKNOWN, checkedInAt: '2026-12-06T20:15:00' }, 'checkedInAt'],
    ['a ticket number that is not a string', { ticketNumber: 42 }, 'ticketNumber'],
  ])('refuses a body with %s (400 on %s)', async (_why, body, field) => {
    const g = gateWorld(harness());
    expectValidation(await g.checkIn(body), field);
  });

  it('refuses a lookup without an identifier or with two', async () => {
    const g = gateWorld(harness());
    expectValidation(await g.lookup({}), 'querystring');
    expectValidation(await g.lookup({ ticketNumber: 'ABCD-EFGH', token: 'a.b.c' }), 'token');
  });

  it('honours Idempotency-Key: a retried check-in replays its 201 and checks in once', async () => {
    const g = gateWorld(harness());
    const order = await g.paid();
    const headers = { 'idempotency-key': 'gerbang-utara-0001' };
    const first = await g.checkIn({ orderId: order.id, gate: 'Gerbang Utara' }, { headers });
    const again = await g.checkIn({ orderId: order.id, gate: 'Gerbang Utara' }, { headers });
    expect(again.status).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body.data).toEqual(first.body.data);
    expect(countRows(g.w.h.services, 'check_ins')).toBe(1);
  });
});

describe('a ticket checked in already', () => {
  const harness = useHarness();

  it('a second scan is 409 ALREADY_CHECKED_IN saying when (in the event time zone) and where, on the field given', async () => {
    const g = gateWorld(harness());
    const order = await g.paid();
    const [participant] = order.participants;
    const token = await scanTicket(g.w, participant);
    g.w.h.clock.set(SCAN_AT);
    expectOk(await g.checkIn({ token, gate: 'Gerbang Utara' }), 201);

    g.w.h.clock.set(SCAN_AT + 20 * 60_000);
    const text = 'Tiket sudah dipakai masuk pada Minggu, 06 Desember 2026 pukul 20.15 WIB di Gerbang Utara';
    for (const [field, body] of [
      ['ticketNumber', { ticketNumber: participant.ticketNumber, gate: 'Gerbang Selatan' }],
      ['token', { token }],
      ['orderId', { orderId: order.id }],
    ] as const) {
      const reply = await g.checkIn(body);
      expect(reply.body.message).toBe(text);
      expect(expectError(reply, 409, 'ALREADY_CHECKED_IN').details).toEqual([{ field, message: text }]);
    }
    // The first check-in stands.
    expect(expectOk(await g.lookup({ token })).checkIn).toEqual({ checkedInAt: '2026-12-06T20:15:00.000+07:00', gate: 'Gerbang Utara', checkedInBy: g.gate.user.name });
  });

  it('without a gate the message says when only', async () => {
    const g = gateWorld(harness());
    const order = await g.paid();
    g.w.h.clock.set(SCAN_AT);
    expectOk(await g.checkIn({ orderId: order.id }), 201);
    const reply = await g.checkIn({ orderId: order.id });
    expectError(reply, 409, 'ALREADY_CHECKED_IN');
    expect(reply.body.message).toBe('Tiket sudah dipakai masuk pada Minggu, 06 Desember 2026 pukul 20.15 WIB');
  });

  it('10 parallel scans of one ticket over real connections: one 201, nine 409, one check-in', async () => {
    const h = harness();
    const g = gateWorld(h);
    const order = await g.paid();
    const [participant] = order.participants;
    const token = await scanTicket(g.w, participant);
    const base = await h.app.listen({ port: 0, host: '127.0.0.1' });
    // Every way of naming the ticket, from several gates at once.
    const named = [{ ticketNumber: participant.ticketNumber }, { token }, { orderId: order.id }];
    const replies = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        fetchJson(`${base}${checkInPath(g.w.event.id)}`, { method: 'POST', headers: { 'x-api-key': g.gate.key }, body: { ...named[i % 3], gate: `Gerbang ${i}` } }),
      ),
    );
    const outcomes = replies.map((r) => `${r.status} ${r.body.error?.code ?? ''}`.trim()).sort();
    expect(outcomes).toEqual(['201', ...Array(9).fill('409 ALREADY_CHECKED_IN')]);
    const winner = replies.find((r) => r.status === 201)!.body.data;
    expect(expectOk(await g.lookup({ token })).checkIn).toEqual(winner.checkIn);
    expect(countRows(h.services, 'check_ins')).toBe(1);
  });
});

describe('tokens that are not genuine', () => {
  const harness = useHarness();

  /** Each bad token is refused by the lookup and by the check-in alike, as invalid, on `token`. */
  async function expectInvalid(g: Gate, token: string): Promise<void> {
    for (const reply of [await g.lookup({ token }), await g.checkIn({ token })]) {
      expect(expectError(reply, 400, 'VALIDATION_FAILED').details).toEqual([{ field: 'token', message: messages.ticketTokenInvalid }]);
    }
  }

  it('refuses a forged token (another Ed25519 key, with or without the counter key id) as invalid, never as a lookup', async () => {
    const g = gateWorld(harness());
    const order = await g.paid();
    const { kid } = g.w.h.services.ticketKeys.all()[0]!;
    await expectInvalid(g, forgeToken(claimsOf(order.participants[0]), kid));
    await expectInvalid(g, forgeToken(claimsOf(order.participants[0]), 'another-counter'));
    expect(countRows(g.w.h.services, 'check_ins')).toBe(0);
  });

  it('refuses an altered token (one character of its payload changed), a token of another event and a malformed string', async () => {
    const h = harness();
    const g = gateWorld(h);
    const order = await g.paid();
    const token = await scanTicket(g.w, order.participants[0]);
    await expectInvalid(g, alterToken(token));
    await expectInvalid(g, 'bukan-token-tiket');
    await expectInvalid(g, 'a.b.c');

    const other = importEvent(h.services, g.w.organizer.user);
    const elsewhere = await g.w.checkout(await g.w.createOrder({}, other), { method: 'card' });
    await expectInvalid(g, await scanTicket(g.w, elsewhere.participants[0]));
    // The genuine token still works.
    expectOk(await g.checkIn({ token }), 201);
  });

  it('a token the counter signed for a participant it does not have: 404 TICKET_NOT_FOUND', async () => {
    const h = harness();
    const g = gateWorld(h);
    const order = await g.paid();
    const { kid } = h.services.ticketKeys.all()[0]!;
    const ghost = signToken({ ...claimsOf(order.participants[0]), pid: UNKNOWN }, counterSigningKey(h.services), kid);
    expectError(await g.lookup({ token: ghost }), 404, 'TICKET_NOT_FOUND');
    expectError(await g.checkIn({ token: ghost }), 404, 'TICKET_NOT_FOUND');
  });

  it('a token signed with an unrelated key pair that names no counter key at all is still just invalid', async () => {
    const g = gateWorld(harness());
    const order = await g.paid();
    const { privateKey } = generateKeyPairSync('ed25519');
    await expectInvalid(g, signToken(claimsOf(order.participants[0]), privateKey, ''));
  });
});

describe('tickets that are not valid', () => {
  const harness = useHarness();

  it('an unknown ticket number or order: 404 TICKET_NOT_FOUND', async () => {
    const g = gateWorld(harness());
    for (const named of [{ ticketNumber: 'ZZZZ-ZZZZ' }, { orderId: UNKNOWN }]) {
      for (const reply of [await g.lookup(named), await g.checkIn(named)]) {
        expectError(reply, 404, 'TICKET_NOT_FOUND');
        expect(reply.body.message).toBe(messages.ticketNotFound);
      }
    }
  });

  it.each([
    ['unpaid', messages.ticketNotPaid],
    ['verification', messages.ticketNotPaid],
    ['cancelled', messages.ticketOrderCancelled],
  ] as const)('an order %s: 404 TICKET_NOT_FOUND, the ticket is not valid, and the gate is told why', async (state, why) => {
    const g = gateWorld(harness());
    const { order } = await sale(g.w, state);
    for (const reply of [await g.lookup({ orderId: order.id }), await g.checkIn({ orderId: order.id })]) {
      expectError(reply, 404, 'TICKET_NOT_FOUND');
      expect(reply.body.message).toBe(why);
    }
    expect(countRows(g.w.h.services, 'check_ins')).toBe(0);
  });

  it("another event's order or ticket number is not found at this event's gate", async () => {
    const h = harness();
    const g = gateWorld(h);
    const other = importEvent(h.services, g.w.organizer.user);
    const elsewhere = await g.w.checkout(await g.w.createOrder({}, other), { method: 'card' });
    expectError(await g.checkIn({ orderId: elsewhere.id }), 404, 'TICKET_NOT_FOUND');
    expectError(await g.checkIn({ ticketNumber: elsewhere.participants[0].ticketNumber }), 404, 'TICKET_NOT_FOUND');
  });
});

describe('who may check in', () => {
  const harness = useHarness();

  it('a gate user (event:checkin only) looks up and checks in, and nothing else: orders, invoices, tickets and QR images are 403', async () => {
    const h = harness();
    const g = gateWorld(h);
    const order = await g.paid();
    const key = g.gate.key;
    expectOk(await g.lookup({ orderId: order.id }));
    expectOk(await g.checkIn({ orderId: order.id }), 201);

    const refused = [
      await h.request({ method: 'POST', url: ordersPath(g.w.event.id), key, body: orderBody(g.w.event) }),
      await h.request({ url: ordersPath(g.w.event.id), key }),
      await h.request({ url: orderPath(g.w.event.id, order.id), key }),
      await h.request({ url: ticketsPath(g.w.event.id), key }),
      await h.request({ method: 'POST', url: orderActionPath(g.w.event.id, order.id, 'cancel'), key }),
    ];
    for (const reply of refused) expectError(reply, 403, 'FORBIDDEN');
    expect((await getBytes(h.app, invoicePath(g.w.event.id, order.id), key)).status).toBe(403);
    expect((await getBytes(h.app, qrPath(order.participants[0].qrCode), key)).status).toBe(403);
    // Like any grant, the event is among the user's own.
    const mine = expectList(await h.request({ url: '/events?ownerId=me', key }));
    expect(mine.data.map((e: { id: string }) => e.id)).toEqual([g.w.event.id]);
    // The check-in shows in the order for those who may read it.
    expect((await g.w.detail(order)).participants[0].status).toBe('checked_in');
  });

  it('no grant, or event:read only: 403; no credential: 401; an unknown event: 404', async () => {
    const h = harness();
    const g = gateWorld(h);
    const order = await g.paid();
    const stranger = makeCaller(h.services, 'staff');
    const reader = makeCaller(h.services, 'staff', { eventId: g.w.event.id, permission: 'event:read' });
    for (const key of [stranger.key, reader.key]) {
      expectError(await g.lookup({ orderId: order.id }, key), 403, 'FORBIDDEN');
      expectError(await g.checkIn({ orderId: order.id }, { key }), 403, 'FORBIDDEN');
    }
    expectError(await h.request({ method: 'POST', url: checkInPath(g.w.event.id), body: { orderId: order.id } }), 401, 'UNAUTHENTICATED');
    expectError(await h.request({ url: lookupPath(g.w.event.id, { orderId: order.id }) }), 401, 'UNAUTHENTICATED');
    expectError(await h.request({ method: 'POST', url: checkInPath(UNKNOWN), key: g.gate.key, body: { orderId: order.id } }), 404, 'EVENT_NOT_FOUND');
    expect(countRows(h.services, 'check_ins')).toBe(0);
  });
});

describe('user grant --permission event:checkin', () => {
  it('makes a gate user on the command line, who checks in and cannot list orders', async () => {
    const dir = tempDir();
    try {
      const { key: organizerKey, event } = seedDataDir(dir.path);
      const cli = (...args: string[]) => runCli([...args, '--data-dir', dir.path]);
      const email = 'gerbang@cli.example';
      expect((await cli('user', 'create', '--email', email, '--name', 'Petugas Gerbang', '--role', 'staff', '--password', PASSWORD)).code).toBe(0);
      const granted = await cli('user', 'grant', '--email', email, '--event', event.slug, '--permission', 'event:checkin');
      expect(granted.code, granted.stderr).toBe(0);
      expect(JSON.parse(granted.stdout)).toMatchObject({ eventId: event.id, permission: 'event:checkin' });
      const wrong = await cli('user', 'grant', '--email', email, '--event', event.slug, '--permission', 'event:scan');
      expect(wrong.code).toBe(2);
      expect(wrong.stderr).toMatch(/event:read, event:update, event:checkin/);
      const gateKey = (await cli('apikey', 'create', '--email', email, '--name', 'Pemindai')).stdout.trim();

      const h = await startHarness({ dataDir: dir.path });
      try {
        const created = expectOk(await h.request({ method: 'POST', url: ordersPath(event.id), key: organizerKey, body: orderBody(event) }), 201);
        await h.request({ method: 'POST', url: orderActionPath(event.id, created.id, 'checkout'), key: organizerKey, body: { method: 'card' } });
        expectOk(await h.request({ method: 'POST', url: checkInPath(event.slug), key: gateKey, body: { orderId: created.id } }), 201);
        expectError(await h.request({ url: ordersPath(event.id), key: gateKey }), 403, 'FORBIDDEN');
      } finally {
        await h.close();
      }
    } finally {
      dir.remove();
    }
  });
});

describe('generated scans never break the envelope', () => {
  const harness = useHarness('file');

  it('lookups and check-ins with generated identifiers, gates and times: never a 5xx, each ticket checked in at most once', async () => {
    const h = harness();
    const g = gateWorld(h);
    const orders = [await g.paid(), await g.paid(), await g.paid()];
    const unpaid = (await sale(g.w, 'unpaid')).order;
    const tokens = await Promise.all(orders.map((o) => scanTicket(g.w, o.participants[0])));
    const junk = fc.oneof(fc.string(), fc.constantFrom('', ' ', '.', '..', 'a.b.c', '%', '😀', 'null', '{}', 'eyJ9.eyJ9.eyJ9'));
    const maybe = <T>(valid: fc.Arbitrary<T>) =>
      fc.oneof({ weight: 6, arbitrary: valid }, { weight: 1, arbitrary: junk }, { weight: 3, arbitrary: fc.constant(undefined) });
    const named = {
      ticketNumber: maybe(fc.constantFrom(...orders.map((o) => o.participants[0].ticketNumber as string), 'zzzz-zzzz')),
      token: maybe(fc.oneof(fc.constantFrom(...tokens), fc.constantFrom(...tokens).map(alterToken))),
      orderId: maybe(fc.constantFrom(...orders.map((o) => o.id as string), unpaid.id, UNKNOWN)),
    };
    const body = fc.record(
      {
        ...named,
        gate: maybe(fc.string({ minLength: 1, maxLength: 110 })),
        checkedInAt: maybe(
          fc.oneof(
            fc.integer({ min: -3 * 3_600_000, max: 3 * 60_000 }).map((ms) => new Date(h.clock() + ms).toISOString()),
            fc.constantFrom('0001-01-01T00:00:00Z', '9999-12-31T23:59:59+14:00', '2026-02-30T10:00:00+07:00', '2026-12-06'),
          ),
        ),
      },
      { requiredKeys: [] },
    );
    const allowed = [200, 201, 400, 404, 409];
    const check = (reply: Reply) => {
      expect(envelopeErrors(reply), `${reply.status} ${reply.raw.slice(0, 300)}`).toEqual([]);
      expect(allowed).toContain(reply.status);
    };
    const query = fc.record(named, { requiredKeys: [] });
    await fc.assert(
      fc.asyncProperty(fc.oneof(body.map((b) => ['post', b] as const), query.map((q) => ['get', q] as const)), async ([method, input]) => {
        check(method === 'post' ? await g.checkIn(input) : await g.lookup(input));
      }),
      { numRuns: 300 },
    );
    const perParticipant = h.services.database.sqlite.prepare('select count(*) as n from check_ins group by participant_id').all() as { n: number }[];
    expect(perParticipant.every((r) => r.n === 1)).toBe(true);
    expect(perParticipant.length).toBeLessThanOrEqual(orders.length);
  });
});

describe('OpenAPI', () => {
  const harness = useHarness('file');

  it.each([
    // With what every route declares (http/mount.ts): 408 for a slow request, 431 for headers too large.
    ['get', '/events/{idOrSlug}/check-ins/lookup', [200, 400, 401, 403, 404, 408, 429, 431, 500]],
    ['post', '/events/{idOrSlug}/check-ins', [201, 400, 401, 403, 404, 408, 409, 413, 415, 422, 429, 431, 500, 503, 507]],
  ] as const)('%s %s is an extension, tagged check-in, secured, with every status', async (method, path, statuses) => {
    const document = (await harness().request({ url: '/openapi.json' })).body;
    const operation = document.paths[path][method];
    expect(operation.summary).toMatch(/^Extension: /);
    expect(operation.description).toMatch(/event:checkin/);
    expect(operation.tags).toEqual(['check-in']);
    expect(operation.security).toEqual([{ apiKey: [] }, { bearer: [] }]);
    expect(Object.keys(operation.responses).map(Number).sort((a, b) => a - b)).toEqual(statuses);
  });
});
