/**
 * The built `ticket-counter` command (out/main/cli.js), which the tests and benchmarks spawn: it
 * starts several times faster than the sources through tsx, and it is what `npm start` runs.
 * `npm test` builds first; a run of a few test files after an edit rebuilds here when the sources
 * are newer than the build.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from '../../src/main/paths.js';

const ROOT = projectRoot();
export const BUILT_CLI = join(ROOT, 'out', 'main', 'cli.js');
/** What the build writes last of what the tests use: the service, then the counter UI. */
const OUTPUTS = [BUILT_CLI, join(ROOT, 'out', 'renderer', 'index.html')];
/** What the build reads. */
const INPUTS = ['src', 'migrations', 'package.json', 'electron.vite.config.ts'];

function newestChange(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((newest, name) => Math.max(newest, newestChange(join(path, name))), stat.mtimeMs);
}

/** Whether out/ is missing or older than any source it is built from. */
export function buildIsStale(): boolean {
  if (!OUTPUTS.every(existsSync)) return true;
  const built = Math.min(...OUTPUTS.map((file) => statSync(file).mtimeMs));
  return INPUTS.some((input) => newestChange(join(ROOT, input)) > built);
}

/** Builds out/ (electron-vite) when it is stale; `say` tells why it waits. */
export function ensureBuilt(say: (line: string) => void = (line) => process.stderr.write(`${line}\n`)): void {
  if (!buildIsStale()) return;
  say('out/ is older than the sources: building it (npm run build)');
  const built = spawnSync(join(ROOT, 'node_modules', '.bin', 'electron-vite'), ['build'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
  if (built.status !== 0) throw new Error(`npm run build failed (exit ${built.status})`);
}
