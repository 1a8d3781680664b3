/**
 * The sync engine: pulls events from the remote and pushes the outbox to it, a round at a time.
 * In serve it runs by itself: on a timer, on each new outbox job, and as soon as the remote answers
 * again after an outage. `sync now` runs one round. Its state survives restarts (meta table).
 */
import { eq, inArray } from 'drizzle-orm';
import type { ConnectionCheck, RemoteSummary, SyncState, SyncStatus } from '../../shared/schemas/sync.js';
import { meta, outbox as outboxTable } from '../db/schema.js';
import type { AuditActor } from '../domain/audit.js';
import { toIso } from '../domain/time.js';
import type { CoreServices } from '../services.js';
import { RemoteKeyLocked, type Remote } from '../settings/remote.js';
import { pull } from './pull.js';
import { createPusher, type Signal } from './push.js';
import { createRemoteClient, type Outcome } from './remote-client.js';

const META_KEY = 'sync_status';
const ZONE = 'UTC';

interface Persisted {
  state: SyncState;
  lastSuccessAt: number | null;
  lastPullAt: number | null;
  lastError: string | null;
}

export interface EngineOptions {
  /** Per-request timeout towards the remote. */
  timeoutMs?: number;
  /** How often serve runs a round by itself. */
  intervalMs?: number;
  /** How often a round also pulls events. */
  pullEveryMs?: number;
  /** Jobs of different orders sent at once. */
  concurrency?: number;
}

