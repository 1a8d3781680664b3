/**
 * A counter SIGKILLed in the middle of a push, at each point where a crash could lose or double a
 * change: after the job was claimed but before the remote got the request; after the remote
 * applied it but before the answer came back; after the answer came back but before the counter
 * committed it. A sale's create is sent while the cashier waits (its seat held at the remote), so
 * the first three die in the middle of a sale; a checkout is pushed after the sale. `serve` restarts on the same data dir, the network heals, and every order is on
 * the remote exactly once. (A claim left in flight is taken over after 4 × the request timeout,
 * here 4 × TIMEOUT_MS, so that a `sync now` next to a live serve never steals a request under way.)
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { contract, type CallInput } from '../../src/shared/contract/index.js';
import type { Registration } from '../../src/shared/schemas/registration.js';
import type { FaultProxy } from '../support/fault-proxy.js';
import {
  CENTRAL_KINDS,
  counterBehindProxy,
  DEMO,
  act,
  expectExactlyOnce,
  forwardedCreates,
  ordersOfCustomer,
  outboxRows,
  person,
  postOrder,
  sell,
  send,
  settled,
  waitFor,
  type Central,
  type Instance,
} from '../support/sync-world.js';

/** The counter's request timeout: short, as each test waits 4 times it for the claim to be taken over. */
const TIMEOUT_MS = 750;

