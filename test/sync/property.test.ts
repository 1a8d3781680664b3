/**
 * Property test of replication: exactly once, whatever the network does.
 *
 * Each run has a fresh remote (the same service, in this process: demo seed, listening on
 * 127.0.0.1:0), a fault proxy in front of it, and a counter (in-process services with a 300 ms
 * request timeout) whose remote is the proxy. A random sequence of operations then runs: sales,
 * checkouts (cash, transfer), confirms, rejects and cancels at the counter; sync rounds during which
 * the proxy breaks the network in one of its ways (awaited, or left running in the background while
 * the counter goes on selling); and restarts (the counter's services closed, in a crash mid-round
 * when a round is running, and opened again on the same data dir).
 *
 * Then the network heals and rounds run until nothing is pending, and every local order of the
 * remote event must be exactly one remote order with the same customer, identity number and state,
 * or (a sale cancelled before any of it was sent) none at all; the remote has no order the counter
 * does not know, and no identity number twice, even when Idempotency-Key was stripped.
 *
 * Counter and remote share a test clock that each round moves on (by nothing, 2 s, or 6 min: past
 * any backoff), so that retries are due without waiting. Customers share a few e-mail addresses and
 * names (a family buying several tickets), so that look-alike orders are common. FC_SEED and FC_PATH replay a
 * failing run, FC_RUNS and FC_TIME_LIMIT_MS make a longer search. A failure prints fast-check's
 * counterexample and the run's trace: each operation and how it ended.
 */
import fc from 'fast-check';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../src/main/domain/errors.js';
import type { Actor } from '../../src/main/domain/access.js';
import { seedDemo } from '../../src/main/app/demo.js';
import { DEMO_LOGINS } from '../../src/main/domain/demo.js';
import { buildApp } from '../../src/main/http/app.js';
import { createServices, type Services } from '../../src/main/services.js';
import { testClock, type TestClock } from '../support/clock.js';
import { startFaultProxy, type Fault, type FaultProxy } from '../support/fault-proxy.js';
import { TEST_PASSWORD_WORK, tempDir, type TempDir } from '../support/harness.js';
import { CENTRAL_KINDS, interfaceOnlyState, startDouble, type CentralKind } from '../support/sync-world.js';

const RUNS = Number(process.env.FC_RUNS ?? 20);
/** Stops starting runs (and shrinking) after this long; the runs done so far count. */
const TIME_LIMIT_MS = Number(process.env.FC_TIME_LIMIT_MS ?? 30_000);
const TIMEOUT_MS = 300;
/** Past the counter's request timeout: the remote applies the request, the counter gives up on it. */
const DELAY_MS = TIMEOUT_MS + 200;
/** Rounds after the network heals; each moves the clock past any backoff, so a few suffice. */
const HEAL_ROUNDS = 12;
const MINUTE = 60_000;

/** The demo's first event and its two categories (src/main/domain/demo.ts), as the counter pulls them. */
const EVENT_ID = '01JDEM0000000000000000EV01';
const CATEGORIES = ['01JDEM0000000000000000TK01', '01JDEM0000000000000000TK02'] as const;
/** A few buyers' addresses, one in another case (both sides store it lower-cased). */
const EMAILS = ['keluarga.santoso@contoh.test', 'Keluarga.Santoso@Contoh.test', 'dewi.lestari@contoh.test', 'agus@contoh.test'];
const NAMES = ['Dewi Lestari', 'Agus Santoso', 'Citra Santoso', 'Budi Hartono'];
const OWNER = { email: 'pemilik@loket.test', name: 'Pemilik Loket', role: 'organizer' as const, password: 'correct horse battery' };

const FAULT_NAMES = ['pass', 'down', 'drop_response', 'delay', 'delay_before', '502', '503', '503_forwarded', 'strip_idempotency'] as const;
type FaultName = (typeof FAULT_NAMES)[number];

/** The proxy's fault of that name; `strip`: forwarded requests also lose their Idempotency-Key. */
function faultOf(name: FaultName, strip: boolean): Fault {
  const stripIdempotency = strip || undefined;
  switch (name) {
    case 'pass':
      return strip ? { kind: 'strip_idempotency' } : { kind: 'pass' };
    case 'down':
    case 'strip_idempotency':
      return { kind: name };
    case 'drop_response':
      return { kind: name, stripIdempotency };
    case 'delay':
      return { kind: 'delay', ms: DELAY_MS, stripIdempotency };
    case 'delay_before':
      // Held past the client's timeout, then dropped: lost, but never applied.
      return { kind: 'delay', ms: DELAY_MS, beforeForward: true };
    case '502':
      return { kind: 'status', status: 502 };
    case '503':
      return { kind: 'status', status: 503 };
    case '503_forwarded':
      return { kind: 'status', status: 503, afterForward: true, stripIdempotency };
  }
}

