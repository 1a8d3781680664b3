/**
 * `npm run bench -- --season`: the counter a festival season leaves behind (season-seed.ts: 1M
 * orders, 200 events, 300k customers), measured against the season targets:
 * - cold start: `serve` as `npm start` runs it (the built out/main/cli.js) printing its
 *   `listening` line, target < 1 s;
 * - the big event's list (200,000 orders) and its searches, sequential: p99 < 5 ms, the two-letter
 *   search (too short for the search index) < 50 ms; each list's total must be the true count.
 *   Beside each, the server's own time for the same requests (request-timer.mjs), and first the
 *   same for /health, a request that does nothing: what the round trip alone costs;
 * - the server's resident memory after that load, target < 200 MB;
 * - the UI's first screen in Chromium (first-screen.ts): the page load, and the organizer's login to
 *   the Sell form of the big event, target < 1 s; the largest UI chunk, target < 500 kB;
 * - POST order on the big event with 10 connections, then the bare-insert baseline (baseline.ts)
 *   under the same load once serve has stopped: ratio >= 0.7;
 * - an online backup (`backup --out`, the CLI beside the running serve) while sales go on with 10
 *   connections: target < 10 s, the sales' p99 meanwhile printed beside it.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { measureSequential, percentile, type LatencyFigures } from './latency.js';
import { firstScreenRows, measureFirstScreen, type FirstScreenFigures } from './first-screen.js';
import { measureBaseline } from './baseline.js';
import { residentMb } from './machine.js';
import { orderBody, runLoad, warmedLoad, type LoadFigures } from './load.js';
import { SEASON } from './season-seed.js';
import { seedSeason } from './seed-process.js';
import { startServer, type ServerProcess } from './server-process.js';
import { BUILT_CLI } from '../support/built-cli.js';
import { verdict } from './verdict.js';

const LIST = { count: 500, warmup: 20, budgetMs: 30_000 };
const TARGET = { coldStartMs: 1000, rssMb: 200, backupMs: 10_000, saleRatio: 0.7 };
const SALES = { connections: 10, seconds: 20 };
/** Sales alone on the season, then the baseline the same way: the sale's full path against a bare insert. */
const RATIO = { warmupSeconds: 3, seconds: 15 };
/** Sales run alone this long before the backup starts, so that it runs among them. */
const BACKUP_AFTER_MS = 3000;

/** Sequential GETs as the client saw them, and the same requests as the server timed them. */
interface Timed {
  figures: LatencyFigures;
  server: { p50: number; p99: number };
}

export interface SeasonFigures {
  seedMs: number;
  coldStartMs: number;
  health: Timed;
  lists: ({ label: string; term?: string; expected: number; target: number } & Timed)[];
  rssMb: number;
  firstScreen: FirstScreenFigures;
  backupMs: number;
  backupBytes: number;
  /** POST order alone on the big event, then the baseline under the same load. */
  salesAlone: LoadFigures;
  baseline: LoadFigures;
  sales: LoadFigures;
}

/** measureSequential, and the server's own times for the timed requests (the warm-up's left out). */
async function measureTimed(server: ServerProcess, url: URL, headers: Record<string, string>): Promise<Timed> {
  const figures = await measureSequential(url, headers, LIST);
  const times = (await server.requestTimes!.take(LIST.warmup + figures.samples)).slice(LIST.warmup).sort((a, b) => a - b);
  return { figures, server: { p50: percentile(times, 50), p99: percentile(times, 99) } };
}

/** Runs the built CLI to its end; its duration in ms. */
function timeCli(root: string, args: string[], env: Record<string, string>): Promise<number> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BUILT_CLI, ...args], { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (text: string) => (stderr += text));
    child.once('exit', (code) => (code === 0 ? resolve(performance.now() - started) : reject(new Error(`cli ${args.join(' ')} exited ${code}: ${stderr}`))));
  });
}

