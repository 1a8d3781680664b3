/**
 * What the counter knows about its remote beyond the interface, learned from its answers and kept
 * in the meta table for the remote it was learned from (a new remote or key forgets all of it):
 * - the routes it lacks (check-in, payment confirm and reject: push.ts learns them from a 404 or
 *   405), forgotten after a day too, since a central service may have gained them;
 * - whether it is this service (a venue hub, or a central instance): it then answers
 *   GET /sync/status, whose state says whether the hub itself reaches its own remote;
 * - whether this counter's ticket verification key is registered there, so that the hub's gates
 *   accept this counter's printed QR codes.
 */
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { messages } from '#shared/messages.js';
import { parseJson } from '#shared/parse-json.js';
import { RemoteCapability, SyncState, type MissingCapability, type Upstream } from '#shared/schemas/sync.js';
import type { Db } from '../db/connection.js';
import { meta } from '../db/schema.js';
import type { Clock } from '../domain/clock.js';
import { toIso } from '../domain/time.js';

const META_KEY = 'remote_facts';
const RELEARN_AFTER_MS = 24 * 60 * 60_000;

const Stored = z.object({
  remote: z.string(),
  missing: z.partialRecord(RemoteCapability, z.number()),
  /** The remote is this service: its sync state when last asked (null: not known to be). */
  service: z.object({ state: SyncState, hasRemote: z.boolean(), at: z.number() }).nullable(),
  /** The ticket verification key (kid) this counter registered there. */
  registeredKey: z.string().nullable(),
});
type Stored = z.infer<typeof Stored>;

/** `remoteOf`: the remote's base URL now (null when none is set). */
export function createRemoteFacts(db: Db, clock: Clock, remoteOf: () => string | null) {
  const fresh = (): Stored => ({ remote: remoteOf() ?? '', missing: {}, service: null, registeredKey: null });

  function load(): Stored {
    const row = db.select().from(meta).where(eq(meta.key, META_KEY)).get();
    const stored = row && parseJson(Stored, row.value);
    return stored && stored.remote === remoteOf() ? stored : fresh();
  }

  function save(change: Partial<Stored>): void {
    const value = JSON.stringify({ ...load(), ...change, remote: remoteOf() ?? '' } satisfies Stored);
    db.insert(meta).values({ key: META_KEY, value }).onConflictDoUpdate({ target: meta.key, set: { value } }).run();
  }

  /** Missing capabilities learned within the last day. */
  function missing(): Stored['missing'] {
    const since = clock() - RELEARN_AFTER_MS;
    return Object.fromEntries(Object.entries(load().missing).filter(([, at]) => at >= since));
  }

  const lacks = (capability: RemoteCapability) => missing()[capability] !== undefined;

  return {
    lacks,
    learnMissing(capability: RemoteCapability): void {
      if (!lacks(capability)) save({ missing: { ...missing(), [capability]: clock() } });
    },
    /** The remote is this service, its sync state as it just said (or, null, it is not). */
    learnService(state: { state: SyncState; hasRemote: boolean } | null): void {
      save({ service: state && { ...state, at: clock() } });
    },
    isService: () => load().service !== null,
    registeredKey: () => load().registeredKey,
    learnRegisteredKey: (kid: string) => save({ registeredKey: kid }),
    forget: () => save(fresh()),
    listMissing(): MissingCapability[] {
      const found = missing();
      return RemoteCapability.options.flatMap((capability) => {
        const at = found[capability];
        return at === undefined ? [] : [{ capability, since: toIso(at, 'UTC'), message: messages.remoteLacks[capability] }];
      });
    },
    /** The remote's own view of its remote, when it is a hub (null when it is the central service or not known). */
    upstream(): Upstream | null {
      const { service } = load();
      return service?.hasRemote ? { state: service.state, at: toIso(service.at, 'UTC') } : null;
    },
  };
}
export type RemoteFacts = ReturnType<typeof createRemoteFacts>;
