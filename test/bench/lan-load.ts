/**
 * A venue's devices at once against a counter in LAN mode: kiosks selling (an order, then its cash
 * checkout), gate scanners checking tickets in (the tickets the kiosks sold), and displays reading
 * (ticket categories, the order list, the events), each device with its own API key, each waiting
 * out a 429 as its Retry-After asks. Meanwhile the operator's screen asks for the ticket categories
 * every 200 ms (within its own rate limit: it reaches the counter over the LAN address too) and its
 * latency is recorded.
 *
 * Afterwards: every answer was 2xx, 409 (a ticket already checked in, a seat gone) or 429 (a
 * device past its rate); every order answered 201 is in the database, and every check-in answered
 * 201 too. `npm run bench` runs it full size (50 devices, 60 s); test/api/lan-load.test.ts a short
 * run for those checks alone.
 *
 * The LAN is the test LAN (test/support/test-lan.ts): serve in a network namespace of its own,
 * reached over a veth pair, or on a loopback alias treated as LAN; never the machine's LAN address.
 */
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { DeviceFigures, DevicePlan } from './lan-devices.js';
import { runJsonScript } from './json-script.js';
import { percentile } from './latency.js';
import { createServices } from '../../src/main/services.js';
import { importEvent, makeCaller, PASSWORD, ticketInput } from '../support/fixtures.js';
import { startServe, type Served } from '../support/serve.js';
import { ensureBuilt } from '../support/built-cli.js';
import { createTestLan, type TestLan } from '../support/test-lan.js';
import { lanClient } from './lan-client.js';

export interface LanLoadOptions {
  devices: number;
  seconds: number;
  /** Requests per minute per key (the counter's setting); the default is the counter's own. */
  perKeyLimit?: number;
}

