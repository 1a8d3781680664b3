/**
 * The X and Z report of a session, computed from its money entries alone (cash_entries): totals by
 * payment method and by category, refunds, cash in and out, the rounding, and the drawer's
 * expected cash against the count. Pure: the same rows give the same report, which is what makes
 * an issued Z report checkable against a recount.
 */
import type { CashReport } from '#shared/schemas/cash-session.js';
import { PaymentMethod } from '#shared/schemas/payment.js';
import { fromMinor, fromMinorSigned } from '#shared/money.js';
import type { cashEntries, cashSessions } from '../db/schema.js';
import { REPORT_TIME_ZONE } from '#shared/report-days.js';
import { toIso } from './time.js';

export type CashSessionRow = typeof cashSessions.$inferSelect;
export type CashEntryRow = typeof cashEntries.$inferSelect;


const INTO_DRAWER: Record<CashEntryRow['kind'], 1 | -1> = { sale: 1, cash_in: 1, refund: -1, cash_out: -1 };

/** What the entries put into the drawer (or took out), in sen: cash only, the rounding included. */
export function cashMoved(entries: readonly CashEntryRow[]): number {
  return entries.filter((e) => e.method === 'cash').reduce((sum, e) => sum + INTO_DRAWER[e.kind] * (e.amount + e.rounding), 0);
}

const sum = (rows: readonly CashEntryRow[]) => rows.reduce((total, e) => total + e.amount, 0);
const at = (ms: number) => toIso(ms, REPORT_TIME_ZONE);

export interface ReportHeading {
  kind: 'X' | 'Z';
  number: number | null;
  issuedAt: number;
  /** False in an X report for the cashier before the blind count: the drawer's figures are not shown. */
  showCash: boolean;
}

/** A cash sale or refund: what a blind report leaves out, since its totals would give the drawer away. */
const isCashTrade = (e: CashEntryRow) => e.method === 'cash' && (e.kind === 'sale' || e.kind === 'refund');

export function buildCashReport(session: CashSessionRow, entries: readonly CashEntryRow[], heading: ReportHeading): CashReport {
  const shown = heading.showCash ? entries : entries.filter((e) => !isCashTrade(e));
  const sales = shown.filter((e) => e.kind === 'sale');
  const refunds = shown.filter((e) => e.kind === 'refund');
  const movements = entries.filter((e) => e.kind === 'cash_in' || e.kind === 'cash_out');
  const byMethod = PaymentMethod.options.flatMap((method) => {
    const mine = shown.filter((e) => e.method === method && (e.kind === 'sale' || e.kind === 'refund'));
    if (mine.length === 0) return [];
    const sold = mine.filter((e) => e.kind === 'sale');
    const back = mine.filter((e) => e.kind === 'refund');
    return [
      {
        method,
        salesCount: sold.length,
        salesTotal: fromMinor(sum(sold)),
        refundsCount: back.length,
        refundsTotal: fromMinor(sum(back)),
        net: fromMinorSigned(sum(sold) - sum(back)),
        references: mine.flatMap((e) => (e.reference ? [e.reference] : [])),
      },
    ];
  });
  const categories = new Map<string, { count: number; total: number }>();
  for (const sale of sales) {
    const line = categories.get(sale.categoryName ?? '') ?? { count: 0, total: 0 };
    categories.set(sale.categoryName ?? '', { count: line.count + 1, total: line.total + sale.amount });
  }
  const cash = shown.filter((e) => e.method === 'cash');
  const rounding = cash.reduce((total, e) => total + (e.kind === 'sale' ? e.rounding : e.kind === 'refund' ? -e.rounding : 0), 0);
  const expected = session.expectedCash ?? session.openingFloat + cashMoved(entries);
  const counted = session.countedCash;
  const saleTimes = entries.filter((e) => e.kind === 'sale').map((e) => e.at);
  const moved = (kind: 'cash_in' | 'cash_out') => fromMinor(sum(movements.filter((m) => m.kind === kind)));
  return {
    kind: heading.kind,
    number: heading.number,
    issuedAt: at(heading.issuedAt),
    sessionId: session.id,
    status: session.status,
    cashierName: session.cashierName,
    openedAt: at(session.openedAt),
    closedAt: session.closedAt === null ? null : at(session.closedAt),
    approvedBy: session.approvedByName,
    approvalReason: session.approvalReason,
    firstSaleAt: saleTimes.length ? at(Math.min(...saleTimes)) : null,
    lastSaleAt: saleTimes.length ? at(Math.max(...saleTimes)) : null,
    salesCount: sales.length,
    salesTotal: fromMinor(sum(sales)),
    refundsCount: refunds.length,
    refundsTotal: fromMinor(sum(refunds)),
    byMethod,
    byCategory: [...categories].map(([name, line]) => ({ name, count: line.count, total: fromMinor(line.total) })),
    // Each line its ticket's amount, as in refundsTotal; the cash rounding is the report's own line.
    refunds: refunds.map((r) => ({ orderId: r.orderId ?? '', method: r.method, amount: fromMinor(r.amount), reason: r.reason ?? '', at: at(r.at), by: r.userName })),
    movements: movements.map((m) => ({ kind: m.kind as 'cash_in' | 'cash_out', amount: fromMinor(m.amount), reason: m.reason ?? '', at: at(m.at), by: m.userName })),
    cashIn: moved('cash_in'),
    cashOut: moved('cash_out'),
    rounding: fromMinorSigned(rounding),
    openingFloat: fromMinor(session.openingFloat),
    expectedCash: heading.showCash ? fromMinorSigned(expected) : null,
    countedCash: counted === null ? null : fromMinor(counted),
    difference: counted === null ? null : fromMinorSigned(counted - expected),
  };
}
