/**
 * The drain: how fast a venue hub empties its backlog once the central service is back.
 *
 * The central service is the double of it (central-double-process.ts, its own process; the
 * interface only: no Idempotency-Key, no payment confirm). The hub is `serve` in its own process,
 * replicating through a fault proxy. The central goes away; the hub goes offline and sells
 * DRAIN.orders orders at its desk, each paid in cash (four at a time): its backlog. Then the proxy
 * passes again, adding 20 ms to every request, and the time until the hub has nothing pending is
 * measured, from the central answering again (the hub notices within its round interval, 250 ms
 * here) to the last job done. Next to it, through the same proxy and latency with the same client
 * and concurrency: the central's own rate for a whole sale (POST order, then POST checkout).
 *
 * Afterwards the central must hold exactly the backlog, paid, or the bench fails.
 *
 * Standalone: `npx tsx test/bench/drain.ts` (BENCH_DRAIN_ORDERS changes the count).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createServices } from '../../src/main/services.js';
import { createRemoteClient } from '../../src/main/sync/remote-client.js';
import { startFaultProxy } from '../support/fault-proxy.js';
import { fetchJson } from '../support/serve.js';
import { DRAIN_EVENT } from './drain-event.js';
import { describeMachine } from './machine.js';
import { directLoad, registration, TENDERED, type DirectFigures } from './replication.js';
import { startServer } from './server-process.js';
import { BUILT_CLI, ensureBuilt } from '../support/built-cli.js';

export const DRAIN = {
  orders: Number(process.env.BENCH_DRAIN_ORDERS ?? 300),
  concurrency: 4,
  latencyMs: 20,
  warmup: 40,
} as const;

const PASSWORD = 'bench drain password';
const OWNER_EMAIL = 'pemilik@hub.bench';
const DESK_EMAIL = 'loket@hub.bench';
/** Customers of the hub's backlog are numbered from here; the direct sales elsewhere. */
const BACKLOG_FROM = 5_000_000;

export interface DrainFigures {
  orders: number;
  concurrency: number;
  latencyMs: number;
  seconds: number;
  perSecond: number;
  direct: DirectFigures;
}

/** The hub's data dir: its owner, a staff user with a key (the desk), the remote, the event pulled. */
async function prepareHub(dataDir: string, baseUrl: string, apiKey: string): Promise<string> {
  const services = createServices({ dataDir });
  try {
    services.users.create({ email: OWNER_EMAIL, name: 'Pemilik Hub', role: 'super_admin', password: PASSWORD });
    const desk = services.users.create({ email: DESK_EMAIL, name: 'Loket Hub', role: 'staff', password: PASSWORD });
    services.sync.setRemote({ baseUrl, apiKey, ownerEmail: OWNER_EMAIL });
    const pulled = await services.sync.runOnce({ pull: true });
    if (pulled.state !== 'idle') throw new Error(`drain: the hub's first pull failed: ${JSON.stringify(pulled)}`);
    return services.apiKeys.create(desk.id, 'desk').key;
  } finally {
    services.close();
  }
}

