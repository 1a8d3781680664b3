/**
 * Cash checkouts through HTTP: orders made beforehand (the order-creation load leaves tens of
 * thousands awaiting payment) are each checked out exactly once, autocannon handing every request
 * the next order's path. Afterwards the database must hold exactly one participant and one paid
 * payment per completed order, each with its own ticket number.
 */
import Database from 'better-sqlite3';
import type { LoadTarget } from './load.js';

/** More than any total of the bench's category (Rp 153.750), so that change is computed too. */
const TENDERED = '200000';

/** The event's orders in `status` (awaiting payment unless told), oldest first; read beside the running server (WAL allows it). */
export function orderIds(dbFile: string, eventId: string, status: 'payment_pending' | 'completed' = 'payment_pending'): string[] {
  const db = new Database(dbFile, { readonly: true });
  try {
    const rows = db.prepare('select id from orders where event_id = ? and status = ? order by id').all(eventId, status) as { id: string }[];
    return rows.map((r) => r.id);
  } finally {
    db.close();
  }
}

export interface CheckoutTarget extends LoadTarget {
  /** How many orders have been handed out; more than there were means some was sent twice. */
  handedOut(): number;
}

/** Each request checks out the next order of `ids` in cash. */
export function checkoutTarget(url: string, eventId: string, ids: string[], headers: Record<string, string>): CheckoutTarget {
  let next = 0;
  return {
    url,
    headers,
    // Once the pool is spent the last order comes again: its 409 fails the run, as it must.
    path: () => `/events/${eventId}/admin/orders/${ids[Math.min(next++, ids.length - 1)]}/checkout`,
    body: () => ({ method: 'cash', amountTendered: TENDERED }),
    handedOut: () => next,
  };
}

export interface CheckoutCounts {
  completed: number;
  participants: number;
  ticketNumbers: number;
  paidPayments: number;
}

/** What the checkouts left in the database for the event. */
export function checkoutCounts(dbFile: string, eventId: string): CheckoutCounts {
  const db = new Database(dbFile, { readonly: true });
  try {
    const one = (sql: string) => (db.prepare(sql).get(eventId) as { n: number }).n;
    return {
      completed: one(`select count(*) as n from orders where event_id = ? and status = 'completed' and payment_status = 'paid'`),
      participants: one('select count(*) as n from participants where event_id = ?'),
      ticketNumbers: one('select count(distinct ticket_number) as n from participants where event_id = ?'),
      paidPayments: one(`select count(*) as n from payments p join orders o on o.id = p.order_id where o.event_id = ? and p.status = 'paid'`),
    };
  } finally {
    db.close();
  }
}
