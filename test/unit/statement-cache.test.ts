/**
 * Drizzle's queries share one compiled statement per SQL text (db/statement-cache.ts), and each
 * keeps its own raw mode: one query's rows as arrays never reach another that reads objects.
 */
import { eq, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openSqlite, writeTransaction, type Sqlite } from '../../src/main/db/connection.js';
import * as schema from '../../src/main/db/schema.js';
import { cachingStatements } from '../../src/main/db/statement-cache.js';

const QUERY = 'select 1 as one, 2 as two';

describe('statements compiled once per SQL text', () => {
  let sqlite: Sqlite;
  beforeEach(() => {
    sqlite = openSqlite(':memory:');
    sqlite.exec('create table meta (key text primary key, value text not null)');
  });
  afterEach(() => sqlite.close());

  it('compiles a SQL text once however often it is prepared', () => {
    const compile = vi.spyOn(sqlite, 'prepare');
    const cached = cachingStatements(sqlite);
    for (let i = 0; i < 3; i++) expect(cached.prepare(QUERY).get()).toEqual({ one: 1, two: 2 });
    expect(compile).toHaveBeenCalledTimes(1);
  });

  it('keeps each holder in its own raw mode', () => {
    const cached = cachingStatements(sqlite);
    const arrays = cached.prepare(QUERY).raw();
    expect(arrays.all()).toEqual([[1, 2]]);
    const objects = cached.prepare(QUERY);
    expect(objects.all()).toEqual([{ one: 1, two: 2 }]);
    expect(objects.get()).toEqual({ one: 1, two: 2 });
    expect(arrays.get()).toEqual([1, 2]);
  });

  it('keeps the most recently used statements, up to its capacity', () => {
    const compile = vi.spyOn(sqlite, 'prepare');
    const cached = cachingStatements(sqlite, 2);
    for (const text of ['select 1', 'select 2', 'select 1', 'select 3', 'select 1', 'select 2']) cached.prepare(text).get();
    // select 2 was the least recently used when select 3 came, and was compiled again.
    expect(compile.mock.calls.map(([text]) => text)).toEqual(['select 1', 'select 2', 'select 3', 'select 2']);
  });

  it('serves drizzle: reads, writes and a rolled back transaction on the real connection', () => {
    const db = drizzle(cachingStatements(sqlite), { schema });
    db.insert(schema.meta).values({ key: 'a', value: '1' }).run();
    expect(() =>
      writeTransaction(db, () => {
        db.insert(schema.meta).values({ key: 'b', value: '2' }).run();
        expect(sqlite.inTransaction).toBe(true);
        throw new Error('undo');
      }),
    ).toThrow('undo');
    // A query with fields reads raw rows; the same SQL through db.all reads objects.
    const byKey = db.select({ key: schema.meta.key, value: schema.meta.value }).from(schema.meta).where(eq(schema.meta.key, 'a'));
    expect(byKey.all()).toEqual([{ key: 'a', value: '1' }]);
    expect(byKey.toSQL().sql).toBe('select "key", "value" from "meta" where "meta"."key" = ?');
    expect(db.all(sql`select "key", "value" from "meta" where "meta"."key" = ${'a'}`)).toEqual([{ key: 'a', value: '1' }]);
    expect(db.select().from(schema.meta).all()).toEqual([{ key: 'a', value: '1' }]);
  });
});
