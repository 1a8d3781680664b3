/**
 * A festival day at one venue, every part a real process on loopback: the central service (the
 * double, behind a fault proxy), a venue hub, three counters selling into the hub, and two gate
 * scanners with check-in-only keys, one at the hub and one at counter 1. The day has three parts:
 * online; the central down for a while, the hub selling from its offline allotment and the
 * counters into it; the central back, first losing answers, then answering 429.
 *
 * Afterwards: every sale answered 201 and paid is on the hub and on the central exactly once, and
 * every sale refused was refused before payment and is on neither; no ticket was admitted twice by
 * the two gates, the LAN being up all day; every job of every instance is settled within the bound
 * the test prints; no check-in became a conflict anywhere.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFaultProxy, type FaultProxy } from '../support/fault-proxy.js';
import {
  DEMO,
  act,
  cli,
  createCounter,
  expectExactlyOnce,
  goneOffline,
  outboxRows,
  person,
  postOrder,
  settled,
  startCentral,
  syncRun,
  syncStatus,
  throughProxy,
  waitFor,
  type Central,
  type Instance,
} from '../support/sync-world.js';
import { createServices } from '../../src/main/services.js';
import { fetchJson, type JsonReply } from '../support/serve.js';

const SALES_ONLINE = 6;
const SALES_OFFLINE = 8;
/** The hub sells at most this share of what is left while the central is down. */
const HUB_ALLOTMENT_PERCENT = 4;
/** How long every instance may take to send all it has once the central is back. */
const DRAIN_BOUND_MS = 120_000;

interface Sold {
  at: Instance;
  id: string;
  ticketNumber: string;
}

