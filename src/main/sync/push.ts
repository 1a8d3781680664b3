/**
 * Push: one outbox job to the remote, exactly once even when the remote ignores Idempotency-Key.
 *
 *   pending --claim (committed)--> in_flight --2xx--> done (a create maps local id -> remote id)
 *   in_flight --lost response, timeout, 5xx, 409--> unknown
 *   in_flight --refused before it was sent (no connection, 429, 401)--> pending, with backoff
 *   in_flight --checkin answered 409 ALREADY_CHECKED_IN--> done (checked in there already; noted in lastError)
 *   in_flight --404 or 405 on a route beyond the interface (check-in, payment confirm/reject)--> skipped
 *       (the remote lacks it: learned once, remote-facts.ts; later jobs of that kind are not sent)
 *   in_flight --other 4xx--> conflict (an operator decides: conflicts.ts)
 *   unknown --look the order up remotely--> done (adopted) | pending (resend) | conflict (a 409 that did not apply)
 *   any job of an order whose create never reached the remote (dismissed, cancelled) --> skipped
 *
 * The invariant (docs/sync.md): every job ends done, skipped or conflict. While open it is due,
 * waiting behind an open job of its own order or a look-alike create, or backing off; a fault of
 * this counter while handling it makes it a conflict with the reason, never a job left behind.
 *
 * A restart turns in_flight into unknown (outbox.recoverInFlight). Nothing is resent before an
 * unknown is settled by looking, so a remote that applied a request but whose answer was lost
 * never gets it twice. A check-in is looked up as the order's detail: applied when its participant
 * is checked_in there.
 */
import { eq } from 'drizzle-orm';
import { CheckInBody, CheckInReplay } from '#shared/schemas/check-in.js';
import { CreateOrderBody } from '#shared/schemas/order.js';
import { CancelBody, CheckoutBody, COUNTER_SETTLED, ConfirmPaymentBody, ReasonBody } from '#shared/schemas/payment.js';
import type { RemoteOrder } from '#shared/schemas/remote.js';
import type { RemoteCapability, SkipReason } from '#shared/schemas/sync.js';
import { messages } from '#shared/messages.js';
import { writeTransaction, type Db } from '../db/connection.js';
import { orders, participants, ticketCategories } from '../db/schema.js';
import type { AuditLog } from '../domain/audit.js';
import type { Clock } from '../domain/clock.js';
import type { OrderRow } from '../domain/order-views.js';
import { backoffMs } from './backoff.js';
import type { RemoteFacts } from './remote-facts.js';
import type { Job, Outbox } from './outbox.js';
import type { Failure, Outcome, RemoteClient } from './remote-client.js';

/** What one job's attempt tells the engine about the remote. */
export type Signal = 'ok' | 'offline' | 'auth_required' | 'conflict';

/** How a job's turn ended: the signal, the remote's failure if one stopped it, or a fault of this counter. */
export interface Attempt {
  signal: Signal;
  failure?: Failure;
  fault?: unknown;
}

/** How far the remote's clock may lag ours when matching a create by its time. */
const CLOCK_SKEW_MS = 10 * 60_000;
/** Confirms the remote could not take, looked up again per pull to see whether someone verified them there. */
const RECHECK_PER_PULL = 20;

/** The route beyond the interface each kind of change needs. */
const CAPABILITY: Partial<Record<Job['kind'], RemoteCapability>> = { checkin: 'checkin', confirm: 'payment_confirm', reject: 'payment_reject' };

export interface PushDeps {
  db: Db;
  clock: Clock;
  outbox: Outbox;
  facts: RemoteFacts;
  audit: AuditLog;
}

/** An answer saying the route is not there: 405, or 404 without a code naming a missing record. */
function lacksRoute(failure: Failure): boolean {
  if (failure.kind !== 'http') return false;
  return failure.status === 405 || (failure.status === 404 && (failure.code === undefined || failure.code === 'NOT_FOUND'));
}

export function describeFailure(failure: Failure): string {
  if (failure.kind === 'http') return `${failure.status} ${failure.code ?? ''} ${failure.message}`.replace(/\s+/g, ' ').trim();
  return failure.error;
}

