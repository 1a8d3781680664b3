/**
 * The sales report between two instants (docs/cash-sessions.md, Reports): what the supervisor
 * reads at the end of a day or a festival, by day and hour, payment method, category and cashier,
 * with the refunds. Read from the orders' payments, not from the drawers: a card sale taken before
 * any shift was opened, or by a kiosk's key, is a sale all the same.
 *
 * A sale is a payment that became paid in the range, at the order's total (the cash rounding is
 * the drawer's affair, in the Z report); a refund counts when it was given, at the same total.
 * Who sees what: the counter's owner every sale, an organizer the sales of its own events, a
 * cashier the sales it took and the refunds it gave.
 */
import { and, asc, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import { fromMinor, fromMinorSigned } from '#shared/money.js';
import type { SalesReport, SalesReportQuery } from '#shared/schemas/sales-report.js';
import { REPORT_TIME_ZONE } from '#shared/report-days.js';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import type { Db } from '../db/connection.js';
import { eqUnindexed } from '../db/unindexed.js';
import { events, invoices, orders, payments, refunds, ticketCategories } from '../db/schema.js';
import type { Actor } from './access.js';
import { sumOf, type Figure } from './figures.js';
import { parseInstant, toIso, zoneOffsetMinutes } from './time.js';

type Scope = SalesReport['scope'];

/** Customers never sign in to a counter: everyone else is the owner, an organizer or a cashier. */
function scopeOf(actor: Actor): Scope {
  if (actor.role === 'super_admin') return 'all';
  if (actor.role === 'organizer') return 'own_events';
  return 'own_sales';
}

/** Sales summed by a key: the first group's columns and the sums. */
interface Tally<G> extends Figure {
  key: string | number;
  first: G;
}

function tally<G extends Figure, K extends string | number>(groups: G[], keyOf: (group: G) => K): Map<K, Tally<G>> {
  const tallies = new Map<K, Tally<G>>();
  for (const group of groups) {
    const key = keyOf(group);
    const t = tallies.get(key);
    if (t) {
      t.count += group.count;
      t.amount += group.amount;
    } else {
      tallies.set(key, { key, first: group, count: group.count, amount: group.amount });
    }
  }
  return tallies;
}

/** The most sales first; ties in the order of their key, so that a report reads the same each time. */
const byCountThenKey = <G>(tallies: Map<string, Tally<G>>) =>
  [...tallies.values()].sort((a, b) => b.count - a.count || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));

/** The day (YYYY-MM-DD) of an hour counted from 1970 in the report's zone, as strftime() writes it. */
const dayOfHour = (localHour: number) => new Date(localHour * 3_600_000).toISOString().slice(0, 10);

/** The greater of two names as SQLite's max() compares text: by their UTF-8 bytes. */
function greaterName(a: string | null, b: string | null): string | null {
  if (a === b || b === null) return a;
  if (a === null) return b;
  return Buffer.compare(Buffer.from(a), Buffer.from(b)) >= 0 ? a : b;
}