describe('a festival day: three counters and two gates on a hub, the central down and back', () => {
  let central: Central;
  let upstream: FaultProxy;
  let hub: Instance;
  const counters: Instance[] = [];
  /** Gate scanners: a check-in-only key, and the instance it scans at. */
  const gates: { label: string; at: Instance; key: string }[] = [];
  const sold: Sold[] = [];
  /** Local order ids of sales refused before payment, per counter. */
  const refused = new Map<Instance, string[]>();
  /** How many times each ticket number was answered 201 by some gate. */
  const admitted = new Map<string, number>();

  /**
   * A staff user with event:checkin alone on the festival's event at `at`, and its API key: made
   * the way the CLI makes them, in this process (quicker than three commands).
   */
  function gateKey(at: Instance, name: string): string {
    const services = createServices({ dataDir: at.dataDir });
    try {
      const user = services.users.create({ email: `${name}@${at.label}.test`, name, role: 'staff', password: 'kata-sandi-gerbang' });
      services.grants.grantBy('system', user, DEMO.eventId, 'event:checkin');
      return services.apiKeys.create(user.id, name).key;
    } finally {
      services.close();
    }
  }

  /** A key of the hub's operator, for a counter. */
  function hubKey(name: string): string {
    const services = createServices({ dataDir: hub.dataDir });
    try {
      return services.apiKeys.create(services.users.findByEmail('kasir@hub.test')!.id, name).key;
    } finally {
      services.close();
    }
  }

  beforeAll(async () => {
    central = await startCentral('double');
    upstream = await startFaultProxy(central.url);
    hub = await createCounter('hub', throughProxy(upstream, central), central.counterKey, { allotmentPercent: HUB_ALLOTMENT_PERCENT, start: false });
    await cli(['sync', 'now', '--data-dir', hub.dataDir]);
    gates.push({ label: 'gerbang hub', at: hub, key: gateKey(hub, 'gerbang1') });
    await hub.start();
    for (let i = 1; i <= 3; i++) {
      const counter = await createCounter(`loket${i}`, hub.url, hubKey(`loket ${i}`));
      expect(await syncRun(counter)).toMatchObject({ state: 'idle', lastError: null });
      counters.push(counter);
      refused.set(counter, []);
    }
    gates.push({ label: 'gerbang loket 1', at: counters[0]!, key: gateKey(counters[0]!, 'gerbang2') });
    // Nine processes to start on two cores: more than the usual minute.
  }, 180_000);

  afterAll(async () => {
    for (const instance of [...counters, hub]) await instance?.close();
    await upstream?.close();
    await central?.close();
  });

  /** One sale at the counter: paid in cash, or by QRIS confirmed at once; refused ones are noted. */
  async function sale(at: Instance, n: number): Promise<void> {
    const registration = person();
    const reply = await postOrder(at, { registration });
    if (reply.status === 409) {
      // Refused before payment: the counter cancelled it at once.
      const create = outboxRows(at.dataDir).filter((j) => j.kind === 'create').at(-1)!;
      expect(create.skip_reason).toBe('refused_at_sale');
      refused.get(at)!.push(create.order_id);
      return;
    }
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    const order = reply.body.data;
    if (n % 3 === 0) await act(at, order, 'qris');
    const paid = await act(at, order, n % 3 === 0 ? 'confirm' : 'cash');
    sold.push({ at, id: order.id, ticketNumber: paid.participants[0].ticketNumber });
  }

  const scanAt = (gate: (typeof gates)[number], ticketNumber: string): Promise<JsonReply> =>
    fetchJson(`${gate.at.url}/events/${DEMO.slug}/check-ins`, { method: 'POST', headers: { 'x-api-key': gate.key }, body: { ticketNumber, gate: gate.label } });

  /** Both gates scan the ticket at once, as a person trying both entrances would. */
  async function scanAtBoth(ticketNumber: string): Promise<void> {
    const replies = await Promise.all(gates.map((gate) => scanAt(gate, ticketNumber)));
    for (const reply of replies) expect([201, 409], JSON.stringify(reply.body)).toContain(reply.status);
    admitted.set(ticketNumber, (admitted.get(ticketNumber) ?? 0) + replies.filter((r) => r.status === 201).length);
  }

  it('online: every counter sells, the gates admit each ticket once', async () => {
    for (let n = 0; n < SALES_ONLINE; n++) await Promise.all(counters.map((counter) => sale(counter, n)));
    await Promise.all(counters.map((counter) => settled(counter)));
    for (const ticket of sold.slice(0, SALES_ONLINE)) await scanAtBoth(ticket.ticketNumber);
    expect([...refused.values()].flat()).toEqual([]);
  });

  it('the central down: the hub sells from its allotment, the counters into it, refused before payment beyond it', async () => {
    await upstream.setFault({ kind: 'down' });
    await goneOffline(hub);
    for (let n = 0; n < SALES_OFFLINE; n++) await Promise.all(counters.map((counter) => sale(counter, n)));
    // Some sold into the hub's allotment, the rest refused before payment; the LAN is up: gates as ever.
    expect(sold.length).toBeGreaterThan(3 * SALES_ONLINE);
    expect([...refused.values()].flat().length).toBeGreaterThan(0);
    for (const ticket of sold.slice(SALES_ONLINE)) await scanAtBoth(ticket.ticketNumber);
    expect((await syncStatus(counters[0]!)).upstream?.state).toBe('offline');
  });

  it('the central back, losing answers, then asking to wait: everything settles, exactly once', async () => {
    const from = upstream.seen.length;
    const since = (fault: string, answered?: number) => upstream.seen.slice(from).filter((s) => s.fault === fault && (answered === undefined || s.answered === answered)).length;
    await upstream.setFault({ kind: 'drop_response' }, ['POST']);
    await waitFor('the hub online again', async () => (await syncRun(hub)).state !== 'offline');
    await waitFor('answers lost after the central applied them', () => since('drop_response') >= 2);
    await upstream.setFault({ kind: 'status', status: 429, retryAfter: '1' }, ['POST']);
    await waitFor('the central asking to wait', () => since('status', 429) >= 2);
    await upstream.setFault({ kind: 'pass' });
    const started = Date.now();
    for (const instance of [...counters, hub]) await settled(instance, DRAIN_BOUND_MS);
    console.info(`festival: ${sold.length} sales answered 201, ${[...refused.values()].flat().length} refused before payment; every instance settled ${Date.now() - started} ms after the central answered again (bound ${DRAIN_BOUND_MS} ms)`);

    for (const counter of counters) await expectExactlyOnce(counter, hub, { absent: refused.get(counter) });
    await expectExactlyOnce(hub, central);
    // No check-in became a conflict, at the hub (the central has no check-in) or anywhere.
    for (const instance of [...counters, hub]) expect((await syncStatus(instance)).conflicts, instance.label).toBe(0);
    expect([...admitted.entries()].filter(([, times]) => times !== 1)).toEqual([]);
    expect(admitted.size).toBe(sold.length);
  });
});
