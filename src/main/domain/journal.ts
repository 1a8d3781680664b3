/**
 * What the order domain tells the outside world, inside its own transactions: the sync engine
 * implements these (sync/outbox.ts, sync/allotment.ts). The domain imports neither the engine nor
 * HTTP.
 */
export type OrderChangeKind = 'create' | 'checkout' | 'confirm' | 'reject' | 'cancel';

export interface OrderJournal {
  /** Called in the transaction that changed the order; `payload` is the body to replay remotely. */
  record(order: { id: string; eventId: string }, kind: OrderChangeKind, payload: Record<string, unknown> | null): void;
}

export interface OfflineGate {
  /** False when the counter is offline and has sold its offline allotment of this category. */
  maySell(category: { id: string; offlineAllotment: number | null }): boolean;
}
