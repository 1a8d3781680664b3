/**
 * Push: one outbox job to the remote, exactly once even when the remote ignores Idempotency-Key.
 *
 *   pending --claim (committed)--> in_flight --2xx--> done (a create maps local id -> remote id)
 *   in_flight --lost response, timeout, 5xx, 409--> unknown
 *   in_flight --refused before it was sent (no connection, 429, 401)--> pending, with backoff
 *   in_flight --checkin answered 409 ALREADY_CHECKED_IN--> done (checked in there already; noted in lastError)
 *   in_flight --checkin answered 404 NOT_FOUND (no such route) or 405--> skipped (the remote has no check-in)
 *   in_flight --other 4xx--> conflict (an operator decides: conflicts.ts)
 *   unknown --look the order up remotely--> done (adopted) | pending (resend) | conflict (a 409 that did not apply)
 *
 * A restart turns in_flight into unknown (outbox.recoverInFlight). Nothing is resent before an
 * unknown is settled by looking, so a remote that applied a request but whose answer was lost
 * never gets it twice. A check-in is looked up as the order's detail: applied when its participant
 * is checked_in there.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../db/connection.js';
import { orders, ticketCategories } from '../db/schema.js';
import type { Clock } from '../domain/clock.js';
import type { OrderRow } from '../domain/order-views.js';
import { backoffMs } from './backoff.js';
import type { Job, Outbox } from './outbox.js';
import type { Outcome, RemoteClient } from './remote-client.js';

/** What one job's attempt tells the engine about the remote. */
export type Signal = 'ok' | 'offline' | 'auth_required' | 'conflict';

/** How far the remote's clock may lag ours when matching a create by its time. */
const CLOCK_SKEW_MS = 10 * 60_000;

interface RemoteOrder {
  id: string;
  status: string;
  paymentStatus: string;
  participants?: { status?: string }[];
  customerEmail?: string;
  customerName?: string;
  ticketCategoryName?: string;
  createdAt?: string;
}

export interface PushDeps {
  db: Db;
  clock: Clock;
  outbox: Outbox;
}