type Op =
  | { op: 'create'; category: 0 | 1; email: number; name: number }
  | { op: 'cash' | 'transfer' | 'confirm' | 'reject' | 'cancel'; order: number }
  /** A round with the fault on (POSTs only, or every request); `background`: not awaited, the counter goes on. */
  | { op: 'sync'; fault: FaultName; strip: boolean; postOnly: boolean; pull: boolean; advanceMs: number; background: boolean }
  /** Closes and reopens the counter, `afterMs` after a background round (if one runs) started: a crash. */
  | { op: 'restart'; afterMs: number };

const orderRef = fc.nat({ max: 1000 });
const opArb: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 7,
    arbitrary: fc.record({
      op: fc.constant('create' as const),
      category: fc.constantFrom(0 as const, 1 as const),
      email: fc.nat({ max: EMAILS.length - 1 }),
      name: fc.nat({ max: NAMES.length - 1 }),
    }),
  },
  { weight: 3, arbitrary: fc.record({ op: fc.constant('cash' as const), order: orderRef }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('transfer' as const), order: orderRef }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('confirm' as const), order: orderRef }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('reject' as const), order: orderRef }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('cancel' as const), order: orderRef }) },
  {
    weight: 5,
    arbitrary: fc.record({
      op: fc.constant('sync' as const),
      fault: fc.constantFrom(...FAULT_NAMES),
      strip: fc.boolean(),
      postOnly: fc.boolean(),
      pull: fc.oneof({ weight: 5, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) }),
      advanceMs: fc.constantFrom(0, 2000, 6 * MINUTE),
      background: fc.boolean(),
    }),
  },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('restart' as const), afterMs: fc.constantFrom(0, 5, 20, 60, 150) }) },
);

interface RemoteRow {
  id: string;
  email: string;
  identity: string;
  status: string;
  paymentStatus: string;
}

/** The remote, over HTTP: the service itself (demo seed, a key of the demo cashier) or the double of the central service. */
interface Remote {
  kind: CentralKind;
  url: string;
  apiKey: string;
  /** Its orders of the event, read directly. */
  rows(): RemoteRow[];
  close(): Promise<void>;
}

/**
 * On the counter's clock: the two clocks agree, as NTP makes them (the push matches a lost create by
 * the remote's createdAt; the double runs 45 s behind it). A day's hold, as on the counter.
 */
async function startRemote(kind: CentralKind, clock: TestClock): Promise<Remote> {
  if (kind === 'double') {
    const central = await startDouble({ now: clock });
    const double = central.double!;
    return {
      kind,
      url: central.url,
      apiKey: central.counterKey,
      rows: () =>
        double
          .orders()
          .filter((o) => o.eventId === EVENT_ID)
          .map((o) => ({ id: o.id, email: o.customerEmail, identity: o.identityNumber, status: o.status, paymentStatus: o.paymentStatus })),
      close: () => central.close(),
    };
  }
  const dir = tempDir('ticket-counter-remote-');
  const services = createServices({ dataDir: dir.path, clock, passwordWork: TEST_PASSWORD_WORK });
  services.settings.update({ holdWindowMinutes: 24 * 60 });
  seedDemo(services, 'system');
  const cashier = services.users.findByEmail(DEMO_LOGINS[1].email)!;
  const { key } = services.apiKeys.create(cashier.id, 'loket 1');
  const app = await buildApp(services, { logLevel: 'silent' });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address !== 'object') throw new Error('remote did not listen');
  return {
    kind,
    url: `http://127.0.0.1:${address.port}`,
    apiKey: key,
    rows: () =>
      services.database.sqlite
        .prepare('select id, customer_email as email, identity_number as identity, status, payment_status as paymentStatus from orders where event_id = ?')
        .all(EVENT_ID) as RemoteRow[],
    async close() {
      await app.close();
      services.close();
      dir.remove();
    },
  };
}

/** One sync round started on the counter: who started it, and how it ended. */
interface Round {
  services: Services;
  done: Promise<unknown>;
}

