/**
 * An event's orders as the operator looks for them: a page of the list (filters, a search by
 * name, e-mail, ticket number, NIK, phone or basket, sorting) and the totals of everything the same
 * filters find, with what was taken by each payment method. And the same search across every
 * event the caller may read, for a customer who does not say which event.
 */
import { and, asc, count, desc, eq, ne, or, sql, type SQL } from 'drizzle-orm';
import type { PageMeta } from '#shared/schemas/common.js';
import type { OrderListItem, OrderListQuery, Participant, OrderSearchQuery, OrderTotals, OrderTotalsQuery } from '#shared/schemas/order.js';
import type { PaymentMethod } from '#shared/schemas/payment.js';
import { fromMinor } from '#shared/money.js';
import type { Db } from '../db/connection.js';
import { amongIds, amongValues, idsParam } from '../db/id-list.js';
import { eqUnindexed } from '../db/unindexed.js';
import { orderCounts, orderMethodTotals, orders, payments, ticketCategories } from '../db/schema.js';
import type { Access, Actor } from './access.js';
import type { EventRow, EventService } from './events.js';
import type { Expiry } from './expiry.js';
import { identifierMatches } from './order-search.js';
import { countable, countedHolding, notYetCounted } from './order-grams.js';
import { indexable, nameOrEmailLike, nameOrEmailMatches } from './search-matches.js';
import { orderBase, type OrderViews } from './order-views.js';
import { pageMeta } from './paging.js';
import { NOTHING, sumOf, type Figure } from './figures.js';

export interface OrderListDeps {
  db: Db;
  access: Access;
  events: EventService;
  views: OrderViews;
  expiry: Pick<Expiry, 'expireBeforeRead'>;
}

const SORT_COLUMNS = { createdAt: orders.createdAt, totalAmount: orders.totalAmount } as const;
/** Up to this many matches a page reads the matches; beyond, it walks the event's orders. */
const FEW_MATCHES = 1000;
/**
 * Up to this many matches of the search index are read once, for the count and the page: asking
 * the index twice cost a single e-mail's search dearly. Reading this many more before counting
 * costs a search of thousands little beside counting them (docs/search.md).
 */
const READ_ONCE = 100;

/** The event's orders, not through the event's index: matches or a rowid range drive instead. */
const ofEventUnindexed = (eventId: string) => eqUnindexed(orders.eventId, eventId);

type MethodFigure = Figure & { method: PaymentMethod };

/** Which orders a query finds: `where` for reading a page, `countWhere` for counting them all, `total` when known without counting. */
interface Selection {
  where: SQL | undefined;
  countWhere: SQL | undefined;
  total?: number;
}

/** The order and payment state filters of a query, on the orders. */
function stateFilters(query: Pick<OrderTotalsQuery, 'status' | 'paymentStatus'>): SQL[] {
  const filters: SQL[] = [];
  if (query.status) filters.push(eq(orders.status, query.status));
  if (query.paymentStatus) filters.push(eq(orders.paymentStatus, query.paymentStatus));
  return filters;
}

