/**
 * Real `serve` processes replicating to each other, for the sync tests: a central instance with
 * the demo data, counters (and hubs) on their own data dirs pointed at it, and the checks the sync
 * must pass: above all, every local order exactly once on the remote, in the same state.
 */
import Database from 'better-sqlite3';
import { randomInt } from 'node:crypto';
import { join } from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';
import { seedDemo } from '../../src/main/app/demo.js';
import { createServices } from '../../src/main/services.js';
import { contract, requestOf, type CallInput, type EndpointBase } from '../../src/shared/contract/index.js';
import type { CheckInBody } from '../../src/shared/schemas/check-in.js';
import type { CheckoutBody } from '../../src/shared/schemas/payment.js';
import type { Registration } from '../../src/shared/schemas/registration.js';
import type { Conflict, SyncStatus } from '../../src/shared/schemas/sync.js';
import { cashThatPays } from './cash.js';
import { startCentralDouble, type CentralDouble } from './central-double.js';
import { DEMO, doubleSeed } from './double-seed.js';
import { startFaultProxy, type FaultProxy } from './fault-proxy.js';
import { APPROVAL_PIN } from './fixtures.js';
import { TEST_PASSWORD_WORK, tempDir, type TempDir } from './harness.js';
import { fetchJson, runCli, startServe, type JsonReply, type Served } from './serve.js';

export { DEMO } from './double-seed.js';

export const PASSWORD = 'kata-sandi-sinkron';

/** The approval of a counter's owner (docs/cash-sessions.md, Approvals): its e-mail and approval PIN. */
export const ownerApproval = (label: string) => ({ email: `pemilik@${label}.test`, pin: APPROVAL_PIN });

/** Fast rounds for the tests; a per-request timeout short enough to provoke, long enough for loopback. */
export const FAST_SYNC: Env = { TICKET_COUNTER_SYNC_INTERVAL_MS: '250', TICKET_COUNTER_SYNC_TIMEOUT_MS: '1500' };

type Env = Record<string, string>;
type Who = 'staff' | 'organizer';
type Credential = { key: string } | { email: string; password: string };
// Replies are read field by field; their shapes are the API tests' business.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Data = any;

// ---------------------------------------------------------------------------------------------
// Waiting

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Polls `probe` until it returns something other than undefined/false, or fails after the
 * deadline, naming the last value (or the last error the probe threw: a way to say why not yet).
 */
