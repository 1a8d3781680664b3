/**
 * The outbox's done is committed without waiting for the disk; every other write still waits
 * (synchronous=FULL), also after that commit failed.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { writeTransaction, writeTransactionUnsynced } from '../../src/main/db/connection.js';
import { meta } from '../../src/main/db/schema.js';
import { databasePerTest } from '../support/harness.js';

const FULL = 2;
const NORMAL = 1;

describe('a write transaction that does not wait for the disk', () => {
  const opened = databasePerTest();
  const database = () => opened().database;

  const synchronous = () => database().sqlite.pragma('synchronous', { simple: true });
  const stored = (key: string) => database().db.select().from(meta).where(sql`${meta.key} = ${key}`).get()?.value;

  it('commits with synchronous=NORMAL, and leaves FULL for every other write', () => {
    expect(synchronous()).toBe(FULL);
    const during = writeTransactionUnsynced(database().db, () => {
      database().db.insert(meta).values({ key: 'k', value: 'v' }).run();
      return synchronous();
    });
    expect(during).toBe(NORMAL);
    expect(synchronous()).toBe(FULL);
    expect(stored('k')).toBe('v');
  });

  it('rolls back and goes back to FULL when its work throws', () => {
    expect(() =>
      writeTransactionUnsynced(database().db, () => {
        database().db.insert(meta).values({ key: 'k', value: 'v' }).run();
        throw new Error('refused');
      }),
    ).toThrow('refused');
    expect(synchronous()).toBe(FULL);
    expect(stored('k')).toBeUndefined();
  });

  it('inside another transaction is part of its commit, which waits for the disk', () => {
    const during = writeTransaction(database().db, () =>
      writeTransactionUnsynced(database().db, () => {
        database().db.insert(meta).values({ key: 'k', value: 'v' }).run();
        return synchronous();
      }),
    );
    expect(during).toBe(FULL);
    expect(stored('k')).toBe('v');
  });
});