export function createPusher({ db, clock, outbox, facts, audit }: PushDeps) {
  const orderOf = (job: Job): OrderRow | undefined => db.select().from(orders).where(eq(orders.id, job.orderId)).get();
  const categoryName = (order: OrderRow) =>
    db.select({ name: ticketCategories.name }).from(ticketCategories).where(eq(ticketCategories.id, order.ticketCategoryId)).get()?.name;

  /** The interface's create body; parsed, so that what we send and what the interface takes cannot drift apart. */
  function createBody(order: OrderRow): CreateOrderBody {
    return CreateOrderBody.parse({
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
    });
  }

  /** The printed ticket number goes only to a remote that is this service (a hub keeps it); others are not sent the extension. */
  function withTicketNumber<T extends { ticketNumber?: string }>(body: T): T {
    return facts.isService() ? body : { ...body, ticketNumber: undefined };
  }

  /** So does a refund's approval on its cancel: another remote gets the interface's cancel. */
  function withRefund(body: CancelBody): CancelBody {
    return facts.isService() || !body ? body : { reason: body.reason };
  }

  function send(client: RemoteClient, job: Job, order: OrderRow, remoteId: string): Promise<Outcome<{ id?: string }>> {
    const { eventId } = order;
    const key = job.idempotencyKey;
    switch (job.kind) {
      case 'create':
        return client.createOrder(eventId, createBody(order), key);
      case 'checkout':
        return client.checkout(eventId, remoteId, withTicketNumber(CheckoutBody.parse(job.payload)), key);
      case 'confirm': {
        const body = ConfirmPaymentBody.parse(job.payload);
        return client.confirm(eventId, remoteId, body && withTicketNumber(body), key);
      }
      case 'reject':
        return client.reject(eventId, remoteId, ReasonBody.parse(job.payload), key);
      case 'cancel':
        return client.cancel(eventId, remoteId, withRefund(CancelBody.parse(job.payload)), key);
      case 'checkin':
        // The remote issued its own participant (and ticket number): the order is the name both share.
        return client.checkIn(eventId, CheckInBody.parse({ ...job.payload, orderId: remoteId }), key);
    }
  }

  const retryLater = (job: Job, values: Partial<Job>, delayMs?: number) =>
    outbox.update(job.seq, { ...values, nextAttemptAt: clock() + (delayMs ?? backoffMs(job.attempts)) });

  const skip = (job: Job, skipReason: SkipReason, lastError: string, lastStatus: number | null = job.lastStatus) =>
    outbox.update(job.seq, { state: 'skipped', skipReason, lastError, lastStatus });

  /** Is the remote state of the order what this job would have made it? */
  function applied(job: Job, remote: RemoteOrder): boolean {
    if (job.kind === 'cancel') return remote.status === 'cancelled';
    if (job.kind === 'reject') return remote.status === 'payment_pending';
    if (job.kind === 'confirm') return remote.paymentStatus === 'paid';
    if (job.kind === 'checkin') return remote.participants.some((p) => p.status === 'checked_in');
    const method = CheckoutBody.safeParse(job.payload).data?.method;
    const deferred = method !== undefined && !COUNTER_SETTLED.includes(method);
    return remote.paymentStatus === 'paid' || (deferred && remote.status === 'verification_pending');
  }

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
      const found = await client.listOrders(order.eventId, { search: order.customerEmail, limit: 100, page, sort: 'createdAt', order: 'asc' });
      if (found.kind !== 'ok') return { ok: false, failure: found };
      pages = found.totalPages;
      for (const candidate of found.data) {
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
  async function lookUp(client: RemoteClient, order: OrderRow, remoteId: string): Promise<Lookup> {
    const looked = await client.orderDetail(order.eventId, remoteId);
    return looked.kind === 'ok' ? { ok: true, remote: looked.data } : { ok: false, failure: looked };
  }

  /** Settles an unknown job by looking at the remote. */
  async function reconcile(client: RemoteClient, job: Job, order: OrderRow, remoteId: string): Promise<Attempt | 'resend'> {
    const looked = job.kind === 'create' ? await findCreated(client, order, job) : await lookUp(client, order, remoteId);
    if (!looked.ok) return { signal: lookupFailed(job, looked.failure), failure: looked.failure };
    const { remote } = looked;
    if (remote && (job.kind === 'create' || applied(job, remote))) {
      outbox.complete(job, job.kind === 'create' ? remote.id : undefined);
      return { signal: 'ok' };
    }
    // Not applied. After a 409 that means the remote refused it for good (sold out, identity
    // taken by another counter, a state the remote moved on from): an operator decides.
    if (job.lastStatus === 409) {
      // A refund here is the interface's cancel there, which refuses a paid order: the money
      // goes back by hand at the central service, and the conflict says so.
      const refundRefused = job.kind === 'cancel' && remote?.paymentStatus === 'paid';
      outbox.update(job.seq, { state: 'conflict', ...(refundRefused && { lastError: messages.refundRefusedByRemote(job.lastError ?? '409') }) });
      return { signal: 'conflict' };
    }
    outbox.update(job.seq, { state: 'pending', nextAttemptAt: clock() });
    return 'resend';
  }

  /** A lookup failed: the job stays unknown, to be looked up again later. */
  function lookupFailed(job: Job, failure: Failure): Signal {
    if (failure.kind === 'http' && failure.status === 401) return 'auth_required';
    retryLater(job, { lastError: describeFailure(failure) });
    const unreachable = failure.kind !== 'http' || failure.status >= 500;
    return unreachable ? 'offline' : 'ok';
  }

  /**
   * Refusals that settle a job without an operator: the ticket is checked in there already (at a
   * gate of the remote, or by an earlier attempt of ours), or the remote lacks the route at all:
   * a remote that only sells still has the sale, and the change stays a fact of this counter.
   */
  function settledByRefusal(job: Job, failure: Failure): Signal | undefined {
    if (failure.kind !== 'http') return undefined;
    const lastError = describeFailure(failure);
    if (job.kind === 'checkin' && failure.status === 409 && failure.code === 'ALREADY_CHECKED_IN') {
      writeTransaction(db, () => {
        outbox.update(job.seq, { state: 'done', lastStatus: failure.status, lastError });
        reportDoubleAdmission(job, failure.message);
      });
      return 'ok';
    }
    const capability = CAPABILITY[job.kind];
    if (capability && lacksRoute(failure)) {
      facts.learnMissing(capability);
      skip(job, 'not_applicable', `${messages.remoteLacks[capability]} (${lastError})`, failure.status);
      return 'ok';
    }
    return undefined;
  }

  /**
   * A check-in made here while the remote could not be reached, which the remote had admitted
   * meanwhile: the ticket went in twice. Said in the audit log (who, where and when here, the
   * remote's words on its own admission) and counted on the Sync screen, never hidden.
   */
  function reportDoubleAdmission(job: Job, elsewhere: string): void {
    const scan = CheckInReplay.parse(job.payload);
    const ticket = db.select({ number: participants.ticketNumber, eventId: participants.eventId }).from(participants).where(eq(participants.orderId, job.orderId)).get();
    audit.record('system', 'ticket.double_admission', {
      eventId: ticket?.eventId ?? null,
      subjectId: job.orderId,
      details: { ticketNumber: ticket?.number ?? '', gate: scan.gate ?? '', checkedInAt: scan.checkedInAt, elsewhere },
    });
  }

  /** A send failed: whether it may have been applied decides between pending and unknown. */
  function sendFailed(job: Job, failure: Failure): Signal {
    const settled = settledByRefusal(job, failure);
    if (settled) return settled;
    const lastError = describeFailure(failure);
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
  async function attempt(client: RemoteClient, job: Job, order: OrderRow): Promise<Attempt> {
    const capability = CAPABILITY[job.kind];
    if (capability && facts.lacks(capability)) {
      skip(job, 'not_applicable', messages.remoteLacks[capability]);
      return { signal: 'ok' };
    }
    // Jobs wait behind their order's earlier ones (outbox.due), so a later job without a remote
    // id means the create was settled without reaching the remote: there is nothing to apply it to.
    const remoteId = job.kind === 'create' ? '' : outbox.remoteIdOf(order.id);
    if (remoteId === undefined) {
      skip(job, 'create_not_sent', messages.createNotSent);
      return { signal: 'ok' };
    }
    if (job.state === 'unknown') {
      const settled = await reconcile(client, job, order, remoteId);
      if (settled !== 'resend') return settled;
      job = outbox.get(job.seq) ?? job;
    }
    if (!outbox.claim(job)) return { signal: 'ok' };
    const claimed: Job = { ...job, state: 'in_flight', attempts: job.attempts + 1 };
    const outcome = await send(client, claimed, order, remoteId);
    if (outcome.kind !== 'ok') return { signal: sendFailed(claimed, outcome), failure: outcome };
    outbox.complete(claimed, job.kind === 'create' ? outcome.data.id : undefined);
    return { signal: 'ok' };
  }

  /** Runs one job; a fault of this counter while handling it makes it a conflict that says so. */
  async function run(client: RemoteClient, job: Job): Promise<Attempt> {
    try {
      const order = orderOf(job);
      if (!order) throw new Error(`pesanan ${job.orderId} tidak ada`);
      return await attempt(client, job, order);
    } catch (fault) {
      outbox.update(job.seq, { state: 'conflict', lastError: messages.jobFault(fault instanceof Error ? fault.message : String(fault)) });
      return { signal: 'conflict', fault };
    }
  }

  /**
   * A sale's create, sent while the cashier waits (live.ts): claimed for the whole of it, so that
   * no round takes it meanwhile, and a 409 looked up at once to tell a refusal (conflict) from an
   * earlier attempt of ours the remote applied (done). Undefined when a round has it already, or
   * when it must wait for a look-alike create ahead of it (outbox.due): a round sends it then.
   */
  async function sendCreateNow(client: RemoteClient, job: Job): Promise<Attempt | undefined> {
    const order = orderOf(job);
    if (!order || job.kind !== 'create' || outbox.waitsForLookalike(job.seq) || !outbox.claim(job)) return undefined;
    const claimed: Job = { ...job, state: 'in_flight', attempts: job.attempts + 1 };
    const outcome = await client.createOrder(order.eventId, createBody(order), claimed.idempotencyKey);
    if (outcome.kind === 'ok') {
      outbox.complete(claimed, outcome.data.id);
      return { signal: 'ok' };
    }
    if (outcome.kind !== 'http' || outcome.status !== 409) return { signal: sendFailed(claimed, outcome), failure: outcome };
    const lastError = describeFailure(outcome);
    const looked = await findCreated(client, order, claimed);
    if (looked.ok && looked.remote) {
      outbox.complete(claimed, looked.remote.id);
      return { signal: 'ok' };
    }
    if (looked.ok) {
      outbox.update(claimed.seq, { state: 'conflict', lastStatus: 409, lastError });
      return { signal: 'conflict', failure: outcome };
    }
    // Not known yet: a round looks again.
    outbox.update(claimed.seq, { state: 'unknown', lastStatus: 409, lastError, nextAttemptAt: clock() });
    return { signal: 'ok', failure: outcome };
  }

  /**
   * Confirms the remote could not take: looked up again (least recently first, a few per pull),
   * and done once the remote shows the order paid (someone verified it there by hand).
   */
  async function recheckUnconfirmed(client: RemoteClient): Promise<void> {
    for (const job of outbox.notApplied('confirm', RECHECK_PER_PULL)) {
      const order = orderOf(job);
      const remoteId = outbox.remoteIdOf(job.orderId);
      if (!order || !remoteId) continue;
      const looked = await lookUp(client, order, remoteId);
      if (!looked.ok) return;
      if (looked.remote?.paymentStatus === 'paid') outbox.update(job.seq, { state: 'done', skipReason: null, lastError: messages.verifiedOnRemote });
      else outbox.update(job.seq, {});
    }
  }

  return { run, sendCreateNow, recheckUnconfirmed };
}
export type Pusher = ReturnType<typeof createPusher>;
