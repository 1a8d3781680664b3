/**
 * Direct reads of the database, for what the interface does not show: how many rows a table has
 * (so that a retry or a race is seen to have written nothing twice; in a backup, that it is whole),
 * a category's held seats (GET tickets reports only `sold` and `isSoldOut`) and how SQLite plans a
 * statement; and a fault made in it from outside.
 */
import Database from 'better-sqlite3';
import { join } from 'node:path';
import type { Sqlite } from '../../src/main/db/connection.js';
import type { Services } from '../../src/main/services.js';

type Table = 'orders' | 'users' | 'order_items' | 'idempotency_keys' | 'payments' | 'participants' | 'check_ins';

export function countRows(services: Services, table: Table): number {
  return (services.database.sqlite.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n;
}

/** How many rows a database file (a backup) holds in a table a test made, with `where` if given. */
export function rowsInFile(file: string, table: string, where = ''): number {
  const copy = new Database(file, { readonly: true });
  try {
    return (copy.prepare(`select count(*) as n from ${table} ${where}`).get() as { n: number }).n;
  } finally {
    copy.close();
  }
}

export function seatCounts(services: Services, categoryId: string): { quota: number; sold: number; held: number } {
  const row = services.database.sqlite.prepare('select quota, sold, held from ticket_categories where id = ?').get(categoryId);
  if (!row) throw new Error(`no ticket category ${categoryId}`);
  return row as { quota: number; sold: number; held: number };
}

/** SQLite's plan of a statement, one step a line; each `?` is bound to 'x' unless `params` are given. */
export function queryPlan(sqlite: Sqlite, source: string, params: unknown[] = source.match(/\?/g)?.map(() => 'x') ?? []): string[] {
  return (sqlite.prepare(`explain query plan ${source}`).all(...params) as { detail: string }[]).map((r) => r.detail);
}

/**
 * Makes every batch of the search index fail in the counter database of `dataDir` (a trigger on
 * its mark), as a damaged index would; a sale needs none of it and still goes through.
 */
export function refuseSearchIndexBatches(dataDir: string): void {
  const database = new Database(join(dataDir, 'counter.db'));
  try {
    database.exec("create trigger refuse_batches before update on orders_search_progress begin select raise(abort, 'index refused the batch'); end");
  } finally {
    database.close();
  }
}
