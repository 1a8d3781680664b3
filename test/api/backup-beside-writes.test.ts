/**
 * `backup --out` next to a running serve: the CLI's connection copies the database while serve's
 * connection writes. SQLite restarts a step-by-step backup at every write of another connection,
 * so such a backup beside a busy counter only ended once the sales stopped. Here a writer on a
 * connection of its own writes between the backup's steps, a few hundred times, then stops: the
 * backup must end while it still writes, and hold what was there when it began.
 */
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createServices } from '../../src/main/services.js';
import { rowsInFile } from '../support/db.js';
import { tempDir, type TempDir } from '../support/harness.js';

const WRITES = 300;

describe('an online backup beside another writer', () => {
  let dir: TempDir | undefined;
  afterEach(() => dir?.remove());

  it('ends while the other connection goes on writing', async () => {
    dir = tempDir('tc-backup-beside-');
    const counter = createServices({ dataDir: dir.path });
    // Some thousands of pages: more than one step of a step-by-step backup.
    const writer = new Database(join(dir.path, 'counter.db'));
    writer.exec('create table filler (n integer, bytes blob)');
    const fill = writer.prepare('insert into filler values (?, randomblob(4000))');
    writer.transaction(() => {
      for (let n = 0; n < 2000; n++) fill.run(n);
    })();

    let written = 0;
    const writing = new Promise<void>((resolve) => {
      const write = () => {
        fill.run(-1);
        if (++written < WRITES) setImmediate(write);
        else resolve();
      };
      setImmediate(write);
    });
    const file = join(dir.path, 'copy.db');
    await counter.backups.backupTo(file, { besideWriter: true });
    const writtenWhenDone = written;
    await writing;
    writer.close();
    counter.close();

    expect(writtenWhenDone).toBeLessThan(WRITES);
    expect(rowsInFile(file, 'filler', 'where n >= 0')).toBe(2000);
  });
});
