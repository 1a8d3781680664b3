/**
 * What happens to an order after its creation (docs/api.md, "Taking payment, cancelling"): checkout by
 * each method, confirming and rejecting a deferred payment, cancel, every move the state refuses,
 * the participant a payment issues, and what each move does to the category's seats and to the
 * identity number. Expiry has its own file (orders-expiry.test.ts), fees too (orders-fees.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { MINUTE } from '../support/clock.js';
import { countRows, seatCounts } from '../support/db.js';
import { expectError, expectList, expectOk, expectValidation } from '../support/envelope.js';
import {
  ORDER_ACTIONS,
  makeCaller,
  orderActionPath,
  orderBody,
  ordersPath,
  ticketInput,
  type OrderAction,
} from '../support/fixtures.js';
import { useHarness, type Harness } from '../support/harness.js';
import { query } from '../support/http.js';
import { fetchJson } from '../support/serve.js';
import { ISO_WITH_OFFSET, TICKET_NUMBER } from '../support/shapes.js';
import { exactCash, world, type OrderRef, type World } from '../support/world.js';

type State = 'payment_pending' | 'verification_pending' | 'completed' | 'cancelled' | 'expired';

type Order = OrderRef & { totalAmount: string };
type Overrides = Parameters<World['createOrder']>[0];

/** How to bring a new order of the world's event (with these overrides) into each state, through the API only. */
const REACH: Record<State, (w: World, overrides?: Overrides) => Promise<Order>> = {
  payment_pending: (w, overrides) => w.createOrder(overrides),
  verification_pending: async (w, overrides) => {
    const order = await w.createOrder(overrides);
    await w.checkout(order, { method: 'qris', reference: 'QRIS-0001' });
    return order;
  },
  completed: (w, overrides) => w.sell(overrides),
  cancelled: async (w, overrides) => {
    const order = await w.createOrder(overrides);
    await w.cancel(order);
    return order;
  },
  expired: async (w, overrides) => {
    const order = await w.createOrder(overrides);
    w.h.clock.advance(15 * MINUTE);
    return order;
  },
};

/** What each state shows as status and paymentStatus. */
const SHOWN: Record<State, { status: string; paymentStatus: string }> = {
  payment_pending: { status: 'payment_pending', paymentStatus: 'unpaid' },
  verification_pending: { status: 'verification_pending', paymentStatus: 'unpaid' },
  completed: { status: 'completed', paymentStatus: 'paid' },
  cancelled: { status: 'cancelled', paymentStatus: 'unpaid' },
  expired: { status: 'cancelled', paymentStatus: 'expired' },
};

/** The moves each state allows; every other one is 409 INVALID_STATE. */
const ALLOWED: Record<State, OrderAction[]> = {
  payment_pending: ['checkout', 'cancel'],
  verification_pending: ['payment/confirm', 'payment/reject', 'cancel'],
  completed: [],
  cancelled: [],
  expired: [],
};
const STATES = Object.keys(ALLOWED) as State[];
const REFUSED = STATES.flatMap((state) => ORDER_ACTIONS.filter((action) => !ALLOWED[state].includes(action)).map((action) => [action, state] as const));

/** A body the action would accept in a state that allows it, so that only the state refuses it. */
const validBody = (action: OrderAction, order: { totalAmount: string }) => (action === 'checkout' ? exactCash(order) : undefined);

