/**
 * Restoring a backup, with serve stopped: the backup is checked (a sound SQLite database of this
 * service), the current database is kept as backups/before-restore-*.db, and the backup takes its
 * place. What the backup holds as not yet replicated may well have been sent after it was taken,
 * so every such outbox job becomes unknown: the sync engine looks each one up on the remote before
 * it sends anything again (sync/push.ts), and the restored counter sends nothing twice.
 */
import Database from 'better-sqlite3';
import { chmodSync, copyFileSync, existsSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { systemClock, type Clock } from '../domain/clock.js';
import { servingPid } from '../data-dir-lock.js';
import { createServices } from '../services.js';
import { backupsDir, fileStamp } from './backups.js';

export interface RestoreResult {
  restoredFrom: string;
  /** Where the database it replaced was kept, if there was one. */
  previousKeptAs: string | null;
  /** Replication jobs that will be looked up on the remote before anything is sent again. */
  jobsToReconcile: number;
}

/** Tables any database of this service has: a file without them is not a counter's backup. */
const REQUIRED_TABLES = ['__drizzle_migrations', 'events', 'orders', 'outbox'];

/** What the file holds, read without writing to it; throws when it is no SQLite database at all. */
function inspect(file: string): { integrity: unknown; tables: Set<string> } {
  const backup = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const integrity = backup.pragma('integrity_check', { simple: true });
    const names = backup.prepare("select name from sqlite_master where type = 'table'").all() as { name: string }[];
    return { integrity, tables: new Set(names.map((t) => t.name)) };
  } catch (error) {
    throw new Error(`${file} is not a SQLite database: ${(error as Error).message}`);
  } finally {
    backup.close();
  }
}

function checkBackup(file: string): void {
  if (!existsSync(file)) throw new Error(`no such file: ${file}`);
  const { integrity, tables } = inspect(file);
  if (integrity !== 'ok') throw new Error(`${file} is damaged: ${String(integrity)}`);
  const missing = REQUIRED_TABLES.filter((name) => !tables.has(name));
  if (missing.length > 0) throw new Error(`${file} is not a Ticket Counter database (no ${missing.join(', ')})`);
}

export async function restoreBackup(dataDir: string, file: string, clock: Clock = systemClock): Promise<RestoreResult> {
  const serving = servingPid(dataDir);
  if (serving !== undefined) throw new Error(`serve (pid ${serving}) is running on ${dataDir}: stop it before restoring`);
  checkBackup(file);

  const database = join(dataDir, 'counter.db');
  let previousKeptAs: string | null = null;
  if (existsSync(database)) {
    mkdirSync(backupsDir(dataDir), { recursive: true, mode: 0o700 });
    previousKeptAs = join(backupsDir(dataDir), `before-restore-${fileStamp(clock())}.db`);
    const current = new Database(database);
    await current.backup(previousKeptAs);
    current.close();
    chmodSync(previousKeptAs, 0o600);
    for (const part of [database, `${database}-wal`, `${database}-shm`]) rmSync(part, { force: true });
  }
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  copyFileSync(file, database);
  chmodSync(database, 0o600);

  // Opening applies the migrations an older backup lacks; then the outbox is made to look first.
  const services = createServices({ dataDir, clock });
  try {
    return { restoredFrom: file, previousKeptAs, jobsToReconcile: services.outbox.unsettleAfterRestore() };
  } finally {
    services.close();
  }
}
