/**
 * A page's rows read by their ids bound as one JSON array (db/id-list.ts), as SQLite plans it:
 * each id looked up through an index, never a walk of the table. The plan, not a timing.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { Column } from 'drizzle-orm';
import { openDatabase, type CounterDb } from '../../src/main/db/connection.js';
import { amongIds, idsParam } from '../../src/main/db/id-list.js';
import { orders, participants, payments } from '../../src/main/db/schema.js';
import { queryPlan } from '../support/db.js';
import { tempDir, type TempDir } from '../support/harness.js';

describe('rows among a list of ids, as SQLite plans it', () => {
  let dir: TempDir;
  let database: CounterDb;
  afterEach(() => {
    database?.close();
    dir?.remove();
  });

  it.each([
    ['orders', orders, orders.id],
    ['participants', participants, participants.orderId],
    ['payments', payments, payments.orderId],
  ] as const)('%s: an index search for each id', (name, table, column: Column) => {
    dir = tempDir();
    database = openDatabase(dir.path);
    const query = database.db.select().from(table).where(amongIds(column)).toSQL();
    const params = query.params.map((p) => (p && typeof p === 'object' ? idsParam(['01JAAAAAAAAAAAAAAAAAAAAAAA']).ids : p));
    const plan = queryPlan(database.sqlite, query.sql, params);
    expect(plan.some((detail) => detail.startsWith(`SEARCH ${name} USING `) && detail.includes('=?')), plan.join('\n')).toBe(true);
    expect(plan.filter((detail) => detail.startsWith(`SCAN ${name}`)), plan.join('\n')).toEqual([]);
  });
});