/** The counter and everything a run does to it. */
class World {
  services!: Services;
  actor!: Actor;
  readonly dir: TempDir = tempDir('ticket-counter-counter-');
  /** Local orders sold so far, in sale order; operations name one by index. */
  readonly orders: string[] = [];
  round: Round | undefined;
  /** What happened, for the failure message. */
  readonly trace: string[] = [];
  private identity = 0;

  constructor(
    readonly clock: TestClock,
    readonly remote: Remote,
    readonly proxy: FaultProxy,
    readonly concurrency: number,
  ) {}

  open(): void {
    this.services = createServices({
      dataDir: this.dir.path,
      clock: this.clock,
      passwordWork: TEST_PASSWORD_WORK,
      sync: {
        timeoutMs: TIMEOUT_MS,
        intervalMs: 60 * MINUTE,
        pullEveryMs: 24 * 60 * MINUTE,
        concurrency: this.concurrency,
        // What the engine logs (a round cut short by a crash, say) goes into the run's trace.
        log: { error: (_details, message) => void this.trace.push(`log: ${message}`) },
      },
    });
  }

  async setUp(): Promise<void> {
    this.open();
    // A day's hold: the clock runs on by minutes a round, and expiry is not what this test is about.
    this.services.settings.update({ holdWindowMinutes: 24 * 60 });
    const owner = this.services.users.create(OWNER);
    this.actor = { userId: owner.id, role: 'organizer', name: owner.name, credential: 'jwt' };
    const prefix = new URL(this.remote.url).pathname.replace(/\/$/, '');
    this.services.sync.setRemote({ baseUrl: `${this.proxy.url}${prefix}`, apiKey: this.remote.apiKey, ownerEmail: OWNER.email });
    const first = await this.services.sync.runOnce({ pull: true });
    if (first.state !== 'idle' || first.lastPullAt === null) throw new Error(`first pull failed: ${JSON.stringify(first)}`);
  }

  /** Runs a round; a round that throws is a bug unless its services were closed under it (a crash). */
  startRound(pull: boolean): Round {
    const services = this.services;
    const done = services.sync.runOnce({ pull }).catch((error: unknown) => {
      if (services.database.sqlite.open) throw error;
    });
    return { services, done };
  }

  async awaitRound(): Promise<void> {
    const round = this.round;
    this.round = undefined;
    if (!round) return;
    try {
      await round.done;
    } finally {
      await this.proxy.setFault({ kind: 'pass' });
    }
  }

  private order(ref: number): string | undefined {
    return this.orders.length === 0 ? undefined : this.orders[ref % this.orders.length];
  }

  /** A refusal of the domain (409 INVALID_STATE, say) is a fine outcome of a random operation. */
  private async local(label: string, action: () => Promise<unknown>): Promise<void> {
    try {
      await action();
      this.trace.push(label);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      this.trace.push(`${label} -> ${error.code}`);
    }
  }

