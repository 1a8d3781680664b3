/**
 * How a backup reads and writes (backup/backups.ts). `backup --out`, a one-step copy in a process
 * of its own, reads the database through a memory map and unmaps it when done; serve's own
 * step-by-step backups never map its connection (a disk's read error would end serve). And the
 * copy is readable by the owner only from its first page, not once it is whole.
 */
import { existsSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Sqlite } from '../../src/main/db/connection.js';
import { createServices } from '../../src/main/services.js';
import { rowsInFile } from '../support/db.js';
import { tempDir, type TempDir } from '../support/harness.js';

const STEP = 100;

/**
 * Calls `step` with the copy's file after each step of the connection's backups, which otherwise
 * go on as asked (better-sqlite3 copies STEP pages a step unless told).
 */
function onEachStep(sqlite: Sqlite, step: (file: string) => void): void {
  const backup = sqlite.backup.bind(sqlite);
  vi.spyOn(sqlite, 'backup').mockImplementation((file, options) =>
    backup(file, {
      ...options,
      progress: (info) => {
        step(file);
        return options?.progress ? options.progress(info) : STEP;
      },
    }),
  );
}

/** A counter with a few hundred pages of rows, and what its connection's map was while each backup ran. */
function counterWithRows(dir: TempDir) {
  const counter = createServices({ dataDir: dir.path });
  const { sqlite } = counter.database;
  sqlite.exec('create table filler (n integer, bytes blob)');
  const fill = sqlite.prepare('insert into filler values (?, randomblob(4000))');
  sqlite.transaction(() => {
    for (let n = 0; n < 500; n++) fill.run(n);
  })();
  const during: { mapped: unknown; mode: number }[] = [];
  onEachStep(sqlite, (file) => during.push({ mapped: sqlite.pragma('mmap_size', { simple: true }), mode: statSync(file).mode & 0o777 }));
  return { counter, sqlite, during };
}

describe('a backup’s reads and its file', () => {
  let dir: TempDir | undefined;
  afterEach(() => {
    vi.restoreAllMocks();
    dir?.remove();
  });

  it('backup --out maps the database while it copies, then unmaps', async () => {
    dir = tempDir('tc-backup-map-');
    const { counter, sqlite, during } = counterWithRows(dir);
    const before = sqlite.pragma('mmap_size', { simple: true });

    const file = await counter.backups.backupTo(join(dir.path, 'copy.db'), { besideWriter: true });
    const after = sqlite.pragma('mmap_size', { simple: true });
    counter.close();

    expect(during[0]!.mapped).toBeGreaterThan(0);
    expect(after).toBe(before);
    expect(rowsInFile(file, 'filler')).toBe(500);
  });

  it('serve’s step-by-step backup never maps its connection', async () => {
    dir = tempDir('tc-backup-map-');
    const { counter, during } = counterWithRows(dir);

    const file = await counter.backups.backupTo(join(dir.path, 'copy.db'));
    counter.close();

    expect(during[0]!.mapped).toBe(0);
    expect(rowsInFile(file, 'filler')).toBe(500);
  });

  it('unmaps once two overlapping copies have both ended, and after one that failed', async () => {
    dir = tempDir('tc-backup-map-');
    const { counter, sqlite } = counterWithRows(dir);
    await Promise.all([1, 2].map((n) => counter.backups.backupTo(join(dir!.path, `copy-${n}.db`), { besideWriter: true })));
    const afterBoth = sqlite.pragma('mmap_size', { simple: true });
    const notADatabase = join(dir.path, 'notes.txt');
    writeFileSync(notADatabase, 'not a database, and long enough to be read as one '.repeat(20));
    await expect(counter.backups.backupTo(notADatabase, { besideWriter: true })).rejects.toThrow();
    const afterFailure = sqlite.pragma('mmap_size', { simple: true });
    counter.close();

    expect(afterBoth).toBe(0);
    expect(afterFailure).toBe(0);
  });

  it('writes the copy readable by the owner only from its first page', async () => {
    dir = tempDir('tc-backup-mode-');
    const { counter, during } = counterWithRows(dir);

    const file = await counter.backups.backupTo(join(dir.path, 'copy.db'));
    counter.close();

    expect(during[0]!.mode).toBe(0o600);
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it('leaves no file where there was none when it fails', async () => {
    dir = tempDir('tc-backup-fail-');
    const counter = createServices({ dataDir: dir.path });
    onEachStep(counter.database.sqlite, () => {
      throw new Error('the disk went away');
    });
    const file = join(dir.path, 'copy.db');

    await expect(counter.backups.backupTo(file)).rejects.toThrow('the disk went away');
    counter.close();

    expect(existsSync(file)).toBe(false);
  });
});