export async function waitFor<T>(what: string, probe: () => Promise<T | undefined | false> | T | undefined | false, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const value = await probe();
      if (value !== undefined && value !== false) return value;
      last = value;
    } catch (error) {
      last = error;
    }
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; last: ${last instanceof Error ? last.message : JSON.stringify(last)}`);
    await sleep(50);
  }
}

// ---------------------------------------------------------------------------------------------
// Processes

/** Runs one CLI command that must succeed; returns its stdout. */
export async function cli(args: string[], input?: string): Promise<string> {
  const result = await runCli(args, input);
  expect(result.code, `${args.join(' ')}\n${result.stderr}`).toBe(0);
  return result.stdout;
}

/** startServe with extra environment: spawn copies process.env synchronously, before startServe's first await. */
function serveWith(dataDir: string, env: Env): Promise<Served> {
  const saved = Object.fromEntries(Object.keys(env).map((name) => [name, process.env[name]]));
  Object.assign(process.env, env);
  try {
    return startServe(dataDir);
  } finally {
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  }
}

/** One instance of the service: its data dir and, while it runs, its `serve` process. */
export interface Instance extends Service {
  dataDir: string;
  /** The running serve's URL (a new port after every start). */
  readonly url: string;
  readonly served: Served;
  start(): Promise<void>;
  /** SIGTERM: the clean shutdown an operator's quit makes; the data dir stays. */
  stop(): Promise<void>;
  /** SIGKILL: no shutdown at all. */
  kill(): Promise<void>;
  close(): Promise<void>;
}

function instance(label: string, dir: TempDir, credentials: Record<Who, Credential>, env: Env): Instance {
  let served: Served | undefined;
  const tokens = new Map<Who, string>();

  async function headers(who: Who): Promise<Record<string, string>> {
    const credential = credentials[who];
    if ('key' in credential) return { 'x-api-key': credential.key };
    let token = tokens.get(who);
    if (!token) {
      const login = await fetchJson(`${self.url}/auth/login`, { method: 'POST', body: credential });
      expect(login.status, JSON.stringify(login.body)).toBe(200);
      token = login.body.data.token as string;
      tokens.set(who, token);
    }
    return { authorization: `Bearer ${token}` };
  }

  const self: Instance = {
    label,
    dataDir: dir.path,
    get url() {
      if (!served) throw new Error(`${label} is not running`);
      return served.url;
    },
    get served() {
      if (!served) throw new Error(`${label} is not running`);
      return served;
    },
    async call(path, options = {}) {
      return fetchJson(`${self.url}${path}`, { method: options.method, body: options.body, headers: { ...options.headers, ...(await headers(options.as ?? 'staff')) } });
    },
    async start() {
      served = await serveWith(dir.path, env);
    },
    async stop() {
      await served?.stop('SIGTERM');
      served = undefined;
    },
    async kill() {
      await served?.stop('SIGKILL');
      served = undefined;
    },
    async close() {
      await served?.stop('SIGKILL');
      served = undefined;
      dir.remove();
    },
  };
  return self;
}

/** What the tests need of any service they read or write over HTTP. */
export interface Service {
  label: string;
  /** A request as the instance's staff (the operator) or `organizer`: central's organizer, a counter's owner. */
  call(path: string, options?: { method?: string; body?: unknown; as?: Who; headers?: Record<string, string> }): Promise<JsonReply>;
}

/**
 * The two remotes the sync suite runs against: a second instance of this service (which knows
 * every extension) and a test double of the central service written from the interface alone.
 */
export const CENTRAL_KINDS = ['instance', 'double'] as const;
export type CentralKind = (typeof CENTRAL_KINDS)[number];

/** The central service a counter (or hub) replicates to. */
export interface Central extends Service {
  kind: CentralKind;
  /** The base URL a counter is given (the double's has a path prefix). */
  readonly url: string;
  /** The key the counter gets; a new one after newCounterKey(). */
  readonly counterKey: string;
  revokeCounterKey(): Promise<void>;
  /** A new key for the counter's user; it becomes counterKey. */
  newCounterKey(): Promise<string>;
  /** The double itself, for its switches (undefined for an instance). */
  double?: CentralDouble;
  close(): Promise<void>;
}

/** The central service: `serve` with the demo seeded (as `serve --demo` does) and two keys. */
async function startCentralInstance(env: Env): Promise<Central> {
  const dir = tempDir('tc-central-');
  const services = createServices({ dataDir: dir.path, passwordWork: TEST_PASSWORD_WORK });
  let counter: { key: string; info: { id: string } };
  let tests: string;
  try {
    seedDemo(services, 'system');
    counter = services.apiKeys.create(services.users.findByEmail('kasir@demo.test')!.id, 'loket');
    tests = services.apiKeys.create(services.users.findByEmail('organizer@demo.test')!.id, 'tests').key;
  } finally {
    services.close();
  }
  // The tests look at central as the events' organizer, with a key of its own that outlives the counter's.
  const served = instance('central', dir, { staff: { key: tests }, organizer: { key: tests } }, env);
  await served.start();
  let counterKey = counter.key;
  let counterKeyId = counter.info.id;
  return {
    kind: 'instance',
    label: served.label,
    call: served.call,
    get url() {
      return served.url;
    },
    get counterKey() {
      return counterKey;
    },
    async revokeCounterKey() {
      await cli(['apikey', 'revoke', '--data-dir', dir.path, '--email', 'kasir@demo.test', '--id', counterKeyId]);
    },
    async newCounterKey() {
      counterKey = (await cli(['apikey', 'create', '--data-dir', dir.path, '--email', 'kasir@demo.test', '--name', 'loket baru'])).trim();
      const keys = JSON.parse(await cli(['apikey', 'list', '--data-dir', dir.path, '--email', 'kasir@demo.test'])) as { id: string; prefix: string }[];
      counterKeyId = keys.find((k) => counterKey.startsWith(k.prefix))!.id;
      return counterKey;
    },
    close: served.close,
  };
}

/** The double of the central service, with the demo's events, on a loopback port. */
export async function startDouble(options: { now?: () => number } = {}): Promise<Central> {
  const double = await startCentralDouble({ seed: doubleSeed(options.now?.()), now: options.now });
  return {
    kind: 'double',
    label: 'central (double)',
    double,
    url: double.url,
    get counterKey() {
      return double.counterKey;
    },
    call: (path, opts = {}) => fetchJson(`${double.url}${path}`, { method: opts.method, body: opts.body, headers: { ...opts.headers, 'x-api-key': double.testsKey } }),
    revokeCounterKey: async () => double.revokeCounterKey(),
    newCounterKey: async () => double.newCounterKey(),
    close: () => double.close(),
  };
}

export function startCentral(kind: CentralKind = 'instance', env: Env = {}): Promise<Central> {
  return kind === 'double' ? startDouble() : startCentralInstance(env);
}

export interface CounterOptions {
  /** The setting offlineAllotmentPercent, before the first start. */
  allotmentPercent?: number;
  env?: Env;
  /** Start serve (default true). */
  start?: boolean;
}

/**
 * A counter (or hub): a data dir with its owner (a super_admin, also owner of what it pulls), a
 * staff operator and its remote (`remoteUrl`, `apiKey`), written as `remote set` writes them (the
 * command itself is tested in cli.test.ts), then `serve`.
 */
export async function createCounter(label: string, remoteUrl: string, apiKey: string, options: CounterOptions = {}): Promise<Instance> {
  const dir = tempDir(`tc-${label}-`);
  const owner = { email: `pemilik@${label}.test`, password: PASSWORD };
  const staff = { email: `kasir@${label}.test`, password: PASSWORD };
  const services = createServices({ dataDir: dir.path, passwordWork: TEST_PASSWORD_WORK });
  try {
    services.users.create({ ...owner, name: `Pemilik ${label}`, role: 'super_admin', approvalPin: APPROVAL_PIN });
    services.users.create({ ...staff, name: `Kasir ${label}`, role: 'staff' });
    if (options.allotmentPercent !== undefined) services.settingsChanges.change('system', { offlineAllotmentPercent: options.allotmentPercent });
    services.sync.setRemoteBy('system', { baseUrl: remoteUrl, apiKey, ownerEmail: owner.email });
  } finally {
    services.close();
  }
  const counter = instance(label, dir, { staff, organizer: owner }, { ...FAST_SYNC, ...options.env });
  if (options.start ?? true) {
    try {
      await counter.start();
    } catch (error) {
      await counter.close();
      throw error;
    }
  }
  return counter;
}

// ---------------------------------------------------------------------------------------------
// Sync status and rounds

/** A well-formed call through the contract to any service, as its operator or `as`. */
export function send<E extends EndpointBase>(at: Service, endpoint: E, input: CallInput<E>, as?: Who, headers?: Record<string, string>): Promise<JsonReply> {
  const { method, url, body } = requestOf(endpoint, input);
  return at.call(url, { method, body, as, headers });
}

/** The reply's data, after checking its status. */
export function data(reply: JsonReply, status = 200): Data {
  expect(reply.status, JSON.stringify(reply.body)).toBe(status);
  return reply.body.data;
}

export async function syncStatus(counter: Instance): Promise<SyncStatus> {
  return data(await send(counter, contract.syncStatus, {}));
}

/** POST /sync/run: a round now (pull and push); its status. */
export async function syncRun(counter: Instance): Promise<SyncStatus> {
  return data(await send(counter, contract.runSync, {}));
}

export async function conflictsOf(counter: Instance): Promise<Conflict[]> {
  return data(await send(counter, contract.listConflicts, {}, 'organizer'));
}

/** Rounds until the counter knows its remote is out of reach. */
export async function goneOffline(counter: Instance): Promise<SyncStatus> {
  return waitFor(`${counter.label} offline`, async () => {
    const status = await syncRun(counter);
    return status.state === 'offline' ? status : undefined;
  });
}

/** Waits, without forcing rounds, until the engine has nothing left to send and is idle. */
export async function settled(counter: Instance, timeoutMs = 40_000): Promise<SyncStatus> {
  return waitFor(
    `${counter.label} settled`,
    async () => {
      const status = await syncStatus(counter);
      if (status.pending === 0 && status.state === 'idle') return status;
      throw new Error(JSON.stringify(status));
    },
    timeoutMs,
  );
}

// ---------------------------------------------------------------------------------------------
// Selling

const RUN = randomInt(10_000, 99_999);
let sequence = 0;

/** A walk-in customer, unique within the run (e-mail and identity number). */
export function person(overrides: Partial<Registration> = {}): Registration {
  const n = ++sequence;
  return {
    name: `Pengunjung ${RUN}-${n}`,
    email: `pengunjung.${RUN}.${n}@pembeli.test`,
    phone: `+62813${String(n).padStart(7, '0')}`,
    gender: n % 2 ? 'female' : 'male',
    birthDate: '1991-08-17',
    identityNumber: `3174${RUN}${String(n).padStart(7, '0')}`,
    ...overrides,
  };
}

/** POSTs an order for the demo event (Harian unless told) for a new customer; the reply as it is. */
export function postOrder(at: Service, options: { category?: string; who?: Partial<Registration>; registration?: Registration } = {}): Promise<JsonReply> {
  return send(at, contract.createOrder, {
    params: { idOrSlug: DEMO.slug },
    body: { eventId: DEMO.eventId, ticketCategoryId: options.category ?? DEMO.harian, registration: options.registration ?? person(options.who) },
  });
}

/** An order that must be created (201): its creation form, plus the customer's e-mail and name (which that form lacks). */
export async function sell(at: Service, options: { category?: string; who?: Partial<Registration> } = {}): Promise<Data> {
  const registration = person(options.who);
  const reply = await postOrder(at, { category: options.category, registration });
  return { ...data(reply, 201), customerEmail: registration.email, customerName: registration.name };
}

export type Action = 'cash' | 'transfer' | 'qris' | 'confirm' | 'cancel';

/** One transition of an order, which must succeed; the detail it answers. */
export async function act(at: Service, order: { id: string; totalAmount: string }, action: Action): Promise<Data> {
  const params = { idOrSlug: DEMO.slug, orderId: order.id };
  const checkout = (body: CheckoutBody) => send(at, contract.checkout, { params, body });
  const done = {
    cash: () => checkout({ method: 'cash', amountTendered: cashThatPays(order.totalAmount) }),
    transfer: () => checkout({ method: 'bank_transfer', reference: 'BCA 0042' }),
    qris: () => checkout({ method: 'qris', reference: 'QRIS 7781' }),
    confirm: () => send(at, contract.confirmPayment, { params, body: {} }),
    cancel: () => send(at, contract.cancelOrder, { params, body: { reason: 'Pelanggan batal' } }),
  }[action];
  return data(await done());
}

/** POSTs a check-in at the demo event's gate (as the operator); the reply as it is. */
export function postCheckIn(at: Service, body: CheckInBody): Promise<JsonReply> {
  return send(at, contract.checkIn, { params: { idOrSlug: DEMO.slug }, body });
}

/** The ticket of the instance's order as its gate sees it (checkIn null until checked in there). */
export async function gateView(at: Service, orderId: string): Promise<Data> {
  return data(await send(at, contract.lookUpTicket, { params: { idOrSlug: DEMO.slug }, query: { orderId } }, 'organizer'));
}

/** Every order of the event the instance holds, oldest first. */
export async function listOrders(at: Service, eventId: string = DEMO.eventId): Promise<Data[]> {
  const all: Data[] = [];
  for (let page = 1, pages = 1; page <= pages; page++) {
    const reply = await send(at, contract.listOrders, { params: { idOrSlug: eventId }, query: { limit: 100, page, sort: 'createdAt', order: 'asc' } }, 'organizer');
    all.push(...data(reply));
    pages = reply.body.meta.totalPages;
  }
  return all;
}

/** The remote's orders of this customer (by e-mail) in the demo event. */
export async function ordersOfCustomer(remote: Service, order: { customerEmail: string }): Promise<Data[]> {
  return (await listOrders(remote)).filter((o) => o.customerEmail === order.customerEmail);
}

// ---------------------------------------------------------------------------------------------
// The counter's database (read next to a running serve, or after it died)

export interface OutboxRow {
  seq: number;
  order_id: string;
  kind: string;
  state: string;
  skip_reason: string | null;
  attempts: number;
  next_attempt_at: number;
  last_status: number | null;
  last_error: string | null;
  payload: string | null;
  updated_at: number;
}

function readDb<T>(dataDir: string, read: (db: Database.Database) => T): T {
  const db = new Database(join(dataDir, 'counter.db'), { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    return read(db);
  } finally {
    db.close();
  }
}

export function outboxRows(dataDir: string, orderId?: string): OutboxRow[] {
  return readDb(dataDir, (db) =>
    orderId === undefined
      ? (db.prepare('select * from outbox order by seq').all() as OutboxRow[])
      : (db.prepare('select * from outbox where order_id = ? order by seq').all(orderId) as OutboxRow[]),
  );
}

/** Local order id -> the remote order id the counter adopted for it. */
export function remoteIds(dataDir: string): Map<string, string> {
  return readDb(dataDir, (db) => {
    const rows = db.prepare('select order_id, remote_order_id from remote_orders').all() as { order_id: string; remote_order_id: string }[];
    return new Map(rows.map((r) => [r.order_id, r.remote_order_id]));
  });
}

// ---------------------------------------------------------------------------------------------
// The proxy's log

/** How many creates (POST …/admin/orders) the proxy forwarded to the remote since entry `from`. */
export function forwardedCreates(proxy: FaultProxy, from = 0): number {
  return proxy.seen.slice(from).filter((s) => s.method === 'POST' && /\/admin\/orders$/.test(s.path) && s.remoteStatus !== undefined).length;
}

// ---------------------------------------------------------------------------------------------
// The invariant

/**
 * The state a remote that speaks only the interface holds of an order: the jobs it applied, in
 * order. It has no payment confirm or reject and no check-in (those jobs are skipped there), so a
 * transfer confirmed at the counter is still awaiting verification on it.
 */
export function interfaceOnlyState(jobs: Pick<OutboxRow, 'kind' | 'state' | 'payload'>[]): string {
  let state = 'payment_pending/unpaid';
  for (const job of jobs) {
    if (job.state !== 'done') continue;
    if (job.kind === 'checkout') {
      const { method } = JSON.parse(job.payload ?? '{}') as { method?: string };
      state = method === 'cash' || method === 'card' ? 'completed/paid' : 'verification_pending/unpaid';
    }
    if (job.kind === 'cancel') state = 'cancelled/unpaid';
  }
  return state;
}

const sameOrder = (a: Data, b: Data) =>
  a.customerEmail.toLowerCase() === b.customerEmail.toLowerCase() && a.customerName === b.customerName && a.ticketCategoryName === b.ticketCategoryName;

/**
 * Exactly once: the local instance has nothing left to send and its conflicts are listed; every
 * local order of the event is on the remote exactly once (same e-mail, name and category) in the
 * same status and payment status, and is the remote order the local side adopted; an order in
 * `absent` (cancelled before it was ever sent, or refused) is not there at all, and no remote order
 * was adopted twice. Orders still in conflict are only required to be listed. The remote may hold
 * other orders of the same customers (made elsewhere). Returns each local order's remote twin.
 */
export async function expectExactlyOnce(
  local: Instance,
  remote: Service | Central,
  options: { absent?: Iterable<string>; conflicts?: number; eventId?: string } = {},
): Promise<Map<string, Data>> {
  const eventId = options.eventId ?? DEMO.eventId;
  const status = await syncStatus(local);
  const conflicts = await conflictsOf(local);
  expect({ pending: status.pending, conflicts: status.conflicts, listed: conflicts.length }, `${local.label} outbox`).toEqual({
    pending: 0,
    conflicts: options.conflicts ?? 0,
    listed: options.conflicts ?? 0,
  });
  const inConflict = new Set(conflicts.map((c) => c.orderId));
  const absent = new Set(options.absent ?? []);
  const [localOrders, remoteOrders] = await Promise.all([listOrders(local, eventId), listOrders(remote, eventId)]);
  const adopted = remoteIds(local.dataDir);

  const jobs = outboxRows(local.dataDir);
  const problems: string[] = [];
  const twins = new Map<string, Data>();
  for (const order of localOrders) {
    const same = remoteOrders.filter((r) => sameOrder(r, order));
    const who = `${order.customerName} <${order.customerEmail}> (${order.status}/${order.paymentStatus})`;
    if (absent.has(order.id)) {
      if (same.length > 0) problems.push(`${who}: expected on ${remote.label} never, found ${same.length}`);
      continue;
    }
    if (inConflict.has(order.id)) continue;
    if (same.length !== 1) {
      problems.push(`${who}: ${same.length} orders on ${remote.label}`);
      continue;
    }
    const twin = same[0];
    twins.set(order.id, twin);
    const own = jobs.filter((j) => j.order_id === order.id);
    // A sale, its payment and its cancel are part of the interface: every remote must have applied them.
    const unsent = own.filter((j) => ['create', 'checkout', 'cancel'].includes(j.kind) && j.state !== 'done');
    if (unsent.length > 0) problems.push(`${who}: ${unsent.map((j) => `${j.kind} ${j.state}`).join(', ')}`);
    const expected = 'kind' in remote && remote.kind === 'double' ? interfaceOnlyState(own) : `${order.status}/${order.paymentStatus}`;
    if (`${twin.status}/${twin.paymentStatus}` !== expected) problems.push(`${who}: ${remote.label} has it ${twin.status}/${twin.paymentStatus}, expected ${expected}`);
    if (adopted.get(order.id) !== twin.id) problems.push(`${who}: adopted ${adopted.get(order.id)}, twin is ${twin.id}`);
  }
  // No remote order adopted for two local orders, none for an order that must not be there.
  const adoptedIds = [...adopted.values()];
  if (new Set(adoptedIds).size !== adoptedIds.length) problems.push(`a ${remote.label} order adopted twice: ${adoptedIds.join(', ')}`);
  for (const id of absent) if (adopted.has(id)) problems.push(`${id} must not be on ${remote.label}, adopted ${adopted.get(id)}`);
  expect(problems, `${local.label} -> ${remote.label}`).toEqual([]);
  return twins;
}

// ---------------------------------------------------------------------------------------------
// The usual stage

export interface Stage {
  central: Central;
  proxy: FaultProxy;
  counter: Instance;
}

/** The central's base URL as reached through the proxy (the same path prefix, the proxy's address). */
export function throughProxy(proxy: FaultProxy, central: Central): string {
  return `${proxy.url}${new URL(central.url).pathname.replace(/\/$/, '')}`;
}

/**
 * The stage most sync tests play on, set up once for the file: a central service, a fault proxy
 * in front of it, and a counter replicating through the proxy, its first round through. Whatever
 * was started is stopped again afterwards, however far the setting up got.
 */
export function counterBehindProxy(kind: CentralKind, label = 'loket', options: CounterOptions = {}): () => Stage {
  const started: Partial<Stage> = {};
  beforeAll(async () => {
    started.central = await startCentral(kind);
    started.proxy = await startFaultProxy(started.central.url);
    started.counter = await createCounter(label, throughProxy(started.proxy, started.central), started.central.counterKey, options);
    expect(await syncRun(started.counter)).toMatchObject({ state: 'idle', pending: 0, conflicts: 0 });
  });
  afterAll(async () => {
    await started.counter?.close();
    await started.proxy?.close();
    await started.central?.close();
  });
  return () => {
    const { central, proxy, counter } = started;
    if (!central || !proxy || !counter) throw new Error('the stage is used before it is set up');
    return { central, proxy, counter };
  };
}
