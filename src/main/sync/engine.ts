/**
 * The sync engine: pushes the outbox to the remote and pulls events from it, a round at a time.
 * In serve it runs by itself: on a timer, on each new outbox job, and as soon as the remote answers
 * again after an outage. `sync now` runs one round. Its state survives restarts (meta table).
 *
 * A round pushes first and pulls after (when a pull is due): lost answers are settled by looking
 * before the pull counts seats, so a sale the remote has applied is never counted twice. A round
 * that fails for any reason records why (in Indonesian, in lastError), logs it, and never leaves
 * the state at `syncing`.
 */
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { messages } from '#shared/messages.js';
import { PullReportEntry, SyncState, type ConnectionCheck, type RemoteSummary, type SyncNotice, type SyncStatus } from '#shared/schemas/sync.js';
import { meta } from '../db/schema.js';
import { parseJson } from '#shared/parse-json.js';
import type { Db } from '../db/connection.js';
import type { AuditActor, AuditLog } from '../domain/audit.js';
import type { Clock } from '../domain/clock.js';
import type { Importer } from '../domain/importer.js';
import type { TicketKeys } from '../domain/ticket-keys.js';
import type { UserService } from '../domain/users.js';
import { toIso } from '../domain/time.js';
import { RemoteKeyLocked, type Remote, type RemoteStore } from '../settings/remote.js';
import type { Allotment } from './allotment.js';
import { createGateList } from './gate-list.js';
import { createLive } from './live.js';
import { createRemoteFacts } from './remote-facts.js';
import { pull } from './pull.js';
import { createPusher, describeFailure, type Signal } from './push.js';
import { createPushPool } from './push-pool.js';
import { createRemoteClient, type Failure, type RemoteClient } from './remote-client.js';
import type { Outbox } from './outbox.js';
import type { SyncSignals } from './signals.js';

const META_KEY = 'sync_status';
const ZONE = 'UTC';
/** A job tried this often without settling is shown as stalled (with backoff, about four minutes of trying). */
export const STALL_ATTEMPTS = 8;

const Persisted = z.object({
  state: SyncState,
  lastSuccessAt: z.number().nullable(),
  lastPullAt: z.number().nullable(),
  lastError: z.string().nullable(),
  pullReport: z.array(PullReportEntry).default([]),
});
type Persisted = z.infer<typeof Persisted>;
const INITIAL: Persisted = { state: 'idle', lastSuccessAt: null, lastPullAt: null, lastError: null, pullReport: [] };

/** Where a background failure is told: serve's logger (pino), or stderr. */
export interface SyncLog {
  error(details: object, message: string): void;
}
const stderrLog: SyncLog = { error: (details, message) => console.error(message, details) };

export interface EngineDeps {
  db: Db;
  clock: Clock;
  outbox: Outbox;
  allotment: Allotment;
  remote: RemoteStore;
  audit: AuditLog;
  users: UserService;
  importer: Importer;
  ticketKeys: TicketKeys;
  /** The share of a category's seats left at the remote that this counter may sell offline (a setting). */
  allotmentPercent: () => number;
  signals: SyncSignals;
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
  /** Where failures are told until start() is given serve's logger; default stderr. */
  log?: SyncLog;
  /** How often the gate list reads the central's new orders, and how often it reads them all (gate-list.ts). */
  gateListNewEveryMs?: number;
  gateListFullEveryMs?: number;
}

/** A failure worded for the operator. */
function inWords(failure: Failure): string {
  if (failure.kind !== 'http') return messages.remoteUnreachable(failure.error);
  if (failure.status === 401) return messages.remoteKeyRefused(describeFailure(failure));
  return messages.remoteAnswered(failure.status, describeFailure(failure));
}

function signalOf(failure: Failure): Signal {
  if (failure.kind !== 'http' || failure.status >= 500) return 'offline';
  return failure.status === 401 ? 'auth_required' : 'conflict';
}

