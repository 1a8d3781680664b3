import Database, { type RunResult } from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import type { BaseSQLiteDatabase } from 'drizzle-orm/sqlite-core';
import { chmodSync, existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from '../paths.js';
import * as schema from './schema.js';
import { cachingStatements } from './statement-cache.js';

/** The database or a transaction on it: domain code takes either. */
export type Db = BaseSQLiteDatabase<'sync', RunResult, typeof schema>;
export type Sqlite = Database.Database;

export interface CounterDb {
  sqlite: Sqlite;
  db: Db;
  close(): void;
}

/**
 * Durability settings every connection to a counter's database uses: WAL with synchronous=FULL so
 * that a sale the counter confirmed survives a power cut, foreign keys enforced, and a busy timeout
 * for the rare second process (a backup, the CLI next to a running serve).
 */
export function applyPragmas(sqlite: Sqlite): void {
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
}

/**
 * Statement journals in memory, not in a temp file. The group commit runs each sale in a savepoint,
 * and SQLite copies every stored page the savepoint changes into a statement journal. Past 64 KiB
 * (one sale's order, item, buyer and their index pages) that journal moved to a temp file, written
 * page by page, and a busy counter sold markedly fewer orders a second. In memory, a journal holds
 * what one savepoint or statement changed, and is emptied when it ends. Set after the migrations:
 * one that rewrote a season's table in one statement would hold the whole table in memory.
 */
export function keepStatementJournalsInMemory(sqlite: Sqlite): void {
  sqlite.pragma('temp_store = MEMORY');
}

/**
 * A transaction that writes. BEGIN IMMEDIATE takes the write lock first (waiting for it under the
 * busy timeout), so that a second process next to a running serve (the CLI) never fails half-way
 * with "database is locked", as a deferred transaction that read before it wrote does in WAL mode
 * when another writer committed meanwhile. Nested in another transaction it is a savepoint.
 */
export function writeTransaction<T>(db: Db, work: () => T): T {
  return db.transaction(work, { behavior: 'immediate' });
}

/** The driver under the root drizzle database, which drizzle keeps as $client. */
export function driverOf(db: Db): Sqlite {
  const client = (db as Db & { $client?: Sqlite }).$client;
  if (!client) throw new Error('driverOf needs the root drizzle database, not a transaction');
  return client;
}

/**
 * A write transaction whose commit does not wait for the disk (synchronous=NORMAL for it alone).
 * Only for a write that a power cut may lose without harm, because it is found again: the outbox's
 * done, whose job is then left in flight and looked up on the remote before anything is resent.
 * In WAL mode the next commit that does wait (every other one) makes this one durable with it,
 * since the log is written in order. Inside another transaction it is part of that one's commit.
 */
export function writeTransactionUnsynced<T>(db: Db, work: () => T): T {
  const sqlite = driverOf(db);
  if (sqlite.inTransaction) return work();
  sqlite.pragma('synchronous = NORMAL');
  try {
    return writeTransaction(db, work);
  } finally {
    sqlite.pragma('synchronous = FULL');
  }
}

/** A connection to a SQLite file, with the addon build this runtime needs. */
export function openSqlite(file: string, options: Database.Options = {}): Sqlite {
  // Electron runs this code with its own Node ABI and hands over a matching build of the addon.
  const nativeBinding = process.env.TICKET_COUNTER_SQLITE_BINDING;
  return new Database(file, nativeBinding ? { ...options, nativeBinding } : options);
}

export const databaseFile = (dataDir: string) => join(dataDir, 'counter.db');

/**
 * A read-only connection to a counter's database beside serve's own, for a read too long to hold
 * the thread that answers everyone (read-thread/read-thread.ts). In WAL mode a read transaction on it
 * sees what was committed when it began, and never stands in a sale's way.
 */
export function openReader(file: string): CounterDb {
  const sqlite = openSqlite(file, { readonly: true, fileMustExist: true });
  sqlite.pragma('busy_timeout = 5000');
  return counterDb(sqlite);
}

/** The connection with drizzle over it, through the statement cache. */
function counterDb(sqlite: Sqlite): CounterDb {
  return { sqlite, db: drizzle(cachingStatements(sqlite), { schema }), close: () => sqlite.close() };
}

/** Opens (creating if needed) the counter database in dataDir and applies pending migrations. */
export function openDatabase(dataDir: string): CounterDb {
  if (!existsSync(dataDir)) mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const file = databaseFile(dataDir);
  const sqlite = openSqlite(file);
  // Orders hold personal data: only the owner of the data dir may read the database.
  chmodSync(file, 0o600);
  applyPragmas(sqlite);
  const database = counterDb(sqlite);
  migrate(database.db, { migrationsFolder: join(projectRoot(), 'migrations') });
  keepStatementJournalsInMemory(sqlite);
  return database;
}
