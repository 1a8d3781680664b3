/**
 * Finding an order when the customer does not say which event, or brings a basket's receipt:
 * GET /admin/orders searches every event the caller may read (and none other) by name, e-mail,
 * ticket number, NIK, phone, order id or basket id; an event's own list finds a basket's orders
 * by the basket's id.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { contract } from '../../src/shared/contract/index.js';
import type { OrderSearchQuery } from '../../src/shared/schemas/order.js';
import { expectList, expectOk, expectValidation } from '../support/envelope.js';
import { importEvent, makeCaller, orderBody, ordersPath, registration, type Caller } from '../support/fixtures.js';
import type { ImportEvent } from '../../src/shared/schemas/import.js';
import { useHarness } from '../support/harness.js';
import { call, query } from '../support/http.js';
import { expectShape, ORDER_LIST_ITEM } from '../support/shapes.js';
import { world, type World } from '../support/world.js';

type Listed = { id: string; eventId: string; eventName: string; customerName: string; transactionId: string | null; participants: { ticketNumber: string }[] };

describe('searching orders across events and by basket', () => {
  const harness = useHarness('file');
  let w: World;
  /** A second event of the same organizer, and a third of another organizer. */
  let second: ImportEvent;
  let foreign: ImportEvent;
  let cashier: Caller;
  let gate: Caller;
  let paidHere: Listed;
  let paidThere: Listed;
  let basket: { id: string; orders: { id: string }[] };

  beforeAll(async () => {
    const h = harness();
    w = world(h, { name: 'Konser Senja' });
    second = importEvent(h.services, w.organizer.user, { name: 'Festival Kopi' });
    const stranger = makeCaller(h.services, 'organizer');
    foreign = importEvent(h.services, stranger.user, { name: 'Pameran Lain' });
    cashier = makeCaller(h.services, 'staff', { eventId: w.event.id, permission: 'event:update' });
    gate = makeCaller(h.services, 'staff', { eventId: second.id, permission: 'event:checkin' });

    // The same customer (Wulandari) at both of the organizer's events and at the stranger's.
    const wulan = { name: 'Wulandari Putri', email: 'wulan.putri@contoh.id' };
    paidHere = await w.sell({ registration: { ...wulan, identityNumber: '3171014101900111', phone: '+6281298765432' } });
    h.clock.advance(1000);
    paidThere = await w.sell({ registration: { ...wulan, identityNumber: '3171014101900222' } }, second);
    h.clock.advance(1000);
    const strangerOrder = await h.request({
      method: 'POST',
      url: ordersPath(foreign.id),
      key: stranger.key,
      body: orderBody(foreign, { registration: { ...wulan, identityNumber: '3171014101900333' } }),
    });
    expect(strangerOrder.status, strangerOrder.raw).toBe(201);
    h.clock.advance(1000);
    const lines = ['Ayu', 'Bayu', 'Citra'].map((name, i) => ({
      ticketCategoryId: w.event.tickets[0]!.id,
      registration: registration({ name: `${name} Basket`, email: 'keluarga.basket@contoh.id', identityNumber: `317101410191044${i}` }),
    }));
    basket = expectOk(await h.request({ ...call(contract.createTransaction, { params: { idOrSlug: w.event.id }, body: { eventId: w.event.id, lines } }), key: cashier.key }), 201);
    // One single sale after the basket: a basket's search must not find it.
    await w.createOrder({ registration: { name: 'Sendiri Saja' } });
  });

  const search = async (caller: Caller, q: Partial<OrderSearchQuery>): Promise<Listed[]> => {
    const { data, meta } = expectList(await harness().request({ ...call(contract.searchOrders, { query: q }), key: caller.key }));
    expect(meta.total).toBe(data.length);
    for (const item of data) expectShape(item, ORDER_LIST_ITEM);
    return data;
  };

  it("finds a customer in every event of the organizer's, and no one else's, each naming its event", async () => {
    const found = await search(w.organizer, { search: 'wulandari' });
    expect(found.map((o) => [o.id, o.eventName])).toEqual([
      [paidThere.id, 'Festival Kopi'],
      [paidHere.id, 'Konser Senja'],
    ]);
    expect(found.map((o) => o.eventId)).not.toContain(foreign.id);
  });

  it('finds by e-mail, ticket number, NIK ending, phone and order id across events', async () => {
    const ids = async (term: string) => (await search(w.organizer, { search: term })).map((o) => o.id);
    expect(await ids('wulan.putri@contoh')).toEqual([paidThere.id, paidHere.id]);
    const ticketNumber = paidThere.participants[0]!.ticketNumber;
    expect(await ids(ticketNumber.toLowerCase())).toEqual([paidThere.id]);
    expect(await ids('0222')).toEqual([paidThere.id]);
    expect(await ids('0812 9876 5432')).toEqual([paidHere.id]);
    expect(await ids(paidHere.id.toLowerCase())).toEqual([paidHere.id]);
  });

  it("in an event's list, a NIK or a phone by its ending (zeros included) or whole", async () => {
    const listed = async (term: string) => expectList(await harness().request({ url: `${ordersPath(w.event.id)}${query({ search: term })}`, key: cashier.key })).data.map((o: Listed) => o.id);
    for (const term of ['0111', '00111', '3171014101900111', '5432', '0812 9876 5432']) expect(await listed(term), term).toEqual([paidHere.id]);
    // Same last four digits, another ending: found by neither.
    expect(await listed('10111')).toEqual([]);
  });

  it('finds only what the caller may read: a cashier its event, a gate nothing, the owner everything', async () => {
    expect((await search(cashier, { search: 'wulandari' })).map((o) => o.id)).toEqual([paidHere.id]);
    expect(await search(gate, { search: 'wulandari' })).toEqual([]);
    const owner = makeCaller(harness().services, 'super_admin');
    expect((await search(owner, { search: 'wulandari' })).map((o) => o.eventId).sort()).toEqual([foreign.id, second.id, w.event.id].sort());
  });

  it("a basket's id finds every order of the basket, in its event's list and across events", async () => {
    const lineIds = basket.orders.map((o) => o.id).sort();
    const across = await search(w.organizer, { search: basket.id });
    expect(across.map((o) => o.id).sort()).toEqual(lineIds);
    expect(across.every((o) => o.transactionId === basket.id)).toBe(true);
    const listed = expectList(await harness().request({ url: `${ordersPath(w.event.id)}${query({ search: basket.id.toLowerCase() })}`, key: cashier.key }));
    expect(listed.data.map((o: Listed) => o.id).sort()).toEqual(lineIds);
    expect(listed.meta.total).toBe(3);
    // A single sale names no basket.
    const alone = expectList(await harness().request({ url: `${ordersPath(w.event.id)}${query({ search: 'Sendiri Saja' })}`, key: cashier.key }));
    expect(alone.data.map((o: Listed) => o.transactionId)).toEqual([null]);
  });

  it('pages and filters like the list, and wants a term', async () => {
    const paid = await search(w.organizer, { search: 'contoh.id', paymentStatus: 'paid' });
    expect(paid.map((o) => o.id)).toEqual([paidThere.id, paidHere.id]);
    const first = expectList(await harness().request({ ...call(contract.searchOrders, { query: { search: 'basket', limit: 2 } }), key: w.organizer.key }));
    expect(first.meta).toMatchObject({ total: 3, totalPages: 2 });
    expectValidation(await harness().request({ url: contract.searchOrders.path, key: w.organizer.key }), 'search');
  });
});
