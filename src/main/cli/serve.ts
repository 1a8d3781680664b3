import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { buildApp } from '../http/app.js';
import { projectRoot } from '../paths.js';
import { seedDemo } from '../app/demo.js';
import { cliActor } from './actor.js';
import { demoLoginLines } from './commands.js';
import type { FastifyBaseLogger } from 'fastify';
import { LAUNCH_TOKEN_ENV } from '#shared/shell-bridge.js';
import { claimDataDir } from '../data-dir-lock.js';
import { lanHostNames } from '../http/host-allowlist.js';
import { isLanHost } from '../settings/listen.js';
import { createServices, type Services } from '../services.js';
import type { BackgroundTask } from '#shared/schemas/background.js';
import type { BackgroundProblems } from '../app/background.js';
import { SEARCH_BATCH } from '../domain/search-index.js';
import { syncTuning } from './sync-tuning.js';

export interface ServeOptions {
  dataDir: string;
  /** Else the setting listenHost (loopback unless set up for the LAN). */
  host?: string;
  /** Else the setting listenPort. */
  port?: number;
  demo: boolean;
}

/** Old idempotency keys and lapsed holds are swept, and API keys' last uses written, this often. */
const SWEEP_INTERVAL_MS = 30_000;

/** The sweep's tasks; each may fail alone (a full disk: then each is tried again next time). */
function sweepTasks(services: Services): [string, () => unknown][] {
  return [
    ['idempotency keys', () => services.idempotency.sweep()],
    ['lapsed holds', () => services.expiry.sweep()],
    ["API keys' last use", () => services.apiKeys.flushLastUse()],
  ];
}

/**
 * A background task's failure: logged (a full disk as a warning: it passes) and shown to the
 * operator until the task succeeds again (app/background.ts).
 */
function reportFailure(background: BackgroundProblems, log: FastifyBaseLogger, task: BackgroundTask, what: string, error: unknown): void {
  const problem = background.failed(task, what, error);
  log[problem.storageFull ? 'warn' : 'error']({ err: error }, `${what} failed`);
}

/** Runs each task; a failure is reported and the others go on. */
function runSweep(tasks: [string, () => unknown][], background: BackgroundProblems, log: FastifyBaseLogger): void {
  let failed = false;
  for (const [what, task] of tasks) {
    try {
      task();
    } catch (error) {
      failed = true;
      reportFailure(background, log, 'sweep', `sweep of ${what}`, error);
    }
  }
  if (!failed) background.succeeded('sweep');
}

/**
 * Runs the service until SIGTERM/SIGINT. The first line on stdout is `listening on URL` once the
 * port is bound: the Electron shell and the tests wait for exactly that line. On a host other than
 * loopback it runs in LAN mode (http/network-policy.ts, http/rate-limits.ts).
 */
export async function serve(options: ServeOptions): Promise<void> {
  const release = claimDataDir(options.dataDir);
  const services = createServices({ dataDir: options.dataDir, sync: syncTuning() });
  // serve is the only writer of claims: unfinished ones were left by a crash (not by a CLI next to us).
  services.idempotency.releaseAbandoned();
  if (options.demo) seedDemo(services, cliActor());
  const settings = services.settings.get();
  const host = options.host ?? settings.listenHost;
  const lan = isLanHost(host);
  const uiDir = join(projectRoot(), 'out', 'renderer');
  const app = await buildApp(services, {
    // The address itself is a name it is reached by, on loopback too (127.0.0.2, say).
    allowedHosts: lanHostNames(host),
    lan,
    uiDir: existsSync(uiDir) ? uiDir : undefined,
    // The Electron shell makes one per launch; an empty value is no token at all.
    launchToken: process.env[LAUNCH_TOKEN_ENV] || undefined,
  });
  await app.listen({ host, port: options.port ?? settings.listenPort });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  services.setPublicBaseUrl(url);
  process.stdout.write(`listening on ${url}\n`);
  // A demo counter is for trying out: how to log in and where its data stays come next.
  if (options.demo) process.stdout.write(`Demo logins (until changed):\n${demoLoginLines()}\nData in ${options.dataDir}\n`);
  services.sync.start(app.log);
  services.printQueue.start(app.log);

  const tasks = sweepTasks(services);
  const sweep = setInterval(() => runSweep(tasks, services.background, app.log), SWEEP_INTERVAL_MS);
  const stopBackups = scheduleBackups(services, app.log);
  const stopFeeding = feedSearchIndex(services, app.log);
  let closing = false;
  const shutdown = async () => {
    if (closing) return;
    closing = true;
    clearInterval(sweep);
    stopFeeding();
    runSweep(tasks, services.background, app.log);
    stopBackups();
    await services.sync.stop();
    await services.printQueue.stop();
    await app.close();
    services.close();
    release();
    process.exit(0);
  };
  process.on('SIGTERM', shutdown);
  process.on('SIGINT', shutdown);
}

/** The search index takes the orders sold since its last batch this often (domain/search-index.ts). */
const SEARCH_FEED_MS = 250;

/**
 * Feeds the search index: a batch every SEARCH_FEED_MS, and the next one at once while a backlog
 * fills whole batches (after a restore or an import). A failure is reported and tried again after the
 * sweep's interval; searches find the orders it could not index all the same, only slower.
 */
function feedSearchIndex(services: Services, log: FastifyBaseLogger): () => void {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const next = (ms: number) => {
    if (!stopped) timer = setTimeout(feed, ms);
  };
  const feed = () =>
    services.searchIndex.catchUp().then(
      (indexed) => {
        services.background.succeeded('search_index');
        next(indexed === SEARCH_BATCH ? 0 : SEARCH_FEED_MS);
      },
      (error: unknown) => {
        reportFailure(services.background, log, 'search_index', 'feeding the search index', error);
        next(SWEEP_INTERVAL_MS);
      },
    );
  next(0);
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}

/**
 * A backup every backupIntervalMinutes (read again after each one, so a change applies from the
 * next); a failed one is reported and the next one tried as usual.
 */
function scheduleBackups(services: Services, log: FastifyBaseLogger): () => void {
  let timer: NodeJS.Timeout | undefined;
  const next = () => {
    const minutes = services.settings.get().backupIntervalMinutes;
    // Off: look again in a minute, in case it is switched on.
    timer = setTimeout(run, (minutes || 1) * 60_000, minutes > 0);
    timer.unref();
  };
  const run = (due: boolean) => {
    if (!due) return next();
    services.backups
      .scheduled()
      .then((file) => {
        log.info({ file }, 'backup written');
        services.background.succeeded('backup');
      })
      .catch((error: unknown) => reportFailure(services.background, log, 'backup', 'scheduled backup', error))
      .finally(next);
  };
  next();
  return () => clearTimeout(timer);
}
