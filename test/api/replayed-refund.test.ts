/**
 * The cancel a counter replicates for its refund (the extension `refund` on the cancel body): a
 * key that could approve the refund itself applies it, a cashier's key is refused, and the
 * refund needs its reason.
 */
import { describe, expect, it } from 'vitest';
import { contract } from '../../src/shared/contract/index.js';
import { expectError, expectOk, expectValidation } from '../support/envelope.js';
import { makeCaller } from '../support/fixtures.js';
import { useHarness } from '../support/harness.js';
import { call } from '../support/http.js';
import { exactCash, world } from '../support/world.js';

const REPLAY = { reference: null, approvedByName: 'Pemilik Loket 2', approvedByEmail: 'pemilik@loket2.test', refundedByName: 'Kasir Loket 2' };

describe('a refund replayed as a cancel', () => {
  const harness = useHarness();

  async function paid() {
    const h = harness();
    const w = world(h);
    const order = await w.createOrder();
    await w.checkout(order, exactCash(order));
    const cashier = makeCaller(h.services, 'staff', { eventId: w.event.id, permission: 'event:update' });
    const cancel = (key: string, body: unknown) => h.request({ ...call(contract.cancelOrder, { params: { idOrSlug: w.event.id, orderId: order.id }, body: body as never }), key });
    return { h, w, order, cashier, cancel };
  }

  it("is applied for the event's organizer: cancelled, paid, the refund named, the ticket void", async () => {
    const { w, cancel } = await paid();
    const detail = expectOk(await cancel(w.organizer.key, { reason: 'Pembeli sakit', refund: REPLAY }));
    expect(detail).toMatchObject({ status: 'cancelled', paymentStatus: 'paid', refund: { method: 'cash', approvedBy: 'Pemilik Loket 2', refundedBy: 'Kasir Loket 2', reason: 'Pembeli sakit' } });
    expect(detail.participants[0].status).toBe('refunded');
    expect((await w.seats()).sold).toBe(0);
  });

  it("is refused for a cashier's key, and without a reason", async () => {
    const { w, order, cashier, cancel } = await paid();
    const refused = await cancel(cashier.key, { reason: 'Pembeli sakit', refund: REPLAY });
    expectError(refused, 409, 'INVALID_STATE');
    expect(refused.body.message).toMatch(/Minta supervisor melakukan refund di hub/);
    expectValidation(await cancel(w.organizer.key, { refund: REPLAY }), 'reason');
    // A plain cancel of a paid order stays refused for everyone.
    expectError(await cancel(w.organizer.key, { reason: 'batal' }), 409, 'INVALID_STATE');
    expect((await w.detail(order)).status).toBe('completed');
  });
});