export function createSyncEngine(services: CoreServices, options: EngineOptions = {}) {
  const { db } = services.database;
  const { clock, outbox } = services;
  const intervalMs = options.intervalMs ?? 5000;
  const pullEveryMs = options.pullEveryMs ?? 60_000;
  const concurrency = options.concurrency ?? 4;
  const timeoutMs = options.timeoutMs ?? 10_000;
  /** An attempt never lasts longer than ky's timeout (GETs: three tries): older claims are dead. */
  const staleMs = 4 * timeoutMs;
  const pusher = createPusher({ db, clock, outbox });

  /** The state as stored: a `remote set` or `sync now` from the CLI next to serve changes it. */
  function load(): Persisted {
    const stored = db.select().from(meta).where(eq(meta.key, META_KEY)).get();
    return stored ? (JSON.parse(stored.value) as Persisted) : { state: 'idle', lastSuccessAt: null, lastPullAt: null, lastError: null };
  }
  let persisted = load();
  let running: Promise<SyncStatus> | null = null;
  let again = false;
  let timer: NodeJS.Timeout | undefined;

  function save(change: Partial<Persisted>): void {
    persisted = { ...persisted, ...change };
    const value = JSON.stringify(persisted);
    db.insert(meta).values({ key: META_KEY, value }).onConflictDoUpdate({ target: meta.key, set: { value } }).run();
  }

  services.syncHooks.isOffline = () => persisted.state === 'offline';

  function status(): SyncStatus {
    const { pending, conflicts } = outbox.counts();
    const at = (ms: number | null) => (ms === null ? null : toIso(ms, ZONE));
    return {
      state: persisted.state,
      pending,
      conflicts,
      lastSuccessAt: at(persisted.lastSuccessAt),
      lastPullAt: at(persisted.lastPullAt),
      lastError: persisted.lastError,
      remote: services.remote.summary(),
      allotments: services.allotment.list(),
    };
  }

  const describe = (failure: Exclude<Outcome, { kind: 'ok' }>) =>
    failure.kind === 'http' ? `${failure.status} ${failure.message}` : failure.error;

  function signalOf(failure: Exclude<Outcome, { kind: 'ok' }>): Signal {
    if (failure.kind !== 'http' || failure.status >= 500) return 'offline';
    return failure.status === 401 ? 'auth_required' : 'conflict';
  }

  /** Ends a round on what the remote said: 'ok' is a round that went all the way through. */
  function settle(signal: Signal, error: string | null): void {
    if (signal === 'auth_required') save({ state: 'auth_required', lastError: error ?? 'API key refused (401)' });
    else if (signal === 'offline') save({ state: 'offline', lastError: error });
    else if (signal === 'conflict') save({ state: 'idle', lastError: error });
    else save({ state: 'idle', lastSuccessAt: clock(), lastError: error });
  }

  async function round(remote: Remote, withPull: boolean): Promise<SyncStatus> {
    outbox.recoverInFlight(staleMs);
    const client = createRemoteClient(remote, { timeoutMs });
    if (persisted.state === 'offline') {
      // The remote is back: what waited for it goes now rather than at its backed-off time.
      if ((await client.check()).kind !== 'ok') return status();
      db.update(outboxTable)
        .set({ nextAttemptAt: clock() })
        .where(inArray(outboxTable.state, ['pending', 'unknown']))
        .run();
    }
    save({ state: 'syncing' });
    if (withPull) {
      const owner = services.users.findByEmail(remote.ownerEmail);
      if (!owner) {
        settle('conflict', `local owner ${remote.ownerEmail} not found`);
        return status();
      }
      const pulled = await pull(client, owner, {
        db,
        clock,
        importer: services.importer,
        allotmentPercent: () => services.settings.get().offlineAllotmentPercent,
      });
      if (!pulled.ok) {
        settle(signalOf(pulled.outcome), describe(pulled.outcome));
        return status();
      }
      save({ lastPullAt: clock() });
    }
    for (let jobs = outbox.due(concurrency); jobs.length > 0; jobs = outbox.due(concurrency)) {
      const signals = await Promise.all(jobs.map((job) => pusher.run(client, job)));
      const worst = (['auth_required', 'offline'] as const).find((s) => signals.includes(s));
      if (worst) {
        settle(worst, jobs.map((j) => outbox.get(j.seq)?.lastError).find(Boolean) ?? null);
        return status();
      }
    }
    // A round that got through has no error; conflicts it met are counted in `conflicts` and listed.
    settle('ok', null);
    return status();
  }

  /** One round: pull (when asked or due) and push everything due. Concurrent calls share a round. */
  function runOnce(opts: { pull?: boolean } = {}): Promise<SyncStatus> {
    if (running) {
      again = true;
      return running;
    }
    persisted = load();
    let remote: Remote | null;
    try {
      remote = services.remote.get();
    } catch (error) {
      // A key sealed by the desktop app, read without its data key: said, never sent garbled.
      if (!(error instanceof RemoteKeyLocked)) throw error;
      save({ lastError: error.message });
      return Promise.resolve(status());
    }
    if (!remote) return Promise.resolve(status());
    if (persisted.state === 'auth_required') return Promise.resolve(status());
    const pullDue = persisted.lastPullAt === null || clock() - persisted.lastPullAt >= pullEveryMs;
    running = round(remote, opts.pull ?? pullDue).finally(() => {
      running = null;
      if (again) {
        again = false;
        wake();
      }
    });
    return running;
  }

  function wake(): void {
    if (timer) void runOnce().catch(() => undefined);
  }

  /** Runs by itself until stop(). */
  function start(): void {
    if (persisted.state === 'syncing') save({ state: 'idle' });
    services.syncHooks.onRecorded = wake;
    timer = setInterval(wake, intervalMs);
    timer.unref();
    wake();
  }

  async function stop(): Promise<void> {
    clearInterval(timer);
    timer = undefined;
    services.syncHooks.onRecorded = () => undefined;
    await running?.catch(() => undefined);
  }

  /** Whether a base URL and key work, without saving them. */
  async function check(baseUrl: string, apiKey: string): Promise<ConnectionCheck> {
    const outcome = await createRemoteClient({ baseUrl, apiKey, ownerEmail: '' }, { timeoutMs }).check();
    if (outcome.kind === 'ok') return { result: 'ok', detail: 'the remote accepted the key' };
    if (outcome.kind === 'http' && outcome.status === 401) return { result: 'unauthorized', detail: describe(outcome) };
    if (outcome.kind === 'http') return { result: 'error', detail: describe(outcome) };
    return { result: 'unreachable', detail: outcome.error };
  }

  /** A new remote or key: an auth_required pause ends, and a round starts at once. */
  function setRemote(remote: Remote): RemoteSummary {
    const summary = services.remote.set(remote);
    save({ state: 'idle', lastError: null, lastPullAt: null });
    wake();
    return summary;
  }

  /** setRemote on `by`'s behalf, recorded in the audit log with the key masked (as the summary shows it), never whole. */
  function setRemoteBy(by: AuditActor, remote: Remote): RemoteSummary {
    return services.audit.recorded(by, 'remote.changed', () => setRemote(remote), (summary) => ({ details: summary }));
  }

  return { runOnce, start, stop, wake, status, check, setRemote, setRemoteBy };
}
export type SyncEngine = ReturnType<typeof createSyncEngine>;