  async apply(op: Op): Promise<void> {
    const { transitions } = this.services;
    switch (op.op) {
      case 'create': {
        const n = ++this.identity;
        const registration = {
          name: NAMES[op.name]!,
          email: EMAILS[op.email]!,
          phone: `+62812${String(1_000_000 + n)}`,
          gender: n % 2 ? ('female' as const) : ('male' as const),
          birthDate: '1990-05-17',
          identityNumber: String(3171000000000000 + n),
        };
        await this.local(`create #${this.orders.length} ${registration.email} cat${op.category}`, async () => {
          const created = await this.services.selling.sell(this.actor, EVENT_ID, {
            eventId: EVENT_ID,
            ticketCategoryId: CATEGORIES[op.category],
            registration,
          });
          this.orders.push(created.id);
        });
        return;
      }
      case 'cash':
      case 'transfer':
      case 'confirm':
      case 'reject':
      case 'cancel': {
        const id = this.order(op.order);
        if (!id) return;
        const label = `${op.op} #${this.orders.indexOf(id)}`;
        if (op.op === 'cash') await this.local(label, () => transitions.checkout(this.actor, EVENT_ID, id, { method: 'cash', amountTendered: '1000000' }));
        if (op.op === 'transfer') await this.local(label, () => transitions.checkout(this.actor, EVENT_ID, id, { method: 'bank_transfer', reference: `TRF-${id.slice(-6)}` }));
        if (op.op === 'confirm') await this.local(label, () => transitions.confirmPayment(this.actor, EVENT_ID, id, { reference: 'MUTASI-OK' }));
        if (op.op === 'reject') await this.local(label, () => transitions.rejectPayment(this.actor, EVENT_ID, id, { reason: 'Transfer belum masuk' }));
        if (op.op === 'cancel') await this.local(label, () => transitions.cancel(this.actor, EVENT_ID, id, { reason: 'Batal' }));
        return;
      }
      case 'sync': {
        await this.awaitRound();
        this.clock.advance(op.advanceMs);
        // Down refuses connections, whatever the method.
        const postOnly = op.postOnly && op.fault !== 'down';
        const fault = faultOf(op.fault, op.strip);
        await this.proxy.setFault(fault, postOnly ? ['POST'] : undefined);
        this.round = this.startRound(op.pull);
        const strip = ('stripIdempotency' in fault && fault.stripIdempotency) || fault.kind === 'strip_idempotency' ? ' -key' : '';
        const note = `sync ${op.fault}${strip}${postOnly ? ' (POST)' : ''}${op.pull ? ' +pull' : ''} +${op.advanceMs}ms`;
        if (op.background) {
          this.trace.push(`${note} (background)`);
          return;
        }
        await this.awaitRound();
        const status = this.services.sync.status();
        this.trace.push(`${note} -> ${status.state}, pending ${status.pending}, conflicts ${status.conflicts}`);
        return;
      }
      case 'restart': {
        const crashed = this.round !== undefined;
        if (crashed) await sleep(op.afterMs);
        this.services.close();
        // The crashed process's requests are over: sent ones reached the remote, the rest never will.
        await this.awaitRound();
        if (crashed) await sleep(TIMEOUT_MS + 50);
        this.open();
        this.trace.push(crashed ? `crash after ${op.afterMs}ms, restart` : 'restart');
        return;
      }
    }
  }

  /** Heals the network and runs rounds until nothing is pending (or HEAL_ROUNDS ran). */
  async heal(): Promise<void> {
    await this.awaitRound();
    await this.proxy.setFault({ kind: 'pass' });
    for (let i = 0; i < HEAL_ROUNDS; i++) {
      this.clock.advance(6 * MINUTE);
      this.round = this.startRound(false);
      await this.awaitRound();
      const status = this.services.sync.status();
      this.trace.push(`heal round -> ${status.state}, pending ${status.pending}, conflicts ${status.conflicts}`);
      if (status.pending === 0) return;
    }
  }

  async close(): Promise<void> {
    await this.awaitRound().catch(() => undefined);
    this.services.close();
    this.dir.remove();
  }
}

interface LocalRow {
  id: string;
  email: string;
  identity: string;
  status: string;
  paymentStatus: string;
  remoteId: string | null;
}
/** Everything that must hold once the counter has replicated all it has. */
function checkReplicated(world: World): void {
  const { services } = world;
  const status = services.sync.status();
  expect(status, 'after healing, nothing pending and no conflicts').toMatchObject({ pending: 0, conflicts: 0 });

  const local = services.database.sqlite
    .prepare(
      `select o.id, o.customer_email as email, o.identity_number as identity, o.status, o.payment_status as paymentStatus, r.remote_order_id as remoteId
       from orders o left join remote_orders r on r.order_id = o.id where o.event_id = ? order by o.id`,
    )
    .all(EVENT_ID) as LocalRow[];
  const jobs = services.database.sqlite.prepare('select order_id as orderId, kind, state, payload from outbox order by seq').all() as {
    orderId: string;
    kind: string;
    state: string;
    payload: string | null;
  }[];
  const remote = world.remote.rows();
  const remoteById = new Map(remote.map((r) => [r.id, r]));

  expect(local.map((o) => o.id).sort()).toEqual([...world.orders].sort());
  expect(jobs.filter((j) => j.state !== 'done' && j.state !== 'skipped'), 'every job settled').toEqual([]);

  for (const order of local) {
    const own = jobs.filter((j) => j.orderId === order.id);
    if (order.remoteId === null) {
      // Never sent: a sale cancelled before any of it reached the remote.
      expect({ order, jobs: own }, 'an order without a remote one was cancelled before it was sent').toMatchObject({
        order: { status: 'cancelled' },
        jobs: own.map(() => ({ state: 'skipped' })),
      });
      expect(remote.filter((r) => r.identity === order.identity), `no remote order for unsent ${order.identity}`).toEqual([]);
      continue;
    }
    const twin = remoteById.get(order.remoteId);
    expect(twin, `remote order ${order.remoteId} of local ${order.id}`).toBeDefined();
    // The remote has the state its changes made: the local one, or (a remote that speaks only the
    // interface, without payment confirm and reject) what the changes it could take made.
    const [status, paymentStatus] = (world.remote.kind === 'double' ? interfaceOnlyState(own) : `${order.status}/${order.paymentStatus}`).split('/');
    expect({ ...twin, id: order.id }, `remote twin of local order ${order.id}`).toEqual({
      id: order.id,
      email: order.email,
      identity: order.identity,
      status,
      paymentStatus,
    });
  }

  const mapped = new Set(local.flatMap((o) => (o.remoteId ? [o.remoteId] : [])));
  expect(remote.filter((r) => !mapped.has(r.id)), 'remote orders no local order maps to').toEqual([]);
  const identities = remote.map((r) => r.identity);
  expect(identities.filter((id, i) => identities.indexOf(id) !== i), 'identity numbers twice on the remote').toEqual([]);
}