describe('checkout', () => {
  const harness = useHarness();

  // Cash is whole Rp 100 coins (docs/cash-sessions.md, Money rules): Rp 100.000,25 is Rp 100.000 in cash.
  it.each([
    { price: '100000.25', tendered: '150000', shown: '150000.00', change: '50000.00', rounding: '-0.25' },
    { price: '100000.25', tendered: '100000', shown: '100000.00', change: '0.00', rounding: '-0.25' },
    { price: '100050', tendered: '100100', shown: '100100.00', change: '0.00', rounding: '50.00' },
    { price: '75000', tendered: '1000000', shown: '1000000.00', change: '925000.00', rounding: '0.00' },
  ])('cash: $tendered for a $price ticket is completed/paid with $change change', async ({ price, tendered, shown, change, rounding }) => {
    const h = harness();
    const w = world(h, { tickets: [ticketInput(h.clock(), { price })] });
    const order = await w.createOrder();
    h.clock.advance(MINUTE);
    const paid = await w.checkout(order, { method: 'cash', amountTendered: tendered });
    expect(paid).toMatchObject({ id: order.id, status: 'completed', paymentStatus: 'paid', totalAmount: order.totalAmount });
    expect(paid.payment).toEqual({
      method: 'cash',
      status: 'paid',
      amount: order.totalAmount,
      amountTendered: shown,
      change,
      reference: null,
      rounding,
      createdAt: expect.stringMatching(ISO_WITH_OFFSET),
      paidAt: paid.payment.createdAt,
    });
    expect(Date.parse(paid.payment.paidAt)).toBe(h.clock());
    expect(Date.parse(paid.updatedAt)).toBe(h.clock());
    expect(paid.participants).toHaveLength(1);
  });

  it.each([
    { price: '100000.25', tendered: '100000.25', why: 'sen no coin pays' },
    { price: '100000.25', tendered: '100000.3', why: 'sen no coin pays' },
    { price: '0.11', tendered: '0.10', why: 'sen no coin pays' },
    { price: '0.11', tendered: '0', why: 'less than the cash due, Rp 100' },
    { price: '100050', tendered: '100000', why: 'less than the cash due, Rp 100.100' },
  ])('cash: $tendered for a $price ticket is refused at amountTendered ($why)', async ({ price, tendered }) => {
    const h = harness();
    const w = world(h, { tickets: [ticketInput(h.clock(), { price })] });
    const order = await w.createOrder();
    expectValidation(await w.postAction(order, 'checkout', { method: 'cash', amountTendered: tendered }), 'amountTendered');
    expect(await w.detail(order)).toMatchObject({ status: 'payment_pending' });
  });

  it.each([
    ['with an EDC reference', { reference: 'EDC 104233' }, 'EDC 104233'],
    ['without a reference', {}, null],
  ])('card %s is completed/paid, no cash fields', async (_name, extra, reference) => {
    const w = world(harness());
    const order = await w.createOrder();
    const paid = await w.checkout(order, { method: 'card', ...extra });
    expect(paid).toMatchObject({ status: 'completed', paymentStatus: 'paid' });
    expect(paid.payment).toMatchObject({ method: 'card', status: 'paid', amount: '150000.00', amountTendered: null, change: null, reference });
    expect(paid.participants).toHaveLength(1);
  });

  it('answers with what a GET of the detail then shows', async () => {
    const w = world(harness());
    const order = await w.createOrder();
    const paid = await w.checkout(order, { method: 'card' });
    expect(await w.detail(order)).toEqual(paid);
  });

  it.each(['bank_transfer', 'qris'])('%s waits in verification_pending, seat held and no ticket, until confirmed', async (method) => {
    const h = harness();
    const w = world(h);
    const order = await w.createOrder();
    const pending = await w.checkout(order, { method, reference: 'BCA 2611-0042' });
    expect(pending).toMatchObject({ status: 'verification_pending', paymentStatus: 'unpaid', participants: [] });
    expect(pending.payment).toEqual({
      method,
      status: 'pending',
      amount: '150000.00',
      amountTendered: null,
      change: null,
      reference: 'BCA 2611-0042',
      rounding: null,
      createdAt: expect.stringMatching(ISO_WITH_OFFSET),
      paidAt: null,
    });
    expect(await w.seats()).toEqual({ sold: 0, held: 1, isSoldOut: false });

    h.clock.advance(MINUTE);
    const confirmed = await w.confirm(order, { reference: 'BCA 2611-0042 mutasi 09:41' });
    expect(confirmed).toMatchObject({ status: 'completed', paymentStatus: 'paid' });
    expect(confirmed.payment).toMatchObject({ method, status: 'paid', reference: 'BCA 2611-0042 mutasi 09:41', createdAt: pending.payment.createdAt });
    expect(Date.parse(confirmed.payment.paidAt)).toBe(h.clock());
    expect(confirmed.participants).toHaveLength(1);
    expect(await w.seats()).toEqual({ sold: 1, held: 0, isSoldOut: false });
  });

  it.each([
    ['a bare POST', undefined],
    ['an empty body', {}],
  ])('confirm with %s keeps the reference given at checkout', async (_name, body) => {
    const w = world(harness());
    const order = await w.createOrder();
    await w.checkout(order, { method: 'bank_transfer', reference: 'BNI 7781' });
    expect((await w.confirm(order, body)).payment).toMatchObject({ status: 'paid', reference: 'BNI 7781' });
  });

  it('reject puts the order back to payment_pending, seat still held; cash then pays it', async () => {
    const h = harness();
    const w = world(h);
    const order = await w.createOrder();
    await w.checkout(order, { method: 'bank_transfer', reference: 'BCA 2611-0099' });
    const rejected = await w.reject(order, { reason: 'Dana tidak masuk ke rekening' });
    // The rejected payment is history, not the payment in force.
    expect(rejected).toMatchObject({ status: 'payment_pending', paymentStatus: 'unpaid', participants: [], payment: null });
    expect(await w.seats()).toEqual({ sold: 0, held: 1, isSoldOut: false });

    const paid = await w.checkout(order, { method: 'cash', amountTendered: '200000' });
    expect(paid).toMatchObject({ status: 'completed', paymentStatus: 'paid' });
    expect(paid.payment).toMatchObject({ method: 'cash', amountTendered: '200000.00', change: '50000.00', reference: null });
    expect(paid.participants).toHaveLength(1);
    expect(await w.seats()).toEqual({ sold: 1, held: 0, isSoldOut: false });
  });

  it('a rejected transfer can be sent again (a bare reject) and then confirmed', async () => {
    const w = world(harness());
    const order = await w.createOrder();
    await w.checkout(order, { method: 'qris', reference: 'first' });
    await w.reject(order);
    expect((await w.checkout(order, { method: 'qris', reference: 'second' })).payment).toMatchObject({ status: 'pending', reference: 'second' });
    const confirmed = await w.confirm(order);
    expect(confirmed).toMatchObject({ status: 'completed', payment: { method: 'qris', status: 'paid', reference: 'second' } });
  });
});

