/**
 * The statements a piece of work runs on any connection, picked by their SQL: for the tests of
 * what the service reads, how often and where.
 */
import type { Sqlite } from '../../src/main/db/connection.js';

type Run = (...args: unknown[]) => unknown;

/** Each run (get, all, run) of a statement whose SQL matches `pattern` while `work` ran: whether its connection was in a transaction. */
export async function statementsDuring(sqlite: Sqlite, pattern: RegExp, work: () => Promise<unknown>): Promise<{ inTransaction: boolean }[]> {
  const statement = Object.getPrototypeOf(sqlite.prepare('select 1')) as Record<'get' | 'all' | 'run', Run>;
  const originals = { get: statement.get, all: statement.all, run: statement.run };
  const runs: { inTransaction: boolean }[] = [];
  for (const [name, original] of Object.entries(originals)) {
    statement[name as keyof typeof originals] = function (this: { source: string; database: Sqlite }, ...args: unknown[]) {
      if (pattern.test(this.source)) runs.push({ inTransaction: this.database.inTransaction });
      return original.apply(this, args);
    };
  }
  try {
    await work();
  } finally {
    Object.assign(statement, originals);
  }
  return runs;
}
