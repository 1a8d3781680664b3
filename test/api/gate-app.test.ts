/**
 * The gate app's side of the service: an operator pairs a device for one event and gate with a
 * one-time code; the device's key checks tickets in there and is refused everywhere else; it reads
 * a copy of the event's tickets for when it loses the network, and uploads what it admitted
 * meanwhile once, a ticket that came in elsewhere meanwhile reported as a double admission.
 */
import { describe, expect, it } from 'vitest';
import { contract } from '../../src/shared/contract/index.js';
import { messages } from '../../src/shared/messages.js';
import { SNAPSHOT_REUSE_MS } from '../../src/main/domain/gate-snapshot.js';
import { toIso } from '../../src/main/domain/time.js';
import { expectError, expectList, expectOk } from '../support/envelope.js';
import { makeCaller, registration } from '../support/fixtures.js';
import { call } from '../support/http.js';
import { useHarness, type Harness } from '../support/harness.js';
import { MINUTE } from '../support/clock.js';
import { world } from '../support/world.js';

// Replies are read field by field.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Data = any;

async function paired(h: Harness, gate = 'Gerbang Utara', w = world(h)) {
  const pairing = expectOk(await h.request({ ...call(contract.createGatePairing, { body: { event: w.event.id, gate } }), key: w.organizer.key }), 201);
  const device = expectOk(await h.request(call(contract.pairGateDevice, { body: { code: pairing.code.toLowerCase().replace('-', ' ') } })), 201);
  const event = { params: { idOrSlug: w.event.id } };
  const as = (key: string) => ({
    checkIn: (body: Data) => h.request({ ...call(contract.checkIn, { ...event, body }), key }),
    snapshot: () => h.request({ ...call(contract.getGateSnapshot, event), key }),
    upload: (entries: Data[]) => h.request({ ...call(contract.uploadGateJournal, { ...event, body: { entries } }), key }),
  });
  return { w, pairing, device, ...as(device.key), as };
}

describe('pairing a gate device', () => {
  const harness = useHarness();

  it('trades a one-time code for a key that checks in at one event and does nothing else', async () => {
    const h = harness();
    const g = await paired(h);
    expect(g.pairing).toMatchObject({ pairPath: `/gate#pair=${g.pairing.code}`, gate: 'Gerbang Utara', eventName: g.w.event.name });
    expect(g.pairing.code).toMatch(/^[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}$/);
    expect(g.device.device).toMatchObject({ gate: 'Gerbang Utara', events: [{ id: g.w.event.id, reentryAllowed: false }] });
    expect(expectOk(await h.request({ ...call(contract.getGateDevice, {}), key: g.device.key }))).toEqual(g.device.device);

    // Used once.
    expectError(await h.request(call(contract.pairGateDevice, { body: { code: g.pairing.code } })), 400, 'VALIDATION_FAILED');
    // The organizer's rights, narrowed: no orders, no other event, no keys.
    const order = await g.w.sell();
    expectOk(await g.checkIn({ orderId: order.id, gate: 'Gerbang Utara' }), 201);
    expectError(await h.request({ ...call(contract.listOrders, { params: { idOrSlug: g.w.event.id } }), key: g.device.key }), 403, 'FORBIDDEN');
    expectError(await h.request({ ...call(contract.listApiKeys, {}), key: g.device.key }), 403, 'FORBIDDEN');
    expectError(await h.request({ ...call(contract.setGateSettings, { params: { idOrSlug: g.w.event.id }, body: { reentryAllowed: true } }), key: g.device.key }), 403, 'FORBIDDEN');
    const other = world(h);
    const elsewhere = await other.sell();
    expectError(await h.request({ ...call(contract.checkIn, { params: { idOrSlug: other.event.id }, body: { orderId: elsewhere.id } }), key: g.device.key }), 403, 'FORBIDDEN');

    // The key is listed with its gate, and revoking it unpairs the device at its next request.
    const keys = expectOk(await h.request({ ...call(contract.listApiKeys, {}), key: g.w.organizer.key }));
    const key = keys.find((k: Data) => k.gate !== null);
    expect(key).toMatchObject({ name: messages.gateDeviceKeyName('Gerbang Utara'), gate: { eventId: g.w.event.id, gate: 'Gerbang Utara' } });
    expectOk(await h.request({ ...call(contract.revokeApiKey, { params: { keyId: key.id } }), key: g.w.organizer.key }));
    expectError(await g.snapshot(), 401, 'UNAUTHENTICATED');
  });

  it('refuses an expired code, a cashier making one, and an event the maker does not run', async () => {
    const h = harness();
    const w = world(h);
    const pairing = expectOk(await h.request({ ...call(contract.createGatePairing, { body: { event: w.event.slug, gate: 'Gerbang Selatan' } }), key: w.organizer.key }), 201);
    h.clock.advance(11 * MINUTE);
    const late = expectError(await h.request(call(contract.pairGateDevice, { body: { code: pairing.code } })), 400, 'VALIDATION_FAILED');
    expect(late.details).toEqual([{ field: 'code', message: messages.gatePairingCodeInvalid }]);
    const cashier = makeCaller(h.services, 'staff', { eventId: w.event.id, permission: 'event:update' });
    expectError(await h.request({ ...call(contract.createGatePairing, { body: { event: w.event.id, gate: 'X' } }), key: cashier.key }), 403, 'FORBIDDEN');
    const stranger = makeCaller(h.services, 'organizer');
    expectError(await h.request({ ...call(contract.createGatePairing, { body: { event: w.event.id, gate: 'X' } }), key: stranger.key }), 403, 'FORBIDDEN');
  });
});

