/**
 * Replication throughput: how fast a counter that was offline catches up with its remote.
 *
 * A remote (`serve` in its own process, on 127.0.0.1) holds an event with a quota of 10 million. A
 * counter (the services and sync engine in this process, `concurrency` jobs at once, the default
 * of serve) pulls it, loses the remote (the proxy refuses connections), and sells ORDERS orders,
 * each checked out in cash: two outbox jobs per order. Then the proxy passes again, adding 20 ms
 * to every request (a LAN hop to a remote far away), and the engine pushes until nothing is
 * pending. Measured: orders replicated per second, from the round's start to its end.
 *
 * Next to it, through the same proxy and latency with the same HTTP client (remote-client.ts, ky)
 * and `concurrency` requests in flight: the remote's own rate for order creation alone (POST
 * order), and for a whole sale (POST order, then POST checkout). Replication / direct sale compares
 * the same two requests per order, and is held to REPLICATION.targetRatio; replication / direct
 * create is printed beside it.
 *
 * Afterwards the remote must hold exactly one paid order per replicated sale and every direct POST
 * must have been a 2xx, or the bench fails.
 *
 * Standalone: `npx tsx test/bench/replication.ts` (BENCH_REPLICATION_ORDERS changes the count).
 */
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { ImportFile } from '../../src/shared/schemas/import.js';
import { toIso } from '../../src/main/domain/time.js';
import { createServices } from '../../src/main/services.js';
import { createRemoteClient, type Outcome, type RemoteClient } from '../../src/main/sync/remote-client.js';
import { startFaultProxy } from '../support/fault-proxy.js';
import { percentile } from './latency.js';
import { describeMachine } from './machine.js';
import { startServer } from './server-process.js';
import { BUILT_CLI, ensureBuilt } from '../support/built-cli.js';
import { verdict } from './verdict.js';

export const REPLICATION = {
  orders: Number(process.env.BENCH_REPLICATION_ORDERS ?? 2000),
  concurrency: 4,
  latencyMs: 20,
  /** Direct sales before anything is timed: the remote's JIT and page cache warm up. */
  warmup: 40,
  /** Replication / direct create + checkout, at the same concurrency and latency. */
  targetRatio: 0.8,
} as const;

const IDS = {
  event: '01JBENCHREP0000000000000E1',
  category: '01JBENCHREP0000000000000T1',
  eventType: '01JBENCHREP00000000000TYP1',
  categoryRef: '01JBENCHREP00000000000CAT1',
  subcategory: '01JBENCHREP00000000000SBC1',
} as const;
const DAY = 24 * 60 * 60 * 1000;
const TZ = 'Asia/Jakarta';
const PASSWORD = 'bench replication password';
const OWNER_EMAIL = 'pemilik@loket.bench';
/** More than the category's total (Rp 153.750 with the customer's fee). */
export const TENDERED = '200000';

export interface DirectFigures {
  orders: number;
  perSecond: number;
  /** Per request, in ms. */
  p50: number;
  p99: number;
}

export interface ReplicationFigures {
  orders: number;
  concurrency: number;
  latencyMs: number;
  /** Outbox jobs pushed (a create and a checkout per order). */
  jobs: number;
  seconds: number;
  perSecond: number;
  directCreate: DirectFigures;
  directSale: DirectFigures;
}

function remoteEvent(now: number): ImportFile {
  const at = (ms: number) => toIso(ms, TZ);
  return {
    events: [
      {
        id: IDS.event,
        name: 'Konser Replikasi',
        slug: 'bench-replication',
        description: 'Konser Replikasi (benchmark)',
        terms: '',
        location: 'Istora Senayan, Jakarta',
        startAt: at(now + 30 * DAY),
        endAt: at(now + 30 * DAY + 5 * 60 * 60 * 1000),
        timezone: TZ,
        status: 'published',
        isPublic: true,
        feeBearer: 'customer',
        feeRateBp: 250,
        eventTypeId: IDS.eventType,
        categoryId: IDS.categoryRef,
        subcategoryId: IDS.subcategory,
        isFeatured: false,
        isTransferable: false,
        tickets: [
          {
            id: IDS.category,
            name: 'Festival',
            description: 'Tiket Festival',
            type: 'regular',
            quota: 10_000_000,
            sold: 0,
            saleStartAt: at(now - 60 * DAY),
            saleEndAt: at(now + 29 * DAY),
            price: '150000.00',
            status: 'active',
          },
        ],
      },
    ],
  };
}

