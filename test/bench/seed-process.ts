/**
 * Seeds the bench's data in a process of its own and prints what it prepared as JSON. The seeding
 * leaves hundreds of MB of garbage behind (a season: a 450 MB heap); in the bench's own process,
 * which also times the requests, collecting it paused the timing client for up to 13 ms in the
 * middle of the list lines.
 *
 *   node --import tsx test/bench/seed-process.ts counter DIR ORDERS | season DIR
 */
import { fileURLToPath } from 'node:url';
import { runJsonScript } from './json-script.js';
import { prepareDataDir, type Prepared } from './setup.js';
import { prepareSeason, type Season } from './season-seed.js';

const SCRIPT = fileURLToPath(import.meta.url);

/** prepareDataDir (setup.ts) in a process of its own. */
export const seedCounter = (root: string, dataDir: string, orders: number) => runJsonScript(SCRIPT, ['counter', dataDir, String(orders)], root) as Promise<Prepared>;
/** prepareSeason (season-seed.ts) in a process of its own. */
export const seedSeason = (root: string, dataDir: string) => runJsonScript(SCRIPT, ['season', dataDir], root) as Promise<Season>;

if (process.argv[1] === SCRIPT) {
  const [kind, dataDir, orders] = process.argv.slice(2);
  if (!dataDir || (kind !== 'counter' && kind !== 'season')) throw new Error('usage: seed-process.ts counter DIR ORDERS | season DIR');
  const prepared = kind === 'counter' ? prepareDataDir(dataDir, Number(orders)) : prepareSeason(dataDir);
  process.stdout.write(JSON.stringify(prepared));
}
