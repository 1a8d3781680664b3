/**
 * The Orders screen's payment-method column and totals line: each listed order names the method
 * of its payment in force, and GET .../admin/order-totals sums what the same filters list over
 * every page, recounted here from the list itself.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { contract } from '../../src/shared/contract/index.js';
import { fromMinor, toMinor } from '../../src/shared/money.js';
import type { OrderTotalsQuery } from '../../src/shared/schemas/order.js';
import { approvalOf } from '../support/cash.js';
import { expectList, expectOk, expectValidation } from '../support/envelope.js';
import { ordersPath, ticketInput } from '../support/fixtures.js';
import { useHarness } from '../support/harness.js';
import { call, query } from '../support/http.js';
import { exactCash, world, type World } from '../support/world.js';

type Listed = { id: string; eventId: string; status: string; totalAmount: string; paymentMethod: string | null };
type Filters = Partial<OrderTotalsQuery>;

describe('order totals and the payment method of each listed order', () => {
  const harness = useHarness('file');
  let w: World;

  beforeAll(async () => {
    const h = harness();
    const now = h.clock();
    w = world(h, { tickets: [ticketInput(now, { name: 'Reguler', price: '100000' }), ticketInput(now, { name: 'VIP', price: '250000.50' })] });
    const [cheap, vip] = w.event.tickets;
    const payments = [exactCash, () => ({ method: 'card', reference: 'EDC-1' }), () => ({ method: 'qris' }), () => ({ method: 'bank_transfer' })];
    // 26 orders (more than a page): paid four ways, one transfer rejected, one awaiting, some unpaid, one cancelled, one refunded.
    for (let i = 0; i < 26; i++) {
      h.clock.advance(1000);
      const order = await w.createOrder({ ticketCategoryId: (i % 3 ? cheap : vip)!.id, registration: { name: `Pembeli ${i % 2 ? 'Ayu' : 'Bima'} ${i}` } });
      if (i >= 20) {
        if (i === 20) await w.cancel(order);
        continue;
      }
      const payment = payments[i % 4]!(order);
      await w.checkout(order, payment);
      if (payment.method === 'qris' || payment.method === 'bank_transfer') {
        if (i === 3) await w.reject(order);
        else if (i !== 7) await w.confirm(order);
      }
      if (i === 5) await h.request({ ...call(contract.refundOrder, { params: { idOrSlug: w.event.id, orderId: order.id }, body: { reason: 'Salah beli', approval: approvalOf(w.organizer) } }), key: w.organizer.key });
    }
  });

  /** Every order the list shows for `filters`, over all its pages. */
  async function listed(filters: Filters): Promise<Listed[]> {
    const all: Listed[] = [];
    for (let page = 1; ; page++) {
      const { data, meta } = expectList(await harness().request({ url: `${ordersPath(w.event.id)}${query({ ...filters, page, limit: 10 })}`, key: w.organizer.key }));
      all.push(...data);
      if (page >= meta.totalPages) return all;
    }
  }

  const totals = async (filters: Filters) => expectOk(await harness().request({ ...call(contract.orderTotals, { params: { idOrSlug: w.event.id }, query: filters }), key: w.organizer.key }));

  /** The totals as recounted from the list. */
  function recount(orders: Listed[]) {
    const sum = (rows: Listed[]) => ({ count: rows.length, amount: fromMinor(rows.reduce((s, o) => s + toMinor(o.totalAmount), 0)) });
    const completed = orders.filter((o) => o.status === 'completed');
    const methods = [...new Set(completed.map((o) => o.paymentMethod!))].sort();
    return { ...sum(orders), completed: sum(completed), byMethod: methods.map((method) => ({ method, ...sum(completed.filter((o) => o.paymentMethod === method)) })) };
  }

  it('names the method of the payment in force on each listed order', async () => {
    const all = await listed({});
    expect(all).toHaveLength(26);
    for (const order of all) {
      const detail = await w.detail(order);
      expect(order.paymentMethod).toBe(detail.payment?.method ?? null);
    }
    // The rejected transfer is no payment in force: back to unpaid, no method.
    expect(all.filter((o) => o.paymentMethod === null)).toHaveLength(7);
  });

  it.each<[string, Filters]>([
    ['everything', {}],
    ['completed orders', { status: 'completed' }],
    ['paid orders, the refunded one among them', { paymentStatus: 'paid' }],
    ['a name search through the search index', { search: 'ayu' }],
    ['a name search with a filter', { search: 'Bima', status: 'completed' }],
    ['a short search', { search: '1' }],
  ])('sums what the list shows: %s', async (_name, filters) => {
    const got = await totals(filters);
    const expected = recount(await listed(filters));
    expect({ ...got, byMethod: [...got.byMethod].sort((a: { method: string }, b: { method: string }) => a.method.localeCompare(b.method)) }).toEqual(expected);
  });

  it('counts the refunded order among the paid ones but not among the completed', async () => {
    const paid = await totals({ paymentStatus: 'paid' });
    expect(paid.count - paid.completed.count).toBe(1);
  });

  it('refuses filters the list refuses', async () => {
    expectValidation(await harness().request({ url: `/events/${w.event.id}/admin/order-totals?status=lunas`, key: w.organizer.key }), 'status');
  });
});
