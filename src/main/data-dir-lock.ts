/**
 * One `serve` per data dir: two would each run a sync engine over the same outbox, and `restore`
 * must not swap the database under a running counter. serve writes its pid into serve.pid and
 * removes it on the way out; a pid file whose process is gone (a crash, a power cut) is stale.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const pidFile = (dataDir: string) => join(dataDir, 'serve.pid');

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, it is just not ours to signal.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The pid of the serve running on this data dir, if one is. */
export function servingPid(dataDir: string): number | undefined {
  let pid: number;
  try {
    pid = Number(readFileSync(pidFile(dataDir), 'utf8'));
  } catch {
    return undefined;
  }
  return Number.isInteger(pid) && pid > 0 && pid !== process.pid && alive(pid) ? pid : undefined;
}

/** Claims the data dir for this process; returns the release. Throws when another serve holds it. */
export function claimDataDir(dataDir: string): () => void {
  const other = servingPid(dataDir);
  if (other !== undefined) throw new Error(`another serve (pid ${other}) is running on ${dataDir}`);
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  writeFileSync(pidFile(dataDir), String(process.pid), { mode: 0o600 });
  return () => rmSync(pidFile(dataDir), { force: true });
}
