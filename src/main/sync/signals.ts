/**
 * What the outbox, the allotment and the sync engine tell each other. The outbox and the allotment
 * are built before the engine (it is built over them), so services.ts creates these signals first
 * and hands them to all three: the outbox says it has work and the engine listens while it runs;
 * the engine says whether the remote is out of reach and the allotment asks.
 */
export function createSyncSignals() {
  const workListeners = new Set<() => void>();
  let offline = false;
  return {
    /** A job was recorded in the outbox (called after its transaction commits). */
    outboxHasWork(): void {
      for (const listener of workListeners) listener();
    },
    /** Calls `listener` on each outboxHasWork; the returned function stops it. */
    onOutboxHasWork(listener: () => void): () => void {
      workListeners.add(listener);
      return () => workListeners.delete(listener);
    },
    /** Whether the engine last knew the remote to be out of reach. */
    remoteOffline: (): boolean => offline,
    setRemoteOffline(value: boolean): void {
      offline = value;
    },
  };
}
export type SyncSignals = ReturnType<typeof createSyncSignals>;
