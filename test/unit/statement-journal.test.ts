/**
 * A unit of the group commit runs in a savepoint, whose statement journal SQLite keeps in memory on
 * the counter's connection: one that passes 64 KiB opens no temp file (read from /proc, Linux).
 */
import { readdirSync, readlinkSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createGroupCommit } from '../../src/main/db/group-commit.js';
import { meta } from '../../src/main/db/schema.js';
import { databasePerTest } from '../support/harness.js';

/** SQLite names its temp files etilqs_…, and unlinks them as soon as they are open. */
function openTempFiles(): string[] {
  const fds = '/proc/self/fd';
  return readdirSync(fds)
    .map((fd) => {
      try {
        return readlinkSync(`${fds}/${fd}`);
      } catch (error) {
        // Closed since it was listed: the readdir's own descriptor.
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return '';
        throw error;
      }
    })
    .filter((target) => target.includes('etilqs_'));
}

describe("the group commit's statement journals", () => {
  const opened = databasePerTest();

  it('stay in memory when a unit changes more than 64 KiB of stored pages', async () => {
    const { database } = opened();
    const { db } = database;
    const rows = Array.from({ length: 200 }, (_, i) => ({ key: `row-${i}`, value: 'x'.repeat(1000) }));
    db.insert(meta).values(rows).run();
    const groupCommit = createGroupCommit(db);

    const seen = await groupCommit((tx) => {
      // 200 rows of 1 kB: about 50 pages, each journalled whole before it changes.
      const changed = tx.run(sql`update ${meta} set value = value || 'y' where ${meta.key} like 'row-%'`).changes;
      return { changed, tempFiles: openTempFiles() };
    });

    expect(seen.changed).toBe(200);
    expect(seen.tempFiles).toEqual([]);
    expect(database.sqlite.pragma('temp_store', { simple: true })).toBe(2);
  });
});
