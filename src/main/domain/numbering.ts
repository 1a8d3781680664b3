/**
 * The counter's printed sequences: invoice numbers per counter name and year, Z and X reports.
 * Each keeps the last number it gave (number_sequences), taken in the transaction that prints it,
 * so the next one follows without a gap; a restore of an older backup carries the last numbers
 * over (backup/restore.ts), so no number on paper is given twice.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/connection.js';
import { numberSequences } from '../db/schema.js';

export const invoiceSequence = (counterName: string, year: number) => `invoice/${counterName}/${year}`;
export const Z_REPORTS = 'z-report';
export const X_REPORTS = 'x-report';

/**
 * The next number of a sequence (1 for a new one); call it inside the transaction that uses it.
 * Prepared where its service is made: every payment at this counter takes an invoice number.
 */
export function createNumbering(db: Db): (sequence: string) => number {
  const next = db
    .insert(numberSequences)
    .values({ name: sql.placeholder('name'), last: 1 })
    .onConflictDoUpdate({ target: numberSequences.name, set: { last: sql`${numberSequences.last} + 1` } })
    .returning({ last: numberSequences.last })
    .prepare();
  return (sequence) => next.get({ name: sequence })!.last;
}
