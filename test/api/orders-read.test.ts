/** GET .../admin/orders (list: every parameter) and GET .../admin/orders/{orderId} (detail). */
import { beforeAll, describe, expect, it } from 'vitest';
import { MINUTE } from '../support/clock.js';
import { expectError, expectList, expectOk, expectValidation } from '../support/envelope.js';
import { importEvent, makeCaller, orderPath, ordersPath, ticketInput } from '../support/fixtures.js';
import { useHarness } from '../support/harness.js';
import { query } from '../support/http.js';
import { ORDER_DETAIL, ORDER_LIST_ITEM, expectShape } from '../support/shapes.js';
import { exactCash, world, type World } from '../support/world.js';

type Params = Record<string, string | number | undefined>;

describe('GET /events/{idOrSlug}/admin/orders', () => {
  const harness = useHarness('file');
  let w: World;
  /**
   * Orders in creation order, a second apart: cheap, vip, cheap, vip, cheap; the second paid, the
   * third expired, the fourth awaiting verification of a transfer.
   */
  const orders: { id: string; eventId: string; totalAmount: string }[] = [];

  beforeAll(async () => {
    const h = harness();
    const now = h.clock();
    w = world(h, { tickets: [ticketInput(now, { name: 'Reguler', price: '100000' }), ticketInput(now, { name: 'VIP', price: '250000.50' })] });
    const [cheap, vip] = w.event.tickets;
    const people = [
      { name: 'Ayu Lestari', email: 'ayu@contoh.id' },
      { name: 'Bima Sakti', email: 'bima@mail.example' },
      { name: 'Citra Dewi', email: 'citra.ayu@mail.example' },
      { name: 'Dodi Pratama', email: 'dodi@contoh.id' },
      { name: 'Eka Putri', email: 'eka@mail.example' },
    ];
    for (const [i, person] of people.entries()) {
      h.clock.advance(1000);
      // Only the third order gets a short hold window, so that it alone lapses below.
      h.services.settings.update({ holdWindowMinutes: i === 2 ? 1 : 15 });
      orders.push(await w.createOrder({ ticketCategoryId: (i % 2 ? vip : cheap)!.id, registration: person }));
    }
    await w.checkout(orders[1]!, exactCash(orders[1]!));
    await w.checkout(orders[3]!, { method: 'bank_transfer' });
    h.clock.advance(2 * MINUTE);
  });

  const list = (params: Params = {}, idOrSlug = w.event.id) =>
    harness().request({ url: `${ordersPath(idOrSlug)}${query(params)}`, key: w.organizer.key });
  const ids = async (params: Params) => expectList(await list(params)).data.map((o: { id: string }) => o.id);
  const nth = (...indexes: number[]) => indexes.map((i) => orders[i]!.id);

  it('lists orders in the list form, every field typed, newest first', async () => {
    const { data, meta } = expectList(await list());
    expect(meta).toEqual({ page: 1, limit: 20, total: 5, totalPages: 1 });
    for (const order of data) expectShape(order, ORDER_LIST_ITEM);
    expect(data.map((o: { id: string }) => o.id)).toEqual(nth(4, 3, 2, 1, 0));
    expect(data[4]).toMatchObject({
      eventId: w.event.id,
      eventName: w.event.name,
      customerName: 'Ayu Lestari',
      customerEmail: 'ayu@contoh.id',
      ticketCategoryName: 'Reguler',
      status: 'payment_pending',
      paymentStatus: 'unpaid',
      totalAmount: '100000.00',
      participants: [],
    });
    expect(data[3]).toMatchObject({ ticketCategoryName: 'VIP', totalAmount: '250000.50', status: 'completed' });
    expect(data[3].participants).toHaveLength(1);
    expect(data[3].participants[0].identityNumber).toMatch(/^\d{4}\*{8}\d{4}$/);
  });

  it('answers the same for the slug as for the id', async () => {
    expect(expectList(await list({}, w.event.slug)).data).toEqual(expectList(await list()).data);
  });

  it('answers 404 EVENT_NOT_FOUND for an unknown event', async () => {
    expectError(await list({}, 'no-such-event'), 404, 'EVENT_NOT_FOUND');
    expectError(await list({}, '01JZZZZZZZZZZZZZZZZZZZZZZZ'), 404, 'EVENT_NOT_FOUND');
  });

  it.each([
    ['payment_pending', [4, 0]],
    ['completed', [1]],
    ['cancelled', [2]],
    ['verification_pending', [3]],
  ])('status=%s', async (status, expected) => {
    expect(await ids({ status })).toEqual(nth(...expected));
  });

  it.each([
    ['unpaid', [4, 3, 0]],
    ['paid', [1]],
    ['expired', [2]],
  ])('paymentStatus=%s', async (paymentStatus, expected) => {
    expect(await ids({ paymentStatus })).toEqual(nth(...expected));
  });

  it('combines status and paymentStatus', async () => {
    expect(await ids({ status: 'payment_pending', paymentStatus: 'paid' })).toEqual([]);
    expect(await ids({ status: 'verification_pending', paymentStatus: 'unpaid' })).toEqual(nth(3));
  });

  it('search also finds a ticket number, a NIK (whole or its ending) and a phone as spoken', async () => {
    const paid = expectOk(await harness().request({ url: orderPath(w.event.id, orders[1]!.id), key: w.organizer.key }));
    const { ticketNumber, identityNumber, phone } = paid.participants[0];
    expect(await ids({ search: ticketNumber })).toEqual(nth(1));
    expect(await ids({ search: ticketNumber.replace('-', ' ').toLowerCase() })).toEqual(nth(1));
    expect(await ids({ search: identityNumber })).toEqual(nth(1));
    expect(await ids({ search: identityNumber.slice(-6) })).toEqual(nth(1));
    // +62812… as a customer reads it out: 0812…, in groups.
    const spoken = `0${phone.slice(3, 6)} ${phone.slice(6, 10)} ${phone.slice(10)}`;
    expect(await ids({ search: spoken })).toEqual(nth(1));
    expect(await ids({ search: phone })).toEqual(nth(1));
    expect(await ids({ search: 'ZZZZ-ZZZZ' })).toEqual([]);
    expect(expectList(await list({ search: identityNumber })).meta.total).toBe(1);
  });

  it('search matches customer name or e-mail, case-insensitively', async () => {
    expect(await ids({ search: 'AYU' })).toEqual(nth(2, 0));
    expect(await ids({ search: 'contoh.id' })).toEqual(nth(3, 0));
    expect(await ids({ search: 'pratama' })).toEqual(nth(3));
    // Terms shorter than three characters too.
    expect(await ids({ search: 'RI' })).toEqual(nth(4, 0));
    expect(await ids({ search: 'i' })).toEqual(nth(4, 3, 2, 1, 0));
    expect(await ids({ search: 'nobody' })).toEqual([]);
    expect(await ids({ search: '%' })).toEqual([]);
  });

  it('sort=createdAt and sort=totalAmount, asc and desc', async () => {
    expect(await ids({ sort: 'createdAt', order: 'asc' })).toEqual(nth(0, 1, 2, 3, 4));
    expect(await ids({ sort: 'createdAt', order: 'desc' })).toEqual(nth(4, 3, 2, 1, 0));
    const ascending = expectList(await list({ sort: 'totalAmount', order: 'asc' })).data.map((o: { totalAmount: string }) => o.totalAmount);
    expect(ascending).toEqual(['100000.00', '100000.00', '100000.00', '250000.50', '250000.50']);
    expect(await ids({ sort: 'totalAmount', order: 'desc' })).toEqual(nth(3, 1, 4, 2, 0));
  });

  it('pages with page and limit, reporting meta', async () => {
    const first = expectList(await list({ limit: 2 }));
    expect(first.meta).toEqual({ page: 1, limit: 2, total: 5, totalPages: 3 });
    const third = expectList(await list({ limit: 2, page: 3 }));
    expect(third.meta).toEqual({ page: 3, limit: 2, total: 5, totalPages: 3 });
    expect(third.data.map((o: { id: string }) => o.id)).toEqual(nth(0));
    expect(expectList(await list({ limit: 2, page: 4 })).data).toEqual([]);
    expect(expectList(await list({ limit: 100 })).meta.limit).toBe(100);
    const filtered = expectList(await list({ status: 'payment_pending', limit: 1 }));
    expect(filtered.meta).toEqual({ page: 1, limit: 1, total: 2, totalPages: 2 });
  });

  it.each([
    ['limit', '101'],
    ['limit', '0'],
    ['limit', 'all'],
    ['page', '0'],
    ['page', '-2'],
    ['status', 'paid'],
    ['paymentStatus', 'refunded'],
    ['sort', 'customerName'],
    ['order', 'ascending'],
    ['search', ' '],
  ])('rejects %s=%s with 400', async (name, value) => {
    expectValidation(await list({ [name]: value }), name);
  });
});

