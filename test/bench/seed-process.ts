/**
 * Seeds the bench's data in a process of its own and prints what it prepared as JSON. The seeding
 * leaves hundreds of MB of garbage behind (a season: a 450 MB heap); in the bench's own process,
 * which also times the requests, collecting it paused the timing client for up to 13 ms in the
 * middle of the list lines.
 *
 *   node --import tsx test/bench/seed-process.ts counter DIR ORDERS | season DIR
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { prepareDataDir, type Prepared } from './setup.js';
import { prepareSeason, type Season } from './season-seed.js';

const SCRIPT = fileURLToPath(import.meta.url);

function seedIn(root: string, args: string[]): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', SCRIPT, ...args], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (text: string) => (stdout += text));
    child.stderr.setEncoding('utf8').on('data', (text: string) => (stderr = (stderr + text).slice(-4000)));
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve(JSON.parse(stdout)) : reject(new Error(`seeding ${args.join(' ')} exited ${code}: ${stderr}`))));
  });
}

/** prepareDataDir (setup.ts) in a process of its own. */
export const seedCounter = (root: string, dataDir: string, orders: number) => seedIn(root, ['counter', dataDir, String(orders)]) as Promise<Prepared>;
/** prepareSeason (season-seed.ts) in a process of its own. */
export const seedSeason = (root: string, dataDir: string) => seedIn(root, ['season', dataDir]) as Promise<Season>;

if (process.argv[1] === SCRIPT) {
  const [kind, dataDir, orders] = process.argv.slice(2);
  if (!dataDir || (kind !== 'counter' && kind !== 'season')) throw new Error('usage: seed-process.ts counter DIR ORDERS | season DIR');
  const prepared = kind === 'counter' ? prepareDataDir(dataDir, Number(orders)) : prepareSeason(dataDir);
  process.stdout.write(JSON.stringify(prepared));
}