export function createSalesReports(db: Db) {
  const paidAtEnd = (direction: typeof asc) =>
    db
      .select({ at: payments.paidAt })
      .from(payments)
      // A paid payment always has its time; one stored without (by hand) would be the first.
      .where(sql`${payments.status} = 'paid' and ${payments.paidAt} is not null`)
      .orderBy(direction(payments.paidAt))
      .limit(1)
      .prepare();
  const [firstPaid, lastPaid] = [paidAtEnd(asc), paidAtEnd(desc)];

  /**
   * Whether the range overlaps at most a quarter of the time over which payments were paid (two seeks
   * in the index of paid payments). The index makes a short range's report fast, but a long one's
   * slower than reading in table order: in its order each sale's order is read apart, away from its
   * neighbours (docs/cash-sessions.md).
   */
  function isNarrow(from: number, to: number): boolean {
    const first = firstPaid.get()?.at;
    const last = lastPaid.get()?.at;
    if (first == null || last == null) return true;
    return Math.min(to, last + 1) - Math.max(from, first) <= (last + 1 - first) / 4;
  }

  function salesReport(actor: Actor, query: SalesReportQuery): SalesReport {
    const scope = scopeOf(actor);
    const from = parseInstant(query.from);
    const to = parseInstant(query.to);
    // The report's zone keeps one offset all year (Indonesia has no summer time): a day is a
    // fixed shift of UTC.
    const offsetSeconds = zoneOffsetMinutes(from, REPORT_TIME_ZONE) * 60;
    const localDay = (ms: SQLiteColumn) => sql<string>`strftime('%Y-%m-%d', ${ms} / 1000 + ${offsetSeconds}, 'unixepoch')`;

    // A range of a few days: the index of paid payments finds its sales, and the unary + keeps SQLite
    // from walking every order of the events (their index) instead. A range over most of the
    // sales: the payments are read in table order, or an organizer's events' orders in theirs.
    const narrow = isNarrow(from, to);
    const filterEq = narrow ? eqUnindexed : eq;
    const eventFilter = (): SQL[] => [
      ...(query.eventId ? [filterEq(orders.eventId, query.eventId)] : []),
      ...(scope === 'own_events' ? [filterEq(events.ownerId, actor.userId)] : []),
    ];
    const salesWhere = and(
      // Written out, the condition lets the partial index payments_paid (paid payments only) drive;
      // bound, it cannot (a SQLite rule).
      narrow ? sql`${payments.status} = 'paid'` : eq(payments.status, 'paid'),
      gte(payments.paidAt, from),
      lt(payments.paidAt, to),
      ...eventFilter(),
      ...(scope === 'own_sales' ? [eq(invoices.cashierUserId, actor.userId)] : []),
    );
    const refundsWhere = and(gte(refunds.at, from), lt(refunds.at, to), ...eventFilter(), ...(scope === 'own_sales' ? [eq(refunds.refundedByUserId, actor.userId)] : []));

    const figure = { count: sql<number>`count(*)`, amount: sql<number>`coalesce(sum(${orders.totalAmount}), 0)` };
    /** The paid sales grouped by `key` (its columns are selected too). */
    const salesBy = <K extends Record<string, SQL | SQLiteColumn>>(key: K, groupBy: (SQL | SQLiteColumn)[]) =>
      db
        .select({ ...key, ...figure })
        .from(payments)
        .innerJoin(orders, eq(orders.id, payments.orderId))
        .innerJoin(events, eq(events.id, orders.eventId))
        .innerJoin(ticketCategories, eq(ticketCategories.id, orders.ticketCategoryId))
        .leftJoin(invoices, eq(invoices.orderId, payments.orderId))
        .where(salesWhere)
        .groupBy(...groupBy)
        .all();
    const refundsBy = <K extends Record<string, SQL | SQLiteColumn>>(key: K, groupBy: (SQL | SQLiteColumn)[]) =>
      db
        .select({ ...key, ...figure })
        .from(refunds)
        .innerJoin(orders, eq(orders.id, refunds.orderId))
        .innerJoin(events, eq(events.id, orders.eventId))
        .where(refundsWhere)
        .groupBy(...groupBy);

    // Two walks of the range's sales, one by time and method, one by category and cashier; each
    // part of the report sums the groups of one. A walk for each part took far longer than two;
    // one walk grouped by all of them held a group for nearly every sale in memory.
    // The offset is bound as a real number: the cast makes the hour a whole one.
    const localHour = sql<number>`cast((${payments.paidAt} / 1000 + ${offsetSeconds}) / 3600 as integer)`;
    const byTime = salesBy({ localHour, method: payments.method }, [localHour, payments.method]);
    const byWhom = salesBy(
      {
        eventId: orders.eventId,
        eventName: events.name,
        ticketCategoryId: ticketCategories.id,
        categoryName: ticketCategories.name,
        cashierUserId: invoices.cashierUserId,
        cashierName: sql<string | null>`max(${invoices.cashierName})`,
      },
      [orders.eventId, ticketCategories.id, invoices.cashierUserId],
    );
    const salesTotal = sumOf(byTime);
    const saleOfDay = tally(byTime, (g) => dayOfHour(g.localHour));
    const hours = tally(byTime, (g) => g.localHour % 24);
    const methods = tally(byTime, (g) => g.method);
    const categories = byCountThenKey(tally(byWhom, (g) => `${g.eventId} ${g.ticketCategoryId}`));
    const cashierKey = (g: (typeof byWhom)[number]) => g.cashierUserId ?? '';
    const cashiers = byCountThenKey(tally(byWhom, cashierKey));
    // One name per cashier, as max() over its invoices gave it when the report grouped by cashier.
    const cashierNames = new Map<string, string | null>();
    for (const g of byWhom) {
      const key = cashierKey(g);
      cashierNames.set(key, greaterName(cashierNames.get(key) ?? null, g.cashierName));
    }

    const refundsTotal = refundsBy({}, []).get() ?? { count: 0, amount: 0 };
    const refundDay = localDay(refunds.at);
    const refundsByDay = new Map(refundsBy({ day: refundDay }, [refundDay]).all().map((r) => [r.day, r.amount]));
    const days = [...new Set([...saleOfDay.keys(), ...refundsByDay.keys()])].sort();
    const refundMethods = new Map(refundsBy({ method: refunds.method }, [refunds.method]).all().map((r) => [r.method, r]));
    const methodNames = [...new Set([...[...methods.keys()].sort(), ...refundMethods.keys()])];
    const refundList = db
      .select({ refund: refunds, total: orders.totalAmount, eventName: events.name, categoryName: ticketCategories.name })
      .from(refunds)
      .innerJoin(orders, eq(orders.id, refunds.orderId))
      .innerJoin(events, eq(events.id, orders.eventId))
      .innerJoin(ticketCategories, eq(ticketCategories.id, orders.ticketCategoryId))
      .where(refundsWhere)
      .orderBy(asc(refunds.at))
      .all();

    const at = (ms: number) => toIso(ms, REPORT_TIME_ZONE);
    return {
      from: at(from),
      to: at(to),
      timeZone: REPORT_TIME_ZONE,
      scope,
      sales: { count: salesTotal.count, amount: fromMinor(salesTotal.amount) },
      refunds: { count: refundsTotal.count, amount: fromMinor(refundsTotal.amount) },
      net: fromMinorSigned(salesTotal.amount - refundsTotal.amount),
      byDay: days.map((d) => ({
        day: d,
        count: saleOfDay.get(d)?.count ?? 0,
        amount: fromMinor(saleOfDay.get(d)?.amount ?? 0),
        refundsAmount: fromMinor(refundsByDay.get(d) ?? 0),
      })),
      byHour: Array.from({ length: 24 }, (_, hour) => ({ hour, count: hours.get(hour)?.count ?? 0, amount: fromMinor(hours.get(hour)?.amount ?? 0) })),
      byMethod: methodNames.map((method) => {
        const sold = methods.get(method);
        const refunded = refundMethods.get(method);
        return {
          method,
          count: sold?.count ?? 0,
          amount: fromMinor(sold?.amount ?? 0),
          refundsCount: refunded?.count ?? 0,
          refundsAmount: fromMinor(refunded?.amount ?? 0),
        };
      }),
      byCategory: categories.map(({ first: g, count, amount }) => ({
        eventId: g.eventId,
        eventName: g.eventName,
        ticketCategoryId: g.ticketCategoryId,
        categoryName: g.categoryName,
        count,
        amount: fromMinor(amount),
      })),
      byCashier: cashiers.map(({ key, first: g, count, amount }) => ({
        cashierUserId: g.cashierUserId,
        cashierName: cashierNames.get(String(key)) ?? null,
        count,
        amount: fromMinor(amount),
      })),
      refundList: refundList.map((r) => ({
        orderId: r.refund.orderId,
        eventName: r.eventName,
        categoryName: r.categoryName,
        method: r.refund.method,
        amount: fromMinor(r.total),
        reason: r.refund.reason,
        approvedBy: r.refund.approvedByName,
        refundedBy: r.refund.refundedByName,
        at: at(r.refund.at),
      })),
    };
  }

  return { salesReport };
}
