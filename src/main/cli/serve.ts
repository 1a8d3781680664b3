import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { buildApp } from '../http/app.js';
import { projectRoot } from '../paths.js';
import { seedDemo } from '../domain/demo.js';
import { createServices } from '../services.js';

export interface ServeOptions {
  dataDir: string;
  host: string;
  port: number;
  demo: boolean;
}

/** Old idempotency keys and lapsed holds are swept this often (reads expire holds themselves too). */
/**
 * The sync engine's pace, for tests and unusual networks: TICKET_COUNTER_SYNC_TIMEOUT_MS (per
 * request, default 10000), TICKET_COUNTER_SYNC_INTERVAL_MS (rounds, default 5000),
 * TICKET_COUNTER_SYNC_PULL_MS (pulls, default 60000).
 */
export function syncTuning() {
  const ms = (name: string) => {
    const value = Number(process.env[name]);
    return Number.isInteger(value) && value > 0 ? value : undefined;
  };
  return {
    timeoutMs: ms('TICKET_COUNTER_SYNC_TIMEOUT_MS'),
    intervalMs: ms('TICKET_COUNTER_SYNC_INTERVAL_MS'),
    pullEveryMs: ms('TICKET_COUNTER_SYNC_PULL_MS'),
  };
}

const SWEEP_INTERVAL_MS = 30_000;

/**
 * Runs the service until SIGTERM/SIGINT. The first line on stdout is `listening on URL` once the
 * port is bound: the Electron shell and the tests wait for exactly that line.
 */
export async function serve(options: ServeOptions): Promise<void> {
  const services = createServices({ dataDir: options.dataDir, sync: syncTuning() });
  // serve is the only writer of claims: unfinished ones were left by a crash (not by a CLI next to us).
  services.idempotency.releaseAbandoned();
  if (options.demo) seedDemo(services);
  const loopback = ['127.0.0.1', 'localhost', '::1'].includes(options.host);
  const uiDir = join(projectRoot(), 'out', 'renderer');
  const app = await buildApp(services, {
    allowedHosts: loopback ? [] : [options.host],
    uiDir: existsSync(uiDir) ? uiDir : undefined,
    // The Electron shell makes one per launch; an empty value is no token at all.
    launchToken: process.env.TICKET_COUNTER_LAUNCH_TOKEN || undefined,
  });
  await app.listen({ host: options.host, port: options.port });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  const shownHost = options.host.includes(':') ? `[${options.host}]` : options.host;
  const url = `http://${shownHost}:${port}`;
  services.setPublicBaseUrl(url);
  process.stdout.write(`listening on ${url}\n`);
  services.sync.start();

  const sweep = setInterval(() => {
    services.idempotency.sweep();
    services.expiry.expireDue();
  }, SWEEP_INTERVAL_MS);
  let closing = false;
  const shutdown = async () => {
    if (closing) return;
    closing = true;
    clearInterval(sweep);
    await services.sync.stop();
    await app.close();
    services.close();
    process.exit(0);
  };
  process.on('SIGTERM', shutdown);
  process.on('SIGINT', shutdown);
}
