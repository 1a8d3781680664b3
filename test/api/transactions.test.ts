/**
 * Baskets through the API: a family of four in two categories paid once in cash (one change, one
 * rounding), every seat held or none with the refusing line named, an identity number twice in a
 * basket, a transfer verified once, a basket cancelled, and holds that lapse together.
 */
import { describe, expect, it } from 'vitest';
import { contract } from '../../src/shared/contract/index.js';
import { fromMinor, toMinor } from '../../src/shared/money.js';
import { approvalOf, countOf, drawer } from '../support/cash.js';
import { HOUR } from '../support/clock.js';
import { expectError, expectOk, expectValidation } from '../support/envelope.js';
import { makeCaller, registration, ticketInput } from '../support/fixtures.js';
import { useHarness, type Harness } from '../support/harness.js';
import { call } from '../support/http.js';
import { pdfText } from '../support/pdf.js';
import { getBytes } from '../support/sale.js';
import { statementsDuring } from '../support/statements.js';
import { world, type World } from '../support/world.js';

describe('baskets', () => {
  const harness = useHarness();

  function setUp(quota = 100) {
    const h = harness();
    const now = h.clock();
    const w = world(h, { tickets: [ticketInput(now, { name: 'Dewasa', price: '76875', quota }), ticketInput(now, { name: 'Anak', price: '40000' })] });
    return { h, w };
  }

  /** A family: one phone and e-mail carried over, two adults and two children. */
  const family = (w: World, adults = 2, children = 2) => {
    const shared = { phone: '+6281299990000', email: 'keluarga@contoh.id' };
    return [...Array(adults + children).keys()].map((i) => ({
      ticketCategoryId: w.event.tickets[i < adults ? 0 : 1]!.id,
      registration: registration({ ...shared, name: `Anggota ${i + 1}` }),
    }));
  };

  const post = <E extends (typeof contract)[keyof typeof contract]>(h: Harness, w: World, endpoint: E, input: object) =>
    h.request({ ...call(endpoint as never, input as never), key: w.organizer.key });

  const createBasket = (h: Harness, w: World, lines: unknown[]) => post(h, w, contract.createTransaction, { params: { idOrSlug: w.event.id }, body: { eventId: w.event.id, lines } });
  const act = (h: Harness, w: World, basket: { id: string }, endpoint: typeof contract.checkoutTransaction | typeof contract.confirmTransaction | typeof contract.rejectTransaction | typeof contract.cancelTransaction, body: unknown) =>
    post(h, w, endpoint, { params: { idOrSlug: w.event.id, transactionId: basket.id }, body });

  it('sells a family of four paid once in cash: one change, one rounding, four tickets', async () => {
    const { h, w } = setUp();
    h.services.settings.update({ cashRoundingRupiah: 500 });
    const cashier = makeCaller(h.services, 'staff', { eventId: w.event.id, permission: 'event:update' });
    const drawerOf = drawer(h, cashier);
    await drawerOf.open({ n100000: 2 });

    const created = expectOk(await h.request({ ...call(contract.createTransaction, { params: { idOrSlug: w.event.id }, body: { eventId: w.event.id, lines: family(w) } }), key: cashier.key }), 201);
    expect(created).toMatchObject({ status: 'payment_pending', totalAmount: '233750.00', amountTendered: null, createdBy: cashier.user.name });
    expect(created.orders).toHaveLength(4);
    // Held together: one hold window for all four.
    expect(new Set(created.orders.map((o: { id: string }) => h.services.database.sqlite.prepare('select expires_at from orders where id = ?').pluck().get(o.id))).size).toBe(1);

    // Rp 233.750 rounds to Rp 234.000 in cash: Rp 300.000 handed over, Rp 66.000 back.
    const tooLittle = await h.request({ ...call(contract.checkoutTransaction, { params: { idOrSlug: w.event.id, transactionId: created.id }, body: { method: 'cash', amountTendered: '233750' } }), key: cashier.key });
    expectValidation(tooLittle, 'amountTendered');
    const paid = expectOk(await h.request({ ...call(contract.checkoutTransaction, { params: { idOrSlug: w.event.id, transactionId: created.id }, body: { method: 'cash', amountTendered: '300000' } }), key: cashier.key }));
    expect(paid).toMatchObject({ status: 'completed', amountTendered: '300000.00', change: '66000.00' });
    const payments = paid.orders.map((o: { payment: { amountTendered: string; change: string; rounding: string } }) => o.payment);
    expect(payments.reduce((sum: number, p: { amountTendered: string }) => sum + toMinor(p.amountTendered), 0)).toBe(toMinor('300000'));
    expect(payments.reduce((sum: number, p: { rounding: string }) => sum + toMinor(p.rounding), 0)).toBe(toMinor('250'));
    // Each line's cash is one the drawer holds (docs/cash-sessions.md, Money rules): 77.000, 77.000, 40.000, 40.000.
    expect(payments.map((p: { amountTendered: string; change: string }) => toMinor(p.amountTendered) - toMinor(p.change))).toEqual([7_700_000, 7_700_000, 4_000_000, 4_000_000]);
    expect(payments.at(-1)).toMatchObject({ change: '66000.00', rounding: '0.00' });
    // Each attendee has a ticket and an invoice number of its own, in sequence; the buyer is one customer.
    const tickets = paid.orders.map((o: { participants: { ticketNumber: string }[] }) => o.participants[0]!.ticketNumber);
    expect(new Set(tickets).size).toBe(4);
    expect(paid.orders.map((o: { invoiceNumber: string }) => o.invoiceNumber.slice(-6))).toEqual(['000001', '000002', '000003', '000004']);
    expect(new Set(paid.orders.map((o: { buyerUserId: string }) => o.buyerUserId)).size).toBe(1);

    // The drawer holds the float and the rounded total.
    const session = expectOk(await h.request({ ...call(contract.currentCashSession, {}), key: cashier.key }));
    const x = expectOk(await h.request({ ...call(contract.getCashReport, { params: { sessionId: session.id } }), key: w.organizer.key }));
    expect(x).toMatchObject({ salesCount: 4, salesTotal: '233750.00', rounding: '250.00', expectedCash: fromMinor(toMinor('200000') + toMinor('234000')) });
    expectError(await act(h, w, created, contract.checkoutTransaction, { method: 'card' }), 409, 'INVALID_STATE');

    // One receipt for the family: every attendee with its invoice number, the cash and change, every ticket.
    for (const layout of ['a4', 'receipt']) {
      const receipt = await getBytes(h.app, `/events/${w.event.id}/admin/transactions/${created.id}/receipt?layout=${layout}`, cashier.key);
      expect(receipt.headers['content-type']).toBe('application/pdf');
      const text = await pdfText(receipt.bytes);
      for (const ticket of tickets) expect(text).toContain(ticket);
      for (const order of paid.orders) expect(text).toContain(order.invoiceNumber);
      expect(text).toMatch(/Tunai diterima\s+Rp 300\.000/);
      expect(text).toMatch(/Kembalian\s+Rp 66\.000/);
      expect(text).toContain('Anggota 4');
      // The first is the original; the second (the other layout) a copy.
      if (layout === 'a4') expect(text).not.toContain('SALINAN');
      else expect(text).toContain('SALINAN');
    }

    // One adult refunded: Rp 77.000 back out of the drawer, which a count then matches to the rupiah.
    h.services.settings.update({ cashToleranceRupiah: 0 });
    const refund = await h.request({ ...call(contract.refundOrder, { params: { idOrSlug: w.event.id, orderId: paid.orders[0].id }, body: { reason: 'Batal datang', approval: approvalOf(w.organizer) } }), key: cashier.key });
    expectOk(refund);
    const z = expectOk(await drawerOf.count(countOf(toMinor('357000'))));
    expect(z).toMatchObject({ expectedCash: '357000.00', difference: '0.00', approvalRequired: false });
  });

  it('holds every seat or none, and names the line refused', async () => {
    const { h, w } = setUp(2);
    const refused = await createBasket(h, w, family(w, 3, 1));
    expectError(refused, 409, 'SOLD_OUT');
    expect(refused.body.message).toMatch(/^Peserta 3: /);
    expect(refused.body.error.details).toEqual([expect.objectContaining({ field: 'lines.2.ticketCategoryId' })]);
    expect(await w.seats()).toMatchObject({ held: 0, sold: 0 });
    expect(h.services.database.sqlite.prepare('select count(*) from orders').pluck().get()).toBe(0);

    // An identity number already sold here: that line, and nothing of the basket.
    const sold = await w.sell();
    const taken = family(w, 1, 2);
    taken[1]!.registration.identityNumber = (await w.detail(sold)).participants[0].identityNumber;
    const registered = await createBasket(h, w, taken);
    expectError(registered, 409, 'IDENTITY_NUMBER_REGISTERED');
    expect(registered.body.error.details).toEqual([expect.objectContaining({ field: 'lines.1.registration.identityNumber' })]);
    expect(h.services.database.sqlite.prepare('select count(*) from orders').pluck().get()).toBe(1);

    // The same identity number twice in one basket: refused at its second line before anything is held.
    const twice = family(w, 1, 1);
    twice[1]!.registration.identityNumber = twice[0]!.registration.identityNumber;
    expectValidation(await createBasket(h, w, twice), 'lines.1.registration.identityNumber');
  });

  it("reads its event in the group commit's transaction, as a single sale does", async () => {
    const { h, w } = setUp();
    const reads = await statementsDuring(h.services.database.sqlite, /"events"\."slug" = \?/, async () => expectOk(await createBasket(h, w, family(w)), 201));
    expect(reads).toEqual([{ inTransaction: true }]);
  });

  it('takes a transfer for every line at once, rejects or confirms it once; cancels what is unpaid', async () => {
    const { h, w } = setUp();
    const basket = expectOk(await createBasket(h, w, family(w, 1, 2)), 201);
    const awaiting = expectOk(await act(h, w, basket, contract.checkoutTransaction, { method: 'bank_transfer', reference: 'BCA 77' }));
    expect(awaiting.status).toBe('verification_pending');
    expect(awaiting.orders.map((o: { status: string }) => o.status)).toEqual(['verification_pending', 'verification_pending', 'verification_pending']);
    // Not seen arriving: rejected once, every line awaits payment again; then seen.
    const rejected = expectOk(await act(h, w, basket, contract.rejectTransaction, { reason: 'Belum masuk' }));
    expect(rejected.orders.map((o: { status: string }) => o.status)).toEqual(['payment_pending', 'payment_pending', 'payment_pending']);
    expectOk(await act(h, w, basket, contract.checkoutTransaction, { method: 'qris' }));
    const confirmed = expectOk(await act(h, w, basket, contract.confirmTransaction, {}));
    expect(confirmed.status).toBe('completed');
    expect(confirmed.orders.every((o: { participants: unknown[] }) => o.participants.length === 1)).toBe(true);

    const other = expectOk(await createBasket(h, w, family(w, 2, 0)), 201);
    const cancelled = expectOk(await act(h, w, other, contract.cancelTransaction, { reason: 'Tidak jadi' }));
    expect(cancelled.status).toBe('cancelled');
    expect(await w.seats()).toMatchObject({ held: 0, sold: 1 });
  });

  it('holds all or nothing under 30 baskets at once for 10 seats', async () => {
    const { h, w } = setUp(10);
    const replies = await Promise.all([...Array(30).keys()].map(() => createBasket(h, w, family(w, 3, 0))));
    const held = replies.filter((r) => r.status === 201);
    for (const refused of replies.filter((r) => r.status !== 201)) expectError(refused, 409, 'SOLD_OUT');
    // Three baskets of three fit in ten seats; no basket is held in part.
    expect(held).toHaveLength(3);
    expect(await w.seats()).toMatchObject({ held: 9, sold: 0 });
    const lines = h.services.database.sqlite.prepare("select transaction_id as t, count(*) as n from orders where status <> 'cancelled' group by transaction_id order by transaction_id").all();
    expect(lines).toEqual(held.map((r) => ({ t: r.body.data.id, n: 3 })).sort((a, b) => a.t.localeCompare(b.t)));
  });

  it('lets its holds lapse together, every seat free again', async () => {
    const { h, w } = setUp();
    const basket = expectOk(await createBasket(h, w, family(w)), 201);
    expect(await w.seats()).toMatchObject({ held: 2 });
    expect(await w.seats(w.event.tickets[1]!.id)).toMatchObject({ held: 2 });
    h.clock.advance(2 * HOUR);
    const lapsed = expectOk(await h.request({ ...call(contract.getTransaction, { params: { idOrSlug: w.event.id, transactionId: basket.id } }), key: w.organizer.key }));
    expect(lapsed.status).toBe('cancelled');
    expect(lapsed.orders.map((o: { paymentStatus: string }) => o.paymentStatus)).toEqual(['expired', 'expired', 'expired', 'expired']);
    expect(await w.seats()).toMatchObject({ held: 0, sold: 0 });
    expect(await w.seats(w.event.tickets[1]!.id)).toMatchObject({ held: 0, sold: 0 });
    expectError(await act(h, w, basket, contract.checkoutTransaction, { method: 'card' }), 409, 'INVALID_STATE');
  });
});