export function createPusher({ db, clock, outbox }: PushDeps) {
  const orderOf = (job: Job): OrderRow => {
    const order = db.select().from(orders).where(eq(orders.id, job.orderId)).get();
    if (!order) throw new Error(`outbox job ${job.seq}: order ${job.orderId} is gone`);
    return order;
  };
  const categoryName = (order: OrderRow) =>
    db.select({ name: ticketCategories.name }).from(ticketCategories).where(eq(ticketCategories.id, order.ticketCategoryId)).get()?.name;

  function createBody(order: OrderRow) {
    return {
      eventId: order.eventId,
      ticketCategoryId: order.ticketCategoryId,
      registration: {
        name: order.customerName,
        email: order.customerEmail,
        phone: order.customerPhone,
        gender: order.customerGender,
        birthDate: order.customerBirthDate,
        identityNumber: order.identityNumber,
        formData: order.formData,
      },
    };
  }

  const ACTION_PATH: Record<Exclude<Job['kind'], 'create' | 'checkin'>, string[]> = {
    checkout: ['checkout'],
    confirm: ['payment', 'confirm'],
    reject: ['payment', 'reject'],
    cancel: ['cancel'],
  };

  function send(client: RemoteClient, job: Job, order: OrderRow): Promise<Outcome> {
    const base = ['events', order.eventId, 'admin', 'orders'];
    if (job.kind === 'create') return client.post(base, createBody(order), job.idempotencyKey);
    const remoteId = outbox.remoteIdOf(order.id);
    if (!remoteId) throw new Error(`outbox job ${job.seq}: order ${order.id} has no remote id yet`);
    // The remote issued its own participant (and ticket number) for the order: the order id is
    // the one name of the ticket both sides share.
    if (job.kind === 'checkin') {
      return client.post(['events', order.eventId, 'check-ins'], { orderId: remoteId, ...job.payload }, job.idempotencyKey);
    }
    return client.post([...base, remoteId, ...ACTION_PATH[job.kind]], job.payload ?? {}, job.idempotencyKey);
  }

  const retryLater = (job: Job, values: Partial<Job>, delayMs?: number) =>
    outbox.update(job.seq, { ...values, nextAttemptAt: clock() + (delayMs ?? backoffMs(job.attempts)) });

  function describe(outcome: Exclude<Outcome, { kind: 'ok' }>): string {
    if (outcome.kind === 'http') return `${outcome.status} ${outcome.code ?? ''} ${outcome.message}`.replace(/\s+/g, ' ').trim();
    return outcome.error;
  }

  /** Is the remote state of the order what this job would have made it? */
  function applied(job: Job, remote: RemoteOrder): boolean {
    if (job.kind === 'cancel') return remote.status === 'cancelled';
    if (job.kind === 'reject') return remote.status === 'payment_pending';
    if (job.kind === 'confirm') return remote.paymentStatus === 'paid';
    if (job.kind === 'checkin') return remote.participants?.some((p) => p.status === 'checked_in') ?? false;
    const method = (job.payload as { method?: string } | null)?.method;
    const deferred = method === 'bank_transfer' || method === 'qris';
    return remote.paymentStatus === 'paid' || (deferred && remote.status === 'verification_pending');
  }

  type Failure = Exclude<Outcome, { kind: 'ok' }>;
  type Lookup = { ok: true; remote: RemoteOrder | null } | { ok: false; failure: Failure };

  /**
   * Finds the remote order a create may have made: same customer (e-mail and name), same category,
   * made no earlier than the job (less a margin for the two clocks), and not linked to another
   * local order. This counter's look-alike creates go one at a time (outbox.due), so none of them
   * can be taken for this one. The interface shows no identity number in its order list, so a
   * remote that ignores Idempotency-Key could still be confused by the same person buying the same
   * category elsewhere within that margin; our own service replays by key and never needs this.
   */
  async function findCreated(client: RemoteClient, order: OrderRow, job: Job): Promise<Lookup> {
    const name = categoryName(order);
    const matches: RemoteOrder[] = [];
    for (let page = 1, pages = 1; page <= pages; page++) {
      const query = { search: order.customerEmail, limit: 100, page, sort: 'createdAt', order: 'asc' };
      const found = await client.get(['events', order.eventId, 'admin', 'orders'], query);
      if (found.kind !== 'ok') return { ok: false, failure: found };
      pages = found.meta?.totalPages ?? 1;
      for (const candidate of found.data as RemoteOrder[]) {
        const same =
          candidate.customerEmail?.toLowerCase() === order.customerEmail &&
          candidate.customerName === order.customerName &&
          candidate.ticketCategoryName === name &&
          Date.parse(candidate.createdAt ?? '') >= job.createdAt - CLOCK_SKEW_MS;
        if (same && !outbox.isMappedRemote(candidate.id)) matches.push(candidate);
      }
    }
    // Ours is the oldest unclaimed one; a live one before a cancelled one.
    return { ok: true, remote: matches.find((m) => m.status !== 'cancelled') ?? matches[0] ?? null };
  }

  /** The remote order a later job acts on, as the remote has it now. */
  async function lookUp(client: RemoteClient, order: OrderRow): Promise<Lookup> {
    const looked = await client.get(['events', order.eventId, 'admin', 'orders', outbox.remoteIdOf(order.id) ?? '']);
    return looked.kind === 'ok' ? { ok: true, remote: looked.data as RemoteOrder } : { ok: false, failure: looked };
  }

  /** Settles an unknown job by looking at the remote. */
  async function reconcile(client: RemoteClient, job: Job, order: OrderRow): Promise<Signal | 'resend'> {
    const looked = job.kind === 'create' ? await findCreated(client, order, job) : await lookUp(client, order);
    if (!looked.ok) return lookupFailed(job, looked.failure);
    const { remote } = looked;
    if (remote && (job.kind === 'create' || applied(job, remote))) {
      outbox.complete(job, job.kind === 'create' ? remote.id : undefined);
      return 'ok';
    }
    // Not applied. After a 409 that means the remote refused it for good (sold out, identity
    // taken by another counter, a state the remote moved on from): an operator decides.
    if (job.lastStatus === 409) {
      outbox.update(job.seq, { state: 'conflict' });
      return 'conflict';
    }
    outbox.update(job.seq, { state: 'pending', nextAttemptAt: clock() });
    return 'resend';
  }

  /** A lookup failed: the job stays unknown, to be looked up again later. */
  function lookupFailed(job: Job, failure: Failure): Signal {
    if (failure.kind === 'http' && failure.status === 401) return 'auth_required';
    retryLater(job, { lastError: describe(failure) });
    const unreachable = failure.kind !== 'http' || failure.status >= 500;
    return unreachable ? 'offline' : 'ok';
  }

  /**
   * Refusals that settle a check-in without an operator: the ticket is checked in there already
   * (at a gate of the remote, or by an earlier attempt of ours), or the remote has no check-in at
   * all (404 NOT_FOUND for an unknown route, 405): a remote that only sells still has the sale, and
   * the check-in stays a local fact. Anything else is handled like any job's refusal.
   */
  function checkInSettled(job: Job, failure: Failure): Signal | undefined {
    if (job.kind !== 'checkin' || failure.kind !== 'http') return undefined;
    const lastError = describe(failure);
    if (failure.status === 409 && failure.code === 'ALREADY_CHECKED_IN') {
      outbox.update(job.seq, { state: 'done', lastStatus: failure.status, lastError });
      return 'ok';
    }
    if (failure.status === 405 || (failure.status === 404 && failure.code === 'NOT_FOUND')) {
      outbox.update(job.seq, { state: 'skipped', lastStatus: failure.status, lastError: `the remote has no check-in: ${lastError}` });
      return 'ok';
    }
    return undefined;
  }

  /** A send failed: whether it may have been applied decides between pending and unknown. */
  function sendFailed(job: Job, failure: Failure): Signal {
    const settledCheckIn = checkInSettled(job, failure);
    if (settledCheckIn) return settledCheckIn;
    const lastError = describe(failure);
    if (failure.kind === 'not_sent') {
      retryLater(job, { state: 'pending', lastError });
      return 'offline';
    }
    if (failure.kind === 'lost') {
      retryLater(job, { state: 'unknown', lastError });
      return 'offline';
    }
    const { status } = failure;
    if (status === 401) {
      // The key is wrong, not the job: the attempt does not count.
      outbox.update(job.seq, { state: 'pending', attempts: job.attempts - 1, lastStatus: status, lastError });
      return 'auth_required';
    }
    if (status === 429) {
      retryLater(job, { state: 'pending', lastStatus: status, lastError }, failure.retryAfterMs);
      return 'ok';
    }
    if (status === 409) {
      // Perhaps our own earlier attempt, applied by a remote that ignored Idempotency-Key.
      outbox.update(job.seq, { state: 'unknown', lastStatus: status, lastError, nextAttemptAt: clock() });
      return 'ok';
    }
    if (status >= 500 || status === 408) {
      retryLater(job, { state: 'unknown', lastStatus: status, lastError }, failure.retryAfterMs);
      return 'offline';
    }
    outbox.update(job.seq, { state: 'conflict', lastStatus: status, lastError });
    return 'conflict';
  }

  /** One job: settle it if unknown, then send it if it still needs sending. */
  async function run(client: RemoteClient, job: Job): Promise<Signal> {
    const order = orderOf(job);
    if (job.state === 'unknown') {
      const settled = await reconcile(client, job, order);
      if (settled !== 'resend') return settled;
      job = outbox.get(job.seq) ?? job;
    }
    if (!outbox.claim(job)) return 'ok';
    const claimed: Job = { ...job, state: 'in_flight', attempts: job.attempts + 1 };
    const outcome = await send(client, claimed, order);
    if (outcome.kind !== 'ok') return sendFailed(claimed, outcome);
    outbox.complete(claimed, job.kind === 'create' ? (outcome.data as RemoteOrder).id : undefined);
    return 'ok';
  }

  return { run };
}
export type Pusher = ReturnType<typeof createPusher>;