export async function measureSeason(root: string, workDir: string, env: Record<string, string>, log: (line: string) => void): Promise<SeasonFigures> {
  const dataDir = join(workDir, 'season');
  log(`seeding the season: ${SEASON.orders} orders over ${SEASON.events} events, ${SEASON.customers} customers`);
  const season = await seedSeason(root, dataDir);
  log(`seeded in ${(season.seedMs / 1000).toFixed(1)} s`);
  const auth = { 'x-api-key': season.apiKey };

  let measured: Omit<SeasonFigures, 'baseline'>;
  const started = performance.now();
  const server = await startServer([BUILT_CLI, 'serve', '--data-dir', dataDir, '--port', '0'], root, env, { timeRequests: true });
  const coldStartMs = performance.now() - started;
  try {
    log(`listening after ${coldStartMs.toFixed(0)} ms`);
    log('/health, the round trip of a request that does nothing');
    const health = await measureTimed(server, new URL('/health', server.url), {});
    const cases = [{ label: 'first page, no filter', term: undefined as string | undefined, expected: SEASON.bigEvent, target: 5 }, ...season.searches];
    const lists: SeasonFigures['lists'] = [];
    for (const c of cases) {
      const url = new URL(`/events/${season.bigEventId}/admin/orders`, server.url);
      if (c.term) url.searchParams.set('search', c.term);
      log(`list: ${c.label}${c.term ? ` (search=${c.term})` : ''}`);
      const timed = await measureTimed(server, url, auth);
      if (timed.figures.total !== c.expected) throw new Error(`season list ${c.label}: meta.total ${timed.figures.total}, expected ${c.expected}`);
      lists.push({ ...c, ...timed });
    }
    const rssMb = residentMb(server.child.pid!);
    log('first screen: page load and login in Chromium');
    const firstScreen = await measureFirstScreen(root, server.url, season.login, season.bigEventName);

    const target = { url: server.url, path: `/events/${season.bigEventId}/admin/orders`, headers: auth, body: (n: number) => orderBody(season.bigEventId, season.bigCategoryId, n) };
    log(`sales alone: ${SALES.connections} connections, warm-up ${RATIO.warmupSeconds} s, then ${RATIO.seconds} s`);
    const salesAlone = await warmedLoad('season sales', target, SALES.connections, RATIO.warmupSeconds, RATIO.seconds);

    log(`online backup while ${SALES.connections} connections sell for ${SALES.seconds} s`);
    const out = join(workDir, 'season-backup.db');
    const [sales, backupMs] = await Promise.all([
      runLoad(target, SALES.connections, SALES.seconds),
      new Promise((resolve) => setTimeout(resolve, BACKUP_AFTER_MS)).then(() => timeCli(root, ['backup', '--data-dir', dataDir, '--out', out], env)),
    ]);
    if (sales.non2xx > 0 || sales.errors > 0) throw new Error(`sales during the backup: non-2xx ${sales.non2xx} (${sales.statuses}), errors ${sales.errors}`);
    measured = { seedMs: season.seedMs, coldStartMs, health, lists, rssMb, firstScreen, salesAlone, backupMs, backupBytes: readFileSync(out).length, sales };
  } finally {
    await server.stop();
  }
  // The yardstick runs once our server is gone, with the cores to itself as ours had.
  const body = (n: number) => orderBody(season.bigEventId, season.bigCategoryId, n);
  const baseline = await measureBaseline(root, join(workDir, 'baseline'), env, { connections: SALES.connections, ...RATIO, body }, log);
  return { ...measured, baseline };
}

const ms = (value: number) => `${value.toFixed(2)} ms`;
/** The line under a client's figures: the same requests from the server's `request` event to its last byte sent. */
const serverRow = ({ server }: Timed) => ["  the server's own time for them", '', ms(server.p50), ms(server.p99), '', ''];

export function seasonRows(f: SeasonFigures): string[][] {
  const ratio = f.salesAlone.perSecond / f.baseline.perSecond;
  return [
    ['measure', 'value', 'p50', 'p99', 'target', 'result'],
    [`seed: ${SEASON.orders} orders, ${SEASON.events} events, ${SEASON.customers} customers`, `${(f.seedMs / 1000).toFixed(1)} s`, '', '', '', ''],
    ['cold start: serve (built) to its listening line', `${f.coldStartMs.toFixed(0)} ms`, '', '', `< ${TARGET.coldStartMs} ms`, verdict(f.coldStartMs < TARGET.coldStartMs)],
    ['GET /health, sequential: the round trip of a request that does nothing', '', ms(f.health.figures.p50), ms(f.health.figures.p99), '', ''],
    serverRow(f.health),
    ...f.lists.flatMap(({ label, term, expected, target, ...timed }) => [
      [
        `GET orders of the ${SEASON.bigEvent}-order event: ${label}${term ? ` "${term}"` : ''} (${expected} match)`,
        '',
        ms(timed.figures.p50),
        ms(timed.figures.p99),
        `p99 < ${target} ms`,
        verdict(timed.figures.p99 < target),
      ],
      serverRow(timed),
    ]),
    ['serve resident memory after the lists', `${f.rssMb.toFixed(0)} MB`, '', '', `< ${TARGET.rssMb} MB`, verdict(f.rssMb < TARGET.rssMb)],
    ...firstScreenRows(f.firstScreen),
    [`POST order on the ${SEASON.bigEvent}-order event, ${SALES.connections} connections, ${RATIO.seconds} s`, `${f.salesAlone.perSecond.toFixed(0)} req/s`, ms(f.salesAlone.p50), ms(f.salesAlone.p99), '', ''],
    ['  baseline: bare Fastify, one insert, same load', `${f.baseline.perSecond.toFixed(0)} req/s`, ms(f.baseline.p50), ms(f.baseline.p99), '', ''],
    ['  ratio ours / baseline', ratio.toFixed(2), '', '', `>= ${TARGET.saleRatio}`, verdict(ratio >= TARGET.saleRatio)],
    [`online backup (${(f.backupBytes / 1e6).toFixed(0)} MB) while selling`, `${(f.backupMs / 1000).toFixed(1)} s`, '', '', `< ${TARGET.backupMs / 1000} s`, verdict(f.backupMs < TARGET.backupMs)],
    [`  sales meanwhile: POST order, ${SALES.connections} connections, ${SALES.seconds} s`, `${f.sales.perSecond.toFixed(0)} req/s`, ms(f.sales.p50), ms(f.sales.p99), '', ''],
  ];
}
