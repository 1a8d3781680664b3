/**
 * A data dir that was a counter (it holds backups, or replicated to a remote) but whose database is gone or
 * empty (a failed disk, a file deleted by hand) must not quietly start a blank counter: its sales
 * would seem lost and the blank one would replicate as if new. Opening it is refused with what to
 * do instead.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { databaseFile } from '../db/connection.js';
import { legacyFile } from '../settings/legacy.js';
import { readStartup } from '../settings/startup.js';
import { backupsDir } from './backups.js';

/** Backups of any kind (scheduled, before a restore), newest name last. */
function backupsIn(dataDir: string): string[] {
  const dir = backupsDir(dataDir);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith('.db'))
    .sort()
    .map((name) => join(dir, name));
}

/** Throws, saying what to do, when counter.db is missing or empty in a data dir that was a counter. */
export function refuseLostDatabase(dataDir: string): void {
  const file = databaseFile(dataDir);
  const state = !existsSync(file) ? 'missing' : statSync(file).size === 0 ? 'empty' : undefined;
  if (!state) return;
  const backups = backupsIn(dataDir);
  // The remote is in the database: startup.json names it (or a remote.json not taken in yet holds it).
  const remote = readStartup(dataDir).remoteBaseUrl ?? (existsSync(legacyFile(dataDir, 'remote')) ? 'remote.json' : null);
  const signs = [...(backups.length > 0 ? [`${backups.length} backup(s) in backups/`] : []), ...(remote ? [`a remote (${remote})`] : [])];
  if (signs.length === 0) return;
  const newest = backups.filter((name) => !name.includes('before-restore-')).at(-1) ?? backups.at(-1) ?? 'BACKUP';
  throw new Error(
    `counter.db is ${state} in ${dataDir}, which was a counter (${signs.join(', ')}); it is not started as a new one. ` +
      `Restore its newest backup: restore --data-dir ${dataDir} --file ${newest}; ` +
      `or, to start a new counter here on purpose, first move backups/, startup.json and any remote.json out of the data dir.`,
  );
}
