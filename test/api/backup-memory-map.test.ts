/**
 * A backup reads the database through a memory map (backup/backups.ts), and its pages count in
 * serve's memory while mapped: once the copies under way are done, the connection reads without
 * the map again.
 */
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createServices } from '../../src/main/services.js';
import { rowsInFile } from '../support/db.js';
import { tempDir, type TempDir } from '../support/harness.js';

describe('a backup through a memory map', () => {
  let dir: TempDir | undefined;
  afterEach(() => dir?.remove());

  for (const besideWriter of [false, true]) {
    it(`copies every row and unmaps afterwards (${besideWriter ? 'in one step' : 'step by step'})`, async () => {
      dir = tempDir('tc-backup-map-');
      const counter = createServices({ dataDir: dir.path });
      const { sqlite } = counter.database;
      sqlite.exec('create table filler (n integer, bytes blob)');
      const fill = sqlite.prepare('insert into filler values (?, randomblob(4000))');
      sqlite.transaction(() => {
        for (let n = 0; n < 500; n++) fill.run(n);
      })();
      const before = sqlite.pragma('mmap_size', { simple: true });

      const file = await counter.backups.backupTo(join(dir.path, 'copy.db'), { besideWriter });
      const after = sqlite.pragma('mmap_size', { simple: true });
      counter.close();

      expect(after).toBe(before);
      expect(rowsInFile(file, 'filler')).toBe(500);
    });
  }

  it('unmaps once two overlapping backups have both ended', async () => {
    dir = tempDir('tc-backup-map-');
    const counter = createServices({ dataDir: dir.path });
    const { sqlite } = counter.database;
    const before = sqlite.pragma('mmap_size', { simple: true });

    await Promise.all([counter.backups.backupTo(join(dir.path, 'one.db')), counter.backups.backupTo(join(dir.path, 'two.db'))]);
    const after = sqlite.pragma('mmap_size', { simple: true });
    counter.close();

    expect(after).toBe(before);
  });
});
