/**
 * Direct reads of the database, for what the interface does not show: how many rows a table has
 * (so that a retry or a race is seen to have written nothing twice) and a category's held seats
 * (GET tickets reports only `sold` and `isSoldOut`).
 */
import type { Services } from '../../src/main/services.js';

type Table = 'orders' | 'users' | 'order_items' | 'idempotency_keys' | 'payments' | 'participants' | 'check_ins';

export function countRows(services: Services, table: Table): number {
  return (services.database.sqlite.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n;
}

export function seatCounts(services: Services, categoryId: string): { quota: number; sold: number; held: number } {
  const row = services.database.sqlite.prepare('select quota, sold, held from ticket_categories where id = ?').get(categoryId);
  if (!row) throw new Error(`no ticket category ${categoryId}`);
  return row as { quota: number; sold: number; held: number };
}
