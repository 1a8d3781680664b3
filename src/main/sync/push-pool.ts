/**
 * The push's pool: jobs in hand up to a limit, and a slot that frees takes the next due job at
 * once. Sending in batches made every batch wait for its slowest request, and an order's checkout
 * wait for the next batch after its create: the remote sat idle for much of a backlog.
 *
 * The limit adapts to the remote: a turn the remote pushed back on (429, 408, 5xx, a lost answer)
 * halves it, and it grows back by one after as many good turns as it allows, never past
 * `concurrency`. A busy remote gets fewer requests rather than more retries.
 *
 * The pool stops taking jobs at the first turn that says the remote refuses the key, or that it is
 * out of reach and a cheap read agrees; the jobs already in hand finish first. One lost answer or
 * 5xx is that job's retry (it backs off), not an outage.
 */
import type { Attempt } from './push.js';
import type { Job, Outbox } from './outbox.js';
import type { Failure, RemoteClient } from './remote-client.js';

/** What the pool needs of the remote's client: a cheap read that tells an outage from one failed request. */
type Probe = Pick<RemoteClient, 'check'>;

export interface PoolDeps<Client extends Probe> {
  outbox: Pick<Outbox, 'due'>;
  pusher: { run(client: Client, job: Job): Promise<Attempt> };
  /** The most jobs in hand at once. */
  concurrency: number;
  /** Where a fault of this counter is logged (it is also the job's conflict). */
  logFault: (fault: unknown) => void;
}

/** An answer that says the remote is overloaded or slow, rather than refusing the request. */
function pushedBack(failure: Failure | undefined): boolean {
  if (!failure || failure.kind === 'not_sent') return false;
  return failure.kind === 'lost' || failure.status === 429 || failure.status === 408 || failure.status >= 500;
}

/** Additive increase, multiplicative decrease of the jobs in hand. */
function createLimit(most: number) {
  let limit = most;
  let good = 0;
  return {
    get: () => limit,
    after(turn: Attempt): void {
      if (pushedBack(turn.failure)) {
        limit = Math.max(1, Math.floor(limit / 2));
        good = 0;
      } else if (turn.signal === 'ok' && !turn.failure && limit < most && ++good >= limit) {
        limit += 1;
        good = 0;
      }
    },
  };
}

export function createPushPool<Client extends Probe>({ outbox, pusher, concurrency, logFault }: PoolDeps<Client>) {
  return async function pushAll(client: Client): Promise<Attempt> {
    const inHand = new Map<number, Promise<void>>();
    const finished: Attempt[] = [];
    const limit = createLimit(concurrency);
    let stopped: Attempt | undefined;
    let retried: Attempt | undefined;

    /** What the turns that ended say: go on, or stop taking jobs. */
    async function judge(turns: Attempt[]): Promise<void> {
      for (const turn of turns) {
        if (turn.fault) logFault(turn.fault);
        limit.after(turn);
      }
      const refused = turns.find((t) => t.signal === 'auth_required');
      const unreachable = turns.find((t) => t.signal === 'offline');
      if (refused) stopped ??= refused;
      else if (unreachable && !stopped) {
        if ((await client.check()).kind !== 'ok') stopped = unreachable;
        else retried = unreachable;
      }
    }

    /** Fills the free slots; due() leaves out jobs in flight, but an unknown one is looked up before it is claimed. */
    function take(): void {
      const free = limit.get() - inHand.size;
      if (free <= 0) return;
      const jobs = outbox.due(free + inHand.size).filter((job) => !inHand.has(job.seq));
      for (const job of jobs.slice(0, free)) {
        const turn = pusher.run(client, job).then((attempt) => {
          inHand.delete(job.seq);
          finished.push(attempt);
        });
        inHand.set(job.seq, turn);
      }
    }

    for (;;) {
      await judge(finished.splice(0));
      if (!stopped) take();
      if (inHand.size === 0) break;
      await Promise.race(inHand.values());
    }
    return stopped ?? { signal: 'ok', failure: retried?.failure };
  };
}
