/**
 * The hold window: an unpaid payment_pending order gives its seat back once the window has passed
 * and shows as cancelled/expired. The clock is moved by hand and the sweep is never run, so each
 * read and write here must see the lapse by itself.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { writeTransaction } from '../../src/main/db/connection.js';
import { DAY, HOUR, MINUTE, SECOND } from '../support/clock.js';
import { countRows, seatCounts } from '../support/db.js';
import { expectError, expectList, expectOk } from '../support/envelope.js';
import { orderBody, ordersPath, ticketInput, ticketsPath } from '../support/fixtures.js';
import { startHarness, useHarness, type Harness } from '../support/harness.js';
import { query } from '../support/http.js';
import { statementsDuring } from '../support/statements.js';
import { exactCash, world, type OrderRef, type World } from '../support/world.js';

/** The default holdWindowMinutes. */
const WINDOW = 15 * MINUTE;
const EXPIRED = { status: 'cancelled', paymentStatus: 'expired' };
const PENDING = { status: 'payment_pending', paymentStatus: 'unpaid' };

describe('hold window expiry', () => {
  const harness = useHarness();

  /** A one-seat category and an order holding that seat, so that isSoldOut shows the hold. */
  async function heldSeat() {
    const h = harness();
    const w = world(h, { tickets: [ticketInput(h.clock(), { quota: 1 })] });
    const order = await w.createOrder();
    return { h, w, order };
  }

  it('holds the seat up to the end of the window; from then on the order is cancelled/expired and the seat free', async () => {
    const { h, w, order } = await heldSeat();
    h.clock.advance(WINDOW - 1);
    expect(await w.detail(order)).toMatchObject(PENDING);
    expect(await w.seats()).toEqual({ sold: 0, held: 1, isSoldOut: true });
    h.clock.advance(1);
    expect(await w.detail(order)).toMatchObject({ ...EXPIRED, participants: [], payment: null });
    expect(await w.seats()).toEqual({ sold: 0, held: 0, isSoldOut: false });
  });

  // Each read, as the first request after the lapse, must show it on its own.
  const reads: [string, (w: World, order: OrderRef) => Promise<unknown>, unknown][] = [
    ['the order detail', async (w, order) => (await w.detail(order)).paymentStatus, 'expired'],
    [
      'the order list',
      async (w) => {
        const url = `${ordersPath(w.event.id)}${query({ paymentStatus: 'expired' })}`;
        return expectList(await w.h.request({ url, key: w.organizer.key })).data.map((o: { status: string }) => o.status);
      },
      ['cancelled'],
    ],
    ['the ticket list', async (w) => expectOk(await w.h.request({ url: ticketsPath(w.event.id), key: w.organizer.key }))[0].isSoldOut, false],
  ];
  it.each(reads)('%s shows the lapse without any sweep', async (_name, read, expected) => {
    const { h, w, order } = await heldSeat();
    h.clock.advance(WINDOW);
    expect(await read(w, order)).toEqual(expected);
    expect(seatCounts(h.services, w.event.tickets[0]!.id).held).toBe(0);
  });

  it('a sale, as the first request after the lapse, gets the freed seat', async () => {
    const { h, w, order } = await heldSeat();
    h.clock.advance(WINDOW);
    const sold = await w.sell();
    expect(sold).toMatchObject({ status: 'completed' });
    expect(await w.detail(order)).toMatchObject(EXPIRED);
    expect(await w.seats()).toEqual({ sold: 1, held: 0, isSoldOut: true });
  });

  it('a checkout of the lapsed order is refused with 409 INVALID_STATE: nothing paid, nothing sold', async () => {
    const { h, w, order } = await heldSeat();
    h.clock.advance(WINDOW + MINUTE);
    expectError(await w.postAction(order, 'checkout', exactCash(order)), 409, 'INVALID_STATE');
    expect(await w.detail(order)).toMatchObject({ ...EXPIRED, payment: null, participants: [] });
    expect(countRows(h.services, 'payments')).toBe(0);
    expect(await w.seats()).toEqual({ sold: 0, held: 0, isSoldOut: false });
  });

  it.each(['bank_transfer', 'qris'])('an order awaiting verification of a %s never lapses', async (method) => {
    const { h, w, order } = await heldSeat();
    h.clock.advance(WINDOW - MINUTE);
    await w.checkout(order, { method });
    h.clock.advance(10 * DAY);
    expect(await w.detail(order)).toMatchObject({ status: 'verification_pending', paymentStatus: 'unpaid' });
    expect(await w.seats()).toEqual({ sold: 0, held: 1, isSoldOut: true });
    expect(await w.confirm(order)).toMatchObject({ status: 'completed', paymentStatus: 'paid' });
    expect(await w.seats()).toEqual({ sold: 1, held: 0, isSoldOut: true });
  });

  it('a rejected payment starts a new window from the reject', async () => {
    const { h, w, order } = await heldSeat();
    h.clock.advance(10 * MINUTE);
    await w.checkout(order, { method: 'bank_transfer' });
    // Long past the first window: only the reject's own window counts now.
    h.clock.advance(2 * WINDOW);
    expect(await w.reject(order, { reason: 'Tidak ada dana masuk' })).toMatchObject(PENDING);
    h.clock.advance(WINDOW - 1);
    expect(await w.detail(order)).toMatchObject(PENDING);
    expect(await w.seats()).toMatchObject({ held: 1, isSoldOut: true });
    h.clock.advance(1);
    expect(await w.detail(order)).toMatchObject(EXPIRED);
    expect(await w.seats()).toEqual({ sold: 0, held: 0, isSoldOut: false });
  });

  it('honours the holdWindowMinutes setting', async () => {
    const h = harness();
    h.services.settings.update({ holdWindowMinutes: 1 });
    const w = world(h);
    const order = await w.createOrder();
    h.clock.advance(MINUTE - 1);
    expect(await w.detail(order)).toMatchObject(PENDING);
    h.clock.advance(1);
    expect(await w.detail(order)).toMatchObject(EXPIRED);
  });

  it('frees the identity number of the lapsed order', async () => {
    const h = harness();
    const w = world(h);
    const identityNumber = '3171444400000001';
    await w.createOrder({ registration: { identityNumber } });
    expectError(await w.postOrder(orderBody(w.event, { registration: { identityNumber } })), 409, 'IDENTITY_NUMBER_REGISTERED');
    h.clock.advance(WINDOW);
    expectOk(await w.postOrder(orderBody(w.event, { registration: { identityNumber } })), 201);
  });

  it('leaves paid and cancelled orders alone', async () => {
    const h = harness();
    const w = world(h);
    const paid = await w.sell();
    const cancelled = await w.createOrder();
    await w.cancel(cancelled);
    h.clock.advance(WINDOW + DAY);
    expect(await w.detail(paid)).toMatchObject({ status: 'completed', paymentStatus: 'paid' });
    expect(await w.detail(cancelled)).toMatchObject({ status: 'cancelled', paymentStatus: 'unpaid' });
    expect(await w.seats()).toEqual({ sold: 1, held: 0, isSoldOut: false });
  });

  it('lets a backlog of lapsed holds larger than one sweep batch (500) go at once', async () => {
    const h = harness();
    const held = 520;
    const w = world(h, { tickets: [ticketInput(h.clock(), { quota: held })] });
    await Promise.all(Array.from({ length: held }, () => w.createOrder()));
    expect(await w.seats()).toEqual({ sold: 0, held, isSoldOut: true });
    h.clock.advance(WINDOW);
    expect(await w.seats()).toEqual({ sold: 0, held: 0, isSoldOut: false });
    const url = `${ordersPath(w.event.id)}${query({ paymentStatus: 'expired', limit: 1 })}`;
    expect(expectList(await h.request({ url, key: w.organizer.key })).meta.total).toBe(held);
  });
});

