/**
 * Restoring a backup, all or nothing, with serve stopped (the data dir's lock is held throughout):
 *
 * 1. The backup is copied beside the database and everything is checked on the copy: a SQLite
 *    database, sound, of this service, not made by a newer version, brought up to this version's
 *    schema by the migrations, and then with exactly the schema a new counter has. What the
 *    backup holds as not yet replicated may well have been sent after it was taken, so every such
 *    outbox job becomes unknown on the copy: the sync engine looks each one up on the remote
 *    before it sends anything again (sync/push.ts), and the restored counter sends nothing twice.
 *    The copy then takes the counter's settings and remote from the database in place, and the
 *    last numbers of its printed sequences (invoices, Z and X reports) where those are further on.
 * 2. The database in place is kept in backups/ (its file and WAL as they are, so that even a
 *    damaged one is kept), then its WAL is folded in, so that no WAL of it outlives it.
 * 3. The copy takes its place with one rename. Until then nothing of the database in place was
 *    changed; a failure anywhere leaves it as it was.
 */
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { chmodSync, closeSync, copyFileSync, existsSync, fsyncSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { databaseFile, openSqlite, type Sqlite } from '../db/connection.js';
import * as schema from '../db/schema.js';
import { systemClock, type Clock } from '../domain/clock.js';
import { claimDataDir } from '../data-dir-lock.js';
import { projectRoot } from '../paths.js';
import { createOutbox } from '../sync/outbox.js';
import { backupsDir, fileStamp } from './backups.js';

export interface RestoreResult {
  restoredFrom: string;
  /** Where the database it replaced was kept, if there was one. */
  previousKeptAs: string | null;
  /** That database was damaged (SQLite could not read its WAL); it is kept as it was. */
  previousDamaged: boolean;
  /** Replication jobs that will be looked up on the remote before anything is sent again. */
  jobsToReconcile: number;
}

/** Tables any database of this service has: a file without them is not a counter's backup. */
const REQUIRED_TABLES = ['__drizzle_migrations', 'events', 'orders', 'outbox'];
const migrationsFolder = () => join(projectRoot(), 'migrations');

/** A refusal of the file to restore, saying why. */
const refuse = (file: string, why: string) => new Error(`${file} ${why}; the counter's database was not touched`);

export async function restoreBackup(dataDir: string, file: string, clock: Clock = systemClock): Promise<RestoreResult> {
  const release = claimDataDir(dataDir, 'serve', ': stop it before restoring');
  try {
    return await restoreClaimed(dataDir, file, clock);
  } finally {
    release();
  }
}

async function restoreClaimed(dataDir: string, file: string, clock: Clock): Promise<RestoreResult> {
  if (!existsSync(file)) throw new Error(`no such file: ${file}`);
  const live = databaseFile(dataDir);
  if (existsSync(live) && sameFile(file, live)) throw refuse(file, "is this counter's own database: restore from a backup (backups/ holds them)");

  const staged = join(dataDir, `counter.db.restoring-${process.pid}`);
  try {
    const jobsToReconcile = await stage(file, staged, clock);
    keepSettings(staged, live);
    const previous = keepPrevious(live, dataDir, clock);
    renameSync(staged, live);
    chmodSync(live, 0o600);
    syncDir(dataDir);
    return { restoredFrom: file, previousKeptAs: previous?.keptAs ?? null, previousDamaged: previous?.damaged ?? false, jobsToReconcile };
  } finally {
    for (const part of sqliteFiles(staged)) rmSync(part, { force: true });
  }
}

const sqliteFiles = (file: string) => [file, `${file}-wal`, `${file}-shm`, `${file}-journal`];

function sameFile(a: string, b: string): boolean {
  const [x, y] = [statSync(a), statSync(b)];
  return x.dev === y.dev && x.ino === y.ino;
}

/** Makes the checked, migrated copy of `file` at `staged`; answers the jobs made unknown on it. */
async function stage(file: string, staged: string, clock: Clock): Promise<number> {
  const source = openChecked(file);
  try {
    const tables = new Set((source.prepare("select name from sqlite_master where type = 'table'").all() as { name: string }[]).map((t) => t.name));
    const missing = REQUIRED_TABLES.filter((name) => !tables.has(name));
    if (missing.length > 0) throw refuse(file, `is not a Ticket Counter database (no ${missing.join(', ')})`);
    await source.backup(staged);
  } catch (error) {
    throw asRefusal(file, error);
  } finally {
    source.close();
  }

  const copy = openSqlite(staged);
  try {
    // One file, no WAL beside it: the rename moves the whole database.
    copy.pragma('journal_mode = DELETE');
    const integrity = copy.pragma('integrity_check', { simple: true });
    if (integrity !== 'ok') throw refuse(file, `is damaged: ${String(integrity)}`);
    refuseNewer(file, copy);
    try {
      migrate(drizzle(copy, { schema }), { migrationsFolder: migrationsFolder() });
    } catch (error) {
      // drizzle wraps SQLite's reason (its cause) in the whole statement it ran.
      const reason = ((error as { cause?: Error }).cause ?? (error as Error)).message.split('\n')[0];
      throw refuse(file, `is not a Ticket Counter database (bringing it up to this version failed: ${reason})`);
    }
    const differences = schemaDifferences(copy);
    if (differences.length > 0) throw refuse(file, `is not a Ticket Counter database (its schema differs: ${differences.slice(0, 3).join(', ')})`);
    return createOutbox(drizzle(copy, { schema }), clock, () => undefined).unsettleAfterRestore();
  } finally {
    copy.close();
  }
}

/** The tables of the counter's own settings and remote, with their columns. */
const COUNTER_OWN = { settings: 'key, value', remote_connection: 'id, base_url, api_key, api_key_shown, owner_email' };

/**
 * The settings and the remote are the counter's, not the backup's: a restore left them as they
 * were when they were kept in files beside the database, and a backup from before then has none.
 * So the copy takes them from the database in place when it can be read. One from before then has
 * none either: its files are still beside it, taken in when the restored database is first opened.
 */
function keepSettings(staged: string, live: string): void {
  if (!existsSync(live) || statSync(live).size === 0) return;
  const copy = openSqlite(staged);
  try {
    copy.prepare('attach database ? as live').run(live);
    const tables = copy.prepare("select name from live.sqlite_master where type = 'table'").pluck().all();
    copy.transaction(() => {
      for (const [table, columns] of Object.entries(COUNTER_OWN)) {
        if (!tables.includes(table)) continue;
        copy.exec(`delete from main.${table}; insert into main.${table} (${columns}) select ${columns} from live.${table}`);
      }
      // Numbers printed since the backup was taken are on paper: the sequences go on from them.
      if (tables.includes('number_sequences')) {
        copy.exec(
          'insert into main.number_sequences (name, last) select name, last from live.number_sequences where true on conflict (name) do update set last = max(last, excluded.last)',
        );
      }
    })();
  } catch (error) {
    // A damaged database in place has nothing to give: the backup's own are used.
    if (!isDamage(error)) throw error;
  } finally {
    copy.close();
  }
}

/** Opens the file, read only; SQLite's refusals of what is not a database, or a damaged one, say so. */
function openChecked(file: string): Sqlite {
  try {
    const db = openSqlite(file, { readonly: true, fileMustExist: true });
    db.prepare('select count(*) from sqlite_master').get();
    return db;
  } catch (error) {
    throw asRefusal(file, error);
  }
}

const codeOf = (error: unknown) => (error as { code?: string }).code ?? '';

/** SQLite's word for a file that is no database, or a damaged one. */
const isDamage = (error: unknown) => /^SQLITE_(NOTADB|CORRUPT|IOERR_SHORT_READ)/.test(codeOf(error));

function asRefusal(file: string, error: unknown): Error {
  if (codeOf(error) === 'SQLITE_NOTADB') return refuse(file, 'is not a SQLite database');
  if (isDamage(error)) return refuse(file, `is damaged: ${(error as Error).message}`);
  return error as Error;
}

/** A database that has run a migration this version does not know is from a newer version. */
function refuseNewer(file: string, copy: Sqlite): void {
  const journal = JSON.parse(readFileSync(join(migrationsFolder(), 'meta', '_journal.json'), 'utf8')) as { entries: { when: number }[] };
  const known = Math.max(...journal.entries.map((entry) => entry.when));
  const applied = copy.prepare('select max(created_at) as last from __drizzle_migrations').get() as { last: number | null };
  if (Number(applied.last) > known) throw refuse(file, 'was made by a newer version of Ticket Counter: restore it with that version');
}

/** How the copy's schema departs from a new counter's (tables, indexes, triggers, by name). */
function schemaDifferences(copy: Sqlite): string[] {
  const reference = openSqlite(':memory:');
  try {
    migrate(drizzle(reference, { schema }), { migrationsFolder: migrationsFolder() });
    const describe = (db: Sqlite) =>
      new Map((db.prepare("select type || ' ' || name as name, sql from sqlite_master where name not like 'sqlite_%'").all() as { name: string; sql: string | null }[]).map((row) => [row.name, row.sql]));
    const [expected, actual] = [describe(reference), describe(copy)];
    const names = new Set([...expected.keys(), ...actual.keys()]);
    return [...names].filter((name) => expected.get(name) !== actual.get(name)).sort();
  } finally {
    reference.close();
  }
}

/**
 * Keeps the database in place (file and WAL as they are) in backups/, then folds its WAL in: a WAL
 * left beside the database would be replayed into the one that replaces it. One so damaged that
 * its WAL cannot be folded in is kept all the same, its WAL then removed, and said to be damaged.
 */
function keepPrevious(live: string, dataDir: string, clock: Clock): { keptAs: string; damaged: boolean } | null {
  if (!existsSync(live) || statSync(live).size === 0) return null;
  mkdirSync(backupsDir(dataDir), { recursive: true, mode: 0o700 });
  const keptAs = join(backupsDir(dataDir), `before-restore-${fileStamp(clock())}.db`);
  for (const [from, to] of [
    [live, keptAs],
    [`${live}-wal`, `${keptAs}-wal`],
  ] as const) {
    if (!existsSync(from)) continue;
    copyFileSync(from, to);
    chmodSync(to, 0o600);
    syncFile(to);
  }
  const damaged = existsSync(`${live}-wal`) && !foldedWal(live);
  for (const part of [`${live}-wal`, `${live}-shm`]) rmSync(part, { force: true });
  return { keptAs, damaged };
}

/** Whether SQLite could fold the WAL into the database (a checkpoint, which changes no content). */
function foldedWal(live: string): boolean {
  try {
    const db = openSqlite(live);
    try {
      db.pragma('wal_checkpoint(TRUNCATE)');
    } finally {
      db.close();
    }
    return true;
  } catch (error) {
    if (isDamage(error)) return false;
    throw error;
  }
}

function syncFile(path: string): void {
  const fd = openSync(path, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** The rename is durable once the folder holding it is on disk. */
const syncDir = syncFile;
