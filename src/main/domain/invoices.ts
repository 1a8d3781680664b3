/**
 * Invoice numbers and prints (docs/counter.md, Invoices). An order paid at this counter is given
 * INV/<counter name>/<year>/<000123> in its payment's own transaction: in sequence per counter name
 * and year, without gaps, since the next number is taken inside that transaction (numbering.ts;
 * writes are serialised: one connection, BEGIN IMMEDIATE) and a payment rolled back takes its
 * number with it. The year is the counter's local one, as on its cash reports. A payment taken at another
 * counter and replicated here (it names the ticket that counter printed) gets no number here.
 *
 * Every print is counted: the first is the original, every later one, in any layout, a copy.
 */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/connection.js';
import { invoices } from '../db/schema.js';
import type { Actor } from './access.js';
import { REPORT_TIME_ZONE } from '#shared/report-days.js';
import { createNumbering, invoiceSequence } from './numbering.js';
import { toIso } from './time.js';

export type InvoiceRow = typeof invoices.$inferSelect;

export const formatInvoiceNumber = (counterName: string, year: number, seq: number) => `INV/${counterName}/${year}/${String(seq).padStart(6, '0')}`;

/** The calendar year at the counter when `ms` happened. */
const localYear = (ms: number) => Number(toIso(ms, REPORT_TIME_ZONE).slice(0, 4));

export function createInvoices(db: Db, counterName: () => string) {
  // Every payment at this counter numbers an invoice: prepared once.
  const ph = sql.placeholder;
  const nextNumber = createNumbering(db);
  const insertInvoice = db
    .insert(invoices)
    .values({ orderId: ph('orderId'), number: ph('number'), counterName: ph('counterName'), year: ph('year'), seq: ph('seq'), cashierUserId: ph('cashierUserId'), cashierName: ph('cashierName'), issuedAt: ph('issuedAt') })
    .prepare();

  /** Numbers the order's invoice; runs inside the payment's transaction. */
  function assign(orderId: string, actor: Actor, now: number): string {
    const name = counterName();
    const year = localYear(now);
    const seq = nextNumber(invoiceSequence(name, year));
    const number = formatInvoiceNumber(name, year, seq);
    insertInvoice.run({ orderId, number, counterName: name, year, seq, cashierUserId: actor.userId, cashierName: actor.name, issuedAt: now });
    return number;
  }

  const of = (orderId: string): InvoiceRow | undefined => db.select().from(invoices).where(eq(invoices.orderId, orderId)).get();

  /** Counts one print of the order's invoice; answers the invoice as it now stands, if it has one. */
  const recordPrint = (orderId: string): InvoiceRow | undefined =>
    db
      .update(invoices)
      .set({ prints: sql`${invoices.prints} + 1` })
      .where(eq(invoices.orderId, orderId))
      .returning()
      .get();

  return { assign, of, recordPrint };
}
export type Invoices = ReturnType<typeof createInvoices>;