/** The remote's data dir: an organizer, the key the counter and the direct load use, the event. */
function prepareRemote(dataDir: string): string {
  const services = createServices({ dataDir });
  try {
    const organizer = services.users.create({ email: 'organizer@remote.bench', name: 'Organizer Remote', role: 'organizer', password: PASSWORD });
    services.importer.importEvents(remoteEvent(services.clock()), organizer);
    return services.apiKeys.create(organizer.id, 'replication bench').key;
  } finally {
    services.close();
  }
}

/** The n-th customer of the run: identity number and e-mail of their own. */
export function registration(n: number) {
  return {
    name: `Pembeli Replikasi ${n}`,
    email: `replikasi${n}@pembeli.bench`,
    phone: `+62814${String(10_000_000 + n)}`,
    gender: n % 2 === 0 ? ('female' as const) : ('male' as const),
    birthDate: '1991-03-09',
    identityNumber: `3374${String(n).padStart(12, '0')}`,
  };
}

/**
 * `count` sales straight to the remote, `concurrency` in flight (each worker one after the other):
 * POST order, and with `checkout` then POST checkout of that order. Every answer must be a 2xx.
 */
export async function directLoad(
  client: RemoteClient,
  firstN: number,
  count: number,
  concurrency: number,
  checkout: boolean,
  where: { event: string; category: string } = IDS,
): Promise<DirectFigures> {
  const times: number[] = [];
  let next = 0;
  const timed = async <T>(send: () => Promise<Outcome<T>>): Promise<T> => {
    const started = performance.now();
    const outcome = await send();
    times.push(performance.now() - started);
    if (outcome.kind !== 'ok') throw new Error(`direct POST: ${JSON.stringify(outcome)}`);
    return outcome.data;
  };
  async function worker(): Promise<void> {
    for (let i = next++; i < count; i = next++) {
      const n = firstN + i;
      const body = { eventId: where.event, ticketCategoryId: where.category, registration: registration(n) };
      const created = await timed(() => client.createOrder(where.event, body, `bench-direct-${n}`));
      if (checkout) await timed(() => client.checkout(where.event, created.id, { method: 'cash', amountTendered: TENDERED }, `bench-direct-${n}-checkout`));
    }
  }
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, worker));
  const seconds = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  return { orders: count, perSecond: count / seconds, p50: percentile(times, 50), p99: percentile(times, 99) };
}

/** Runs the whole measurement in `workDir` (removed by the caller); `root` is the project's. */
export async function measureReplication(root: string, workDir: string, env: Record<string, string>, log: (line: string) => void): Promise<ReplicationFigures> {
  const { orders: count, concurrency, latencyMs } = REPLICATION;
  const remoteDir = join(workDir, 'replication-remote');
  const counterDir = join(workDir, 'replication-counter');
  const apiKey = prepareRemote(remoteDir);
  const server = await startServer([BUILT_CLI, 'serve', '--data-dir', remoteDir, '--port', '0'], root, env);
  const proxy = await startFaultProxy(server.url);
  const counter = createServices({ dataDir: counterDir, sync: { concurrency, timeoutMs: 10_000 } });
  try {
    log(`replication: remote listening on ${server.url}, proxy on ${proxy.url}`);
    const owner = counter.users.create({ email: OWNER_EMAIL, name: 'Pemilik Loket', role: 'organizer', password: PASSWORD });
    const actor = { userId: owner.id, role: 'organizer' as const, name: owner.name, credential: 'jwt' as const };
    counter.sync.setRemote({ baseUrl: proxy.url, apiKey, ownerEmail: OWNER_EMAIL });
    const pulled = await counter.sync.runOnce({ pull: true });
    if (pulled.state !== 'idle') throw new Error(`replication: first pull failed: ${JSON.stringify(pulled)}`);

    // The remote becomes unreachable; a round sees it, and the counter sells on offline.
    await proxy.setFault({ kind: 'down' });
    log(`replication: remote unreachable; selling ${count} orders, each checked out in cash`);
    for (let n = 1; n <= count; n++) {
      const order = await counter.orders.create(actor, IDS.event, { eventId: IDS.event, ticketCategoryId: IDS.category, registration: registration(n) });
      await counter.transitions.checkout(actor, IDS.event, order.id, { method: 'cash', amountTendered: TENDERED });
      if (n === 1 && (await counter.sync.runOnce({ pull: false })).state !== 'offline') throw new Error('replication: the counter did not go offline');
    }
    const waiting = counter.sync.status();
    if (waiting.pending !== 2 * count) throw new Error(`replication: ${waiting.pending} jobs pending, expected ${2 * count}`);

    await proxy.setFault({ kind: 'pass' });
    proxy.latencyMs = latencyMs;
    const client = createRemoteClient({ baseUrl: proxy.url, apiKey, ownerEmail: OWNER_EMAIL }, { timeoutMs: 10_000 });
    log(`replication: ${REPLICATION.warmup} direct sales to warm the remote up`);
    await directLoad(client, 1_000_000, REPLICATION.warmup, concurrency, true);

    log(`replication: remote reachable again (+${latencyMs} ms a request); pushing ${2 * count} jobs, ${concurrency} at a time`);
    const started = performance.now();
    let status = await counter.sync.runOnce({ pull: false });
    for (let round = 1; status.pending > 0 && round < 5; round++) status = await counter.sync.runOnce({ pull: false });
    const seconds = (performance.now() - started) / 1000;
    if (status.pending !== 0 || status.conflicts !== 0 || status.state !== 'idle') throw new Error(`replication: push ended ${JSON.stringify(status)}`);

    log(`replication: direct, ${count} POST order with ${concurrency} in flight`);
    const directCreate = await directLoad(client, 2_000_000, count, concurrency, false);
    log(`replication: direct, ${count} POST order + POST checkout with ${concurrency} in flight`);
    const directSale = await directLoad(client, 3_000_000, count, concurrency, true);

    // Every replicated sale is exactly one paid remote order with the counter's customer.
    const check = new Database(join(remoteDir, 'counter.db'), { readonly: true });
    const replicated = check
      .prepare(`select count(*) as n, count(distinct identity_number) as ids from orders where event_id = ? and customer_email like 'replikasi%' and status = 'completed' and payment_status = 'paid' and identity_number < '3374000001000000'`)
      .get(IDS.event) as { n: number; ids: number };
    check.close();
    if (replicated.n !== count || replicated.ids !== count) throw new Error(`replication: remote holds ${replicated.n} paid replicated orders (${replicated.ids} identities), expected ${count}`);

    return { orders: count, concurrency, latencyMs, jobs: 2 * count, seconds, perSecond: count / seconds, directCreate, directSale };
  } finally {
    counter.close();
    await proxy.close();
    await server.stop();
  }
}

