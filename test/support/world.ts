/**
 * A common starting point for order tests: an organizer with a key and one published event on
 * sale, plus helpers that create orders and move them through their states through the API.
 */
import { expect } from 'vitest';
import type { ImportEvent } from '../../src/shared/schemas/import.js';
import { cashThatPays } from './cash.js';
import type { Harness } from './harness.js';
import type { Reply } from './http.js';
import { seatCounts } from './db.js';
import { expectOk } from './envelope.js';
import { importEvent, makeCaller, orderActionPath, orderBody, orderPath, ordersPath, ticketsPath, type Caller, type OrderAction } from './fixtures.js';
import { ORDER_DETAIL, expectShape } from './shapes.js';

// Data read from replies: the helpers check it against the shape tables, tests read its fields.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Data = any;

export interface PostOptions {
  key?: string;
  idOrSlug?: string;
  headers?: Record<string, string>;
}

/** What the helpers need of an order: any of its forms (creation, list, detail) will do. */
export interface OrderRef {
  id: string;
  eventId: string;
}

export interface World {
  h: Harness;
  organizer: Caller;
  event: ImportEvent;
  /** POSTs an order; returns the reply as it is. */
  postOrder(body: unknown, options?: PostOptions): Promise<Reply>;
  /** Creates an order that must succeed; returns its creation form. */
  createOrder(overrides?: Parameters<typeof orderBody>[1], target?: ImportEvent): Promise<Data>;
  /** POSTs one of the order's transitions (without a body: a bare POST); returns the reply as it is. */
  postAction(order: OrderRef, action: OrderAction, body?: unknown, options?: PostOptions): Promise<Reply>;
  /** The transitions, each of which must succeed; each returns the detail form it answers. */
  checkout(order: OrderRef, body: unknown): Promise<Data>;
  confirm(order: OrderRef, body?: unknown): Promise<Data>;
  reject(order: OrderRef, body?: unknown): Promise<Data>;
  cancel(order: OrderRef, body?: unknown): Promise<Data>;
  /** Creates an order and pays it with the exact amount in cash: completed, with its participant. */
  sell(overrides?: Parameters<typeof orderBody>[1], target?: ImportEvent): Promise<Data>;
  /** GET of the order's detail, which must succeed. */
  detail(order: OrderRef): Promise<Data>;
  /** A category's seats: sold and isSoldOut as GET tickets shows them, held from the database. */
  seats(categoryId?: string): Promise<{ sold: number; held: number; isSoldOut: boolean }>;
}

/** A cash payment of an order: its total, or the next whole Rp 1.000 (cashThatPays). */
export const exactCash = (order: { totalAmount: string }) => ({ method: 'cash', amountTendered: cashThatPays(order.totalAmount) });

export function world(h: Harness, eventOverrides: Partial<ImportEvent> = {}, origin: 'local' | 'remote' = 'local'): World {
  const organizer = makeCaller(h.services, 'organizer');
  const event = importEvent(h.services, organizer.user, eventOverrides, origin);
  const post = (url: string, body: unknown, options: PostOptions) =>
    h.request({ method: 'POST', url, key: options.key ?? organizer.key, body, headers: options.headers });

  const postOrder: World['postOrder'] = (body, options = {}) => post(ordersPath(options.idOrSlug ?? event.id), body, options);
  const postAction: World['postAction'] = (order, action, body, options = {}) =>
    post(orderActionPath(options.idOrSlug ?? order.eventId, order.id, action), body, options);

  async function createOrder(overrides?: Parameters<typeof orderBody>[1], target = event): Promise<Data> {
    const reply = await postOrder(orderBody(target, overrides), { idOrSlug: target.id });
    expect(reply.status, reply.raw).toBe(201);
    return reply.body.data;
  }

  // Every transition answers with the detail form, so each success is shape-checked here once.
  const transition = (action: OrderAction) => async (order: OrderRef, body?: unknown) => {
    const detail = expectOk(await postAction(order, action, body));
    expectShape(detail, ORDER_DETAIL);
    return detail;
  };
  const checkout = transition('checkout');

  return {
    h,
    organizer,
    event,
    postOrder,
    createOrder,
    postAction,
    checkout,
    confirm: transition('payment/confirm'),
    reject: transition('payment/reject'),
    cancel: transition('cancel'),
    async sell(overrides, target) {
      const order = await createOrder(overrides, target);
      return checkout(order, exactCash(order));
    },
    async detail(order) {
      return expectOk(await h.request({ url: orderPath(order.eventId, order.id), key: organizer.key }));
    },
    async seats(categoryId = event.tickets[0]!.id) {
      // GET tickets first: like every read it expires lapsed holds, so `held` below is current.
      const tickets = expectOk(await h.request({ url: ticketsPath(event.id), key: organizer.key }));
      const category = tickets.find((t: { id: string }) => t.id === categoryId);
      const { held } = seatCounts(h.services, categoryId);
      // The extension field agrees with the counts: what neither a sale nor a hold has taken.
      expect(category.available).toBe(category.quota - category.sold - held);
      return { sold: category.sold, held, isSoldOut: category.isSoldOut };
    },
  };
}
