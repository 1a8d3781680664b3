/**
 * Before the settings and the remote moved into the database (migration 0016), conf kept them in
 * settings.json and remote.json in the data dir. The first open of such a data dir hands each
 * file's values to `take`, which writes them into the database, and then removes the file:
 * nothing reads it again.
 */
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { parseJson } from '#shared/parse-json.js';

export const legacyFile = (dataDir: string, name: 'settings' | 'remote') => join(dataDir, `${name}.json`);

export function importLegacyFile(dataDir: string, name: 'settings' | 'remote', take: (values: Record<string, unknown>) => void): void {
  const file = legacyFile(dataDir, name);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  // A file conf could not read held nothing for it either.
  take(parseJson(z.record(z.string(), z.unknown()), text) ?? {});
  rmSync(file, { force: true });
}
