/**
 * The offline allotment: while the remote cannot be reached, a counter sells at most its allotment
 * of each pulled category (a share of the seats the remote had left at the last pull), counted as
 * the sales it has not yet replicated. Counters that cannot reach the remote cannot see each
 * other's sales either, so together they may oversell a category, but by no more than the sum of
 * their allotments; a sale the remote then refuses waits as a conflict for an operator
 * (docs/sync.md, "Offline allotment").
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../db/connection.js';
import { ticketCategories } from '../db/schema.js';
import type { OfflineGate } from '../domain/journal.js';
import type { Outbox } from './outbox.js';

export function createAllotment(db: Db, outbox: Pick<Outbox, 'unsettledCreates'>, isOffline: () => boolean) {
  /** Sales of the category this counter made that the remote has not yet acknowledged. */
  const unreplicated = (categoryId: string) => outbox.unsettledCreates(categoryId);

  const gate: OfflineGate = {
    maySell: (category) => category.offlineAllotment === null || !isOffline() || unreplicated(category.id) < category.offlineAllotment,
  };

  /** Whether this counter has sold more of the category than its allotment while its remote was out of reach. */
  function overdrawn(categoryId: string): boolean {
    const allotment = db.select({ n: ticketCategories.offlineAllotment }).from(ticketCategories).where(eq(ticketCategories.id, categoryId)).get()?.n;
    return allotment !== undefined && allotment !== null && unreplicated(categoryId) > allotment;
  }

  /** Every pulled category's allotment and what is left of it. */
  function list() {
    return db
      .select({ id: ticketCategories.id, allotment: ticketCategories.offlineAllotment })
      .from(ticketCategories)
      .all()
      .flatMap(({ id, allotment }) => {
        if (allotment === null) return [];
        const used = unreplicated(id);
        return [{ ticketCategoryId: id, allotment, used, left: Math.max(0, allotment - used) }];
      });
  }

  return { gate, list, unreplicated, overdrawn };
}
export type Allotment = ReturnType<typeof createAllotment>;