describe('cancel', () => {
  const harness = useHarness();

  it.each([
    ['a bare POST', undefined],
    ['an empty body', {}],
    ['a reason', { reason: 'Pelanggan berubah pikiran' }],
  ])('with %s makes a payment_pending order cancelled/unpaid and frees its seat', async (_name, body) => {
    const h = harness();
    const w = world(h, { tickets: [ticketInput(h.clock(), { quota: 1 })] });
    const order = await w.createOrder();
    expect(await w.seats()).toEqual({ sold: 0, held: 1, isSoldOut: true });
    const cancelled = await w.cancel(order, body);
    expect(cancelled).toMatchObject({ status: 'cancelled', paymentStatus: 'unpaid', participants: [], payment: null });
    expect(await w.seats()).toEqual({ sold: 0, held: 0, isSoldOut: false });
  });

  it('makes a verification_pending order cancelled/unpaid: the pending payment is dropped, the seat freed', async () => {
    const w = world(harness());
    const order = await w.createOrder();
    await w.checkout(order, { method: 'bank_transfer', reference: 'BCA 1' });
    const cancelled = await w.cancel(order, { reason: 'Transfer dibatalkan' });
    expect(cancelled).toMatchObject({ status: 'cancelled', paymentStatus: 'unpaid', participants: [], payment: null });
    expect(await w.seats()).toEqual({ sold: 0, held: 0, isSoldOut: false });
  });
});

