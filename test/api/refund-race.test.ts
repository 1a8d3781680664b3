/**
 * A refund and a check-in of the same ticket, sent at once: exactly one wins. A ticket that let
 * someone in is not refunded, and a refunded ticket lets no one in (cash-day.test.ts); the loser is
 * told why. Which one wins a race depends on timing (the refund first checks its approval's
 * password), so each round asserts only that one won and the other was refused in words.
 */
import { describe, expect, it } from 'vitest';
import { contract } from '../../src/shared/contract/index.js';
import { approvalOf } from '../support/cash.js';
import { expectError, expectOk } from '../support/envelope.js';
import { makeCaller, orderBody, orderPath, ordersPath } from '../support/fixtures.js';
import { checkInPath } from '../support/gate.js';
import { useHarness } from '../support/harness.js';
import { call } from '../support/http.js';
import { world } from '../support/world.js';

describe('a refund racing a check-in', () => {
  const harness = useHarness();

  it('exactly one of the two wins, whichever is sent first, and the other says why', async () => {
    const h = harness();
    const w = world(h);
    const cashier = makeCaller(h.services, 'staff', { eventId: w.event.id, permission: 'event:update' });
    const approval = approvalOf({ user: w.organizer.user, key: w.organizer.key });
    for (let i = 0; i < 8; i++) {
      const order = expectOk(await h.request({ method: 'POST', url: ordersPath(w.event.id), key: cashier.key, body: orderBody(w.event) }), 201);
      const params = { idOrSlug: w.event.id, orderId: order.id };
      const paid = expectOk(await h.request({ ...call(contract.checkout, { params, body: { method: 'card', reference: `EDC-${i}` } }), key: cashier.key }));
      const refund = () => h.request({ ...call(contract.refundOrder, { params, body: { reason: 'Batal datang', approval } }), key: cashier.key });
      const checkIn = () => h.request({ method: 'POST', url: checkInPath(w.event.id), key: cashier.key, body: { ticketNumber: paid.participants[0].ticketNumber } });
      const [refunded, admitted] = i % 2 === 0 ? await Promise.all([refund(), checkIn()]) : (await Promise.all([checkIn(), refund()])).reverse();

      const won = [refunded!.status === 200, admitted!.status === 200 || admitted!.status === 201];
      expect(won.filter(Boolean), `round ${i}: refund ${refunded!.status}, check-in ${admitted!.status}`).toHaveLength(1);
      const loser = won[0] ? admitted! : refunded!;
      expect(loser.status).toBe(409);
      expect(loser.body.message).toMatch(won[0] ? /refund/ : /sudah dipakai masuk/);
      const detail = expectOk(await h.request({ method: 'GET', url: orderPath(w.event.id, order.id), key: cashier.key }));
      expect(detail).toMatchObject(won[0] ? { status: 'cancelled', participants: [{ status: 'refunded' }] } : { status: 'completed', refund: null, participants: [{ status: 'checked_in' }] });
    }
  });

  it('a ticket already used at the gate is not refunded', async () => {
    const h = harness();
    const w = world(h);
    const cashier = makeCaller(h.services, 'staff', { eventId: w.event.id, permission: 'event:update' });
    const order = expectOk(await h.request({ method: 'POST', url: ordersPath(w.event.id), key: cashier.key, body: orderBody(w.event) }), 201);
    const params = { idOrSlug: w.event.id, orderId: order.id };
    const paid = expectOk(await h.request({ ...call(contract.checkout, { params, body: { method: 'card', reference: 'EDC-1' } }), key: cashier.key }));
    expectOk(await h.request({ method: 'POST', url: checkInPath(w.event.id), key: cashier.key, body: { ticketNumber: paid.participants[0].ticketNumber } }), 201);
    const refused = await h.request({ ...call(contract.refundOrder, { params, body: { reason: 'Batal datang', approval: approvalOf({ user: w.organizer.user, key: w.organizer.key }) } }), key: cashier.key });
    expectError(refused, 409, 'ALREADY_CHECKED_IN');
    expect(refused.body.message).toMatch(/sudah dipakai masuk/);
  });
});