export function createOrderList({ db, access, events, views, expiry }: OrderListDeps) {
  /**
   * A term too short for the search index (one or two characters, never an identifier). How many
   * orders hold it comes from order_grams and a LIKE over the orders not counted yet. Few: the
   * page reads just those, found by the LIKE over the event's names and e-mails (their index).
   * Many: the page walks the event's orders in list order and is full after a few dozen rows.
   */
  function shortTerm(event: EventRow, term: string, filters: SQL[], searched: SQL | undefined): Selection {
    // A term order_grams cannot answer is counted by the LIKE over the event's names and e-mails.
    if (!countable(term)) return { where: searched, countWhere: searched };
    const like = nameOrEmailLike(term);
    const ofEvent = ofEventUnindexed(event.id);
    const uncounted = sql`(select count(*) from ${orders} where ${notYetCounted} and ${ofEvent} and ${like})`;
    const matches = db.get<{ n: number }>(sql`select ${countedHolding(event.id, term)} + ${uncounted} as n`).n;
    const holders = sql`${orders}.rowid in (select ${orders}.rowid from ${orders} where ${orders.eventId} = ${event.id} and ${like})`;
    const few = matches === 0 ? sql`false` : and(ofEvent, ...filters, holders);
    return { where: matches <= FEW_MATCHES ? few : searched, countWhere: searched, ...(filters.length === 0 && { total: matches }) };
  }

  // Prepared once, each state filter bound or null (an event has a dozen rows here): built per
  // request, it took several times as long.
  const ph = sql.placeholder;
  const countedRows = db
    .select({ count: sql<number>`coalesce(sum(${orderCounts.n}), 0)`, amount: sql<number>`coalesce(sum(${orderCounts.amount}), 0)` })
    .from(orderCounts)
    .where(
      and(
        eq(orderCounts.eventId, ph('eventId')),
        sql`(${ph('status')} is null or ${orderCounts.status} = ${ph('status')})`,
        sql`(${ph('paymentStatus')} is null or ${orderCounts.paymentStatus} = ${ph('paymentStatus')})`,
      ),
    )
    .prepare();

  /** How many orders of the event the state filters find and what they cost, from order_counts. */
  function counted(event: EventRow, query: OrderTotalsQuery): Figure {
    return countedRows.get({ eventId: event.id, status: query.status ?? null, paymentStatus: query.paymentStatus ?? null }) ?? NOTHING;
  }

  /** The completed orders the state filters find, by the method of their paid payment, from order_method_totals. */
  function countedByMethod(event: EventRow, query: OrderTotalsQuery): MethodFigure[] {
    if (query.status && query.status !== 'completed') return [];
    const rows = [eq(orderMethodTotals.eventId, event.id)];
    if (query.paymentStatus) rows.push(eq(orderMethodTotals.paymentStatus, query.paymentStatus));
    const n = sql<number>`sum(${orderMethodTotals.n})`;
    return db
      .select({ method: orderMethodTotals.method, count: n, amount: sql<number>`sum(${orderMethodTotals.amount})` })
      .from(orderMethodTotals)
      .where(and(...rows))
      .groupBy(orderMethodTotals.method)
      .having(sql`${n} > 0`)
      .all();
  }

  function select(event: EventRow, query: OrderTotalsQuery): Selection {
    const filters = stateFilters(query);
    const where = and(eq(orders.eventId, event.id), ...filters);
    if (!query.search) return { where, countWhere: where, total: counted(event, query).count };
    const identifiers = identifierMatches(query.search, (eventId) => eq(eventId, event.id));
    const searched = and(where, or(nameOrEmailLike(query.search), ...identifiers));
    if (!indexable(query.search)) return shortTerm(event, query.search, filters, searched);
    // The search index (search-matches.ts) agrees with the LIKE above on every row, and counts the
    // event's matches without reading an order (those sold since its last batch aside).
    const ofEvent = ofEventUnindexed(event.id);
    const named = nameOrEmailMatches(query.search, event.id);
    // A term that may also be a ticket number, NIK or phone: the index's matches and those, as
    // one set of rows, each part found through its own index (a ticket number through the
    // participants', a NIK through its ending's), not by reading every order of the event. The
    // unary + as below: else SQLite may walk the event's orders to test each.
    if (identifiers.length > 0) {
      const identified = identifiers.map((condition) => sql` union select ${orders}.rowid from ${orders} where ${ofEvent} and ${condition}`);
      const either = sql`${orders}.rowid in (${named.rowids}${sql.join(identified)})`;
      const found = and(ofEvent, ...filters, either);
      return { where: found, countWhere: found };
    }
    // ofEvent's unary + keeps the event's index (every order of the event) from driving these
    // queries: the matches do. A handful are read once, for the count and the page alike.
    const read = named.parts.map((part) => db.values<[number]>(sql`${part} limit ${READ_ONCE + 1}`));
    const first = new Set(read.flat().map(([rowid]) => rowid));
    if (read.every((rows) => rows.length <= READ_ONCE) && first.size <= READ_ONCE) {
      const found = and(ofEvent, ...filters, amongValues(sql`${orders}.rowid`, [...first]));
      return { where: found, countWhere: found, ...(filters.length === 0 && { total: first.size }) };
    }
    const matches = named.count(db);
    const amongMatches = and(ofEvent, ...filters, sql`${orders}.rowid in (${named.rowids})`);
    // Few matches: the page reads just those. Many: the page walks the event's orders in list
    // order with the LIKE and is full after a few dozen rows.
    return {
      where: matches <= FEW_MATCHES ? amongMatches : searched,
      countWhere: amongMatches,
      ...(filters.length === 0 && { total: matches }),
    };
  }

  // A page's orders and their payments, read by the page's ids: statements prepared once.
  const ordersOfPage = db
    .select({ order: orders, categoryName: ticketCategories.name })
    .from(orders)
    .innerJoin(ticketCategories, eq(ticketCategories.id, orders.ticketCategoryId))
    .where(amongIds(orders.id))
    .prepare();
  const paymentsOfPage = db
    .select({ orderId: payments.orderId, method: payments.method })
    .from(payments)
    .where(and(amongIds(payments.orderId), ne(payments.status, 'rejected')))
    .orderBy(asc(payments.createdAt), asc(payments.id))
    .prepare();

  /** The method of each order's payment in force (the latest one not rejected). */
  function methodsOf(orderIds: string[]): Map<string, PaymentMethod> {
    return new Map(paymentsOfPage.all(idsParam(orderIds)).map((r) => [r.orderId, r.method]));
  }

  /** The page's orders, chosen on keys alone: a search with thousands of matches sorts thousands of keys, not thousands of whole orders. */
  function pageOf(where: SQL | undefined, query: Pick<OrderListQuery, 'page' | 'limit' | 'sort' | 'order'>, eventOf: (eventId: string) => EventRow): OrderListItem[] {
    const direction = query.order === 'asc' ? asc : desc;
    // Ties go by rowid, which every index of the event's orders holds after its columns: by id,
    // SQLite sorted all the orders of a tie (every order of one ticket price, by total).
    const ordering = [direction(SORT_COLUMNS[query.sort]), direction(sql`${orders}.rowid`)];
    const page = db
      .select({ id: orders.id })
      .from(orders)
      .where(where)
      .orderBy(...ordering)
      .limit(query.limit)
      .offset((query.page - 1) * query.limit)
      .all()
      .map((r) => r.id);
    const read = new Map(ordersOfPage.all(idsParam(page)).map((r) => [r.order.id, r]));
    // In the page's order; nothing was written between the two reads.
    const rows = page.map((id) => read.get(id)!);
    const methods = methodsOf(page);
    // The participants are read per event: each event masks and dates them its own way.
    const people = new Map<string, Participant[]>();
    for (const eventId of new Set(rows.map((r) => r.order.eventId))) {
      const ids = rows.filter((r) => r.order.eventId === eventId).map((r) => r.order.id);
      for (const [orderId, listed] of views.listedParticipantsOf(ids, eventOf(eventId))) people.set(orderId, listed);
    }
    // Object.assign, not a spread: see orderBase.
    return rows.map(({ order, categoryName }) =>
      Object.assign(orderBase(order, eventOf(order.eventId)), {
        customerName: order.customerName,
        customerEmail: order.customerEmail,
        ticketCategoryName: categoryName,
        participants: people.get(order.id) ?? [],
        paymentMethod: methods.get(order.id) ?? null,
        transactionId: order.transactionId,
      }),
    );
  }

  function list(actor: Actor, idOrSlug: string, query: OrderListQuery): { data: OrderListItem[]; meta: PageMeta } {
    const event = events.resolveFor(actor, idOrSlug, 'event:read');
    expiry.expireBeforeRead();
    const { where, countWhere, total: known } = select(event, query);
    const total = known ?? db.select({ n: count() }).from(orders).where(countWhere).get()?.n ?? 0;
    return { data: pageOf(where, query, () => event), meta: pageMeta(query, total) };
  }

  /**
   * The same search in every event the caller may read. The name and e-mail are looked up in the
   * search index (any event's rows), the identifiers as in one event's list.
   */
  function searchAll(actor: Actor, query: OrderSearchQuery): { data: OrderListItem[]; meta: PageMeta } {
    expiry.expireBeforeRead();
    const readable = access.eventsAllowing(actor, 'event:read');
    const nameOrEmail = indexable(query.search) ? sql`${orders}.rowid in (${nameOrEmailMatches(query.search).rowids})` : nameOrEmailLike(query.search);
    const where = and(readable(orders.eventId), ...stateFilters(query), or(nameOrEmail, ...identifierMatches(query.search, readable)));
    const total = db.select({ n: count() }).from(orders).where(where).get()?.n ?? 0;
    const eventsById = new Map<string, EventRow>();
    const eventOf = (eventId: string) => eventsById.get(eventId) ?? eventsById.set(eventId, events.resolve(eventId)).get(eventId)!;
    return { data: pageOf(where, query, eventOf), meta: pageMeta(query, total) };
  }

  /** The totals of a search: its matches summed, and those completed joined to their paid payment. */
  function summed(countWhere: SQL | undefined): { all: Figure; byMethod: MethodFigure[] } {
    const figure = { count: sql<number>`count(*)`, amount: sql<number>`coalesce(sum(${orders.totalAmount}), 0)` };
    const all = db.select(figure).from(orders).where(countWhere).get() ?? NOTHING;
    // A completed order has exactly one paid payment: the join counts each once.
    const byMethod = db
      .select({ method: payments.method, ...figure })
      .from(orders)
      .innerJoin(payments, and(eq(payments.orderId, orders.id), eq(payments.status, 'paid')))
      .where(and(countWhere, eq(orders.status, 'completed')))
      .groupBy(payments.method)
      .all();
    return { all, byMethod };
  }

  function totals(actor: Actor, idOrSlug: string, query: OrderTotalsQuery): OrderTotals {
    const event = events.resolveFor(actor, idOrSlug, 'event:read');
    expiry.expireBeforeRead();
    const { all, byMethod } = query.search ? summed(select(event, query).countWhere) : { all: counted(event, query), byMethod: countedByMethod(event, query) };
    const completed = sumOf(byMethod);
    const money = (f: Figure) => ({ count: f.count, amount: fromMinor(f.amount) });
    return { ...money(all), completed: money(completed), byMethod: byMethod.map((m) => ({ method: m.method, ...money(m) })) };
  }

  return { list, searchAll, totals };
}
export type OrderList = ReturnType<typeof createOrderList>;