describe('offline at the gate', () => {
  const harness = useHarness();

  it("gives the event's tickets: who may come in, who is inside, and the keys of its QR codes", async () => {
    const h = harness();
    const g = await paired(h);
    const [inside, waiting, cancelled] = [await g.w.sell(), await g.w.sell(), await g.w.createOrder()];
    await g.w.cancel(cancelled);
    expectOk(await g.checkIn({ orderId: inside.id, gate: 'Gerbang Utara' }), 201);
    const snapshot = expectOk(await g.snapshot());
    expect(snapshot.keys).toEqual([h.services.ticketKeys.own]);
    const byOrder = new Map(snapshot.tickets.map((t: Data) => [t.orderId, t]));
    expect(byOrder.get(inside.id)).toMatchObject({ number: inside.participants[0].ticketNumber, refusal: null, checkIn: { gate: 'Gerbang Utara' } });
    expect(byOrder.get(waiting.id)).toMatchObject({ name: waiting.participants[0].name, refusal: null, checkIn: null, identityNumber: expect.stringMatching(/^\d{4}\*+\d{4}$/) });
    // An order never paid has no ticket to show.
    expect(byOrder.has(cancelled.id)).toBe(false);
  });

  it("builds the copy once for the venue's gates within SNAPSHOT_REUSE_MS, then anew", async () => {
    const h = harness();
    const g = await paired(h);
    const south = await paired(h, 'Gerbang Selatan', g.w);
    const first = expectOk(await g.snapshot());
    const sold = await g.w.sell();
    h.clock.advance(SNAPSHOT_REUSE_MS - 1);
    expect(expectOk(await south.snapshot())).toEqual(first);
    h.clock.advance(1);
    const fresh = expectOk(await south.snapshot());
    expect(fresh.takenAt).not.toBe(first.takenAt);
    expect(fresh.tickets.map((t: Data) => t.orderId)).toContain(sold.id);
  });

  it('records an uploaded journal once, at its own times, and reports a ticket that came in elsewhere meanwhile', async () => {
    const h = harness();
    const g = await paired(h);
    const south = await paired(h, 'Gerbang Selatan', g.w);
    const [a, b] = [await g.w.sell(), await g.w.sell()];
    const numberOf = (order: Data): string => order.participants[0].ticketNumber;
    const earlier = toIso(h.clock() - 5 * MINUTE, 'Asia/Jakarta');
    // While the north gate was offline, the south gate admitted b online.
    expectOk(await south.as(south.device.key).checkIn({ ticketNumber: numberOf(b), gate: 'Gerbang Selatan' }), 201);
    const entries = [
      { id: 'entry-0001', direction: 'entry', ticketNumber: numberOf(a), gate: 'Gerbang Utara', at: earlier },
      { id: 'entry-0002', direction: 'entry', ticketNumber: numberOf(b), gate: 'Gerbang Utara', at: earlier },
      { id: 'entry-0003', direction: 'entry', ticketNumber: 'ZZZZ-ZZZZ', gate: 'Gerbang Utara', at: earlier },
    ];
    const first = expectOk(await g.upload(entries));
    expect(first.results.map((r: Data) => [r.id, r.outcome])).toEqual([
      ['entry-0001', 'admitted'],
      ['entry-0002', 'double'],
      ['entry-0003', 'refused'],
    ]);
    expect(first.results[1].message).toMatch(/Gerbang Selatan/);
    // Uploaded again (its answer lost): the same answers, nothing recorded twice.
    expect(expectOk(await g.upload(entries))).toEqual(first);
    const lookup = expectOk(await h.request({ ...call(contract.lookUpTicket, { params: { idOrSlug: g.w.event.id }, query: { ticketNumber: numberOf(a) } }), key: g.device.key }));
    expect(lookup.checkIn).toMatchObject({ gate: 'Gerbang Utara', checkedInAt: earlier });
    const doubles = expectList(await h.request({ ...call(contract.listAuditLog, { query: { action: 'ticket.double_admission' } }), key: g.w.organizer.key })).data;
    expect(doubles).toHaveLength(1);
    expect(doubles[0]).toMatchObject({ subjectId: b.id, details: { ticketNumber: numberOf(b), gate: 'Gerbang Utara', checkedInAt: earlier } });
    expect(h.services.sync.status().notices.map((n: Data) => n.kind)).toContain('double_admission');
  });

  it('takes an entry whose check-in reached the instance online, its answer lost, as that same scan', async () => {
    const h = harness();
    const g = await paired(h);
    const order = await g.w.sell();
    const ticketNumber: string = order.participants[0].ticketNumber;
    const scan = 'scan-0000-lost-answer';
    // The phone sent the check-in; the instance admitted it, and its answer never came back.
    expectOk(await h.request({ ...call(contract.checkIn, { params: { idOrSlug: g.w.event.id }, body: { ticketNumber, gate: 'Gerbang Utara' } }), key: g.device.key, headers: { 'idempotency-key': scan } }), 201);
    h.clock.advance(3_000);
    // So it decided offline and journaled the scan under the same id, at its own (later) time.
    const entry = { id: scan, direction: 'entry', ticketNumber, gate: 'Gerbang Utara', at: toIso(h.clock(), 'Asia/Jakarta') };
    expect(expectOk(await g.upload([entry])).results).toEqual([{ id: scan, outcome: 'admitted', message: null }]);
    expect(expectList(await h.request({ ...call(contract.listAuditLog, { query: { action: 'ticket.double_admission' } }), key: g.w.organizer.key })).data).toEqual([]);
  });

  it("takes a group's members whose online scan's answer was lost as that scan: one device, no double", async () => {
    const h = harness();
    const g = await paired(h);
    const lines = [0, 1].map(() => ({ ticketCategoryId: g.w.event.tickets[0]!.id, registration: registration() }));
    const made = expectOk(await h.request({ ...call(contract.createTransaction, { params: { idOrSlug: g.w.event.id }, body: { eventId: g.w.event.id, lines } }), key: g.w.organizer.key }), 201);
    const paid = expectOk(await h.request({ ...call(contract.checkoutTransaction, { params: { idOrSlug: g.w.event.id, transactionId: made.id }, body: { method: 'card', reference: 'EDC-9' } }), key: g.w.organizer.key }));
    expectOk(await h.request({ ...call(contract.checkInGroup, { params: { idOrSlug: g.w.event.id }, body: { token: paid.groupToken, gate: 'Gerbang Utara' } }), key: g.device.key, headers: { 'idempotency-key': 'group-scan-lost' } }), 201);
    h.clock.advance(3_000);
    // The phone decided the group offline, each member an entry of its own.
    const at = toIso(h.clock(), 'Asia/Jakarta');
    const entries = paid.orders.map((order: Data, i: number) => ({ id: `group-member-${i}-x`, direction: 'entry', ticketNumber: order.participants[0].ticketNumber, gate: 'Gerbang Utara', at }));
    expect(expectOk(await g.upload(entries)).results.map((r: Data) => r.outcome)).toEqual(['admitted', 'admitted']);
    expect(expectList(await h.request({ ...call(contract.listAuditLog, { query: { action: 'ticket.double_admission' } }), key: g.w.organizer.key })).data).toEqual([]);
  });

  it("keeps an entry whose phone's clock runs ahead, at the instance's time", async () => {
    const h = harness();
    const g = await paired(h);
    const order = await g.w.sell();
    const ahead = toIso(h.clock() + 5 * MINUTE, 'Asia/Jakarta');
    const entry = { id: 'entry-clock-ahead', direction: 'entry', ticketNumber: order.participants[0].ticketNumber, gate: 'Gerbang Utara', at: ahead };
    expect(expectOk(await g.upload([entry])).results).toEqual([{ id: entry.id, outcome: 'admitted', message: null }]);
    const lookup = expectOk(await h.request({ ...call(contract.lookUpTicket, { params: { idOrSlug: g.w.event.id }, query: { orderId: order.id } }), key: g.device.key }));
    expect(lookup.checkIn.checkedInAt).toBe(toIso(h.clock(), 'Asia/Jakarta'));
  });

  it("records a paired device's scans at its own gate, whatever gate it names", async () => {
    const h = harness();
    const g = await paired(h);
    const [online, offline] = [await g.w.sell(), await g.w.sell()];
    expectOk(await g.checkIn({ orderId: online.id, gate: 'Gerbang Palsu' }), 201);
    const entry = { id: 'entry-other-gate', direction: 'entry', ticketNumber: offline.participants[0].ticketNumber, gate: 'Gerbang Palsu', at: toIso(h.clock(), 'Asia/Jakarta') };
    expectOk(await g.upload([entry]));
    const counts = expectOk(await h.request({ ...call(contract.gateCounts, { params: { idOrSlug: g.w.event.id } }), key: g.device.key }));
    expect(counts.byGate).toEqual([{ gate: 'Gerbang Utara', admitted: 2, refused: 0, exited: 0 }]);
  });

  it('answers two uploads of the same entries at once alike, each entry recorded once', async () => {
    const h = harness();
    const g = await paired(h);
    const south = await paired(h, 'Gerbang Selatan', g.w);
    const [a, b] = [await g.w.sell(), await g.w.sell()];
    expectOk(await south.checkIn({ orderId: b.id }), 201);
    const at = toIso(h.clock(), 'Asia/Jakarta');
    const entries = [a, b].map((order: Data, i: number) => ({ id: `entry-twice-${i}`, direction: 'entry', ticketNumber: order.participants[0].ticketNumber, gate: 'Gerbang Utara', at }));
    const [first, second] = await Promise.all([g.upload(entries), g.upload(entries)]);
    expect(expectOk(first)).toEqual(expectOk(second));
    expect(expectOk(first).results.map((r: Data) => r.outcome)).toEqual(['admitted', 'double']);
    expect(expectList(await h.request({ ...call(contract.listAuditLog, { query: { action: 'ticket.double_admission' } }), key: g.w.organizer.key })).data).toHaveLength(1);
  });
});
