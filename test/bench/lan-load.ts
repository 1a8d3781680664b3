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
 */
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServices } from '../../src/main/services.js';
import { importEvent, makeCaller, orderBody, PASSWORD, ticketInput } from '../support/fixtures.js';
import { startServe, type Served } from '../support/serve.js';

export interface LanLoadOptions {
  devices: number;
  seconds: number;
  /** Requests per minute per key (the counter's setting); the default is the counter's own. */
  perKeyLimit?: number;
}

export interface LanLoadFigures {
  address: string;
  lanMode: boolean;
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

/** This machine's first LAN address; loopback when it has none (the figures then say so). */
function lanAddress(): { address: string; lanMode: boolean } {
  const found = Object.values(networkInterfaces())
    .flatMap((list) => list ?? [])
    .find((a) => a.family === 'IPv4' && !a.internal);
  return found ? { address: found.address, lanMode: true } : { address: '127.0.0.1', lanMode: false };
}

const percentile = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : NaN);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** 5 a second: under the default 600 a minute per login, as the operator's own screen must be. */
const OPERATOR_EVERY_MS = 200;

interface Prepared {
  eventId: string;
  categoryId: string;
  kioskKeys: string[];
  scannerKeys: string[];
  displayKeys: string[];
  operator: { email: string; password: string };
  body: () => unknown;
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
      categoryId: event.tickets[0]!.id,
      kioskKeys: Array.from({ length: kiosks }, () => grant('event:update')),
      scannerKeys: Array.from({ length: scanners }, () => grant('event:checkin')),
      displayKeys: Array.from({ length: displays }, () => grant('event:read')),
      operator: { email: operator.user.email, password: PASSWORD },
      body: () => orderBody(event),
    };
  } finally {
    services.close();
  }
}

export async function runLanLoad(options: LanLoadOptions): Promise<LanLoadFigures> {
  const { address, lanMode } = lanAddress();
  const dataDir = mkdtempSync(join(tmpdir(), 'counter-lan-load-'));
  const prepared = prepare(dataDir, options, address);
  let served: Served | undefined;
  try {
    served = await startServe(dataDir, { logLevel: 'warn' });
    return await drive(served.url, prepared, options, address, lanMode, dataDir);
  } finally {
    await served?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function drive(url: string, p: Prepared, options: LanLoadOptions, address: string, lanMode: boolean, dataDir: string): Promise<LanLoadFigures> {
  const byStatus: Record<string, number> = {};
  const unexpected: string[] = [];
  const orderIds: string[] = [];
  const sold: string[] = [];
  let checkInsAnswered = 0;
  const until = Date.now() + options.seconds * 1000;
  const event = `/events/${p.eventId}`;

  /** One request as a device makes it: a 429 is waited out as Retry-After asks. */
  async function call(key: string, method: string, path: string, body?: unknown) {
    const response = await fetch(`${url}${path}`, {
      method,
      headers: { 'x-api-key': key, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const status = response.status;
    byStatus[status] = (byStatus[status] ?? 0) + 1;
    const json = (await response.json().catch(() => null)) as { data?: Record<string, unknown>; error?: { code?: string } } | null;
    if (status === 429) await sleep(Math.min(Number(response.headers.get('retry-after') ?? 1), Math.max(0, (until - Date.now()) / 1000)) * 1000);
    else if (status >= 300 && status !== 409) unexpected.push(`${method} ${path.replace(p.eventId, '{event}')}: ${status} ${json?.error?.code ?? ''}`);
    return { status, data: json?.data };
  }

  async function kiosk(key: string) {
    while (Date.now() < until) {
      const created = await call(key, 'POST', `${event}/admin/orders`, p.body());
      if (created.status !== 201) continue;
      const id = String(created.data!.id);
      orderIds.push(id);
      const paid = await call(key, 'POST', `${event}/admin/orders/${id}/checkout`, { method: 'cash', amountTendered: String(created.data!.totalAmount) });
      const participants = paid.data?.participants as { ticketNumber: string }[] | undefined;
      if (paid.status === 200 && participants?.[0]) sold.push(participants[0].ticketNumber);
    }
  }

  async function scanner(key: string, gate: number) {
    while (Date.now() < until) {
      // Any ticket sold so far: its first scan checks it in (201), any later one finds it in (409).
      const ticket = sold[Math.floor(Math.random() * sold.length)];
      if (!ticket) {
        await sleep(20);
        continue;
      }
      const scanned = await call(key, 'POST', `${event}/check-ins`, { ticketNumber: ticket, gate: `Gerbang ${gate + 1}` });
      if (scanned.status === 201) checkInsAnswered += 1;
    }
  }

  async function display(key: string, n: number) {
    const reads = [`${event}/tickets`, `${event}/admin/orders?limit=20`, `/events?ownerId=me`];
    for (let i = n; Date.now() < until; i++) await call(key, 'GET', reads[i % reads.length]!);
  }

  /** The operator's screen: its latency is the figure; it is this machine or the LAN as the UI is. */
  async function operatorScreen() {
    const login = await fetch(`${url}/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(p.operator) });
    const token = ((await login.json()) as { data: { token: string } }).data.token;
    const samples: number[] = [];
    let failures = 0;
    while (Date.now() < until) {
      const started = performance.now();
      const response = await fetch(`${url}${event}/tickets`, { headers: { authorization: `Bearer ${token}` } });
      await response.arrayBuffer();
      if (response.ok) samples.push(performance.now() - started);
      else failures += 1;
      await sleep(OPERATOR_EVERY_MS);
    }
    samples.sort((a, b) => a - b);
    return { samples: samples.length, p50: percentile(samples, 50), p99: percentile(samples, 99), max: samples.at(-1) ?? NaN, failures };
  }

  const [operator] = await Promise.all([
    operatorScreen(),
    ...p.kioskKeys.map((key) => kiosk(key)),
    ...p.scannerKeys.map((key, n) => scanner(key, n)),
    ...p.displayKeys.map((key, n) => display(key, n)),
  ]);

  const db = new Database(join(dataDir, 'counter.db'), { readonly: true });
  const stored = new Set((db.prepare('select id from orders where event_id = ?').all(p.eventId) as { id: string }[]).map((r) => r.id));
  const checkInsStored = (db.prepare('select count(*) as n from check_ins').get() as { n: number }).n;
  db.close();
  return {
    address,
    lanMode,
    devices: { kiosks: p.kioskKeys.length, scanners: p.scannerKeys.length, displays: p.displayKeys.length },
    seconds: options.seconds,
    requests: Object.values(byStatus).reduce((a, b) => a + b, 0),
    byStatus,
    unexpected: [...new Set(unexpected)],
    ordersAnswered: orderIds.length,
    ordersStored: stored.size,
    lostOrders: orderIds.filter((id) => !stored.has(id)),
    checkInsAnswered,
    checkInsStored,
    operator,
  };
}
