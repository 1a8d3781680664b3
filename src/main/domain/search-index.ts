/**
 * The orders' search index (orders_search, orders_search_domains and order_email_domains:
 * migration 0032; search-matches.ts reads them) is fed after the sale, not in it. Each sale
 * indexed in its own group commit made SQLite write a new segment of the index, a large part of
 * the sale's time; a few hundred orders indexed in one transaction cost far less each
 * (docs/search.md).
 * Until its batch an order is read with LIKE through `notYetIndexed` (at most a batch or so at a
 * busy counter), so a search finds it either way.
 */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/connection.js';
import type { GroupCommit } from '../db/group-commit.js';
import { events, orderEmailDomains, orders, ordersSearchProgress } from '../db/schema.js';
import { createGramCounter } from './order-grams.js';

/** Orders indexed per transaction: a few milliseconds of the writer, so no sale waits long behind it. */
export const SEARCH_BATCH = 500;

/** The orders the index does not hold yet: the rowids after its mark, one range of the table. */
export const notYetIndexed = sql`${orders}.rowid > (select ${ordersSearchProgress.indexedThrough} from ${ordersSearchProgress})`;

// An e-mail in two parts, as the triggers of migration 0032 split it: its name up to the first @
// (the @ included; all of an e-mail without one), and the rest ("@" and the domain).
const at = sql`instr(${orders.customerEmail}, '@')`;
const emailName = sql`lower(case when ${at} > 0 then substr(${orders.customerEmail}, 1, ${at}) else ${orders.customerEmail} end)`;
export const emailDomain = sql`case when ${at} > 0 then lower(substr(${orders.customerEmail}, ${at})) else '' end`;

/**
 * Indexes the next `limit` orders after the mark and moves the mark past them, in the caller's
 * transaction; returns how many. The same rowids and text as the triggers of migration 0032 give
 * an order the index holds.
 */
function feedIndex(db: Db, limit: number): number {
  const next = db.get<{ upTo: number | null; n: number }>(
    sql`select max(rowid) as upTo, count(*) as n from (select ${orders}.rowid from ${orders} where ${notYetIndexed} order by ${orders}.rowid limit ${limit})`,
  );
  if (next.upTo === null) return 0;
  const batch = sql`from ${orders} join ${events} on ${events.id} = ${orders.eventId} where ${notYetIndexed} and ${orders}.rowid <= ${next.upTo}`;
  const rowid = sql`(${events}.rowid << 40) + ${orders}.rowid`;
  db.run(sql`insert into orders_search(rowid, customer_name, email_name) select ${rowid}, lower(${orders.customerName}), ${emailName} ${batch}`);
  db.run(sql`insert into orders_search_domains(rowid, email_domain) select ${rowid}, ${emailDomain} ${batch}`);
  // The WHERE in the batch keeps SQLite from reading ON CONFLICT as a join's ON.
  db.run(sql`insert into ${orderEmailDomains}(event_id, domain, orders) select ${orders.eventId}, ${emailDomain}, count(*) ${batch} group by 1, 2
    on conflict(event_id, domain) do update set orders = orders + excluded.orders`);
  db.update(ordersSearchProgress).set({ indexedThrough: next.upTo }).where(eq(ordersSearchProgress.id, 1)).run();
  return next.n;
}

export function createSearchIndex(db: Db, groupCommit: GroupCommit) {
  // serve asks four times a second: an idle counter answers from this read, without taking the write lock.
  const behindMark = sql`(select min(${ordersSearchProgress.indexedThrough}, ${ordersSearchProgress.gramsCountedThrough}) from ${ordersSearchProgress})`;
  const anyWaiting = db.select({ rowid: sql`${orders}.rowid` }).from(orders).where(sql`${orders}.rowid > ${behindMark}`).limit(1).prepare();

  const countGrams = createGramCounter(db);

  /**
   * Indexes the next `limit` orders and counts their short pieces of text (order-grams.ts), each
   * after its own mark, in the caller's transaction; returns the larger number of orders taken.
   * serve feeds it in batches (catchUp); a bulk load may take many at once.
   */
  const indexNext = (limit: number): number => Math.max(feedIndex(db, limit), countGrams(limit));

  /**
   * Indexes the next batch; resolves to how many orders it took (SEARCH_BATCH: more are waiting).
   * It is committed with the sales of the moment (db/group-commit.ts): no commit of its own.
   */
  const catchUp = async (limit = SEARCH_BATCH): Promise<number> => (anyWaiting.get() ? groupCommit(() => indexNext(limit)) : 0);

  return { catchUp, indexNext };
}
export type SearchIndex = ReturnType<typeof createSearchIndex>;