export async function measureDrain(root: string, workDir: string, env: Record<string, string>, log: (line: string) => void): Promise<DrainFigures> {
  const { orders: count, concurrency, latencyMs } = DRAIN;
  const centralKey = `central_bench_${randomBytes(12).toString('hex')}`;
  const central = await startServer(['test/bench/central-double-process.ts'], root, { ...env, BENCH_CENTRAL_KEY: centralKey });
  const proxy = await startFaultProxy(central.url);
  const baseUrl = `${proxy.url}${new URL(central.url).pathname}`;
  const hubDir = join(workDir, 'drain-hub');
  const deskKey = await prepareHub(hubDir, baseUrl, centralKey);
  const hub = await startServer([BUILT_CLI, 'serve', '--data-dir', hubDir, '--port', '0'], root, { ...env, TICKET_COUNTER_SYNC_INTERVAL_MS: '250' });
  const call = (path: string, body?: unknown) =>
    fetchJson(`${hub.url}${path}`, { method: body === undefined ? 'GET' : 'POST', headers: { 'x-api-key': deskKey }, body });
  const status = async () => (await call('/sync/status')).body.data as { state: string; pending: number; conflicts: number };
  try {
    log(`drain: central (the double) on ${central.url}, hub on ${hub.url}`);
    // "Sync now" is a person's button (a login), not a device's.
    const login = await fetchJson(`${hub.url}/auth/login`, { method: 'POST', body: { email: DESK_EMAIL, password: PASSWORD } });
    const syncNow = () => fetchJson(`${hub.url}/sync/run`, { method: 'POST', headers: { authorization: `Bearer ${login.body.data.token}` }, body: {} });
    await proxy.setFault({ kind: 'down' });
    while ((await syncNow()).body.data.state !== 'offline');
    log(`drain: central unreachable; the hub sells ${count} orders at its desk, each paid in cash`);
    let next = 0;
    const desk = async () => {
      for (let n = next++; n < count; n = next++) {
        const body = { eventId: DRAIN_EVENT.id, ticketCategoryId: DRAIN_EVENT.category, registration: registration(BACKLOG_FROM + n) };
        const created = await call(`/events/${DRAIN_EVENT.id}/admin/orders`, body);
        if (created.status !== 201) throw new Error(`drain: desk sale ${created.status} ${JSON.stringify(created.body)}`);
        const paid = await call(`/events/${DRAIN_EVENT.id}/admin/orders/${created.body.data.id}/checkout`, { method: 'cash', amountTendered: TENDERED });
        if (paid.status !== 200) throw new Error(`drain: desk checkout ${paid.status} ${JSON.stringify(paid.body)}`);
      }
    };
    await Promise.all(Array.from({ length: concurrency }, desk));
    const backlog = await status();
    if (backlog.pending !== 2 * count) throw new Error(`drain: ${backlog.pending} jobs pending at the hub, expected ${2 * count}`);

    const client = createRemoteClient({ baseUrl, apiKey: centralKey, ownerEmail: '' }, { timeoutMs: 10_000 });
    log(`drain: central back (+${latencyMs} ms a request); the hub drains ${2 * count} jobs`);
    await proxy.setFault({ kind: 'pass' });
    proxy.latencyMs = latencyMs;
    const started = performance.now();
    for (let s = await status(); s.pending > 0; s = await status()) {
      if (s.conflicts > 0) throw new Error(`drain: ${s.conflicts} conflicts at the hub`);
      await new Promise((done) => setTimeout(done, 50));
    }
    const seconds = (performance.now() - started) / 1000;

    log(`drain: ${DRAIN.warmup} direct sales to warm up, then ${count} POST order + POST checkout straight to the central, ${concurrency} in flight`);
    const where = { event: DRAIN_EVENT.id, category: DRAIN_EVENT.category };
    await directLoad(client, 8_000_000, DRAIN.warmup, concurrency, true, where);
    const direct = await directLoad(client, 9_000_000, count, concurrency, true, where);

    // The central holds the backlog once, paid: its paid orders are the hub's and the direct ones.
    const listed = await fetchJson(`${baseUrl}/events/${DRAIN_EVENT.id}/admin/orders?paymentStatus=paid&limit=1`, { headers: { 'x-api-key': centralKey } });
    if (listed.body.meta?.total !== 2 * count + DRAIN.warmup) {
      throw new Error(`drain: the central holds ${listed.body.meta?.total} paid orders, expected ${2 * count + DRAIN.warmup}`);
    }
    return { orders: count, concurrency, latencyMs, seconds, perSecond: count / seconds, direct };
  } finally {
    await hub.stop();
    await proxy.close();
    await central.stop();
  }
}

const ms = (value: number) => (Number.isFinite(value) ? `${value.toFixed(2)} ms` : 'n/a');

/** Rows for the bench's table: measure, rate, p50, p99, target, result. */
export function drainRows(f: DrainFigures): string[][] {
  const via = `${f.concurrency} in flight, proxy +${f.latencyMs} ms`;
  return [
    [`drain: a hub's backlog of ${f.orders} sales (create + checkout) to the central (double), ${via}`, `${f.perSecond.toFixed(1)} orders/s`, '', '', '', ''],
    [`direct to the central: POST order + POST checkout, ${via}`, `${f.direct.perSecond.toFixed(1)} orders/s`, ms(f.direct.p50), ms(f.direct.p99), '', ''],
    ['ratio drain / direct order + checkout', (f.perSecond / f.direct.perSecond).toFixed(2), '', '', '', ''],
  ];
}

async function main(): Promise<void> {
  ensureBuilt();
  const root = resolve(fileURLToPath(new URL('.', import.meta.url)), '../..');
  const workDir = mkdtempSync(join(tmpdir(), 'ticket-counter-bench-drain-'));
  const log = (line: string) => process.stderr.write(`[bench] ${line}\n`);
  try {
    const figures = await measureDrain(root, workDir, { LOG_LEVEL: 'warn' }, log);
    process.stdout.write(
      [
        '',
        `Ticket Counter drain benchmark, ${new Date().toISOString()}`,
        `machine: ${describeMachine()}`,
        `the hub drained ${2 * figures.orders} jobs in ${figures.seconds.toFixed(2)} s`,
        ...drainRows(figures).map((row) => `${row[0]}: ${row.slice(1).filter(Boolean).join(', ')}`),
        '',
      ].join('\n') + '\n',
    );
  } finally {
    rmSync(workDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  main().then(
    () => process.exit(0),
    (error: unknown) => {
      process.stderr.write(`bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
      process.exit(1);
    },
  );
}
