/**
 * Online backups: a consistent copy of the database taken while the counter sells (SQLite's backup
 * API, through better-sqlite3), readable by the owner only. `serve` writes one into backups/ in
 * the data dir on a timer (settings backupIntervalMinutes) and keeps the newest backupsKept;
 * `backup --out FILE` writes one where it is told.
 */
import { chmodSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { CounterDb } from '../db/connection.js';
import type { Clock } from '../domain/clock.js';

const SCHEDULED = /^counter-\d{8}T\d{6}\d{3}Z\.db$/;
/** The most pages better-sqlite3 copies in one step: every page there is. */
const ALL_PAGES = 0x7fffffff;
/**
 * How much of the database a backup reads through a memory map: all of it, as far as SQLite's
 * build allows (2 GiB). Pages then come without a read() each; a 1.4 GB season copied in 5.3 to
 * 5.5 s against 6.2 to 6.7 s read page by page.
 */
const MAPPED_FOR_BACKUP = 2 ** 31;

/** 2026-11-22T13:05:09.123Z as 20261122T130509123Z: sortable, and a valid file name everywhere. */
export const fileStamp = (ms: number) => new Date(ms).toISOString().replace(/[-:.]/g, '');

export const backupsDir = (dataDir: string) => join(dataDir, 'backups');

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
    const unmap = mapForBackup();
    try {
      await database.sqlite.backup(file, besideWriter ? { progress: () => ALL_PAGES } : undefined);
    } finally {
      unmap();
    }
    chmodSync(file, 0o600);
    return file;
  }

  // The backups under way, and the map's size before the first of them.
  let mappedBackups = 0;
  let unmappedSize = 0;
  /**
   * Maps the database for a backup; the function returned ends the backup's use of it. The map's
   * pages count in the process's memory, so the connection goes back to its size before once the
   * last backup under way ends: two may overlap.
   */
  function mapForBackup(): () => void {
    const { sqlite } = database;
    if (mappedBackups++ === 0) {
      unmappedSize = Number(sqlite.pragma('mmap_size', { simple: true }));
      sqlite.pragma(`mmap_size = ${MAPPED_FOR_BACKUP}`);
    }
    return () => {
      if (--mappedBackups === 0) sqlite.pragma(`mmap_size = ${unmappedSize}`);
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
