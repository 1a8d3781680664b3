/**
 * The hold window: an unpaid payment_pending order gives its seat back once it is older than the
 * window (a setting). The sweep runs on a timer in serve, and `expireDue` also runs before every
 * order read and write and every seat count, so nobody ever sees a hold that should have lapsed,
 * whether or not the timer has fired yet.
 */
import { and, inArray, lte, min, sql } from 'drizzle-orm';
import { driverOf, writeTransaction, type Db } from '../db/connection.js';
import { isStorageFull } from '../db/storage-full.js';
import { orders } from '../db/schema.js';
import type { AuditLog } from './audit.js';
import type { Clock } from './clock.js';
import type { OrderJournal } from './journal.js';
import type { Seats } from './seats.js';

/** The reason replicated with an expiry's cancel. */
const EXPIRED_REASON = 'Kedaluwarsa: tidak dibayar dalam batas waktu';

/** Orders expired per transaction, so a backlog never holds the writer for long. */
const BATCH = 500;

/**
 * How long "no hold lapses before" is believed at most: longer than serve's sweep (30 s), which
 * learns it again, and shorter than the shortest hold window (a minute). No other process writes
 * holds today; should one, its holds would still be looked for before they can lapse.
 */
const BELIEVED_FOR_MS = 45_000;

export function createExpiry(db: Db, clock: Clock, seats: Seats, journal: OrderJournal, audit: AuditLog, holdWindowMs: () => number) {
  // The literal status (not a bound value) lets SQLite use the partial index orders_pending_expiry.
  const due = db
    .select({ id: orders.id, eventId: orders.eventId, categoryId: orders.ticketCategoryId })
    .from(orders)
    .where(and(sql`${orders.status} = 'payment_pending'`, lte(orders.expiresAt, sql.placeholder('now'))))
    .limit(BATCH)
    .prepare();

  // When the first hold lapses: the partial index's first entry, read by the same literal status.
  const firstLapse = db
    .select({ at: min(orders.expiresAt) })
    .from(orders)
    .where(sql`${orders.status} = 'payment_pending'`)
    .prepare();

  /**
   * While the clock reads from `learnedAt` up to `noneLapsesBefore`, no hold lapses, and expireDue
   * does nothing: a sale saves its probe. Learned by
   * reads and serve's sweep from what is committed only: a transaction that rolls back could bring
   * back a hold it had paid or cancelled. A new hold of this process moves it earlier (holdUntil),
   * and a clock set back before `learnedAt` looks again.
   */
  let learnedAt = 0;
  let noneLapsesBefore = 0;
  const sqlite = driverOf(db);

  /** Expires up to BATCH lapsed holds in one transaction; returns how many. */
  function expireBatch(now: number): number {
    return writeTransaction(db, () => {
      const rows = due.all({ now });
      if (rows.length === 0) return 0;
      db.update(orders)
        .set({ status: 'cancelled', paymentStatus: 'expired', expiresAt: null, cancelledAt: now, updatedAt: now })
        .where(inArray(orders.id, rows.map((r) => r.id)))
        .run();
      const perCategory = new Map<string, number>();
      for (const row of rows) perCategory.set(row.categoryId, (perCategory.get(row.categoryId) ?? 0) + 1);
      for (const [categoryId, n] of perCategory) seats.release(categoryId, n, now);
      for (const row of rows) {
        journal.record(row, 'cancel', { reason: EXPIRED_REASON });
        audit.record('system', 'order.expired', { eventId: row.eventId, subjectId: row.id, details: {} });
      }
      return rows.length;
    });
  }

  const nextLapse = () => firstLapse.get()?.at ?? Infinity;

  /**
   * Expires every hold lapsed by `now` and, outside a transaction, learns when the next one lapses.
   * The first lapse is read before each batch without a transaction: when nothing has lapsed (the
   * usual answer) that costs one index read and no savepoint, and it is what is learned.
   */
  function expireAndLearn(now: number): number {
    let total = 0;
    let next = nextLapse();
    while (next <= now) {
      total += expireBatch(now);
      next = nextLapse();
    }
    if (!sqlite.inTransaction) {
      learnedAt = now;
      noneLapsesBefore = Math.min(next, now + BELIEVED_FOR_MS);
    }
    return total;
  }

  /** Expires every hold that has lapsed; returns how many. A no-op costs one index probe, or nothing. */
  function expireDue(): number {
    const now = clock();
    return learnedAt <= now && now < noneLapsesBefore ? 0 : expireAndLearn(now);
  }

  /** serve's sweep: expires what has lapsed whatever was believed, and learns again. */
  const sweep = (): number => expireAndLearn(clock());

  /**
   * expireDue before a read. On a full disk the expiry cannot be written: the read goes on with the
   * holds as stored, for reads must keep working; serve's sweep, which logs its failures, and the
   * next read expire them once there is space again.
   */
  function expireBeforeRead(): void {
    try {
      expireDue();
    } catch (error) {
      if (!isStorageFull(error)) throw error;
    }
  }

  /** When a hold that starts now lapses. */
  function holdUntil(now: number): number {
    const until = now + holdWindowMs();
    noneLapsesBefore = Math.min(noneLapsesBefore, until);
    return until;
  }

  return { expireDue, expireBeforeRead, holdUntil, sweep };
}
export type Expiry = ReturnType<typeof createExpiry>;