const ms = (value: number) => (Number.isFinite(value) ? `${value.toFixed(2)} ms` : 'n/a');

/** Rows for the bench's table: measure, rate, p50, p99, target, result. */
export function replicationRows(f: ReplicationFigures): string[][] {
  const via = `${f.concurrency} in flight, proxy +${f.latencyMs} ms`;
  const saleRatio = f.perSecond / f.directSale.perSecond;
  return [
    [`replication: ${f.orders} offline sales (create + checkout) pushed, ${via}`, `${f.perSecond.toFixed(1)} orders/s`, '', '', '', ''],
    [`direct: POST order, ${via}`, `${f.directCreate.perSecond.toFixed(1)} orders/s`, ms(f.directCreate.p50), ms(f.directCreate.p99), '', ''],
    [`direct: POST order + POST checkout, ${via}`, `${f.directSale.perSecond.toFixed(1)} orders/s`, ms(f.directSale.p50), ms(f.directSale.p99), '', ''],
    ['ratio replication / direct POST order', (f.perSecond / f.directCreate.perSecond).toFixed(2), '', '', '', ''],
    ['ratio replication / direct order + checkout', saleRatio.toFixed(2), '', '', `>= ${REPLICATION.targetRatio}`, verdict(saleRatio >= REPLICATION.targetRatio)],
  ];
}

async function main(): Promise<void> {
  ensureBuilt();
  const root = resolve(fileURLToPath(new URL('.', import.meta.url)), '../..');
  const workDir = mkdtempSync(join(tmpdir(), 'ticket-counter-bench-replication-'));
  const log = (line: string) => process.stderr.write(`[bench] ${line}\n`);
  try {
    const figures = await measureReplication(root, workDir, { LOG_LEVEL: 'warn' }, log);
    const rows = [['measure', 'rate', 'p50', 'p99', 'target', 'result'], ...replicationRows(figures)];
    const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
    const line = (r: string[]) => r.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ');
    process.stdout.write(
      [
        '',
        `Ticket Counter replication benchmark, ${new Date().toISOString()}`,
        `machine: ${describeMachine()}`,
        `remote: serve in its own process; counter engine, proxy and direct client in this one; push took ${figures.seconds.toFixed(2)} s for ${figures.jobs} jobs`,
        '',
        line(rows[0]!),
        widths.map((w) => '-'.repeat(w)).join('  '),
        ...rows.slice(1).map(line),
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
