/**
 * The largest amounts (docs/cash-sessions.md, Money rules): a ticket at Rp 100.000.000 with the
 * largest fee, sold single in cash and in a full basket, refunded, reported and counted, answers
 * every figure (an import of Rp 9.999.999.999.999,99 once made the totals, the reports and the
 * count answer 500, and the shift could never close); beyond the largest, the price and the cash
 * handed over are refused where they enter.
 */
import { describe, expect, it } from 'vitest';
import { contract } from '../../src/shared/contract/index.js';
import { ImportFile } from '../../src/shared/schemas/import.js';
import { MAX_BASKET_LINES } from '../../src/shared/schemas/transaction.js';
import { approvalOf, countOf, drawer } from '../support/cash.js';
import { expectOk, expectValidation } from '../support/envelope.js';
import { eventInput, makeCaller, registration, ticketInput } from '../support/fixtures.js';
import { useHarness } from '../support/harness.js';
import { call } from '../support/http.js';
import { world } from '../support/world.js';

const LARGEST = '100000000';

describe('the largest amounts', () => {
  const harness = useHarness();

  it('sell, refund, report and count at the largest price and fee without a 5xx', async () => {
    const h = harness();
    const w = world(h, { feeBearer: 'customer', feeRateBp: 10_000, feeFlat: LARGEST, tickets: [ticketInput(h.clock(), { price: LARGEST, quota: 100 })] });
    const cashier = makeCaller(h.services, 'staff', { eventId: w.event.id, permission: 'event:update' });
    const as = (request: ReturnType<typeof call>, key = cashier.key) => h.request({ ...request, key });
    const shift = drawer(h, cashier);
    await shift.open({ n100000: 1 });
    const params = { idOrSlug: w.event.id };

    // One ticket: Rp 100 juta, fee 100% plus Rp 100 juta: Rp 300 juta, paid with the largest cash.
    const single = expectOk(await as(call(contract.createOrder, { params, body: { eventId: w.event.id, ticketCategoryId: w.event.tickets[0]!.id, registration: registration() } })), 201);
    expect(single.totalAmount).toBe('300000000.00');
    const paid = expectOk(await as(call(contract.checkout, { params: { ...params, orderId: single.id }, body: { method: 'cash', amountTendered: '1000000000' } })));
    expect(paid.payment).toMatchObject({ amountTendered: '1000000000.00', change: '700000000.00' });

    // A full basket by card: Rp 6 miliar.
    const lines = Array.from({ length: MAX_BASKET_LINES }, () => ({ ticketCategoryId: w.event.tickets[0]!.id, registration: registration() }));
    const basket = expectOk(await as(call(contract.createTransaction, { params, body: { eventId: w.event.id, lines } })), 201);
    expect(expectOk(await as(call(contract.checkoutTransaction, { params: { ...params, transactionId: basket.id }, body: { method: 'card' } })))).toMatchObject({ totalAmount: '6000000000.00', status: 'completed' });
    expectOk(await as(call(contract.refundOrder, { params: { ...params, orderId: single.id }, body: { reason: 'Batal', approval: approvalOf(w.organizer) } })));

    const totals = expectOk(await as(call(contract.orderTotals, { params, query: {} }), w.organizer.key));
    expect(JSON.stringify(totals)).toContain('6000000000.00');
    const day = { from: new Date(h.clock() - 86_400_000).toISOString(), to: new Date(h.clock() + 86_400_000).toISOString() };
    expectOk(await as(call(contract.getSalesReport, { query: day }), w.organizer.key));
    expect((await as(call(contract.getSalesReportCsv, { query: day }), w.organizer.key)).status).toBe(200);
    expectOk(await shift.report(w.organizer));
    const z = expectOk(await shift.count(countOf(10_000_000)));
    expect(z).toMatchObject({ expectedCash: '100000.00', difference: '0.00', session: { status: 'closed' } });
    expect(await shift.open({ n100000: 1 })).toMatchObject({ status: 'open' });
  });

  it('refuses a price or fee beyond the largest where it enters, and cash handed over beyond Rp 1 miliar', async () => {
    const now = Date.now();
    const event = eventInput(now, { feeFlat: '100000000.01', tickets: [ticketInput(now, { price: '9999999999999.99' })] });
    const parsed = ImportFile.safeParse({ events: [event] });
    expect(parsed.success).toBe(false);
    expect(parsed.error!.issues.map((i) => i.path.join('.')).sort()).toEqual(['events.0.feeFlat', 'events.0.tickets.0.price']);

    const h = harness();
    const w = world(h, { tickets: [ticketInput(h.clock(), { price: LARGEST })] });
    const order = await w.createOrder();
    expectValidation(await w.postAction(order, 'checkout', { method: 'cash', amountTendered: '1000000000.01' }), 'amountTendered');
    expectValidation(await w.postAction(order, 'checkout', { method: 'cash', amountTendered: '9999999999999.99' }), 'amountTendered');
  });
});