describe.each(CENTRAL_KINDS)('a counter (replicating to %s) killed in the middle of a push', (kind) => {
  const stage = counterBehindProxy(kind, 'loket', { env: { TICKET_COUNTER_SYNC_TIMEOUT_MS: String(TIMEOUT_MS) } });
  let central: Central, proxy: FaultProxy, counter: Instance;
  beforeAll(() => ({ central, proxy, counter } = stage()));

  const onRemote = (order: { customerEmail: string }) => ordersOfCustomer(central, order);
  const isCreate = (s: { method: string; path: string }) => s.method === 'POST' && /\/admin\/orders$/.test(s.path);
  /** The order's jobs as the dead counter left them: [kind, state]. */
  const jobsOf = (order: { id: string }) => outboxRows(counter.dataDir, order.id).map((j) => [j.kind, j.state]);

  /** Restarts serve on the same data dir, heals the network, lets the engine finish; exactly once. */
  async function restartHealAndCheck() {
    await counter.start();
    await proxy.setFault({ kind: 'pass' });
    await settled(counter);
    return expectExactlyOnce(counter, central);
  }

  /**
   * A sale whose seat is held at the remote while the cashier waits (sync/live.ts): the counter
   * dies with the request under way, so the cashier never gets an answer. The order is the last
   * one the counter recorded.
   */
  async function saleDyingWith(waitFor_: () => Promise<unknown>) {
    const registration = person();
    const reply = postOrder(counter, { registration }).catch((error: unknown) => error);
    await waitFor_();
    await counter.kill();
    expect(await reply).toBeInstanceOf(Error);
    const create = outboxRows(counter.dataDir).filter((j) => j.kind === 'create').at(-1)!;
    return { id: create.order_id, customerEmail: registration.email };
  }

  it('after the claim, before the remote got the request', async () => {
    const from = proxy.seen.length;
    // The proxy holds the request (and never forwards it once its client is gone).
    await proxy.setFault({ kind: 'delay', ms: 15_000, beforeForward: true }, ['POST']);
    const order = await saleDyingWith(() => waitFor('the create held at the proxy', () => proxy.seen.slice(from).some(isCreate)));

    expect(jobsOf(order)).toEqual([['create', 'in_flight']]);
    expect(await onRemote(order)).toEqual([]);

    const twins = await restartHealAndCheck();
    expect(twins.get(order.id)).toMatchObject({ status: 'payment_pending', paymentStatus: 'unpaid' });
    // Looked up, not found, sent again: once.
    expect(forwardedCreates(proxy, from)).toBe(1);
  });

  it('after the remote applied it, before the answer came back', async () => {
    const from = proxy.seen.length;
    await proxy.setFault({ kind: 'delay', ms: 15_000 }, ['POST']);
    const order = await saleDyingWith(() =>
      waitFor('the create applied remotely', () => proxy.seen.slice(from).some((s) => isCreate(s) && s.remoteStatus === 201)),
    );

    expect(jobsOf(order)).toEqual([['create', 'in_flight']]);
    expect(await onRemote(order)).toHaveLength(1);

    const twins = await restartHealAndCheck();
    expect(twins.get(order.id)).toMatchObject({ status: 'payment_pending', paymentStatus: 'unpaid' });
    // Found by looking it up and adopted: never sent again.
    expect(forwardedCreates(proxy, from)).toBe(1);
  });

  it('after the answer came back, before the counter committed it (a create)', async () => {
    const from = proxy.seen.length;
    const victim = counter.served.child;
    // Killed the moment the remote's answer is handed to the counter's connection.
    proxy.onAnswer = (seen) => {
      if (isCreate(seen)) victim.kill('SIGKILL');
    };
    let order;
    try {
      order = await saleDyingWith(() => waitFor('the counter gone', () => victim.exitCode !== null || victim.signalCode !== null));
    } finally {
      proxy.onAnswer = undefined;
    }

    // Whether it had committed is a matter of microseconds; either way the remote has it once.
    const [create] = jobsOf(order);
    expect(['in_flight', 'done']).toContain(create![1]);
    expect(await onRemote(order)).toHaveLength(1);

    await restartHealAndCheck();
    expect(forwardedCreates(proxy, from)).toBe(1);
  });

  it('after the answer came back, before the counter committed it (a checkout)', async () => {
    const order = await sell(counter);
    await settled(counter);
    const from = proxy.seen.length;
    const victim = counter.served.child;
    proxy.onAnswer = (seen) => {
      if (seen.method === 'POST' && seen.path.endsWith('/checkout')) victim.kill('SIGKILL');
    };
    try {
      await act(counter, order, 'cash');
      await waitFor('the counter gone', () => victim.exitCode !== null || victim.signalCode !== null);
    } finally {
      proxy.onAnswer = undefined;
    }
    await counter.kill();

    const [, checkout] = jobsOf(order);
    expect(checkout![0]).toBe('checkout');
    expect(['in_flight', 'done']).toContain(checkout![1]);
    expect((await onRemote(order)).map((o) => o.paymentStatus)).toEqual(['paid']);

    const twins = await restartHealAndCheck();
    expect(twins.get(order.id)).toMatchObject({ status: 'completed', paymentStatus: 'paid' });
    const checkouts = proxy.seen.slice(from).filter((s) => s.method === 'POST' && s.path.endsWith('/checkout'));
    expect(checkouts).toHaveLength(1);
  });

  // The cashier's client retries with the same Idempotency-Key once the counter is back. The sale
  // had committed before the counter died (its seat was being held at the remote): the retry must
  // be told that sale, not refused for the identity number the sale itself took.
  const sales = {
    'a single sale': { endpoint: contract.createOrder, body: (r: Registration[]) => ({ eventId: DEMO.eventId, ticketCategoryId: DEMO.harian, registration: r[0]! }), people: 1 },
    'a basket': { endpoint: contract.createTransaction, body: (r: Registration[]) => ({ eventId: DEMO.eventId, lines: r.map((registration) => ({ ticketCategoryId: DEMO.harian, registration })) }), people: 2 },
  } as const;
  it.each(Object.keys(sales) as (keyof typeof sales)[])('a retry with the same Idempotency-Key after the crash gets %s it made', async (which) => {
    const { endpoint, body, people } = sales[which];
    const input = { params: { idOrSlug: DEMO.slug }, body: body(Array.from({ length: people }, () => person())) } as CallInput<typeof endpoint>;
    const headers = { 'idempotency-key': `retry-after-crash-${people}-${Date.now()}` };
    const from = proxy.seen.length;
    await proxy.setFault({ kind: 'delay', ms: 15_000, beforeForward: true }, ['POST']);
    const first = send(counter, endpoint, input, 'staff', headers).catch((error: unknown) => error);
    await waitFor('the sale held at the proxy', () => proxy.seen.slice(from).some(isCreate));
    await counter.kill();
    expect(await first).toBeInstanceOf(Error);
    const made = new Set(outboxRows(counter.dataDir).filter((j) => j.kind === 'create').map((j) => j.order_id));

    await counter.start();
    await proxy.setFault({ kind: 'pass' });
    const retry = await send(counter, endpoint, input, 'staff', headers);
    expect(retry.status, JSON.stringify(retry.body)).toBe(201);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    const ids: string[] = which === 'a basket' ? retry.body.data.orders.map((o: { id: string }) => o.id) : [retry.body.data.id];
    expect(ids.every((id) => made.has(id))).toBe(true);
    await settled(counter);
    await expectExactlyOnce(counter, central);
  });
});