describe('when the counter looks for lapsed holds', () => {
  const harness = useHarness();
  const others: Harness[] = [];
  afterEach(async () => {
    for (const other of others.splice(0)) await other.close();
  });

  /** How many times the statements that look for lapsed holds (the first lapse, those due) run while `work` does. */
  const lookupsDuring = async (h: Harness, work: () => Promise<unknown>) =>
    (await statementsDuring(h.services.database.sqlite, /"orders"\."status" = 'payment_pending'/, work)).length;

  it('sales do not look once a read has found when the first hold lapses, until it does', async () => {
    const h = harness();
    const w = world(h);
    const order = await w.createOrder();
    await w.detail(order);
    expect(await lookupsDuring(h, () => Promise.all([w.createOrder(), w.createOrder(), w.createOrder()]))).toBe(0);
    h.clock.advance(WINDOW);
    expect(await lookupsDuring(h, () => w.createOrder())).toBeGreaterThan(0);
    expect(await w.detail(order)).toMatchObject(EXPIRED);
  });

  /** A hold sold by a second process on the same data dir, on the shortest window (a minute), at `h`'s time. */
  async function holdElsewhere(h: Harness, w: World): Promise<OrderRef> {
    const other = await startHarness({ dataDir: h.dataDir, start: h.clock() });
    others.push(other);
    return expectOk(await other.request({ method: 'POST', url: ordersPath(w.event.id), key: w.organizer.key, body: orderBody(w.event) }), 201);
  }

  /** A counter on the shortest hold window whose read has found no hold at all. */
  async function believingNoHold() {
    const h = harness();
    h.services.settings.update({ holdWindowMinutes: 1 });
    const w = world(h);
    await w.seats();
    return { h, w };
  }

  it('a hold another process wrote lapses on time, though this one found no hold before it', async () => {
    const { h, w } = await believingNoHold();
    const order = await holdElsewhere(h, w);
    h.clock.advance(MINUTE - 1);
    expect(await w.detail(order)).toMatchObject(PENDING);
    h.clock.advance(1);
    expect(await w.detail(order)).toMatchObject(EXPIRED);
  });

  it('a hold another process wrote after the clock was set back lapses on time', async () => {
    const { h, w } = await believingNoHold();
    h.clock.advance(-HOUR);
    const order = await holdElsewhere(h, w);
    h.clock.advance(MINUTE);
    expect(await w.detail(order)).toMatchObject(EXPIRED);
  });

  it("serve's sweep learns again before what a read learned runs out", async () => {
    const { h, w } = await believingNoHold();
    h.clock.advance(44 * SECOND);
    h.services.expiry.sweep();
    h.clock.advance(6 * SECOND);
    expect(await lookupsDuring(h, () => w.createOrder())).toBe(0);
  });

  it('a hold made after the clock was set back lapses on time', async () => {
    const h = harness();
    const w = world(h);
    // A read finds no hold; then the machine's clock is corrected an hour back.
    await w.seats();
    h.clock.advance(-HOUR);
    const order = await w.createOrder();
    h.clock.advance(WINDOW);
    expect(await w.detail(order)).toMatchObject(EXPIRED);
  });

  it('what a transaction saw before it rolled back is not believed', async () => {
    const h = harness();
    const w = world(h);
    const order = await w.createOrder();
    h.clock.advance(WINDOW - 10 * SECOND);
    // Paid inside a transaction that rolls back: meanwhile no hold seemed to lapse for a while.
    expect(() =>
      writeTransaction(h.services.database.db, () => {
        h.services.database.sqlite.prepare(`update orders set status = 'completed' where id = ?`).run(order.id);
        h.services.expiry.expireDue();
        throw new Error('rolled back');
      }),
    ).toThrow('rolled back');
    h.clock.advance(10 * SECOND);
    expect(await w.detail(order)).toMatchObject(EXPIRED);
  });
});
