/**
 * What happens to an order after its creation (the states are the interface's, the moves ours; docs/api.md, Taking payment):
 *
 *   payment_pending/unpaid --checkout cash|card--------------------> completed/paid
 *   payment_pending/unpaid --checkout bank_transfer|qris-----------> verification_pending/unpaid
 *   verification_pending   --confirm------------------------------> completed/paid
 *   verification_pending   --reject-------------------------------> payment_pending (a new hold window)
 *   payment_pending | verification_pending --cancel---------------> cancelled/unpaid
 *   payment_pending past its hold window (expiry.ts) -------------> cancelled/expired
 *   completed/paid --refund, with a supervisor's approval---------> cancelled/paid, with its refund
 *   completed/paid --cancel carrying a counter's refund, by a supervisor's key--> the same (a hub)
 *
 * Anything else is 409 INVALID_STATE. Paying issues the participant and turns the held seat into a
 * sold one; cancelling gives the seat and the identity number back; a refund voids the ticket and
 * gives the sold seat back. A payment and a refund are recorded in the actor's open cash session
 * (cash-sessions.ts), which a cash one needs. Each transition is one
 * transaction, committed with whatever else is being written at that moment (group commit).
 */
import { eq, sql } from 'drizzle-orm';
import type { AuditAction, AuditDetails } from '#shared/schemas/audit.js';
import { CANCELLABLE_STATUSES, type OrderDetail } from '#shared/schemas/order.js';
import type { BasketCheckoutBody, CancelBody, CheckoutBody, ConfirmPaymentBody, ReasonBody, ReplayedRefund } from '#shared/schemas/payment.js';
import { COUNTER_SETTLED, type PaymentMethod } from '#shared/schemas/payment.js';
import type { RefundBody } from '#shared/schemas/cash-session.js';
import { messages } from '#shared/messages.js';
import { fromMinor, toMinor } from '#shared/money.js';
import { isCashAmount } from '#shared/cash.js';
import { checkIns, orders, participants, payments, refunds } from '../db/schema.js';
import type { SessionMoney } from './cash-sessions.js';
import { REFUNDED } from './participants.js';
import type { Actor } from './access.js';
import type { Approver } from './approvals.js';
import type { AtRemoteFate } from './journal.js';
import { AppError, fieldError } from './errors.js';
import type { EventRow } from './events.js';
import { newId } from './ids.js';
import type { OrderDeps } from './orders.js';
import type { OrderRow } from './order-views.js';
import { createParticipantIssuer } from './participants.js';
import { formatDateTime } from './time.js';

type OrderStatus = OrderRow['status'];

/**
 * Tries a refund at the hub before it is given here, with the cancel that would replay it: how it
 * went there (applied, or its answer lost), or undefined to decide here; throws when the hub refuses.
 */
export type RemoteFirst = (replay: CancelBody) => Promise<AtRemoteFate | undefined>;

