/**
 * One `serve` per data dir: two would each run a sync engine over the same outbox, and `restore`
 * must not swap the database under a running counter. The claim is a real lock, not a pid file:
 * an exclusive SQLite transaction held open on serve.lock (POSIX advisory locks, which the OS
 * releases with the process, however it ends: a crash or a power cut leaves nothing to clean up,
 * and a pid reused by another program blocks nothing). serve.pid only tells who holds it.
 */
import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { openSqlite } from './db/connection.js';

const lockFile = (dataDir: string) => join(dataDir, 'serve.lock');
const pidFile = (dataDir: string) => join(dataDir, 'serve.pid');

/** The data dir is claimed by another process (a serve, or a restore); serve.pid says which, if it is there yet. */
class DataDirBusy extends Error {
  constructor(dataDir: string, holder: string, advice: string) {
    const pid = existsSync(pidFile(dataDir)) ? Number(readFileSync(pidFile(dataDir), 'utf8')) : NaN;
    super(`${holder} (pid ${Number.isInteger(pid) && pid > 0 ? pid : 'unknown'}) is running on ${dataDir}${advice}`);
    this.name = 'DataDirBusy';
  }
}

/**
 * Claims the data dir for this process until the returned release is called (or the process
 * ends); throws DataDirBusy while another holds it, naming it `holder`, then saying `advice`.
 */
export function claimDataDir(dataDir: string, holder = 'another serve', advice = ''): () => void {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const file = lockFile(dataDir);
  const lock = openSqlite(file, { timeout: 0 });
  chmodSync(file, 0o600);
  try {
    lock.pragma('locking_mode = EXCLUSIVE');
    lock.exec('BEGIN EXCLUSIVE');
  } catch (error) {
    lock.close();
    if ((error as { code?: string }).code === 'SQLITE_BUSY') throw new DataDirBusy(dataDir, holder, advice);
    throw error;
  }
  writeFileSync(pidFile(dataDir), String(process.pid), { mode: 0o600 });
  return () => {
    rmSync(pidFile(dataDir), { force: true });
    lock.close();
  };
}
