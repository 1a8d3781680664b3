/**
 * The reads serve answers on its read thread (read-thread.ts): those that can read for a second
 * or more on a season's database. On serve's main thread every sale, scan and screen waited
 * behind them: a month's sales report, the totals of a search that matches a hundred thousand
 * orders, a search across every event (docs/search.md).
 */
import type { Db } from '../db/connection.js';
import { createAccess } from '../domain/access.js';
import { systemClock } from '../domain/clock.js';
import { createEventService } from '../domain/events.js';
import { createOrderList } from '../domain/order-list.js';
import { createOrderViews, linksAt } from '../domain/order-views.js';
import { createSalesReports } from '../domain/sales-report.js';

/** Serve's main thread expired the lapsed holds before it asked (read-thread.ts): a read-only connection could not. */
const expiredBeforeAsking = { expireBeforeRead: () => undefined };

export function createReads(db: Db, publicBaseUrl: () => string) {
  const access = createAccess(db);
  // The clock dates only the events' list, which is not read here.
  const events = createEventService(db, access, systemClock);
  const views = createOrderViews(db, linksAt(publicBaseUrl), access);
  const orderList = createOrderList({ db, access, events, views, expiry: expiredBeforeAsking });
  return {
    salesReport: createSalesReports(db).salesReport,
    orderTotals: orderList.totals,
    searchOrders: orderList.searchAll,
  };
}
export type Reads = ReturnType<typeof createReads>;
export type ReadName = keyof Reads;
