/**
 * How many of an event's orders hold each piece of one or two characters in their name or e-mail
 * (order_grams, migration 0029). A search that short makes no trigram for the search index
 * (search-index.ts), so its total was a count over every name and e-mail of the event, slow on a
 * large event (docs/search.md). The counts are kept with the search index's batches, up to a mark
 * of their own; the orders after it are read with LIKE, so a total is exact at any moment.
 */
import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/connection.js';
import { orderGrams, orders, ordersSearchProgress } from '../db/schema.js';
import { asciiLower } from './paging.js';

/** The orders not counted yet: the rowids after the mark, one range of the table. */
export const notYetCounted = sql`${orders}.rowid > (select ${ordersSearchProgress.gramsCountedThrough} from ${ordersSearchProgress})`;

/** One past the largest code point: a piece of two characters is first * CODE_POINTS + second. */
const CODE_POINTS = 0x110000;

/**
 * U+FFFD, the replacement character. Half an emoji sent alone is stored as three bytes that
 * SQLite's LIKE reads as one U+FFFD and Node as three: a piece holding it is not counted, and a
 * term holding it is counted with LIKE (countable).
 */
const REPLACEMENT = 0xfffd;

/** Whether order_grams can answer for the term; else the list counts it with LIKE. */
export const countable = (term: string) => !term.includes(String.fromCodePoint(REPLACEMENT));

/**
 * Calls `found` with every piece of one or two characters that `LIKE '%piece%'` finds in the text,
 * as a number (pieceText turns it back): ASCII letters folded, an emoji one character, and only up
 * to a NUL, where SQLite's LIKE stops reading. Numbers, not strings: with a string and a Set for
 * each piece, a batch's JS took several times as long.
 */
function eachGram(text: string, found: (gram: number) => void): void {
  let previous = -1;
  for (let i = 0; i < text.length; i++) {
    let code = text.codePointAt(i)!;
    if (code > 0xffff) i++;
    if (code === 0) return;
    if (code === REPLACEMENT) {
      previous = -1;
      continue;
    }
    if (code >= 65 && code <= 90) code += 32;
    found(code);
    if (previous >= 0) found(previous * CODE_POINTS + code);
    previous = code;
  }
}

const pieceText = (gram: number) =>
  gram < CODE_POINTS ? String.fromCodePoint(gram) : String.fromCodePoint(Math.floor(gram / CODE_POINTS), gram % CODE_POINTS);

/**
 * Counts the next orders after the mark and moves the mark past them, in the caller's transaction.
 * Its statements are prepared once: built at each batch, they took most of its time.
 */
export function createGramCounter(db: Db) {
  const ph = sql.placeholder;
  const next = db
    .select({ rowid: sql<number>`${orders}.rowid`, eventId: orders.eventId, name: orders.customerName, email: orders.customerEmail })
    .from(orders)
    .where(notYetCounted)
    .orderBy(asc(sql`${orders}.rowid`))
    .limit(ph('limit'))
    .prepare();
  const add = db
    .insert(orderGrams)
    .values({ eventId: ph('eventId'), gram: ph('gram'), orders: ph('orders') })
    .onConflictDoUpdate({ target: [orderGrams.eventId, orderGrams.gram], set: { orders: sql`${orderGrams.orders} + excluded.orders` } })
    .prepare();
  const setMark = db.update(ordersSearchProgress).set({ gramsCountedThrough: sql`${ph('rowid')}` }).where(eq(ordersSearchProgress.id, 1)).prepare();

  /** Counts the next `limit` orders; returns how many. */
  return function countNext(limit: number): number {
    const batch = next.all({ limit });
    if (batch.length === 0) return 0;
    // Each event's count of each piece. An order counts once for a piece however often it holds
    // it, in its name and its e-mail: `last` is the last order counted.
    const counts = new Map<string, Map<number, { n: number; last: number }>>();
    for (const order of batch) {
      const ofEvent = counts.get(order.eventId) ?? counts.set(order.eventId, new Map()).get(order.eventId)!;
      const count = (gram: number) => {
        const seen = ofEvent.get(gram);
        if (!seen) ofEvent.set(gram, { n: 1, last: order.rowid });
        else if (seen.last !== order.rowid) {
          seen.n += 1;
          seen.last = order.rowid;
        }
      };
      eachGram(order.name, count);
      eachGram(order.email, count);
    }
    for (const [eventId, ofEvent] of counts) for (const [gram, { n }] of ofEvent) add.run({ eventId, gram: pieceText(gram), orders: n });
    setMark.run({ rowid: batch.at(-1)!.rowid });
    return batch.length;
  };
}

/** How many of the event's counted orders hold the term (one or two characters) in their name or e-mail. */
export const countedHolding = (eventId: string, term: string) =>
  sql`coalesce((select ${orderGrams.orders} from ${orderGrams} where ${orderGrams.eventId} = ${eventId} and ${orderGrams.gram} = ${asciiLower(term)}), 0)`;
