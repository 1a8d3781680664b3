import { AsyncLocalStorage } from 'node:async_hooks';
import type { Db } from './connection.js';

/**
 * Keeps what a unit of work returned, in that unit's own transaction. Given by whoever started the
 * work (an HTTP request with an Idempotency-Key keeps its answer): if the process dies after the
 * commit, the answer is there with the work, never one without the other.
 */
export type OutcomeKeeper = (db: Db, value: unknown) => boolean;

/** The keeper of the work running now; it is disarmed once it kept something, or once a unit failed. */
interface Slot {
  keep?: OutcomeKeeper;
}

const slots = new AsyncLocalStorage<Slot>();

/** Runs `work` (and everything it awaits) with `keep` offered each unit of work it commits. */
export function keepingOutcome<T>(keep: OutcomeKeeper, work: () => T): T {
  return slots.run({ keep }, work);
}

/**
 * The keeper for a unit of work queued now, to call inside its transaction with what it returned
 * (or undefined when it failed). The first unit the keeper takes is the work's outcome: later ones
 * (a sale's compensating cancel, a refused scan's log line) are not, and neither is anything after
 * a unit that failed.
 */
export function outcomeSlot(): ((db: Db, outcome: { value: unknown } | undefined) => void) | undefined {
  const slot = slots.getStore();
  if (!slot?.keep) return undefined;
  return (db, outcome) => {
    const keep = slot.keep;
    if (!keep) return;
    if (!outcome) slot.keep = undefined;
    else if (keep(db, outcome.value)) slot.keep = undefined;
  };
}