describe('GET /events/{idOrSlug}/admin/orders/{orderId}', () => {
  const harness = useHarness();

  it('returns the detail form: items, totals, banner, participants, every field typed', async () => {
    const h = harness();
    const w = world(h, { feeBearer: 'customer', feeRateBp: 250, tickets: [ticketInput(h.clock(), { name: 'Festival', price: '150000' })] });
    const created = await w.createOrder();
    const detail = expectOk(await h.request({ url: orderPath(w.event.id, created.id), key: w.organizer.key }));
    expectShape(detail, ORDER_DETAIL);
    expect(detail).toMatchObject({
      id: created.id,
      buyerUserId: created.buyerUserId,
      eventBanner: w.event.bannerUrl,
      eventName: w.event.name,
      organizerName: w.organizer.user.name,
      subtotal: '150000.00',
      feeTotal: '3750.00',
      grandTotal: '153750.00',
      totalAmount: '153750.00',
      status: 'payment_pending',
      paymentStatus: 'unpaid',
      participants: [],
      payment: null,
    });
    expect(detail.items).toEqual([
      expect.objectContaining({ orderId: created.id, ticketCategoryId: w.event.tickets[0]!.id, name: 'Festival', quantity: 1, unitPrice: '150000.00', subtotal: '150000.00' }),
    ]);
    for (const key of ['createdAt', 'updatedAt', 'eventStartAt', 'eventEndAt'] as const) expect(detail[key]).toBe(created[key]);
  });

  it('reports the fee but leaves the total alone when the organizer bears it', async () => {
    const h = harness();
    const w = world(h, { feeBearer: 'organizer', feeRateBp: 1000, feeFlat: '500' });
    const created = await w.createOrder();
    const detail = expectOk(await h.request({ url: orderPath(w.event.slug, created.id), key: w.organizer.key }));
    expect(detail).toMatchObject({ subtotal: '150000.00', feeTotal: '15500.00', grandTotal: '150000.00', totalAmount: '150000.00' });
  });

  it('shows issued participants with every field typed', async () => {
    const h = harness();
    const w = world(h);
    const formData = { seat: 'A1', meta: { vegetarian: true } };
    const created = await w.createOrder({ registration: { name: 'Rani', phone: '+6281300000001', gender: 'female', birthDate: '1995-01-31', formData } });
    const paid = await w.checkout(created, { method: 'card' });
    const detail = expectOk(await h.request({ url: orderPath(w.event.id, created.id), key: w.organizer.key }));
    expectShape(detail, ORDER_DETAIL);
    expect(detail).toEqual(paid);
    expect(detail.participants).toEqual([
      expect.objectContaining({
        id: paid.participants[0].id,
        orderId: created.id,
        eventId: w.event.id,
        userId: created.buyerUserId,
        name: 'Rani',
        phone: '+6281300000001',
        gender: 'female',
        birthDate: '1995-01-31',
        status: 'registered',
        formData,
      }),
    ]);
  });

  it('shows the identity number whole to callers with event:update, masked to event:read alone and in every list', async () => {
    const h = harness();
    const w = world(h);
    const identityNumber = '3171015705900001';
    const masked = '3171********0001';
    const paid = await w.sell({ registration: { identityNumber } });
    const seller = makeCaller(h.services, 'staff', { eventId: w.event.id, permission: 'event:update' });
    const reader = makeCaller(h.services, 'staff', { eventId: w.event.id, permission: 'event:read' });
    const admin = makeCaller(h.services, 'super_admin');
    expect(paid.participants[0].identityNumber).toBe(identityNumber);

    const expected = [
      [w.organizer.key, identityNumber],
      [admin.key, identityNumber],
      [seller.key, identityNumber],
      [reader.key, masked],
    ];
    for (const [key, shown] of expected) {
      const detail = await h.request({ url: orderPath(w.event.id, paid.id), key });
      expect(expectOk(detail).participants[0].identityNumber).toBe(shown);
      const list = await h.request({ url: ordersPath(w.event.id), key });
      expect(expectList(list).data[0].participants[0].identityNumber).toBe(masked);
      expect(list.raw).not.toContain(identityNumber);
    }
  });

  it('answers 404 ORDER_NOT_FOUND for an unknown order and for an order of another event', async () => {
    const h = harness();
    const w = world(h);
    const other = importEvent(h.services, w.organizer.user);
    const elsewhere = await w.createOrder({}, other);
    for (const orderId of ['01JZZZZZZZZZZZZZZZZZZZZZZZ', elsewhere.id]) {
      expectError(await h.request({ url: orderPath(w.event.id, orderId), key: w.organizer.key }), 404, 'ORDER_NOT_FOUND');
    }
    expectOk(await h.request({ url: orderPath(other.id, elsewhere.id), key: w.organizer.key }));
  });

  it('answers 404 EVENT_NOT_FOUND for an unknown event', async () => {
    const h = harness();
    const w = world(h);
    const created = await w.createOrder();
    expectError(await h.request({ url: orderPath('gone', created.id), key: w.organizer.key }), 404, 'EVENT_NOT_FOUND');
  });

  it('answers 404 ORDER_NOT_FOUND for an order id that is not even a ULID (the spec lists no 400 here)', async () => {
    const h = harness();
    const w = world(h);
    expectError(await h.request({ url: orderPath(w.event.id, 'not-an-order'), key: w.organizer.key }), 404, 'ORDER_NOT_FOUND');
  });
});