export function createOrderTransitions({ db, clock, events, views, seats, expiry, groupCommit, journal, audit, drawer, approvals, invoices }: OrderDeps) {
  /**
   * Runs `change` on the event's order in one transaction, refusing it (409) unless the order is
   * in one of `from`, and answers with the order as it now stands.
   */
  function transition(
    actor: Actor,
    idOrSlug: string,
    orderId: string,
    from: OrderStatus[],
    refusal: string,
    change: (order: OrderRow, now: number, event: EventRow) => void,
  ): Promise<OrderDetail> {
    const event = events.resolveFor(actor, idOrSlug, 'event:update');
    return groupCommit(() => {
      expiry.expireDue();
      const order = views.find(event, orderId);
      if (!from.includes(order.status)) throw new AppError('INVALID_STATE', refusal);
      change(order, clock(), event);
      // resolveFor above required event:update: the answer shows identity numbers whole.
      return views.detailForUpdater(event, views.find(event, orderId));
    });
  }

  /** Records the transition in the audit log: called in the transition's own transaction. */
  function recordOn<A extends AuditAction>(actor: Actor, order: OrderRow, action: A, details: AuditDetails<A>): void {
    audit.record(actor, action, { eventId: order.eventId, subjectId: order.id, details });
  }

  const setOrder = (order: OrderRow, values: Partial<OrderRow>) => db.update(orders).set(values).where(eq(orders.id, order.id)).run();

  // A cash sale's checkout runs these: prepared once, as the sale's own statements are.
  const ph = sql.placeholder;
  const issueParticipant = createParticipantIssuer(db);
  const setPaid = db
    .update(orders)
    .set({ status: 'completed', paymentStatus: 'paid', expiresAt: null, updatedAt: sql`${ph('now')}` })
    .where(eq(orders.id, ph('orderId')))
    .prepare();
  const insertPayment = db
    .insert(payments)
    .values({
      id: ph('id'),
      orderId: ph('orderId'),
      method: ph('method'),
      status: ph('status'),
      amount: ph('amount'),
      amountTendered: ph('amountTendered'),
      change: ph('change'),
      reference: ph('reference'),
      rounding: ph('rounding'),
      rejectReason: null,
      createdAt: ph('createdAt'),
      paidAt: ph('paidAt'),
      updatedAt: ph('updatedAt'),
    })
    .prepare();

  /**
   * A payment replayed by a counter replicating here names the ticket it printed: that counter's
   * drawer took the money and numbered the invoice, so neither is done again here.
   */
  const takenHere = (replayedTicketNumber: string | undefined) => replayedTicketNumber === undefined;

  /**
   * Issues the ticket (`ticketNumber` when a counter replicating here printed one) and, for a
   * payment taken here, numbers the invoice; returns the ticket's number.
   */
  function markPaid(actor: Actor, order: OrderRow, now: number, ticketNumber?: string): string {
    setPaid.run({ orderId: order.id, now });
    seats.sell(order.ticketCategoryId, now);
    if (takenHere(ticketNumber)) invoices.assign(order.id, actor, now);
    return issueParticipant(order, now, ticketNumber);
  }

  /** Cash figures of one payment (sen); all null but the rounding for a method other than cash. */
  interface CashFigures {
    amountTendered: number | null;
    change: number | null;
    rounding: number;
  }
  const NOT_CASH: CashFigures = { amountTendered: null, change: null, rounding: 0 };

  /** What `tendered` (as typed) pays for `total` sen under the counter's cash rounding, or the field's refusal. */
  function cashFor(total: number, tendered: string | undefined): CashFigures {
    if (tendered === undefined) throw fieldError('amountTendered', messages.amountTenderedRequired);
    // What the customer pays in notes and coins; the orders' totals stay the interface's.
    const due = drawer.cashDue(total);
    const amountTendered = toMinor(tendered);
    if (!isCashAmount(amountTendered)) throw fieldError('amountTendered', messages.notCashAmount);
    if (amountTendered < due) throw fieldError('amountTendered', messages.amountTenderedTooLow);
    return { amountTendered, change: amountTendered - due, rounding: due - total };
  }

  /**
   * The cash figures of a payment a counter replicating here took (takenHere false): its drawer
   * counted them under its own rounding, so they are recorded as told, not checked again.
   */
  function cashAsTold(total: number, tendered: string | undefined): CashFigures {
    const amountTendered = tendered === undefined ? total : toMinor(tendered);
    return { amountTendered, change: Math.max(0, amountTendered - total), rounding: 0 };
  }

  /** Takes a payment of a payment_pending order: settled at once (cash, card) or awaiting verification. */
  function pay(actor: Actor, order: OrderRow, now: number, body: Pick<CheckoutBody, 'method' | 'reference' | 'ticketNumber'>, cash: CashFigures): void {
    const settled = COUNTER_SETTLED.includes(body.method);
    const reference = body.reference ?? null;
    insertPayment.run({
      id: newId(now),
      orderId: order.id,
      method: body.method,
      status: settled ? 'paid' : 'pending',
      amount: order.totalAmount,
      amountTendered: cash.amountTendered,
      change: cash.change,
      reference,
      rounding: cash.rounding,
      createdAt: now,
      paidAt: settled ? now : null,
      updatedAt: now,
    });
    if (settled && takenHere(body.ticketNumber)) drawer.record(actor, saleOf(order, body.method, cash.rounding, reference), now);
    // A deferred payment keeps the seat held without a time limit: the customer has paid, or
    // says so, and only the operator's confirm or reject decides.
    const issued = settled ? markPaid(actor, order, now, body.ticketNumber) : undefined;
    if (!settled) setOrder(order, { status: 'verification_pending', expiresAt: null, updatedAt: now });
    // The replay carries the ticket printed here, so that a hub issues the same one; and the
    // order's own share of the cash, never less than its total (a rounding down is this drawer's).
    const amountTendered = cash.amountTendered === null ? undefined : fromMinor(Math.max(cash.amountTendered, order.totalAmount));
    journal.record(order, 'checkout', { method: body.method, amountTendered, reference: body.reference, ticketNumber: issued });
    recordOn(actor, order, settled ? 'order.paid' : 'order.payment_pending_verification', { method: body.method, amount: fromMinor(order.totalAmount) });
  }

  function checkout(actor: Actor, idOrSlug: string, orderId: string, body: CheckoutBody): Promise<OrderDetail> {
    return transition(actor, idOrSlug, orderId, ['payment_pending'], messages.orderNotPayable, (order, now) =>
      pay(actor, order, now, body, body.method !== 'cash' ? NOT_CASH : takenHere(body.ticketNumber) ? cashFor(order.totalAmount, body.amountTendered) : cashAsTold(order.totalAmount, body.amountTendered)),
    );
  }

  /**
   * One payment for a basket's lines, all or none (its payment_pending orders, in the caller's
   * transaction): the cash handed over covers their total under the rounding. Each line's cash is
   * a whole cash amount (cashShares), its rounding the difference from its total, so that a line
   * refunded alone pays out what the drawer can hold; the last line carries the change. Answers
   * the cash handed over and the change (null for another method).
   */
  function payTogether(actor: Actor, lines: OrderRow[], now: number, body: BasketCheckoutBody): { amountTendered: number | null; change: number | null } {
    const total = lines.reduce((sum, order) => sum + order.totalAmount, 0);
    if (body.method !== 'cash') {
      for (const order of lines) pay(actor, order, now, body, NOT_CASH);
      return { amountTendered: null, change: null };
    }
    const cash = cashFor(total, body.amountTendered);
    const shares = drawer.cashShares(lines.map((order) => order.totalAmount));
    lines.forEach((order, i) => {
      const change = i === lines.length - 1 ? cash.change! : 0;
      pay(actor, order, now, body, { amountTendered: shares[i]! + change, change, rounding: shares[i]! - order.totalAmount });
    });
    return { amountTendered: cash.amountTendered, change: cash.change };
  }

  const saleOf = (order: OrderRow, method: PaymentMethod, rounding: number, reference: string | null): SessionMoney => ({
    kind: 'sale',
    method,
    orderId: order.id,
    ticketCategoryId: order.ticketCategoryId,
    amount: order.totalAmount,
    rounding,
    reference,
    reason: null,
  });

  function pendingPayment(order: OrderRow) {
    const payment = views.currentPayment(order.id);
    if (!payment || payment.status !== 'pending') throw new AppError('INVALID_STATE', messages.orderNotAwaitingVerification);
    return payment;
  }

  function confirmPayment(actor: Actor, idOrSlug: string, orderId: string, body: ConfirmPaymentBody): Promise<OrderDetail> {
    return transition(actor, idOrSlug, orderId, ['verification_pending'], messages.orderNotAwaitingVerification, (order, now) => {
      const payment = pendingPayment(order);
      db.update(payments)
        .set({ status: 'paid', paidAt: now, reference: body?.reference ?? payment.reference, updatedAt: now })
        .where(eq(payments.id, payment.id))
        .run();
      const issued = markPaid(actor, order, now, body?.ticketNumber);
      if (takenHere(body?.ticketNumber)) drawer.record(actor, saleOf(order, payment.method, 0, body?.reference ?? payment.reference), now);
      journal.record(order, 'confirm', { ...body, ticketNumber: issued });
      recordOn(actor, order, 'order.paid', { method: payment.method, amount: fromMinor(payment.amount) });
    });
  }

  function rejectPayment(actor: Actor, idOrSlug: string, orderId: string, body: ReasonBody): Promise<OrderDetail> {
    return transition(actor, idOrSlug, orderId, ['verification_pending'], messages.orderNotAwaitingVerification, (order, now) => {
      const payment = pendingPayment(order);
      db.update(payments)
        .set({ status: 'rejected', rejectReason: body?.reason ?? null, updatedAt: now })
        .where(eq(payments.id, payment.id))
        .run();
      setOrder(order, { status: 'payment_pending', expiresAt: expiry.holdUntil(now), updatedAt: now });
      journal.record(order, 'reject', { ...body });
      recordOn(actor, order, 'order.payment_rejected', { method: payment.method, reason: body?.reason ?? null });
    });
  }

  function cancel(actor: Actor, idOrSlug: string, orderId: string, body: CancelBody): Promise<OrderDetail> {
    if (body?.refund) return replayedRefund(actor, idOrSlug, orderId, body.reason!, body.refund);
    return transition(actor, idOrSlug, orderId, CANCELLABLE_STATUSES, messages.orderNotCancellable, (order, now) => {
      const reason = body?.reason ?? null;
      if (order.status === 'verification_pending') {
        const payment = pendingPayment(order);
        db.update(payments).set({ status: 'rejected', rejectReason: reason, updatedAt: now }).where(eq(payments.id, payment.id)).run();
      }
      setOrder(order, { status: 'cancelled', expiresAt: null, cancelledAt: now, cancelReason: reason, updatedAt: now });
      seats.release(order.ticketCategoryId, 1, now);
      journal.record(order, 'cancel', { ...body });
      recordOn(actor, order, 'order.cancelled', { reason });
    });
  }

  /** The refund as a hub is told it, on the cancel. */
  const replayOf = ({ reference, approver, refundedBy }: Pick<RefundMade, 'reference' | 'approver' | 'refundedBy'>): ReplayedRefund => ({
    reference,
    approvedByName: approver.name,
    approvedByEmail: approver.email,
    refundedByName: refundedBy.name,
  });

  /** Who approved and who gave a refund, as its row and the replay to a hub name them. */
  interface RefundMade {
    reason: string;
    reference: string | null;
    approver: Approver;
    refundedBy: { userId: string; name: string };
    /** False for a counter's refund replicated here: the money left that counter's drawer, not one of ours. */
    here: boolean;
    /** The refund was tried at the hub first (app/refunding.ts): applied there, or its answer lost. */
    atRemote?: AtRemoteFate;
  }

  /**
   * Gives a paid order's money back: out of the actor's open session by the payment's method (for
   * a refund given here), the ticket void at once and the seat free; the remote is sent the
   * interface's cancel, carrying the refund for a hub.
   */
  function giveBack(actor: Actor, order: OrderRow, now: number, event: EventRow, made: RefundMade): void {
    // Checked in the same transaction as the gate's check-in writes: of a refund and a scan, one wins.
    const used = db.select({ at: checkIns.checkedInAt, gate: checkIns.gate }).from(checkIns).where(eq(checkIns.orderId, order.id)).get();
    if (used) throw new AppError('ALREADY_CHECKED_IN', messages.usedTicketNotRefundable(messages.alreadyCheckedIn(formatDateTime(used.at, event.timezone), used.gate)));
    const payment = views.currentPayment(order.id)!;
    const { reason, reference, approver, refundedBy } = made;
    const sessionId = made.here ? drawer.record(actor, { ...saleOf(order, payment.method, payment.rounding, reference), kind: 'refund', reason }, now) : null;
    db.insert(refunds)
      .values({
        orderId: order.id,
        sessionId,
        method: payment.method,
        amount: payment.amount + payment.rounding,
        reason,
        reference,
        approvedByUserId: approver.userId,
        approvedByName: approver.name,
        refundedByUserId: refundedBy.userId,
        refundedByName: refundedBy.name,
        at: now,
      })
      .run();
    setOrder(order, { status: 'cancelled', cancelledAt: now, cancelReason: reason, updatedAt: now });
    db.update(participants).set({ status: REFUNDED }).where(eq(participants.orderId, order.id)).run();
    seats.unsell(order.ticketCategoryId, now);
    journal.record(order, 'cancel', { reason, refund: replayOf(made) }, made.atRemote);
    recordOn(actor, order, 'order.refunded', { method: payment.method, amount: fromMinor(payment.amount + payment.rounding), reason, approvedBy: approver.email });
  }

  /**
   * Gives a paid order's money back, approved by a supervisor whose e-mail and password are typed
   * at the counter. `first`, when given, tries the refund at the hub before it is given here (the
   * cancel the journal would replay): it answers how that went, or refuses the refund.
   */
  async function refund(actor: Actor, idOrSlug: string, orderId: string, body: RefundBody, first?: RemoteFirst): Promise<OrderDetail> {
    const event = events.resolveFor(actor, idOrSlug, 'event:update');
    const approver = await approvals.approve(actor, body.approval, { event });
    const reference = body.reference ?? null;
    if (views.find(event, orderId).status !== 'completed') throw new AppError('INVALID_STATE', messages.orderNotRefundable);
    const atRemote = await first?.({ reason: body.reason, refund: replayOf({ reference, approver, refundedBy: actor }) });
    return transition(actor, idOrSlug, orderId, ['completed'], messages.orderNotRefundable, (order, now, event) =>
      giveBack(actor, order, now, event, { reason: body.reason, reference, approver, refundedBy: actor, here: true, atRemote }),
    );
  }

  /**
   * A counter's refund replicated here as a cancel carrying it. Applied only for a caller that
   * could approve the refund itself (the replay then grants nothing the caller's key did not):
   * with a cashier's key, 409, which the counter shows as one conflict.
   */
  function replayedRefund(actor: Actor, idOrSlug: string, orderId: string, reason: string, replay: ReplayedRefund): Promise<OrderDetail> {
    const event = events.resolveFor(actor, idOrSlug, 'event:update');
    if (!approvals.vouches(actor, event)) throw new AppError('INVALID_STATE', messages.replayedRefundNeedsSupervisor);
    return transition(actor, idOrSlug, orderId, ['completed'], messages.orderNotRefundable, (order, now, event) =>
      giveBack(actor, order, now, event, {
        reason,
        reference: replay.reference,
        approver: { userId: actor.userId, name: replay.approvedByName, email: replay.approvedByEmail },
        refundedBy: { userId: actor.userId, name: replay.refundedByName },
        here: false,
      }),
    );
  }

  return { checkout, payTogether, confirmPayment, rejectPayment, cancel, refund };
}
export type OrderTransitions = ReturnType<typeof createOrderTransitions>;
