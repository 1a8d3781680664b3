/**
 * The orders whose customer name or e-mail contains a term of 3 characters or more, as the search
 * index finds them (migration 0032): orders_search holds the name and the e-mail's name (up to its
 * first @, the @ included), orders_search_domains the rest ("@" and the domain), and
 * order_email_domains how many of an event's orders have each domain. Every text is lower():
 * lower() and LIKE both fold ASCII only, so the index and `LIKE '%term%'` agree on every row.
 * The orders sold since the index's last batch (search-index.ts) are read with the LIKE.
 */
import { and, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/connection.js';
import { eitherContains, likeBound, likePattern } from '../db/like.js';
import { eqUnindexed } from '../db/unindexed.js';
import { events, orderEmailDomains, orders } from '../db/schema.js';
import { asciiLower } from './paging.js';
import { emailDomain, notYetIndexed } from './search-index.js';

/** Terms shorter than this make no trigram: the search index cannot answer them. */
const TRIGRAM = 3;
/** The search index's rowid holds the order's rowid in its low 40 bits, the event's rowid above. */
const ORDER_ROWID_MASK = 2 ** 40 - 1;

type IndexTable = 'orders_search' | 'orders_search_domains';

/** Whether the index can look the text up; in characters, as it counts them (an emoji is one, of two UTF-16 units). */
export const indexable = (text: string) => [...text].length >= TRIGRAM;

/** The LIKE every search of a name or e-mail agrees with. */
export const nameOrEmailLike = (term: string) => eitherContains([orders.customerName, orders.customerEmail], term);

/**
 * The order rowids of the table's rows that hold the text, in the event when one is given: one
 * event's orders are one range of the index's rowids, which FTS5 seeks to.
 */
function holding(table: IndexTable, text: string, eventId: string | undefined): SQL {
  const t = sql.raw(table);
  const phrase = `"${asciiLower(text).replaceAll('"', '""')}"`;
  const inEvent =
    eventId === undefined
      ? sql``
      : sql` and ${t}.rowid between (select rowid << 40 from ${events} where ${events.id} = ${eventId}) and (select ((rowid + 1) << 40) - 1 from ${events} where ${events.id} = ${eventId})`;
  return sql`select ${t}.rowid & ${ORDER_ROWID_MASK} from ${t} where ${t} match ${phrase}${inEvent}`;
}

/** `select count(*)` of what a select finds. */
const countOf = (db: Db, rowids: SQL) => db.get<{ n: number }>(sql`select count(*) as n from (${rowids})`).n;

export interface NameOrEmailMatches {
  /**
   * Selects of order rowids whose union is the matches; two may share a row. Read apart, each
   * stops at its LIMIT: SQLite reads the whole of a UNION before its first row.
   */
  parts: SQL[];
  /** The matches' order rowids, each once. */
  rowids: SQL;
  /** How many they are. */
  count: (db: Db) => number;
}

/**
 * A term with an @, whose e-mail matches may lie across an e-mail's first @. The index finds its
 * part up to its @ in a name, an e-mail's name or a domain (an e-mail's name ends at its first @,
 * so a match across it ends the name with that part), else its part from the @ in a name or a
 * domain; each found order is then tested for the whole term.
 */
function withAt(term: string, eventId: string | undefined): SQL | undefined {
  const at = term.indexOf('@');
  const part = [term.slice(0, at + 1), term.slice(at)].find(indexable);
  if (part === undefined) return undefined;
  const found = sql`${holding('orders_search', part, eventId)} union ${holding('orders_search_domains', part, eventId)}`;
  return sql`select ${orders}.rowid from ${orders} where ${orders}.rowid in (${found}) and ${nameOrEmailLike(term)}`;
}

/**
 * The orders of the event (else of every event) whose name or e-mail contains the term. Those the
 * index holds and those after its mark never share a row; each part is counted apart (a count
 * over their UNION ALL took longer).
 */
export function nameOrEmailMatches(term: string, eventId?: string): NameOrEmailMatches {
  const ofEvent = eventId === undefined ? undefined : eqUnindexed(orders.eventId, eventId);
  const unindexed = sql`select ${orders}.rowid from ${orders} where ${and(notYetIndexed, ofEvent, nameOrEmailLike(term))}`;
  const matches = (parts: SQL[], count: NameOrEmailMatches['count']) => ({ parts, rowids: sql.join(parts, sql` union `), count });
  if (term.includes('@')) {
    const indexed = withAt(term, eventId);
    // Both parts too short for the index ("a@b"): the LIKE reads every order of the event.
    if (indexed === undefined) {
      const all = sql`select ${orders}.rowid from ${orders} where ${and(ofEvent, nameOrEmailLike(term))}`;
      return matches([all], (db) => countOf(db, all));
    }
    return matches([indexed, unindexed], (db) => countOf(db, indexed) + countOf(db, unindexed));
  }
  // Without an @ the term is in a name, an e-mail's name or a domain, never across the @.
  const named = holding('orders_search', term, eventId);
  const domains = holding('orders_search_domains', term, eventId);
  return matches([named, domains, unindexed], (db) =>
    countOf(db, unindexed) + (eventId === undefined ? countOf(db, sql`${named} union ${domains}`) : countInEvent(db, term, eventId, named)),
  );
}

/**
 * How many of the event's indexed orders hold the term (no @): those found by name or e-mail's
 * name, plus those of the domains that hold it (one row each in order_email_domains, where the
 * domains' index would read each order of a common domain, thousands on a large event), less
 * those counted in both.
 */
function countInEvent(db: Db, term: string, eventId: string, named: SQL): number {
  const pattern = likePattern(term);
  const byName = countOf(db, named);
  const byDomain = db.get<{ n: number }>(
    sql`select coalesce(sum(${orderEmailDomains.orders}), 0) as n from ${orderEmailDomains} where ${orderEmailDomains.eventId} = ${eventId} and ${likeBound(orderEmailDomains.domain, pattern)}`,
  ).n;
  // Rarely many: a term in a name and in a domain too ("mail" of Ismail and of Gmail).
  const inBoth = byName > 0 && byDomain > 0 ? countOf(db, sql`select 1 from ${orders} where ${orders}.rowid in (${named}) and ${likeBound(emailDomain, pattern)}`) : 0;
  return byName + byDomain - inBoth;
}