export function createSyncEngine(deps: EngineDeps, options: EngineOptions = {}) {
  const { db, clock, outbox, remote: remoteStore, audit, signals } = deps;
  const intervalMs = options.intervalMs ?? 5000;
  const pullEveryMs = options.pullEveryMs ?? 60_000;
  const concurrency = options.concurrency ?? 4;
  const timeoutMs = options.timeoutMs ?? 10_000;
  /** An attempt never lasts longer than ky's timeout (GETs: three tries): older claims are dead. */
  const staleMs = 4 * timeoutMs;
  const facts = createRemoteFacts(db, clock, () => remoteStore.summary()?.baseUrl ?? null);
  const pusher = createPusher({ db, clock, outbox, facts, audit });
  let log = options.log ?? stderrLog;
  const push = createPushPool({ outbox, pusher, concurrency, logFault: (fault) => log.error({ err: fault }, 'sync: a job failed at the counter') });

  /** The state as stored: a `remote set` or `sync now` from the CLI next to serve changes it. */
  function load(): Persisted {
    const stored = db.select().from(meta).where(eq(meta.key, META_KEY)).get();
    return (stored && parseJson(Persisted, stored.value)) || INITIAL;
  }
  let persisted = INITIAL;
  keep(load());
  let running: Promise<SyncStatus> | null = null;
  let again = false;
  let timer: NodeJS.Timeout | undefined;
  let stopListening: (() => void) | undefined;

  /** The state in memory; the allotment learns from it whether the remote is out of reach. */
  function keep(next: Persisted): void {
    persisted = next;
    signals.setRemoteOffline(next.state === 'offline');
  }

  function save(change: Partial<Persisted>): void {
    keep({ ...persisted, ...change });
    const value = JSON.stringify(persisted);
    db.insert(meta).values({ key: META_KEY, value }).onConflictDoUpdate({ target: meta.key, set: { value } }).run();
  }

  function notices(): SyncNotice[] {
    const { stalled, unconfirmed, unrejected } = outbox.troubles(STALL_ATTEMPTS);
    const doubles = audit.countOf('ticket.double_admission');
    const cancelledInside = audit.countOf('ticket.cancelled_inside');
    const all: SyncNotice[] = [
      { kind: 'unconfirmed_on_remote', count: unconfirmed, message: messages.unconfirmedOnRemote(unconfirmed) },
      { kind: 'unrejected_on_remote', count: unrejected, message: messages.unrejectedOnRemote(unrejected) },
      { kind: 'stalled', count: stalled, message: messages.stalledJobs(stalled, STALL_ATTEMPTS) },
      { kind: 'double_admission', count: doubles, message: messages.doubleAdmissions(doubles) },
      { kind: 'cancelled_inside', count: cancelledInside, message: messages.cancelledInside(cancelledInside) },
    ];
    return all.filter((notice) => notice.count > 0);
  }

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
      remote: remoteStore.summary(),
      allotments: deps.allotment.list(),
      remoteLacks: facts.listMissing(),
      upstream: facts.upstream(),
      notices: notices(),
      pullReport: persisted.pullReport,
    };
  }

  /** Ends a round on what the remote said: 'ok' is a round that went all the way through. */
  function settle(signal: Signal, error: string | null): void {
    if (signal === 'auth_required') save({ state: 'auth_required', lastError: error ?? messages.remoteKeyRefused('401') });
    else if (signal === 'offline') save({ state: 'offline', lastError: error });
    else if (signal === 'conflict') save({ state: 'idle', lastError: error });
    // While changes still wait, the last error says why; it clears once nothing waits.
    else save({ state: 'idle', lastSuccessAt: clock(), lastError: error ?? (outbox.counts().pending > 0 ? persisted.lastError : null) });
  }

  async function round(remote: Remote, withPull: boolean): Promise<SyncStatus> {
    outbox.recoverInFlight(staleMs);
    const client = createRemoteClient(remote, { timeoutMs });
    if (persisted.state === 'offline') {
      // The remote is back: what waited for it goes now rather than at its backed-off time.
      const check = await client.check();
      if (check.kind !== 'ok') {
        save({ lastError: inWords(check) });
        return status();
      }
      outbox.dueNow();
    }
    save({ state: 'syncing' });
    const pushed = await push(client);
    if (pushed.signal === 'auth_required' || pushed.signal === 'offline') {
      settle(pushed.signal, pushed.failure ? inWords(pushed.failure) : null);
      return status();
    }
    // Reachable, but a request failed on the way: said, without calling the remote offline.
    const retried = pushed.failure ? inWords(pushed.failure) : null;
    if (withPull || facts.isService()) {
      const unanswered = await learnAboutRemote(client);
      if (unanswered) {
        settle('offline', inWords(unanswered));
        return status();
      }
    }
    if (withPull) {
      const owner = deps.users.findByEmail(remote.ownerEmail);
      if (!owner) {
        settle('conflict', messages.ownerMissing(remote.ownerEmail));
        return status();
      }
      const pulled = await pull(client, owner, { db, clock, importer: deps.importer, outbox, allotmentPercent: deps.allotmentPercent });
      if (!pulled.ok) {
        settle(signalOf(pulled.failure), inWords(pulled.failure));
        return status();
      }
      save({ lastPullAt: clock(), pullReport: pulled.report });
      gateList.wake();
      await pusher.recheckUnconfirmed(client);
    }
    // A round that got through has no error but a retried request's; conflicts it met are counted in `conflicts` and listed.
    settle('ok', retried);
    return status();
  }

  /**
   * Whether the remote is this service (a hub answers GET /sync/status: is it cut off from its own
   * remote?), and if so, that it believes this counter's printed QR codes (its key registered).
   * A remote that answers 404 or 405 is the central service; one that does not answer at all is
   * returned, to be taken as out of reach.
   */
  async function learnAboutRemote(client: RemoteClient): Promise<Failure | undefined> {
    const answered = await client.syncStatus();
    if (answered.kind === 'ok') facts.learnService({ state: answered.data.state, hasRemote: answered.data.remote !== null });
    else if (answered.kind === 'http' && (answered.status === 404 || answered.status === 405)) facts.learnService(null);
    else if (answered.kind !== 'http' || answered.status >= 500) return answered;
    const { own } = deps.ticketKeys;
    if (!facts.isService() || facts.registeredKey() === own.kid) return undefined;
    const registered = await client.registerTicketKey(own);
    if (registered.kind === 'ok') facts.learnRegisteredKey(own.kid);
    return undefined;
  }

  /**
   * A round that threw: said where the operator looks, logged, and never left `syncing`. When even
   * that cannot be stored (a database that refuses writes), it is kept in memory and logged.
   */
  function failed(error: unknown): SyncStatus {
    log.error({ err: error }, 'sync round failed');
    const change = { state: persisted.state === 'syncing' ? 'idle' : persisted.state, lastError: messages.roundFailed(error instanceof Error ? error.message : String(error)) };
    try {
      save(change);
    } catch (storing) {
      keep({ ...persisted, ...change });
      log.error({ err: storing }, 'sync state could not be stored');
    }
    return status();
  }

  /** One round: push everything due, and pull (when asked or due). Concurrent calls share a round. */
  function runOnce(opts: { pull?: boolean } = {}): Promise<SyncStatus> {
    if (running) {
      // A round asked to pull (sync now) gets one of its own once this one is over.
      if (opts.pull) return running.then(() => runOnce(opts));
      again = true;
      return running;
    }
    keep(load());
    let remote: Remote | null;
    try {
      remote = remoteStore.get();
    } catch (error) {
      // A key sealed by the desktop app, read without its data key: said, never sent garbled.
      if (!(error instanceof RemoteKeyLocked)) throw error;
      save({ lastError: error.message });
      return Promise.resolve(status());
    }
    if (!remote) return Promise.resolve(status());
    if (persisted.state === 'auth_required') return Promise.resolve(status());
    const pullDue = persisted.lastPullAt === null || clock() - persisted.lastPullAt >= pullEveryMs;
    running = round(remote, opts.pull ?? pullDue)
      .catch(failed)
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          wake();
        }
      });
    return running;
  }

  function wake(): void {
    if (timer) void runOnce().catch((error: unknown) => log.error({ err: error }, 'sync round could not start'));
  }

  /** Runs by itself until stop(), telling `logTo` of failures. */
  function start(logTo: SyncLog = log): void {
    log = logTo;
    if (persisted.state === 'syncing') save({ state: 'idle' });
    gateList.start();
    stopListening = signals.onOutboxHasWork(wake);
    timer = setInterval(wake, intervalMs);
    timer.unref();
    wake();
  }

  async function stop(): Promise<void> {
    clearInterval(timer);
    timer = undefined;
    stopListening?.();
    stopListening = undefined;
    await Promise.all([running?.catch(() => undefined), gateList.stop()]);
  }

  /** The client for a request a person waits on: none without a remote, or while it is known to be out of reach. */
  function liveClient(): RemoteClient | null {
    if (persisted.state === 'offline' || persisted.state === 'auth_required') return null;
    let remote: Remote | null;
    try {
      remote = remoteStore.get();
    } catch (error) {
      if (error instanceof RemoteKeyLocked) return null;
      throw error;
    }
    return remote && createRemoteClient(remote, { timeoutMs });
  }

  /**
   * Why this instance keeps no gate list: its remote is a venue hub (a counter of a hub scans
   * through the hub, which keeps the list), or none has been pulled from yet. Read from the remote's
   * summary: the Sync screen asks it often, and the key need not be unsealed for it.
   */
  function gateListWhyNot(): string | null {
    if (!remoteStore.summary() || persisted.lastPullAt === null) return messages.gateListNoRemote;
    if (facts.isService()) return messages.gateListOff;
    if (persisted.state === 'auth_required') return persisted.lastError ?? messages.remoteKeyRefused('401');
    return null;
  }

  const gateList = createGateList(
    {
      db,
      clock,
      audit,
      whyNot: gateListWhyNot,
      // A key sealed by the desktop app, read without its data key, throws: said as the list's fault.
      client: () => createRemoteClient(remoteStore.get()!, { timeoutMs }),
      inWords,
      logError: (details, message) => log.error(details, message),
    },
    { newEveryMs: options.gateListNewEveryMs, fullEveryMs: options.gateListFullEveryMs },
  );

  /** The whole gate list read now; events are pulled first when none have been. */
  async function pullGateList() {
    if (persisted.lastPullAt === null) await runOnce({ pull: true });
    return gateList.pullNow();
  }

  const live = createLive({
    outbox,
    pusher,
    facts,
    liveClient,
    markOffline: (failure) => save({ state: 'offline', lastError: inWords(failure) }),
  });

  /** Whether a base URL and key work, without saving them. */
  async function check(baseUrl: string, apiKey: string): Promise<ConnectionCheck> {
    const outcome = await createRemoteClient({ baseUrl, apiKey, ownerEmail: '' }, { timeoutMs }).check();
    if (outcome.kind === 'ok') return { result: 'ok', detail: 'the remote accepted the key' };
    if (outcome.kind === 'http' && outcome.status === 401) return { result: 'unauthorized', detail: describeFailure(outcome) };
    if (outcome.kind === 'http') return { result: 'error', detail: describeFailure(outcome) };
    return { result: 'unreachable', detail: outcome.error };
  }

  /** A new remote or key: an auth_required pause ends, what the old remote lacked is asked again, and a round starts at once. */
  function setRemote(remote: Remote): RemoteSummary {
    const summary = remoteStore.set(remote);
    facts.forget();
    save({ state: 'idle', lastError: null, lastPullAt: null, pullReport: [] });
    wake();
    return summary;
  }

  /** setRemote on `by`'s behalf, recorded in the audit log with the key masked (as the summary shows it), never whole. */
  function setRemoteBy(by: AuditActor, remote: Remote): RemoteSummary {
    return audit.recorded(by, 'remote.changed', () => setRemote(remote), (summary) => ({ details: summary }));
  }

  return {
    runOnce,
    start,
    stop,
    wake,
    status,
    check,
    setRemote,
    setRemoteBy,
    /** A sale's seat held at the remote before payment (live.ts). */
    holdSale: (orderId: string) => live.holdSale(orderId, timeoutMs),
    /** Gate requests made at the remote first (live.ts). */
    checkInAtRemote: live.checkIn,
    lookupAtRemote: live.lookup,
    exitAtRemote: live.exit,
    /** The central's tickets at the gates (gate-list.ts). */
    gateListStatus: gateList.status,
    pullGateList,
    /** A refund given at the hub first (live.ts). */
    refundAtRemote: live.refund,
  };
}
export type SyncEngine = ReturnType<typeof createSyncEngine>;
