/**
 * What is read before the database opens, kept in startup.json beside it (mode 0600). The desktop
 * shell decides how to start the service from where it listens, and only the service it starts
 * opens the database (electron/service.ts). And when the database is the very thing missing,
 * whether this data dir replicated to a remote says it was a counter (backup/lost-database.ts).
 *
 * The database stays the truth: the settings and remote stores copy these values here as they
 * change, and again each time they open, so that a copy a failed change left behind is set right.
 */
import { closeSync, fsyncSync, openSync, readFileSync, renameSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { parseJson } from '#shared/parse-json.js';
import { legacyFile } from './legacy.js';

const NAME = 'startup';
export const startupFile = (dataDir: string) => join(dataDir, `${NAME}.json`);

const Startup = z.object({
  /** The setting listenHost. */
  listenHost: z.string().optional(),
  /** The remote's base URL, null when none is set. */
  remoteBaseUrl: z.string().nullable().optional(),
});
export type Startup = z.infer<typeof Startup>;

function readJson(file: string): unknown {
  try {
    return parseJson(z.unknown(), readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

/** The file's values; none when it is missing or unreadable (then: loopback, no remote). Reads with plain fs, creating nothing. */
export function readStartup(dataDir: string): Startup {
  return Startup.safeParse(readJson(startupFile(dataDir))).data ?? {};
}

/**
 * Where the shell starts the service listening: the file's listenHost, or, in a data dir this
 * version's service has not opened yet, the one its settings.json still holds (legacy.ts).
 */
export function listenHostBeforeStart(dataDir: string): string | undefined {
  const legacy = z.object({ listenHost: z.string() }).safeParse(readJson(legacyFile(dataDir, 'settings')));
  return readStartup(dataDir).listenHost ?? legacy.data?.listenHost;
}

/**
 * Replaces the file whole: written beside it, flushed, then renamed over it, so that a crash leaves
 * the old file or the new one, never half of one.
 */
function replaceFile(file: string, text: string): void {
  const staged = `${file}.${process.pid}.tmp`;
  try {
    const fd = openSync(staged, 'w', 0o600);
    try {
      writeSync(fd, text);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(staged, file);
  } catch (error) {
    // A full disk, say: no half-written copy is left beside the file.
    rmSync(staged, { force: true });
    throw error;
  }
}

export function createStartupFile(dataDir: string) {
  /** Writes the values that differ from the file's (nothing at all when none does). */
  function update(values: Startup): void {
    const file = startupFile(dataDir);
    // Read once: the whole object, so that what this version does not know (a newer one's keys) is kept.
    const whole = z.record(z.string(), z.unknown()).safeParse(readJson(file)).data ?? {};
    const current = Startup.safeParse(whole).data ?? {};
    const changed = Object.entries(values).filter(([key, value]) => current[key as keyof Startup] !== value);
    if (changed.length > 0) replaceFile(file, `${JSON.stringify({ ...whole, ...Object.fromEntries(changed) }, null, '\t')}\n`);
  }

  return { update };
}
export type StartupFile = ReturnType<typeof createStartupFile>;
