/**
 * The scan log: every scan at a gate, admitted, refused and why, or exited, with its gate, device
 * (API key), user and time. Append-only (the table's triggers refuse changes). Whether a ticket is
 * inside now is its last admitted-or-exited scan; the gate counts are read from here alone.
 */
import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { GateCounts, ScanReason } from '#shared/schemas/scan.js';
import type { Db } from '../db/connection.js';
import { scans, ticketCategories } from '../db/schema.js';
import { toIso } from './time.js';

export type ScanRow = typeof scans.$inferInsert;

/** Written into the SQL: a bound number is a REAL to SQLite, and its division would not round down. */
const QUARTER_MS = sql.raw(String(15 * 60_000));
const MOVES = ['admitted', 'exited'] as const;

type Outcome = (typeof scans.$inferSelect)['outcome'];
interface Tally {
  admitted: number;
  refused: number;
  exited: number;
}
const emptyTally = (): Tally => ({ admitted: 0, refused: 0, exited: 0 });

/** Rows of (key, outcome, n) folded into one tally per key, in the order the keys came. */
function tallied<K>(rows: { key: K; outcome: Outcome; n: number }[]): Map<K, Tally> {
  const out = new Map<K, Tally>();
  for (const { key, outcome, n } of rows) {
    const tally = out.get(key) ?? emptyTally();
    tally[outcome] += n;
    out.set(key, tally);
  }
  return out;
}

/** Each ticket of the event with a move in the log, and its last move (SQLite takes the bare column from the max(id) row). */
const lastMoves = (eventId: string) => sql`
  select ${scans.ticketId} as ticketId, ${scans.outcome} as outcome, max(${scans.id}) from ${scans}
  where ${scans.eventId} = ${eventId} and ${scans.ticketId} is not null and ${scans.outcome} in ('admitted', 'exited')
  group by ${scans.ticketId}`;

export function createScanLog(db: Db) {
  const lastMove = db
    .select({ outcome: scans.outcome })
    .from(scans)
    .where(and(eq(scans.ticketId, sql.placeholder('ticketId')), inArray(scans.outcome, [...MOVES])))
    .orderBy(desc(scans.id))
    .limit(1)
    .prepare();

  function record(row: ScanRow): void {
    db.insert(scans).values(row).run();
  }

  /** Whether the ticket's last move let it in or out; undefined before any. */
  const lastMovement = (ticketId: string): 'admitted' | 'exited' | undefined => lastMove.get({ ticketId })?.outcome as 'admitted' | 'exited' | undefined;

  function counts(event: { id: string; timezone: string; reentryAllowed: boolean }, gate: string | undefined, mayChangeSettings: boolean): GateCounts {
    const where: SQL = gate === undefined ? eq(scans.eventId, event.id) : and(eq(scans.eventId, event.id), eq(scans.gate, gate))!;
    const n = sql<number>`count(*)`.mapWith(Number);
    const byGate = tallied(db.select({ key: scans.gate, outcome: scans.outcome, n }).from(scans).where(where).groupBy(scans.gate, scans.outcome).orderBy(scans.gate).all());
    const categoryName = sql<string>`coalesce(${ticketCategories.name}, '')`;
    const categoryRows = db
      .select({ key: sql<string>`coalesce(${scans.ticketCategoryId}, '')`, name: categoryName, outcome: scans.outcome, n })
      .from(scans)
      .leftJoin(ticketCategories, eq(ticketCategories.id, scans.ticketCategoryId))
      .where(where)
      .groupBy(scans.ticketCategoryId, scans.outcome)
      .orderBy(categoryName)
      .all();
    const names = new Map(categoryRows.map((row) => [row.key, row.name]));
    const quarter = sql<number>`(${scans.at} / ${QUARTER_MS}) * ${QUARTER_MS}`.mapWith(Number);
    const byQuarter = tallied(db.select({ key: quarter, outcome: scans.outcome, n }).from(scans).where(where).groupBy(quarter, scans.outcome).orderBy(quarter).all());
    const refusedWhy = db
      .select({ reason: sql<ScanReason>`${scans.reason}`, count: n })
      .from(scans)
      .where(and(where, eq(scans.outcome, 'refused')))
      .groupBy(scans.reason)
      .orderBy(desc(n))
      .all();
    // Inside now is the event's, whichever gate asks: the last move of each ticket that has one.
    const inside = db.get<{ n: number }>(sql`select count(*) as n from (${lastMoves(event.id)}) where outcome = 'admitted'`);
    const total = emptyTally();
    for (const tally of byGate.values()) for (const key of Object.keys(total) as (keyof Tally)[]) total[key] += tally[key];
    return {
      eventId: event.id,
      gate: gate ?? null,
      reentryAllowed: event.reentryAllowed,
      mayChangeSettings,
      insideNow: Number(inside.n),
      ...total,
      refusedWhy: refusedWhy.filter((row) => row.reason !== null),
      byGate: [...byGate].map(([key, tally]) => ({ gate: key, ...tally })),
      byCategory: [...tallied(categoryRows)].map(([key, tally]) => ({ ticketCategoryId: key, ticketCategoryName: names.get(key) ?? '', ...tally })),
      byQuarter: [...byQuarter].map(([key, tally]) => ({ from: toIso(key, event.timezone), ...tally })),
    };
  }

  /** The tickets of the event let out at an exit and not in again: checked in, but not inside now. */
  function outsideNow(eventId: string): Set<string> {
    return new Set(db.all<{ ticketId: string }>(sql`select ticketId from (${lastMoves(eventId)}) where outcome = 'exited'`).map((row) => row.ticketId));
  }

  return { record, lastMovement, outsideNow, counts };
}
export type ScanLog = ReturnType<typeof createScanLog>;
