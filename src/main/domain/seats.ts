/**
 * The seat counts of a ticket category, changed only here: an unpaid order holds a seat, payment
 * turns the hold into a sale, cancel and expiry give it back. sold + held never exceeds quota.
 * Statements are prepared once (they run on the hot path, inside the caller's transaction).
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/connection.js';
import { ticketCategories } from '../db/schema.js';

export function createSeats(db: Db) {
  const ph = sql.placeholder;
  const byId = eq(ticketCategories.id, ph('categoryId'));
  // One conditional update, so the quota holds however many sales race for it.
  const holdOne = db
    .update(ticketCategories)
    .set({ held: sql`${ticketCategories.held} + 1`, updatedAt: sql`${ph('now')}` })
    .where(and(byId, sql`${ticketCategories.sold} + ${ticketCategories.held} < ${ticketCategories.quota}`))
    .prepare();
  const release = db
    .update(ticketCategories)
    .set({ held: sql`max(${ticketCategories.held} - ${ph('n')}, 0)`, updatedAt: sql`${ph('now')}` })
    .where(byId)
    .prepare();
  const sellHeld = db
    .update(ticketCategories)
    .set({ held: sql`max(${ticketCategories.held} - 1, 0)`, sold: sql`${ticketCategories.sold} + 1`, updatedAt: sql`${ph('now')}` })
    .where(byId)
    .prepare();
  const unsell = db
    .update(ticketCategories)
    .set({ sold: sql`max(${ticketCategories.sold} - 1, 0)`, updatedAt: sql`${ph('now')}` })
    .where(byId)
    .prepare();

  return {
    /** Holds one seat; false when none is left. */
    hold: (categoryId: string, now: number): boolean => holdOne.run({ categoryId, now }).changes > 0,
    /** Gives `n` held seats back (cancel, expiry). */
    release: (categoryId: string, n: number, now: number): void => void release.run({ categoryId, n, now }),
    /** A held seat is paid for. */
    sell: (categoryId: string, now: number): void => void sellHeld.run({ categoryId, now }),
    /** A sold seat is given back (a refund). */
    unsell: (categoryId: string, now: number): void => void unsell.run({ categoryId, now }),
  };
}
export type Seats = ReturnType<typeof createSeats>;
