/**
 * What an operator can do with a job the remote refused (a conflict); nothing is dropped without
 * one of these decisions:
 * - retry: look it up, then send it again as a new attempt (the remote may accept it now: a seat
 *   freed, a fixed category);
 * - link: the order already exists remotely (made by hand, or found): adopt that remote order id;
 * - cancel locally: the sale is void here (an unpaid order): it is cancelled; what the remote never
 *   had is not sent, what it has gets its cancel;
 * - refund locally: the same for a paid sale (a basket's line whose NIK the remote had registered):
 *   the money goes back from this counter's shift, with a supervisor's approval as any refund;
 * - dismiss: settled by hand on the remote (say, a refund after a paid sale the remote refused).
 */
import type { RefundBody } from '#shared/schemas/cash-session.js';
import type { Conflict, ConflictResolution } from '#shared/schemas/sync.js';
import { messages } from '#shared/messages.js';
import type { Access, Actor } from '../domain/access.js';
import type { AuditLog } from '../domain/audit.js';
import { AppError } from '../domain/errors.js';
import type { EventService } from '../domain/events.js';
import type { OrderTransitions } from '../domain/order-transitions.js';
import { toIso } from '../domain/time.js';
import type { Job, Outbox } from './outbox.js';

/** A conflict the actor may act on, and its order's event. */
interface Found {
  job: Job;
  eventId: string;
}

export interface ConflictDeps {
  outbox: Outbox;
  events: EventService;
  access: Access;
  audit: AuditLog;
  transitions: OrderTransitions;
  /** Starts a round, so that a decision takes effect at once. */
  wake: () => void;
}

export function createConflicts({ outbox, events, access, audit, transitions, wake }: ConflictDeps) {

  /** The conflict and its order's event, if the actor may act on it. */
  function conflictFor(actor: Actor, seq: number): Found {
    const job = outbox.get(seq);
    const found = job?.state === 'conflict' ? outbox.conflicts().find((c) => c.seq === seq) : undefined;
    if (!job || !found) throw new AppError('NOT_FOUND', messages.conflictNotFound);
    events.resolveFor(actor, found.eventId, 'event:update');
    return { job, eventId: found.eventId };
  }

  function list(actor: Actor): Conflict[] {
    return outbox
      .conflicts()
      .filter((c) => access.permissionOn(actor, events.resolve(c.eventId)) === 'event:update')
      .map((c) => ({
        seq: c.seq,
        orderId: c.orderId,
        eventId: c.eventId,
        kind: c.kind,
        customerName: c.customerName,
        customerEmail: c.customerEmail,
        orderStatus: c.orderStatus,
        status: c.lastStatus,
        error: c.lastError,
        attempts: c.attempts,
        createdAt: toIso(c.createdAt, 'UTC'),
      }));
  }

  /** Applies the operator's decision and records it in one transaction; then the engine goes on. */
  function resolve(actor: Actor, { job, eventId }: Found, resolution: ConflictResolution, apply: () => void, remoteOrderId: string | null = null): void {
    audit.recorded(actor, 'conflict.resolved', apply, () => ({
      eventId,
      subjectId: String(job.seq),
      details: { seq: job.seq, resolution, orderId: job.orderId, remoteOrderId },
    }));
    wake();
  }

  function retry(actor: Actor, seq: number): void {
    const found = conflictFor(actor, seq);
    resolve(actor, found, 'retry', () => outbox.retryAfresh(found.job.seq));
  }

  function link(actor: Actor, seq: number, remoteOrderId: string): void {
    const found = conflictFor(actor, seq);
    if (found.job.kind !== 'create') throw new AppError('INVALID_STATE', messages.linkOnlyCreate);
    if (outbox.isMappedRemote(remoteOrderId)) throw new AppError('INVALID_STATE', messages.remoteOrderTaken);
    resolve(actor, found, 'link', () => outbox.complete(found.job, remoteOrderId), remoteOrderId);
  }

  /** A dismissed create takes the order's later jobs with it: the remote has nothing to apply them to. */
  function dismiss(actor: Actor, seq: number): void {
    const found = conflictFor(actor, seq);
    resolve(actor, found, 'dismiss', () => {
      if (found.job.kind === 'create') outbox.settleOrder(found.job.orderId, 'dismissed', messages.dismissedByOperator);
      else outbox.skip(found.job.seq, 'dismissed', messages.dismissedByOperator);
    });
  }

  /**
   * Records the decision to end the order here, after its cancel or refund was recorded (in its own
   * transaction, with its own audit entry). The remote never had a refused create, so none of the
   * order's jobs are needed; otherwise only the refused one goes, and the cancel just recorded follows it.
   */
  function endedHere(actor: Actor, found: Found, resolution: 'cancel-local' | 'refund', reason: 'cancelled_locally' | 'refunded_locally', message: string): void {
    const { job } = found;
    resolve(actor, found, resolution, () => {
      if (job.kind === 'create') outbox.settleOrder(job.orderId, reason, message);
      else outbox.skip(job.seq, reason, message);
    });
  }

  async function cancelLocally(actor: Actor, seq: number): Promise<void> {
    const found = conflictFor(actor, seq);
    await transitions.cancel(actor, found.eventId, found.job.orderId, { reason: messages.cancelledLocally });
    endedHere(actor, found, 'cancel-local', 'cancelled_locally', messages.cancelledLocally);
  }

  /** Refunded here alone: the remote refused the sale, so there is nothing of it to refund there first. */
  async function refundLocally(actor: Actor, seq: number, body: RefundBody): Promise<void> {
    const found = conflictFor(actor, seq);
    await transitions.refund(actor, found.eventId, found.job.orderId, body);
    endedHere(actor, found, 'refund', 'refunded_locally', messages.refundedLocally);
  }

  return { list, retry, link, dismiss, cancelLocally, refundLocally };
}
export type Conflicts = ReturnType<typeof createConflicts>;
