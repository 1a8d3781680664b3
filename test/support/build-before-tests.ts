/**
 * Global set-up of vitest: the built CLI the tests spawn is that of the sources, and one database
 * with every migration applied, which each in-process test's data dir starts as a copy of
 * (harness.ts): a copy takes a fraction of the time the migrations take on an empty file.
 */
import { openDatabase } from '../../src/main/db/connection.js';
import { ensureBuilt } from './built-cli.js';
import { MIGRATED_DIR_ENV, tempDir } from './harness.js';

export default function buildBeforeTests(): () => void {
  ensureBuilt();
  const migrated = tempDir('ticket-counter-migrated-');
  openDatabase(migrated.path).close();
  process.env[MIGRATED_DIR_ENV] = migrated.path;
  return migrated.remove;
}
