import { describe, expect, it } from 'vitest';
import type { Job } from '../../src/main/sync/outbox.js';
import type { Attempt } from '../../src/main/sync/push.js';
import { createPushPool } from '../../src/main/sync/push-pool.js';
import type { RemoteClient } from '../../src/main/sync/remote-client.js';

type Check = RemoteClient['check'];

const OK: Attempt = { signal: 'ok' };
const TOO_MANY: Attempt = { signal: 'ok', failure: { kind: 'http', status: 429, message: 'Too Many Requests' } };

function job(seq: number): Job {
  return {
    seq,
    orderId: `order-${seq}`,
    kind: 'create',
    payload: null,
    state: 'pending',
    skipReason: null,
    idempotencyKey: `key-${seq}`,
    lookalike: null,
    attempts: 0,
    nextAttemptAt: 0,
    lastStatus: null,
    lastError: null,
    createdAt: 0,
    updatedAt: 0,
  };
}

/**
 * An outbox of `count` jobs whose turns end when the test says so. `log` tells, in order, which
 * jobs started (with how many were in hand then) and which ended.
 */
function world(count: number, remote: 'answers' | 'unreachable' = 'answers') {
  const open = new Set(Array.from({ length: count }, (_, i) => i + 1));
  const ends = new Map<number, (attempt: Attempt) => void>();
  const log: string[] = [];
  let probes = 0;
  const pool = createPushPool({
    outbox: { due: (limit) => [...open].slice(0, limit).map(job) },
    pusher: {
      run: (_client: { check: Check }, j: Job) =>
        new Promise<Attempt>((resolve) => {
          log.push(`start ${j.seq} (${ends.size + 1} in hand)`);
          ends.set(j.seq, resolve);
        }),
    },
    concurrency: 4,
    logFault: () => {},
  });
  const client = {
    check: async (): ReturnType<Check> => {
      probes += 1;
      return remote === 'answers' ? { kind: 'ok', status: 200, data: [], totalPages: 1 } : { kind: 'not_sent', error: 'ECONNREFUSED' };
    },
  };
  return {
    log,
    done: pool(client),
    inHand: () => [...ends.keys()],
    probes: () => probes,
    /** Ends a job's turn and lets the pool react. */
    async end(seq: number, attempt: Attempt = OK): Promise<void> {
      const resolve = ends.get(seq);
      if (!resolve) throw new Error(`job ${seq} is not in hand`);
      ends.delete(seq);
      if (attempt.signal === 'ok' && !attempt.failure) open.delete(seq);
      log.push(`end ${seq}`);
      resolve(attempt);
      await new Promise((r) => setImmediate(r));
    },
    /** Ends every turn in hand, oldest first, until nothing is left. */
    async drain(attempt: Attempt = OK): Promise<void> {
      while (ends.size > 0) await this.end([...ends.keys()][0]!, attempt);
    },
  };
}

describe('the push pool', () => {
  it('fills a freed slot at once instead of waiting for the slowest job of a batch', async () => {
    const w = world(6);
    await new Promise((r) => setImmediate(r));
    expect(w.inHand()).toEqual([1, 2, 3, 4]);
    await w.end(2);
    // Job 1, 3 and 4 are still under way: job 5 goes meanwhile.
    expect(w.inHand()).toEqual([1, 3, 4, 5]);
    await w.drain();
    expect(await w.done).toEqual({ signal: 'ok', failure: undefined });
    expect(w.log.filter((l) => l.startsWith('start')).length).toBe(6);
  });

  it('halves the jobs in hand when the remote pushes back, and grows back after good turns', async () => {
    const w = world(40);
    await new Promise((r) => setImmediate(r));
    await w.end(1, TOO_MANY);
    // The limit is 2: three are in hand, so nothing starts until only one is left.
    expect(w.inHand()).toEqual([2, 3, 4]);
    await w.end(2);
    expect(w.inHand()).toEqual([3, 4]);
    await w.end(3);
    // Two good turns at a limit of 2: it grows to 3, and two more jobs start.
    expect(w.inHand()).toHaveLength(3);
    await w.drain();
    await w.done;
    const startedWith = w.log.filter((l) => l.startsWith('start')).map((l) => Number(/\((\d+) in hand\)/.exec(l)![1]));
    expect(Math.max(...startedWith.slice(4, 8))).toBeLessThanOrEqual(3);
    // Back to the full four before the backlog ends.
    expect(startedWith.slice(-6)).toContain(4);
  });

  it('stops taking jobs when the remote refuses the key, and lets those in hand finish', async () => {
    const w = world(10);
    await new Promise((r) => setImmediate(r));
    await w.end(1, { signal: 'auth_required', failure: { kind: 'http', status: 401, message: 'Unauthorized' } });
    expect(w.inHand()).toEqual([2, 3, 4]);
    await w.drain();
    expect((await w.done).signal).toBe('auth_required');
    expect(w.log.filter((l) => l.startsWith('start')).length).toBe(4);
  });

  it('stops when a job finds the remote out of reach and a cheap read agrees', async () => {
    const w = world(10, 'unreachable');
    await new Promise((r) => setImmediate(r));
    await w.end(1, { signal: 'offline', failure: { kind: 'lost', error: 'timeout' } });
    await w.drain();
    expect((await w.done).signal).toBe('offline');
    expect(w.probes()).toBe(1);
    expect(w.log.filter((l) => l.startsWith('start')).length).toBe(4);
  });

  it('goes on after one lost answer when the remote still answers, and says the failure', async () => {
    const w = world(6);
    await new Promise((r) => setImmediate(r));
    const lost: Attempt = { signal: 'offline', failure: { kind: 'lost', error: 'socket hang up' } };
    await w.end(1, lost);
    await w.drain();
    // Job 1 stays open (it backs off in the real outbox; here it is simply taken again later).
    expect(w.log.filter((l) => l.startsWith('start')).length).toBeGreaterThanOrEqual(6);
    expect(await w.done).toEqual({ signal: 'ok', failure: lost.failure });
    expect(w.probes()).toBe(1);
  });
});