export interface LanLoadFigures {
  lan: { kind: TestLan['kind']; serveHost: string; note?: string };
  /** What the counter answered a request without credentials from the test LAN: 401 in LAN mode. */
  withoutCredentials: number;
  devices: { kiosks: number; scanners: number; displays: number };
  seconds: number;
  requests: number;
  byStatus: Record<string, number>;
  unexpected: string[];
  ordersAnswered: number;
  ordersStored: number;
  lostOrders: string[];
  checkInsAnswered: number;
  checkInsStored: number;
  operator: { samples: number; p50: number; p99: number; max: number; failures: number };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** 5 a second: under the default 600 a minute per login, as the operator's own screen must be. */
const OPERATOR_EVERY_MS = 200;
const DEVICES_SCRIPT = fileURLToPath(new URL('./lan-devices.ts', import.meta.url));

interface Prepared {
  eventId: string;
  kioskKeys: string[];
  scannerKeys: string[];
  displayKeys: string[];
  categoryId: string;
  operator: { email: string; password: string };
}

/** One event with room for every sale, the devices' keys (gate scanners may only check in), the operator. */
function prepare(dataDir: string, options: LanLoadOptions, address: string): Prepared {
  const services = createServices({ dataDir });
  try {
    const organizer = makeCaller(services, 'organizer');
    const event = importEvent(services, organizer.user, { tickets: [ticketInput(services.clock(), { quota: 1_000_000, price: '50000' })] });
    const grant = (permission: 'event:update' | 'event:read' | 'event:checkin') => makeCaller(services, 'staff', { eventId: event.id, permission }).key;
    const kiosks = Math.ceil(options.devices * 0.4);
    const scanners = Math.ceil(options.devices * 0.4);
    const displays = options.devices - kiosks - scanners;
    const operator = makeCaller(services, 'staff', { eventId: event.id, permission: 'event:update' });
    // serve listens where the settings say (a LAN address: LAN mode), on the free port it is given.
    services.settings.update({
      listenHost: address,
      ...(options.perKeyLimit ? { requestsPerMinutePerKey: options.perKeyLimit } : {}),
    });
    return {
      eventId: event.id,
      kioskKeys: Array.from({ length: kiosks }, () => grant('event:update')),
      scannerKeys: Array.from({ length: scanners }, () => grant('event:checkin')),
      displayKeys: Array.from({ length: displays }, () => grant('event:read')),
      operator: { email: operator.user.email, password: PASSWORD },
      categoryId: event.tickets[0]!.id,
    };
  } finally {
    services.close();
  }
}

export async function runLanLoad(options: LanLoadOptions): Promise<LanLoadFigures> {
  const lan = createTestLan();
  const dataDir = mkdtempSync(join(tmpdir(), 'counter-lan-load-'));
  let served: Served | undefined;
  try {
    const prepared = prepare(dataDir, options, lan.serveHost);
    served = await startServe(dataDir, { logLevel: 'warn', env: lan.env, wrap: lan.wrap });
    return await drive(served.url, prepared, options, lan, dataDir);
  } finally {
    await served?.stop();
    lan.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The devices' run, in their own process: their busy loops must not delay the operator's timings. */
const runDevices = (plan: DevicePlan) => runJsonScript(DEVICES_SCRIPT, [JSON.stringify(plan)]) as Promise<DeviceFigures>;

/** The operator's screen: how long the ticket categories take while the devices run. */
async function operatorScreen(url: string, p: Prepared, until: number, client: ReturnType<typeof lanClient>) {
  const login = await client.call('POST', `${url}/auth/login`, {}, p.operator);
  const authorization = `Bearer ${(login.json as { data: { token: string } }).data.token}`;
  const samples: number[] = [];
  let failures = 0;
  while (Date.now() < until) {
    const started = performance.now();
    const { status } = await client.call('GET', `${url}/events/${p.eventId}/tickets`, { authorization });
    if (status === 200) samples.push(performance.now() - started);
    else failures += 1;
    await sleep(OPERATOR_EVERY_MS);
  }
  samples.sort((a, b) => a - b);
  return { samples: samples.length, p50: percentile(samples, 50), p99: percentile(samples, 99), max: samples.at(-1) ?? NaN, failures };
}

async function drive(url: string, p: Prepared, options: LanLoadOptions, lan: TestLan, dataDir: string): Promise<LanLoadFigures> {
  const client = lanClient(lan.clientAddress);
  // LAN mode is on: the counter asks another machine for credentials even where this one needs none.
  const withoutCredentials = (await client.call('GET', `${url}/health`, {})).status;
  const until = Date.now() + options.seconds * 1000;
  const plan: DevicePlan = {
    url,
    clientAddress: lan.clientAddress,
    eventId: p.eventId,
    until,
    kioskKeys: p.kioskKeys,
    scannerKeys: p.scannerKeys,
    displayKeys: p.displayKeys,
    categoryId: p.categoryId,
  };
  const [devices, operator] = await Promise.all([runDevices(plan), operatorScreen(url, p, until, client)]);
  client.close();

  const db = new Database(join(dataDir, 'counter.db'), { readonly: true });
  const stored = new Set((db.prepare('select id from orders where event_id = ?').all(p.eventId) as { id: string }[]).map((r) => r.id));
  const checkInsStored = (db.prepare('select count(*) as n from check_ins').get() as { n: number }).n;
  db.close();
  return {
    lan: { kind: lan.kind, serveHost: lan.serveHost, ...(lan.note ? { note: lan.note } : {}) },
    withoutCredentials,
    devices: { kiosks: p.kioskKeys.length, scanners: p.scannerKeys.length, displays: p.displayKeys.length },
    seconds: options.seconds,
    requests: Object.values(devices.byStatus).reduce((a, b) => a + b, 0),
    byStatus: devices.byStatus,
    unexpected: devices.unexpected,
    ordersAnswered: devices.orderIds.length,
    ordersStored: stored.size,
    lostOrders: devices.orderIds.filter((id) => !stored.has(id)),
    checkInsAnswered: devices.checkInsAnswered,
    checkInsStored,
    operator,
  };
}

// Alone: `npx tsx test/bench/lan-load.ts` (BENCH_LAN_DEVICES, BENCH_LAN_SECONDS) prints the figures as JSON.
if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  ensureBuilt();
  runLanLoad({ devices: Number(process.env.BENCH_LAN_DEVICES ?? 50), seconds: Number(process.env.BENCH_LAN_SECONDS ?? 60) }).then(
    (figures) => {
      process.stdout.write(`${JSON.stringify(figures, null, 2)}\n`);
      process.exit(figures.unexpected.length + figures.lostOrders.length > 0 ? 1 : 0);
    },
    (error: unknown) => {
      process.stderr.write(`LAN load failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
      process.exit(1);
    },
  );
}
