/**
 * The sale's yardstick (baseline-server.ts): a bare Fastify route doing one SQLite insert with the
 * counter's pragmas, loaded as ours is, in its own process on a fresh database in `dataDir`.
 */
import { warmedLoad, type LoadFigures } from './load.js';
import { startServer } from './server-process.js';

export interface BaselineLoad {
  connections: number;
  warmupSeconds: number;
  seconds: number;
  /** The body of the n-th request: the same orders ours is sent. */
  body(n: number): unknown;
}

export async function measureBaseline(root: string, dataDir: string, env: Record<string, string>, load: BaselineLoad, log: (line: string) => void): Promise<LoadFigures> {
  const server = await startServer(['test/bench/baseline-server.ts', '--data-dir', dataDir], root, env);
  try {
    log(`baseline listening on ${server.url}: warm-up ${load.warmupSeconds} s, then ${load.seconds} s`);
    return await warmedLoad('baseline', { url: server.url, path: '/entries', headers: {}, body: load.body }, load.connections, load.warmupSeconds, load.seconds);
  } finally {
    await server.stop();
  }
}
