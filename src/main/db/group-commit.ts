import { driverOf, type Db } from './connection.js';
import { outcomeSlot } from './work-outcome.js';

interface Job {
  work(db: Db): unknown;
  /** Keeps the unit's value with it, in its savepoint (work-outcome.ts). */
  keep: ReturnType<typeof outcomeSlot>;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

/**
 * Turns of the event loop a group may wait for more units. Waiting while units keep coming makes
 * the groups of busy connections' sales larger, and sells more a second: a commit writes once the
 * pages every sale touches (the ends of the orders' tables and indexes).
 */
const MAX_TURNS = 8;

/**
 * Group commit for writes that arrive together. With synchronous=FULL every COMMIT waits for the
 * disk, and an order's transaction writes a dozen pages (order, item, customer and their indexes):
 * committing each sale alone makes the disk, not the CPU, the limit of a busy counter.
 *
 * `run(work)` queues the unit of work; everything queued until a turn of the event loop brings no
 * new unit (at most MAX_TURNS turns) runs in ONE immediate transaction, each unit in its own
 * savepoint, so that a unit that throws (sold out, identity number taken) is rolled back alone and
 * rejects alone. The promises settle only after COMMIT has returned: a sale is confirmed once it is
 * on disk, exactly as before. A single request at a quiet counter waits one turn: microseconds.
 *
 * `db` must be the root database (not a transaction): the work runs on it, inside the group's
 * transaction, since SQLite has one transaction per connection.
 */
export function createGroupCommit(db: Db) {
  // The driver's nested transaction functions make the savepoints with statements prepared once
  // (drizzle's prepare them per call).
  const client = driverOf(db);
  const inSavepoint = client.transaction((job: Job): unknown => {
    const value = job.work(db);
    job.keep?.(db, { value });
    return value;
  });
  const runGroup = client.transaction((jobs: Job[]): Outcome[] =>
    jobs.map((job) => {
      try {
        return { ok: true, value: inSavepoint(job) };
      } catch (error) {
        // An error SQLite answers by rolling back the whole transaction (a full disk, say) ends
        // the group: nothing of it is stored, and every unit rejects.
        if (!client.inTransaction) throw error;
        job.keep?.(db, undefined);
        return { ok: false, error };
      }
    }),
  );
  let queue: Job[] = [];

  /** Flushes once a turn of the event loop (its I/O: requests read and handled) queued nothing. */
  function flushWhenNoneCame(queuedBefore: number, turns: number): void {
    if (queue.length > queuedBefore && turns < MAX_TURNS) setImmediate(flushWhenNoneCame, queue.length, turns + 1);
    else flush();
  }

  function flush(): void {
    const jobs = queue;
    queue = [];
    let outcomes: Outcome[];
    try {
      outcomes = runGroup.immediate(jobs);
    } catch (error) {
      // BEGIN or COMMIT failed: nothing of this group is stored.
      for (const job of jobs) job.reject(error);
      return;
    }
    jobs.forEach((job, i) => {
      const outcome = outcomes[i]!;
      if (outcome.ok) job.resolve(outcome.value);
      else job.reject(outcome.error);
    });
  }

  return function run<T>(work: (db: Db) => T): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      queue.push({ work, keep: outcomeSlot(), resolve: resolve as (value: unknown) => void, reject });
      if (queue.length === 1) setImmediate(flushWhenNoneCame, 0, 0);
    });
  };
}
export type GroupCommit = ReturnType<typeof createGroupCommit>;
