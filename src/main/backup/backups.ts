/**
 * Online backups: a consistent copy of the database taken while the counter sells (SQLite's backup
 * API, through better-sqlite3), readable by the owner only. `serve` writes one into backups/ in
 * the data dir on a timer (settings backupIntervalMinutes) and keeps the newest backupsKept;
 * `backup --out FILE` writes one where it is told.
 */
import { chmodSync, closeSync, existsSync, mkdirSync, openSync, readdirSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { CounterDb } from '../db/connection.js';
import type { Clock } from '../domain/clock.js';

const SCHEDULED = /^counter-\d{8}T\d{6}\d{3}Z\.db$/;
/** The most pages better-sqlite3 copies in one step: every page there is. */
const ALL_PAGES = 0x7fffffff;
/**
 * How much of the database a one-step backup reads through a memory map: all of it, as far as
 * SQLite's build allows (just under 2 GiB). Pages then come without a read() each, which makes a
 * large backup faster.
 */
const MAPPED_FOR_BACKUP = 2 ** 31;

/** 2026-11-22T13:05:09.123Z as 20261122T130509123Z: sortable, and a valid file name everywhere. */
export const fileStamp = (ms: number) => new Date(ms).toISOString().replace(/[-:.]/g, '');

export const backupsDir = (dataDir: string) => join(dataDir, 'backups');

/**
 * The backup's file, readable by the owner only before a page of personal data is in it: SQLite
 * would create it as the umask allows (often readable by all). Created empty if missing (whether it
 * was is returned), else left as it is: the copy replaces it.
 */
function ownerOnly(file: string): boolean {
  if (!existsSync(dirname(file))) throw new Error(`cannot write the backup: the folder ${dirname(file)} does not exist`);
  const created = !existsSync(file);
  closeSync(openSync(file, 'a', 0o600));
  chmodSync(file, 0o600);
  return created;
}

/** `backupsKept` answers the setting of that name, read at each backup. */
export function createBackups(database: CounterDb, dataDir: string, clock: Clock, backupsKept: () => number) {
  const dir = backupsDir(dataDir);

  /**
   * `besideWriter`: another process (a running serve) writes to the database meanwhile. SQLite
   * restarts a step-by-step backup whenever another connection writes, so beside a busy counter it
   * would never end: it is copied in one step instead, on one snapshot (WAL: the writer goes on).
   * serve's own backups go step by step, which its writes (on the same connection) do not restart,
   * and its event loop keeps answering between steps.
   */
  async function backupTo(file: string, { besideWriter = false } = {}): Promise<string> {
    const created = ownerOnly(file);
    // Only the one-step copy, made by a process of its own, reads through a map: on serve's
    // connection every request would read through it too, its pages would count in serve's memory,
    // and a read error of the disk would end the process (SIGBUS) instead of failing one request.
    const unmap = besideWriter ? mapForBackup() : undefined;
    try {
      await database.sqlite.backup(file, besideWriter ? { progress: () => ALL_PAGES } : undefined);
    } catch (error) {
      // A copy that failed is no backup: none is left where there was none.
      if (created) rmSync(file, { force: true });
      throw error;
    } finally {
      unmap?.();
    }
    return file;
  }

  // The backups under way through the map, and its size before the first of them.
  let mappedBackups = 0;
  let unmappedSize = 0;
  /**
   * Maps the database for a backup; the function returned ends the backup's use of it. Two may
   * overlap: the connection goes back to its size from before once the last ends (or was closed,
   * which unmaps it).
   */
  function mapForBackup(): () => void {
    const { sqlite } = database;
    if (mappedBackups === 0) {
      unmappedSize = Number(sqlite.pragma('mmap_size', { simple: true }));
      sqlite.pragma(`mmap_size = ${MAPPED_FOR_BACKUP}`);
    }
    mappedBackups += 1;
    return () => {
      mappedBackups -= 1;
      if (mappedBackups === 0 && sqlite.open) sqlite.pragma(`mmap_size = ${unmappedSize}`);
    };
  }

  /** The scheduled backups, oldest first. */
  function list(): string[] {
    try {
      return readdirSync(dir)
        .filter((name) => SCHEDULED.test(name))
        .sort()
        .map((name) => join(dir, name));
    } catch {
      return [];
    }
  }

  /** One scheduled backup, then the oldest beyond what the settings keep are deleted. */
  async function scheduled(): Promise<string> {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const file = await backupTo(join(dir, `counter-${fileStamp(clock())}.db`));
    const all = list();
    for (const old of all.slice(0, Math.max(0, all.length - backupsKept()))) rmSync(old, { force: true });
    return file;
  }

  return { backupTo, scheduled, list };
}
export type Backups = ReturnType<typeof createBackups>;