describe.each(CENTRAL_KINDS)('replication to a remote (%s) under faults and restarts', (kind) => {
  it('every local order is exactly one remote order, in the same state', { timeout: TIME_LIMIT_MS + 30_000 }, async () => {
    const coverage = { runs: 0, remoteOrders: 0, faulted: 0, crashes: 0 };
    const property = fc.asyncProperty(
      fc.integer({ min: 1, max: 4 }),
      fc.array(opArb, { minLength: 6, maxLength: 30 }),
      async (concurrency, ops) => {
        const clock = testClock();
        const remote = await startRemote(kind, clock);
        const proxy = await startFaultProxy(remote.url);
        const world = new World(clock, remote, proxy, concurrency);
        try {
          await world.setUp();
          for (const op of ops) await world.apply(op);
          await world.heal();
          try {
            checkReplicated(world);
          } catch (error) {
            (error as Error).message += `\n\ntrace (concurrency ${concurrency}):\n  ${world.trace.join('\n  ')}`;
            throw error;
          }
          coverage.runs++;
          coverage.remoteOrders += remote.rows().length;
          coverage.faulted += proxy.seen.filter((seen) => seen.fault !== 'pass').length;
          coverage.crashes += world.trace.filter((line) => line.startsWith('crash')).length;
        } finally {
          await world.close();
          await proxy.close();
          await remote.close();
        }
      },
    );
    await fc.assert(property, {
      numRuns: RUNS,
      seed: process.env.FC_SEED ? Number(process.env.FC_SEED) : undefined,
      path: process.env.FC_PATH,
      // Shrinking replays whole runs: bounded, so that a failure is reported in reasonable time.
      interruptAfterTimeLimit: TIME_LIMIT_MS,
    });
    console.info(
      `sync property (${kind}): ${coverage.runs} runs, ${coverage.remoteOrders} remote orders, ${coverage.faulted} requests under a fault, ${coverage.crashes} crashes mid-round`,
    );
    // The runs did sell and replicate something, through faults.
    expect(coverage.remoteOrders).toBeGreaterThan(0);
    expect(coverage.faulted).toBeGreaterThan(0);
  });

  /**
   * Two tickets sold to one buyer name and e-mail in one category, with different identity numbers:
   * A's first send fails (502, never applied); B is sold; both answers of the next round are lost.
   * Were A and B sent in one round, B's remote order would be the older, and on healing A would
   * adopt B's remote order and B A's (each paired with the other's identity number, A's cash paying
   * B's order). Look-alike creates go one at a time, so each keeps its own.
   */
  it('two lost creates of one e-mail, name and category each keep their own remote order', async () => {
    const clock = testClock();
    const remote = await startRemote(kind, clock);
    const proxy = await startFaultProxy(remote.url);
    const world = new World(clock, remote, proxy, 2);
    try {
      await world.setUp();
      const ops: Op[] = [
        { op: 'create', category: 0, email: 0, name: 0 },
        { op: 'sync', fault: '502', strip: false, postOnly: true, pull: false, advanceMs: 0, background: false },
        { op: 'create', category: 0, email: 0, name: 0 },
        { op: 'cash', order: 0 },
        { op: 'sync', fault: 'delay', strip: false, postOnly: true, pull: false, advanceMs: 0, background: false },
      ];
      for (const op of ops) await world.apply(op);
      await world.heal();
      checkReplicated(world);
    } finally {
      await world.close();
      await proxy.close();
      await remote.close();
    }
  });
});
