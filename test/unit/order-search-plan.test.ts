/**
 * How SQLite answers the searches an operator types, read from its query plan: a NIK's or a
 * phone's ending, a ticket number and an order id each go through an index, never through every
 * order of the event (at 200,000 orders a walk took 100 ms to 2 s). The plan, not a timing: it
 * holds on any machine.
 */
import { and, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type CounterDb } from '../../src/main/db/connection.js';
import { orders } from '../../src/main/db/schema.js';
import { identifierMatches } from '../../src/main/domain/order-search.js';
import { queryPlan } from '../support/db.js';
import { tempDir, type TempDir } from '../support/harness.js';

const EVENT = '01JSEAS0N000000000000000EV';

describe('the search by identifier, as SQLite plans it', () => {
  let dir: TempDir;
  let database: CounterDb;
  afterEach(() => {
    database?.close();
    dir?.remove();
  });

  /** The plan of the rows a term finds in one event, as the order list unions them. */
  function planOf(term: string): string[] {
    dir = tempDir();
    database = openDatabase(dir.path);
    const conditions = identifierMatches(term, (eventId) => sql`${eventId} = ${EVENT}`);
    expect(conditions.length, term).toBeGreaterThan(0);
    return conditions.flatMap((condition) => {
      const query = database.db.select({ rowid: sql`${orders}.rowid` }).from(orders).where(and(sql`+${orders.eventId} = ${EVENT}`, condition)).toSQL();
      return queryPlan(database.sqlite, query.sql, query.params);
    });
  }

  it.each([
    ['a NIK by its last six digits', '123456', 'orders_identity_ending'],
    ['a whole NIK', '3171234567890001', 'orders_identity_ending'],
    ['a phone as spoken', '0812 3456 7890', 'orders_phone_ending'],
    ['a ticket number', 'DZPD-RPR3', 'participants_ticket_number'],
  ])('%s goes through an index', (_label, term, index) => {
    const plan = planOf(term);
    expect(plan.join('\n')).toContain(index);
    expect(plan.filter((detail) => /^SCAN orders\b/.test(detail))).toEqual([]);
  });
});
