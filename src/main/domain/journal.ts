/**
 * What the order domain tells the outside world, inside its own transactions: the sync engine
 * implements these (sync/outbox.ts, sync/allotment.ts). The domain imports neither the engine nor
 * HTTP. A check-in at the gate (check-ins.ts) is a change of the order's ticket, so it goes the same way.
 */
import type { ChangeKind } from '#shared/schemas/sync.js';

/** What became of a change tried at the remote before it was recorded here. */
export type AtRemoteFate = 'applied' | 'maybe';

export interface OrderJournal {
  /**
   * Called in the transaction that changed the order; `payload` is the body to replay remotely.
   * `atRemote`: the change was tried at the remote first (a check-in at the hub): it was applied
   * there (nothing to send), or its answer was lost (maybe applied: to be looked up, not resent).
   */
  record(order: { id: string; eventId: string }, kind: ChangeKind, payload: Record<string, unknown> | null, atRemote?: AtRemoteFate): void;
}

export interface OfflineGate {
  /** False when the counter is offline and has sold its offline allotment of this category. */
  maySell(category: { id: string; offlineAllotment: number | null }): boolean;
}
