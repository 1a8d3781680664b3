/**
 * Group entry at the gate: a basket's QR code (its group token, every paid ticket by number,
 * signed like a ticket) admits in one scan every attendee not yet inside. One already in is said
 * so, a refunded one is refused with why, a second scan admits no one twice, the lookup lists who
 * is in, and a forged, altered or other event's group token is refused.
 */
import { describe, expect, it } from 'vitest';
import { contract } from '../../src/shared/contract/index.js';
import { approvalOf } from '../support/cash.js';
import { expectError, expectOk, expectValidation } from '../support/envelope.js';
import { registration } from '../support/fixtures.js';
import { alterToken, checkInPath, forgeToken } from '../support/gate.js';
import { useHarness, type Harness } from '../support/harness.js';
import { call } from '../support/http.js';
import { readQr } from '../support/qr.js';
import { getBytes } from '../support/sale.js';
import { world, type World } from '../support/world.js';

describe('group entry', () => {
  const harness = useHarness();

  /** A paid basket of `size` attendees, one of them refunded and one already in; its group token as scanned off its QR image. */
  async function family(h: Harness, w: World, size = 4) {
    const lines = [...Array(size).keys()].map(() => ({ ticketCategoryId: w.event.tickets[0]!.id, registration: registration() }));
    const request = (endpoint: object, input: object) => h.request({ ...call(endpoint as never, input as never), key: w.organizer.key });
    const made = expectOk(await request(contract.createTransaction, { params: { idOrSlug: w.event.id }, body: { eventId: w.event.id, lines } }), 201);
    expect(made.groupToken).toBeNull();
    const params = { idOrSlug: w.event.id, transactionId: made.id };
    const paid = expectOk(await request(contract.checkoutTransaction, { params, body: { method: 'card', reference: 'EDC-7' } }));
    const image = await getBytes(h.app, `/events/${w.event.id}/admin/transactions/${made.id}/qr`, w.organizer.key);
    expect(image.headers['content-type']).toBe('image/png');
    const scanned = readQr(image.bytes);
    expect(scanned).toBe(paid.groupToken);
    return { paid, token: scanned!, tickets: paid.orders.map((o: { participants: { ticketNumber: string }[] }) => o.participants[0]!.ticketNumber) as string[] };
  }

  const scan = (h: Harness, w: World, token: string, gate = 'Gerbang Utara') =>
    h.request({ ...call(contract.checkInGroup, { params: { idOrSlug: w.event.id }, body: { token, gate } }), key: w.organizer.key });
  const look = (h: Harness, w: World, token: string) => h.request({ ...call(contract.lookUpGroup, { params: { idOrSlug: w.event.id }, query: { token } }), key: w.organizer.key });

  it('admits every attendee not yet inside in one scan, and no one twice', async () => {
    const h = harness();
    const w = world(h);
    const { paid, token, tickets } = await family(h, w);
    // One came in alone before; one was refunded.
    expectOk(await h.request({ method: 'POST', url: checkInPath(w.event.id), key: w.organizer.key, body: { ticketNumber: tickets[0] } }), 201);
    expectOk(
      await h.request({
        ...call(contract.refundOrder, { params: { idOrSlug: w.event.id, orderId: paid.orders[3].id }, body: { reason: 'Sakit', approval: approvalOf(w.organizer) } }),
        key: w.organizer.key,
      }),
    );

    const before = expectOk(await look(h, w, token));
    expect(before.tickets.map((t: { inside: boolean }) => t.inside)).toEqual([true, false, false, false]);
    expect(before.tickets[3].participant.status).toBe('refunded');

    const first = expectOk(await scan(h, w, token), 201);
    expect(first.admitted).toBe(2);
    expect(first.tickets.map((t: { outcome: string }) => t.outcome)).toEqual(['already_in', 'admitted', 'admitted', 'refused']);
    expect(first.tickets[1].participant).toMatchObject({ status: 'checked_in', checkIn: { gate: 'Gerbang Utara' } });
    expect(first.tickets[3].message).toMatch(/dikembalikan/);

    const again = expectOk(await scan(h, w, token, 'Gerbang Selatan'), 201);
    expect(again.admitted).toBe(0);
    expect(again.tickets.map((t: { outcome: string }) => t.outcome)).toEqual(['already_in', 'already_in', 'already_in', 'refused']);
    expect(again.tickets[1].message).toMatch(/Gerbang Utara/);

    const after = expectOk(await look(h, w, token));
    expect(after.tickets.map((t: { inside: boolean }) => t.inside)).toEqual([true, true, true, false]);
    // Each ticket still works alone: scanning one of the group by its number says it is in.
    expectError(await h.request({ method: 'POST', url: checkInPath(w.event.id), key: w.organizer.key, body: { ticketNumber: tickets[2] } }), 409, 'ALREADY_CHECKED_IN');
  });

  it('refuses a forged, altered or other event’s group token, admitting no one', async () => {
    const h = harness();
    const w = world(h);
    const other = world(h);
    const { token, tickets } = await family(h, w, 2);
    const { token: otherToken } = await family(h, other, 2);
    const kid = JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString()).kid as string;
    const forged = forgeToken({ gid: 'palsu', eid: w.event.id, tns: tickets, iat: 1 }, kid);
    for (const bad of [forged, alterToken(token), otherToken, 'bukan-token']) {
      expectValidation(await scan(h, w, bad), 'token');
      expectValidation(await look(h, w, bad), 'token');
    }
    expect(expectOk(await look(h, w, token)).tickets.every((t: { inside: boolean }) => !t.inside)).toBe(true);
  });
});