describe('refused moves', () => {
  const harness = useHarness();

  // The table below is only as good as the states it starts from.
  it.each(STATES)('REACH brings an order to %s', async (state) => {
    const w = world(harness());
    expect(await w.detail(await REACH[state](w))).toMatchObject(SHOWN[state]);
  });

  it.each(REFUSED)('%s when the order is %s: 409 INVALID_STATE, the order and the seats unchanged', async (action, state) => {
    const h = harness();
    const w = world(h);
    const order = await REACH[state](w);
    const before = await w.detail(order);
    const seats = await w.seats();
    const payments = countRows(h.services, 'payments');
    expectError(await w.postAction(order, action, validBody(action, order)), 409, 'INVALID_STATE');
    expect(await w.detail(order)).toEqual(before);
    expect(await w.seats()).toEqual(seats);
    expect(countRows(h.services, 'payments')).toBe(payments);
  });
});

describe('checkout, confirm, reject and cancel bodies', () => {
  const harness = useHarness();

  it.each([
    ['cash without amountTendered', 'amountTendered', { method: 'cash' }],
    ['cash one sen short of the total', 'amountTendered', { method: 'cash', amountTendered: '149999.99' }],
    ['cash of nothing', 'amountTendered', { method: 'cash', amountTendered: '0' }],
    ['amountTendered with three decimals', 'amountTendered', { method: 'cash', amountTendered: '150000.001' }],
    ['a negative amountTendered', 'amountTendered', { method: 'cash', amountTendered: '-150000' }],
    ['amountTendered as a number', 'amountTendered', { method: 'cash', amountTendered: 150000 }],
    ['an unknown method', 'method', { method: 'crypto' }],
    ['a method in capitals', 'method', { method: 'CASH', amountTendered: '150000' }],
    ['no method', 'method', { amountTendered: '150000' }],
    ['an empty reference', 'reference', { method: 'card', reference: '' }],
    ['a reference over 100 characters', 'reference', { method: 'card', reference: 'x'.repeat(101) }],
  ])('checkout with %s: 400 naming %s, nothing paid', async (_name, field, body) => {
    const h = harness();
    const w = world(h);
    const order = await w.createOrder();
    expectValidation(await w.postAction(order, 'checkout', body), field);
    expect(await w.detail(order)).toMatchObject({ status: 'payment_pending', paymentStatus: 'unpaid', payment: null, participants: [] });
    expect(await w.seats()).toEqual({ sold: 0, held: 1, isSoldOut: false });
    expect(countRows(h.services, 'payments')).toBe(0);
  });

  it('checkout without a body: 400', async () => {
    const w = world(harness());
    const order = await w.createOrder();
    expectError(await w.postAction(order, 'checkout'), 400, 'VALIDATION_FAILED');
    expect(await w.detail(order)).toMatchObject({ status: 'payment_pending', payment: null });
  });

  it.each([
    ['payment/confirm', 'an empty reference', 'reference', { reference: '' }],
    ['payment/confirm', 'a reference over 100 characters', 'reference', { reference: 'x'.repeat(101) }],
    ['payment/reject', 'a blank reason', 'reason', { reason: '  ' }],
    ['payment/reject', 'a reason over 500 characters', 'reason', { reason: 'x'.repeat(501) }],
    ['cancel', 'an empty reason', 'reason', { reason: '' }],
    ['cancel', 'a reason that is a number', 'reason', { reason: 42 }],
  ] as const)('%s with %s: 400 naming %s, the order unchanged', async (action, _name, field, body) => {
    const w = world(harness());
    const order = await REACH.verification_pending(w);
    const before = await w.detail(order);
    expectValidation(await w.postAction(order, action, body), field);
    expect(await w.detail(order)).toEqual(before);
  });
});

