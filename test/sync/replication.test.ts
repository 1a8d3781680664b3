/**
 * Replication through a faulty network: a counter (`serve` on its own data dir) sells while the
 * fault proxy between it and the central service (`serve` with the demo) refuses connections,
 * loses answers, answers late, fails with 5xx, ignores Idempotency-Key, rate-limits, or the key is
 * revoked. After each scenario the network heals and every local order is on the remote exactly
 * once, in the same state. The scenarios run in order against the same pair of services, so each
 * check covers every order sold so far.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFaultProxy, type FaultProxy } from '../support/fault-proxy.js';
import {
  act,
  CENTRAL_KINDS,
  conflictsOf,
  createCounter,
  data,
  expectExactlyOnce,
  forwardedCreates,
  goneOffline,
  listOrders,
  ordersOfCustomer,
  outboxRows,
  person,
  sell,
  settled,
  startCentral,
  syncRun,
  syncStatus,
  throughProxy,
  waitFor,
  type Central,
  type Instance,
} from '../support/sync-world.js';

describe.each(CENTRAL_KINDS)('replication to a remote (%s) through a faulty network', (kind) => {
  /** A remote that speaks only the interface has no payment confirm: a confirmed transfer stays awaiting verification there. */
  const confirmedThere = kind === 'double' ? 'verification_pending/unpaid' : 'completed/paid';
  let central: Central;
  let proxy: FaultProxy;
  let counter: Instance;
  /** Local orders the remote must never get (cancelled before they were sent, or refused). */
  const absent: string[] = [];

  beforeAll(async () => {
    central = await startCentral(kind);
    proxy = await startFaultProxy(central.url);
    counter = await createCounter('loket', throughProxy(proxy, central), central.counterKey);
    const first = await syncRun(counter);
    expect(first).toMatchObject({ state: 'idle', pending: 0, conflicts: 0, lastError: null });
    expect(first.lastPullAt).not.toBeNull();
  });

  afterAll(async () => {
    await counter?.close();
    await proxy?.close();
    await central?.close();
  });

  const heal = () => proxy.setFault({ kind: 'pass' });
  /** Heals the network, lets the engine finish by itself, checks the invariant. */
  async function healAndCheck() {
    await heal();
    await settled(counter);
    return expectExactlyOnce(counter, central, { absent });
  }
  const onRemote = (order: { customerEmail: string }) => ordersOfCustomer(central, order);
  /** POSTs the proxy saw since entry `from` that got the fault `kind`. */
  const faulted = (from: number, kind: string) => proxy.seen.slice(from).filter((s) => s.method === 'POST' && s.fault === kind);

  it('sells through an outage and replicates every change once the remote is back', async () => {
    // Two sales the remote already has before the outage; their later changes are made offline.
    const early = [await sell(counter), await sell(counter)];
    await settled(counter);

    await proxy.setFault({ kind: 'down' });
    const offline = await goneOffline(counter);
    expect(offline.lastError).toMatch(/ECONNREFUSED/);

    const paid = await sell(counter);
    await act(counter, paid, 'cash');
    const voided = await sell(counter);
    await act(counter, voided, 'cancel');
    absent.push(voided.id);
    const confirmed = await sell(counter);
    await act(counter, confirmed, 'transfer');
    await act(counter, confirmed, 'confirm');
    const awaiting = await sell(counter);
    await act(counter, awaiting, 'transfer');
    const unpaid = await sell(counter);
    await act(counter, early[0], 'cancel');
    await act(counter, early[1], 'cash');

    // create+checkout, nothing for the voided sale, create+checkout+confirm, create+checkout, create, cancel, checkout.
    const waiting = await syncStatus(counter);
    expect(waiting).toMatchObject({ state: 'offline', pending: 10, conflicts: 0 });
    expect(outboxRows(counter.dataDir, voided.id).map((j) => [j.kind, j.state])).toEqual([['create', 'skipped']]);

    const twins = await healAndCheck();
    const remoteState = (order: { id: string }) => `${twins.get(order.id)?.status}/${twins.get(order.id)?.paymentStatus}`;
    expect([paid, confirmed, awaiting, unpaid, ...early].map(remoteState)).toEqual([
      'completed/paid',
      confirmedThere,
      'verification_pending/unpaid',
      'payment_pending/unpaid',
      'cancelled/unpaid',
      'completed/paid',
    ]);
    expect(await onRemote(voided)).toEqual([]);
    const after = await syncStatus(counter);
    expect(after.lastError).toBeNull();
    expect(after.lastSuccessAt).not.toBeNull();
  });

  it('adopts what the remote applied when the answer to a POST is lost', async () => {
    const from = proxy.seen.length;
    await proxy.setFault({ kind: 'drop_response' }, ['POST']);
    const paid = await sell(counter);
    await act(counter, paid, 'cash');
    const confirmed = await sell(counter);
    await act(counter, confirmed, 'transfer');
    await act(counter, confirmed, 'confirm');
    const cancelled = await sell(counter);
    await waitFor('the create on the remote', async () => (await onRemote(cancelled)).length === 1);
    await act(counter, cancelled, 'cancel');

    // Every POST was applied and its answer lost; the engine settles each by looking it up. (A
    // remote without payment confirm was never sent the confirm: it lacks the route.)
    await settled(counter);
    expect(faulted(from, 'drop_response').filter((s) => s.remoteStatus !== undefined).length).toBeGreaterThanOrEqual(kind === 'double' ? 6 : 7);
    expect(forwardedCreates(proxy, from)).toBe(3);
    await healAndCheck();
  });

  it('adopts what the remote applied when its answer comes after the client timeout', async () => {
    const from = proxy.seen.length;
    // The counter gives up after TICKET_COUNTER_SYNC_TIMEOUT_MS = 1500.
    await proxy.setFault({ kind: 'delay', ms: 3000 }, ['POST']);
    const paid = await sell(counter);
    await act(counter, paid, 'cash');
    const awaiting = await sell(counter);
    await act(counter, awaiting, 'transfer');

    await settled(counter);
    expect(faulted(from, 'delay').length).toBeGreaterThanOrEqual(4);
    expect(forwardedCreates(proxy, from)).toBe(2);
    await healAndCheck();
  });

  it('resends what a 502 or 503 refused before it reached the remote', async () => {
    const from = proxy.seen.length;
    await proxy.setFault({ kind: 'status', status: 503 }, ['POST']);
    const paid = await sell(counter);
    await act(counter, paid, 'cash');
    await waitFor('503 twice', () => faulted(from, 'status').length >= 2);
    const from502 = proxy.seen.length;
    await proxy.setFault({ kind: 'status', status: 502 }, ['POST']);
    const unpaid = await sell(counter);
    await waitFor('502 twice', () => faulted(from502, 'status').length >= 2);

    // The remote still answers reads: the 5xx are retries of those changes, not an outage.
    const status = await waitFor('the 5xx noted', async () => {
      const s = await syncStatus(counter);
      return s.lastError?.includes('menjawab 502') && s;
    });
    expect(status.state).not.toBe('offline');
    expect(status.pending).toBeGreaterThanOrEqual(3);
    expect(await onRemote(paid)).toEqual([]);
    expect(await onRemote(unpaid)).toEqual([]);
    await healAndCheck();
  });

  it('adopts what the remote applied before answering 502', async () => {
    const from = proxy.seen.length;
    await proxy.setFault({ kind: 'status', status: 502, afterForward: true }, ['POST']);
    const paid = await sell(counter);
    await act(counter, paid, 'cash');
    const confirmed = await sell(counter);
    await act(counter, confirmed, 'transfer');
    await act(counter, confirmed, 'confirm');

    await settled(counter);
    expect(faulted(from, 'status').filter((s) => s.remoteStatus === 200 || s.remoteStatus === 201).length).toBeGreaterThanOrEqual(kind === 'double' ? 4 : 5);
    expect(forwardedCreates(proxy, from)).toBe(2);
    await healAndCheck();
  });

  it('never duplicates when the remote ignores Idempotency-Key and the answer is lost (reconciliation by lookup)', async () => {
    const from = proxy.seen.length;
    await proxy.setFault({ kind: 'drop_response', stripIdempotency: true }, ['POST']);
    const paid = await sell(counter);
    await act(counter, paid, 'cash');
    const awaiting = await sell(counter);
    await act(counter, awaiting, 'transfer');
    const unpaid = await sell(counter);

    await settled(counter);
    expect(forwardedCreates(proxy, from)).toBe(3);
    await healAndCheck();
    for (const order of [paid, awaiting, unpaid]) expect(await onRemote(order)).toHaveLength(1);
  });

  it('waits as long as a 429 Retry-After asks, without counting the remote as offline', async () => {
    const from = proxy.seen.length;
    await proxy.setFault({ kind: 'status', status: 429, retryAfter: '3' }, ['POST']);
    const paid = await sell(counter);
    await act(counter, paid, 'cash');
    await waitFor('a 429', () => faulted(from, 'status').length >= 1);

    const [create] = await waitFor('the create put back', () => {
      const jobs = outboxRows(counter.dataDir, paid.id);
      return jobs[0]?.last_status === 429 && jobs;
    });
    expect(create).toMatchObject({ kind: 'create', state: 'pending', attempts: 1 });
    // Scheduled by Retry-After (3 s), not by the backoff (under 1 s after a first attempt).
    expect(create!.next_attempt_at - create!.updated_at).toBeGreaterThanOrEqual(2900);
    expect((await syncStatus(counter)).state).not.toBe('offline');
    expect(faulted(from, 'status')).toHaveLength(1);
    await healAndCheck();
  });

  it('pauses on a revoked key without counting attempts, loses nothing, and resumes with a new key', async () => {
    await central.revokeCounterKey();
    const paid = await sell(counter);
    await act(counter, paid, 'cash');
    const unpaid = await sell(counter);

    const paused = await waitFor('auth_required', async () => {
      const s = await syncStatus(counter);
      return s.state === 'auth_required' && s;
    });
    expect(paused.lastError).toMatch(/401/);
    expect(paused.pending).toBe(3);
    const jobs = [...outboxRows(counter.dataDir, paid.id), ...outboxRows(counter.dataDir, unpaid.id)];
    expect(jobs.map((j) => [j.kind, j.state, j.attempts])).toEqual([
      ['create', 'pending', 0],
      ['checkout', 'pending', 0],
      ['create', 'pending', 0],
    ]);
    // Paused: a forced round does not even try the remote.
    const seen = proxy.seen.length;
    expect((await syncRun(counter)).state).toBe('auth_required');
    expect(proxy.seen.length).toBe(seen);

    const key = await central.newCounterKey();
    const baseUrl = throughProxy(proxy, central);
    const saved = data(await counter.call('/sync/remote', { method: 'PUT', as: 'organizer', body: { baseUrl, apiKey: key } }));
    expect(saved).toEqual({ baseUrl, apiKey: `${key.slice(0, 8)}…`, ownerEmail: 'pemilik@loket.test' });
    await healAndCheck();
  });

  it('lists a genuine conflict with the remote reason and resolves it by cancelling locally', async () => {
    await proxy.setFault({ kind: 'down' });
    await goneOffline(counter);
    const contested = person();
    const local = await sell(counter, { who: { identityNumber: contested.identityNumber } });
    // Meanwhile the same identity number is sold at the remote itself.
    const direct = data(
      await central.call('/events/pameran-kopi/admin/orders', {
        method: 'POST',
        body: { eventId: local.eventId, ticketCategoryId: '01JDEM0000000000000000TK03', registration: contested },
      }),
      201,
    );
    const alsoSold = await sell(counter);
    await act(counter, alsoSold, 'cash');

    await heal();
    await waitFor('the conflict', async () => {
      const s = await syncStatus(counter);
      return s.pending === 0 && s.conflicts === 1 && s.state === 'idle';
    });
    const [conflict] = await conflictsOf(counter);
    expect(conflict).toMatchObject({ orderId: local.id, kind: 'create', status: 409, customerEmail: local.customerEmail, orderStatus: 'payment_pending' });
    // Our own service names the reason with a code too; a remote that speaks only the interface in words alone.
    if (kind === 'instance') expect(conflict!.error).toMatch(/IDENTITY_NUMBER_REGISTERED/);
    expect(conflict!.error).toContain('Nomor identitas sudah terdaftar');
    // Listed, not lost: nothing else waits, and the other sale went through.
    await expectExactlyOnce(counter, central, { absent, conflicts: 1 });

    const resolved = await counter.call(`/sync/conflicts/${conflict!.seq}/cancel-local`, { method: 'POST', as: 'organizer', body: {} });
    expect(data(resolved)).toEqual({ seq: conflict!.seq });
    absent.push(local.id);
    const detail = data(await counter.call(`/events/pameran-kopi/admin/orders/${local.id}`));
    expect([detail.status, detail.paymentStatus]).toEqual(['cancelled', 'unpaid']);
    expect(await conflictsOf(counter)).toEqual([]);
    await settled(counter);
    await expectExactlyOnce(counter, central, { absent });

    // The remote keeps its own sale of that identity number, untouched; the counter's never arrived.
    const remote = (await listOrders(central)).filter((o) => o.id === direct.id);
    expect(remote.map((o) => [o.customerEmail, o.status])).toEqual([[contested.email, 'payment_pending']]);
    expect(await onRemote(local)).toEqual([]);
  });
});
