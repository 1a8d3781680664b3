import type { Statement as AnyStatement } from 'better-sqlite3';
import type { Sqlite } from './connection.js';

type Statement = AnyStatement<unknown[]>;

/** Enough for every query shape of the service (an IN list of each length is a shape of its own). */
const CACHED_STATEMENTS = 500;

/**
 * One query's hold on a compiled statement that others share. Drizzle asks for raw rows by
 * switching the statement to raw mode, and better-sqlite3 keeps that mode on the statement: each
 * holder keeps its own and sets it before it reads, so that one query's arrays never reach
 * another that expects objects.
 */
class SharedStatement {
  #raw = false;

  constructor(private readonly statement: Statement) {}

  raw(toggle = true): this {
    this.#raw = toggle;
    return this;
  }

  run(...params: unknown[]) {
    return this.statement.run(...params);
  }

  get(...params: unknown[]): unknown {
    return this.inMode().get(...params);
  }

  all(...params: unknown[]): unknown[] {
    return this.inMode().all(...params);
  }

  private inMode(): Statement {
    // raw() throws on a statement that returns no data; get() and all() then throw their own error.
    return this.statement.reader ? this.statement.raw(this.#raw) : this.statement;
  }
}

/**
 * The connection as drizzle sees it, with each SQL text compiled once. Drizzle prepares every query
 * it runs anew, so SQLite parsed and planned the same few hundred statements on every request: a
 * tenth of an order list's time. The most recently used `capacity` statements are kept.
 */
export function cachingStatements(sqlite: Sqlite, capacity = CACHED_STATEMENTS): Sqlite {
  const compiled = new Map<string, Statement>();
  function prepare(source: string): Statement {
    let statement = compiled.get(source);
    if (statement) {
      compiled.delete(source);
    } else {
      statement = sqlite.prepare<unknown[]>(source);
      if (compiled.size >= capacity) compiled.delete(compiled.keys().next().value!);
    }
    compiled.set(source, statement);
    // Drizzle uses run, get, all and raw, which SharedStatement has; nothing else reaches it.
    return new SharedStatement(statement) as unknown as Statement;
  }
  // The connection itself with prepare() shadowed: everything else (transactions, pragmas,
  // inTransaction) is found on it through the prototype, with nothing added to each call.
  const connection = Object.create(sqlite) as Sqlite;
  return Object.defineProperty(connection, 'prepare', { value: prepare });
}
