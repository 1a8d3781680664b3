/**
 * Counts the statements a piece of work runs on any connection, by their SQL: for the tests of
 * what the service keeps in memory instead of reading it again.
 */
import type { Sqlite } from '../../src/main/db/connection.js';

type Run = (...args: unknown[]) => unknown;

/** How many times statements whose SQL matches `pattern` ran (get, all, run) while `work` did. */
export async function statementsDuring(sqlite: Sqlite, pattern: RegExp, work: () => Promise<unknown>): Promise<number> {
  const statement = Object.getPrototypeOf(sqlite.prepare('select 1')) as Record<'get' | 'all' | 'run', Run>;
  const originals = { get: statement.get, all: statement.all, run: statement.run };
  let runs = 0;
  for (const [name, original] of Object.entries(originals)) {
    statement[name as keyof typeof originals] = function (this: { source: string }, ...args: unknown[]) {
      if (pattern.test(this.source)) runs += 1;
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
