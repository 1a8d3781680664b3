/**
 * The group commit gathers units that arrive a few turns of the event loop apart into one
 * transaction, and never holds a unit back for long while more keep coming.
 */
import { eq } from 'drizzle-orm';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { databaseFile, openReader, type CounterDb } from '../../src/main/db/connection.js';
import { createGroupCommit, type GroupCommit } from '../../src/main/db/group-commit.js';
import { meta } from '../../src/main/db/schema.js';
import { databasePerTest } from '../support/harness.js';

describe('the group commit', () => {
  const opened = databasePerTest();
  let reader: CounterDb;
  let groupCommit: GroupCommit;
  beforeEach(() => {
    const { database, dataDir } = opened();
    reader = openReader(databaseFile(dataDir));
    groupCommit = createGroupCommit(database.db);
  });
  afterEach(() => reader.close());

  const store = (key: string) => groupCommit((db) => db.insert(meta).values({ key, value: 'v' }).run());
  /** Whether another connection sees the key: only once its transaction has committed. */
  const committed = (key: string) => reader.db.select().from(meta).where(eq(meta.key, key)).get() !== undefined;

  it('commits a unit queued a turn after another in the same transaction', async () => {
    const first = store('first');
    await nextTurn();
    const seenBySecond = await groupCommit((db) => {
      db.insert(meta).values({ key: 'second', value: 'v' }).run();
      return committed('first');
    });
    await first;

    expect(seenBySecond).toBe(false);
    expect(committed('first')).toBe(true);
    expect(committed('second')).toBe(true);
  });

  it('commits a unit while more keep coming, every turn', async () => {
    let firstDone = false;
    const first = store('first').then(() => (firstDone = true));
    const fed: Promise<unknown>[] = [];
    while (!firstDone && fed.length < 100) {
      fed.push(store(`fed-${fed.length}`));
      await nextTurn();
    }
    await Promise.all([first, ...fed]);

    expect(fed.length).toBeLessThan(20);
    expect(committed('first')).toBe(true);
  });
});