describe('the participant a payment issues', () => {
  const harness = useHarness();

  it('carries the registration, the order, the buyer, a ticket number and the QR URL', async () => {
    const h = harness();
    const w = world(h);
    const person = {
      name: 'Rani Putri',
      email: 'rani.putri@customer.example',
      phone: '+6281300000001',
      gender: 'female' as const,
      birthDate: '1995-01-31',
      identityNumber: '3171234500000001',
      formData: { seat: 'A1', diet: { vegetarian: true }, tags: ['early', 2] },
    };
    const order = await w.createOrder({ registration: person });
    h.clock.advance(MINUTE);
    const paid = await w.checkout(order, { method: 'card' });
    expect(paid.participants).toHaveLength(1);
    const [participant] = paid.participants;
    expect(participant).toMatchObject({
      ...person,
      orderId: order.id,
      eventId: w.event.id,
      ticketCategoryId: w.event.tickets[0]!.id,
      userId: order.buyerUserId,
      status: 'registered',
    });
    expect(participant.ticketNumber).toMatch(TICKET_NUMBER);
    expect(new URL(participant.qrCode).pathname).toBe(`/events/${w.event.id}/admin/orders/${order.id}/participants/${participant.id}/qr`);
    expect(Date.parse(participant.createdAt)).toBe(h.clock());

    // The list shows the same participant as the detail and the checkout, its identity number masked.
    const listed = expectList(await h.request({ url: ordersPath(w.event.id), key: w.organizer.key })).data;
    expect(listed.find((o: { id: string }) => o.id === order.id).participants).toEqual([{ ...participant, identityNumber: '3171********0001' }]);
    expect((await w.detail(order)).participants).toEqual(paid.participants);
  });

  it('gives every ticket of an event its own number, in the readable alphabet', async () => {
    const h = harness();
    const w = world(h);
    const sold = 60;
    await Promise.all(Array.from({ length: sold }, () => w.sell()));
    const { data } = expectList(await h.request({ url: `${ordersPath(w.event.id)}${query({ status: 'completed', limit: 100 })}`, key: w.organizer.key }));
    const numbers = data.flatMap((o: { participants: { ticketNumber: string }[] }) => o.participants.map((p) => p.ticketNumber));
    expect(numbers).toHaveLength(sold);
    for (const number of numbers) expect(number).toMatch(TICKET_NUMBER);
    expect(new Set(numbers).size).toBe(sold);
  });
});

describe('seats through the transitions', () => {
  const harness = useHarness();

  it('keeps sold, held and isSoldOut right after every move', async () => {
    const h = harness();
    const w = world(h, { tickets: [ticketInput(h.clock(), { quota: 3 })] });
    const expectSeats = async (sold: number, held: number, isSoldOut = false) => expect(await w.seats()).toEqual({ sold, held, isSoldOut });

    await expectSeats(0, 0);
    const a = await w.createOrder();
    await expectSeats(0, 1);
    await w.checkout(a, { method: 'bank_transfer' });
    await expectSeats(0, 1);
    await w.reject(a);
    await expectSeats(0, 1);
    await w.checkout(a, exactCash(a));
    await expectSeats(1, 0);
    const b = await w.createOrder();
    const c = await w.createOrder();
    await expectSeats(1, 2, true);
    await w.cancel(b);
    await expectSeats(1, 1);
    await w.checkout(c, { method: 'qris' });
    await expectSeats(1, 1);
    await w.confirm(c);
    await expectSeats(2, 0);
    const d = await w.createOrder();
    await w.checkout(d, { method: 'qris' });
    await expectSeats(2, 1, true);
    await w.cancel(d);
    await expectSeats(2, 0);
  });

  it('a full category sells again once an unpaid order is cancelled', async () => {
    const h = harness();
    const w = world(h, { tickets: [ticketInput(h.clock(), { quota: 3 })] });
    await w.sell();
    const pending = await w.createOrder();
    const verifying = await REACH.verification_pending(w);
    const soldOut = () => w.postOrder(orderBody(w.event));

    expectError(await soldOut(), 409, 'SOLD_OUT');
    await w.cancel(pending);
    expect(await w.seats()).toEqual({ sold: 1, held: 1, isSoldOut: false });
    await w.sell();
    expectError(await soldOut(), 409, 'SOLD_OUT');
    await w.cancel(verifying);
    await w.sell();
    expect(await w.seats()).toEqual({ sold: 3, held: 0, isSoldOut: true });
    expectError(await soldOut(), 409, 'SOLD_OUT');
  });
});

