/**
 * What the remote lacks beyond the interface (check-in, payment confirm and reject), learned from
 * its answers (push.ts) and kept in the meta table for the remote it was learned from. A new
 * remote or key forgets it, and so does a day: a central service may have gained the route since.
 */
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { messages } from '../../shared/messages.js';
import { RemoteCapability, type MissingCapability } from '../../shared/schemas/sync.js';
import type { Db } from '../db/connection.js';
import { meta } from '../db/schema.js';
import { parseJson } from '../../shared/parse-json.js';
import type { Clock } from '../domain/clock.js';
import { toIso } from '../domain/time.js';

const META_KEY = 'remote_capabilities';
const RELEARN_AFTER_MS = 24 * 60 * 60_000;

const Stored = z.object({ remote: z.string(), missing: z.partialRecord(RemoteCapability, z.number()) });
type Stored = z.infer<typeof Stored>;

/** `remoteOf`: the remote's base URL now (null when none is set). */
export function createCapabilities(db: Db, clock: Clock, remoteOf: () => string | null) {
  function load(): Stored['missing'] {
    const row = db.select().from(meta).where(eq(meta.key, META_KEY)).get();
    const stored = row && parseJson(Stored, row.value);
    return stored && stored.remote === remoteOf() ? stored.missing : {};
  }

  function save(missing: Stored['missing']): void {
    const value = JSON.stringify({ remote: remoteOf() ?? '', missing } satisfies Stored);
    db.insert(meta).values({ key: META_KEY, value }).onConflictDoUpdate({ target: meta.key, set: { value } }).run();
  }

  /** Missing capabilities learned within the last day. */
  function current(): Stored['missing'] {
    const since = clock() - RELEARN_AFTER_MS;
    return Object.fromEntries(Object.entries(load()).filter(([, at]) => at >= since));
  }

  const lacks = (capability: RemoteCapability) => current()[capability] !== undefined;

  return {
    lacks,
    learnMissing(capability: RemoteCapability): void {
      if (!lacks(capability)) save({ ...current(), [capability]: clock() });
    },
    forget: () => save({}),
    list(): MissingCapability[] {
      const missing = current();
      return RemoteCapability.options.flatMap((capability) => {
        const at = missing[capability];
        return at === undefined ? [] : [{ capability, since: toIso(at, 'UTC'), message: messages.remoteLacks[capability] }];
      });
    },
  };
}
export type Capabilities = ReturnType<typeof createCapabilities>;