describe('the identity number after each state', () => {
  const harness = useHarness();

  it.each<[State, number]>([
    ['payment_pending', 409],
    ['verification_pending', 409],
    ['completed', 409],
    ['cancelled', 201],
    ['expired', 201],
  ])('an order that is %s: a new order with its identity number answers %i', async (state, status) => {
    const w = world(harness());
    const identityNumber = '3171666600000001';
    await REACH[state](w, { registration: { identityNumber } });
    const reply = await w.postOrder(orderBody(w.event, { registration: { identityNumber } }));
    if (status === 409) expectError(reply, 409, 'IDENTITY_NUMBER_REGISTERED');
    else expect((await w.checkout(expectOk(reply, 201), { method: 'card' })).participants[0].identityNumber).toBe(identityNumber);
  });
});

describe('who may move an order', () => {
  const harness = useHarness();

  it('a cashier granted event:update on the event takes, confirms, rejects and cancels', async () => {
    const h = harness();
    const w = world(h);
    const cashier = makeCaller(h.services, 'staff', { eventId: w.event.id, permission: 'event:update' });
    const as = (order: OrderRef, action: OrderAction, body?: unknown) => w.postAction(order, action, body, { key: cashier.key });
    const [a, b, c] = [await w.createOrder(), await w.createOrder(), await w.createOrder()];

    expect(expectOk(await as(a, 'checkout', { method: 'bank_transfer' })).status).toBe('verification_pending');
    expect(expectOk(await as(a, 'payment/reject')).status).toBe('payment_pending');
    expect(expectOk(await as(a, 'checkout', { method: 'qris' })).status).toBe('verification_pending');
    expect(expectOk(await as(a, 'payment/confirm')).status).toBe('completed');
    expect(expectOk(await as(b, 'checkout', exactCash(b))).status).toBe('completed');
    expect(expectOk(await as(c, 'cancel')).status).toBe('cancelled');
  });

  it('answers by the event slug as by its id', async () => {
    const w = world(harness());
    const order = await w.createOrder();
    const paid = expectOk(await w.postAction(order, 'checkout', { method: 'card' }, { idOrSlug: w.event.slug }));
    expect(paid).toMatchObject({ id: order.id, status: 'completed' });
  });
});

describe('races, over real connections', () => {
  const harness = useHarness();

  /** The harness's app on a loopback port, so that parallel requests arrive on parallel sockets. */
  async function served(h: Harness, w: World) {
    const base = await h.app.listen({ port: 0, host: '127.0.0.1' });
    const post = (path: string, body?: unknown) => fetchJson(`${base}${path}`, { method: 'POST', headers: { 'x-api-key': w.organizer.key }, body });
    return {
      createOrder: () => post(ordersPath(w.event.id), orderBody(w.event)),
      act: (order: OrderRef, action: OrderAction, body?: unknown) => post(orderActionPath(w.event.id, order.id, action), body),
    };
  }
  const outcomes = (replies: { status: number; body: { error?: { code: string } } }[]) =>
    replies.map((r) => `${r.status} ${r.body.error?.code ?? ''}`.trim()).sort();

  it('30 parallel sales for the last 3 seats: three 201, twenty-seven 409 SOLD_OUT, sold + held = quota', async () => {
    const h = harness();
    const w = world(h, { tickets: [ticketInput(h.clock(), { quota: 10, sold: 7 })] });
    const http = await served(h, w);
    // orderBody gives every request its own person, so that only the seats can refuse them.
    const replies = await Promise.all(Array.from({ length: 30 }, () => http.createOrder()));
    expect(outcomes(replies)).toEqual([...Array(3).fill('201'), ...Array(27).fill('409 SOLD_OUT')]);
    expect(seatCounts(h.services, w.event.tickets[0]!.id)).toEqual({ quota: 10, sold: 7, held: 3 });
    expect(countRows(h.services, 'orders')).toBe(3);
    expect(await w.seats()).toEqual({ sold: 7, held: 3, isSoldOut: true });
  });

  it('10 parallel checkouts of one order: one 200, nine 409 INVALID_STATE, one participant and one payment', async () => {
    const h = harness();
    const w = world(h);
    const http = await served(h, w);
    const order = await w.createOrder();
    const bodies = Array.from({ length: 10 }, (_, i) => (i % 2 ? exactCash(order) : { method: 'card' }));
    const replies = await Promise.all(bodies.map((body) => http.act(order, 'checkout', body)));
    expect(outcomes(replies)).toEqual(['200', ...Array(9).fill('409 INVALID_STATE')]);
    const winner = replies.find((r) => r.status === 200)!.body.data;
    expect(await w.detail(order)).toEqual(winner);
    expect(winner.participants).toHaveLength(1);
    expect(countRows(h.services, 'participants')).toBe(1);
    expect(countRows(h.services, 'payments')).toBe(1);
    expect(await w.seats()).toEqual({ sold: 1, held: 0, isSoldOut: false });
  });

  it('checkouts racing cancels on one order: one of them wins, and the seats agree with it', async () => {
    const h = harness();
    const w = world(h);
    const http = await served(h, w);
    const order = await w.createOrder();
    const moves = Array.from({ length: 10 }, (_, i) => (i % 2 ? http.act(order, 'cancel') : http.act(order, 'checkout', { method: 'card' })));
    const replies = await Promise.all(moves);
    expect(outcomes(replies)).toEqual(['200', ...Array(9).fill('409 INVALID_STATE')]);
    const { status } = await w.detail(order);
    expect(['completed', 'cancelled']).toContain(status);
    const paid = status === 'completed';
    expect(await w.seats()).toEqual({ sold: paid ? 1 : 0, held: 0, isSoldOut: false });
    expect(countRows(h.services, 'participants')).toBe(paid ? 1 : 0);
  });
});

describe('Idempotency-Key on the transitions', () => {
  const harness = useHarness();
  const withKey = (key: string) => ({ headers: { 'idempotency-key': key } });

  it('a retried checkout replays the same body, marked replayed, and pays once', async () => {
    const h = harness();
    const w = world(h);
    const order = await w.createOrder();
    const body = { method: 'cash', amountTendered: '200000' };
    const first = await w.postAction(order, 'checkout', body, withKey('pay-0001'));
    const paid = expectOk(first);
    expect(first.headers['idempotent-replayed']).toBeUndefined();

    h.clock.advance(MINUTE);
    const again = await w.postAction(order, 'checkout', body, withKey('pay-0001'));
    expect(expectOk(again)).toEqual(paid);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body.requestId).not.toBe(first.body.requestId);
    expect(countRows(h.services, 'payments')).toBe(1);
    expect(countRows(h.services, 'participants')).toBe(1);
    expect(await w.seats()).toEqual({ sold: 1, held: 0, isSoldOut: false });
    // Without the key the same request is a second checkout, which the state refuses.
    expectError(await w.postAction(order, 'checkout', body), 409, 'INVALID_STATE');
  });

  it('the same key with another body: 422 IDEMPOTENCY_KEY_REUSED, nothing paid twice', async () => {
    const h = harness();
    const w = world(h);
    const order = await w.createOrder();
    expectOk(await w.postAction(order, 'checkout', { method: 'bank_transfer' }, withKey('pay-0002')));
    expectError(await w.postAction(order, 'checkout', { method: 'qris' }, withKey('pay-0002')), 422, 'IDEMPOTENCY_KEY_REUSED');
    expect((await w.detail(order)).payment).toMatchObject({ method: 'bank_transfer', status: 'pending' });
    expect(countRows(h.services, 'payments')).toBe(1);
  });

  it('a retried bare cancel replays its answer', async () => {
    const h = harness();
    const w = world(h);
    const order = await w.createOrder();
    const cancelled = expectOk(await w.postAction(order, 'cancel', undefined, withKey('cancel-0001')));
    const again = await w.postAction(order, 'cancel', undefined, withKey('cancel-0001'));
    expect(expectOk(again)).toEqual(cancelled);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expectError(await w.postAction(order, 'cancel'), 409, 'INVALID_STATE');
  });
});
