/**
 * Baskets ("transaksi"; docs/counter.md, Baskets): several attendees of one event sold together
 * and paid once. Each attendee is an order of the interface, so everything an order does (its
 * hold, its ticket, its replication, its refund) works as ever; the basket adds:
 *
 * - holds all or none: every line is created in one transaction; a line refused (sold out, its
 *   identity number taken, the offline allotment used) rolls the whole basket back, and the
 *   refusal names the line. Holds made together lapse together.
 * - one payment: the cash handed over covers the lines' total (one change, one rounding); a card,
 *   transfer or QRIS payment is taken for every line at once, and confirmed or rejected at once.
 */
import { and, eq, sql } from 'drizzle-orm';
import { messages } from '#shared/messages.js';
import { fromMinor } from '#shared/money.js';
import type { BasketCheckoutBody, ConfirmPaymentBody, ReasonBody } from '#shared/schemas/payment.js';
import type { CreateTransactionBody, Transaction } from '#shared/schemas/transaction.js';
import type { Db } from '../db/connection.js';
import type { GroupCommit } from '../db/group-commit.js';
import { orders, transactions } from '../db/schema.js';
import type { Actor } from './access.js';
import { AppError } from './errors.js';
import type { EventRow, EventService } from './events.js';
import type { Expiry } from './expiry.js';
import { newId } from './ids.js';
import type { OrderTransitions } from './order-transitions.js';
import type { OrderRow, OrderViews } from './order-views.js';
import type { OrderService } from './orders.js';
import type { TicketSigner } from './ticket-signing.js';
import { toIso } from './time.js';

export interface TransactionDeps {
  db: Db;
  clock: () => number;
  events: EventService;
  views: OrderViews;
  expiry: Expiry;
  groupCommit: GroupCommit;
  orders: OrderService;
  transitions: OrderTransitions;
  signer: TicketSigner;
}

/** A line's refusal, said of its line: "Peserta 2: …", at the line's fields. */
export function lineRefusal(error: AppError, index: number): AppError {
  const details = (error.details ?? []).map((d) => ({ field: `lines.${index}.${d.field}`, message: messages.basketLine(index + 1, d.message) }));
  return new AppError(error.code, messages.basketLine(index + 1, error.message), details);
}

/** The basket's state from its lines' (docs above Transaction's status). */
function statusOf(lines: readonly OrderRow[]): Transaction['status'] {
  const live = lines.filter((o) => o.status !== 'cancelled');
  if (live.length === 0) return 'cancelled';
  if (live.every((o) => o.status === 'completed')) return 'completed';
  return live.some((o) => o.status === 'verification_pending') ? 'verification_pending' : 'payment_pending';
}

export function createTransactions({ db, clock, events, views, expiry, groupCommit, orders: orderService, transitions, signer }: TransactionDeps) {
  const rowOf = (event: EventRow, transactionId: string) => {
    const row = db
      .select()
      .from(transactions)
      .where(and(eq(transactions.id, transactionId), eq(transactions.eventId, event.id)))
      .get();
    if (!row) throw new AppError('NOT_FOUND', messages.transactionNotFound);
    return row;
  };
  const linesOf = (transactionId: string) => db.select().from(orders).where(eq(orders.transactionId, transactionId)).orderBy(orders.id).all();

  function view(actor: Actor, event: EventRow, transactionId: string): Transaction {
    const row = rowOf(event, transactionId);
    const lines = linesOf(row.id);
    const money = (minor: number | null) => (minor === null ? null : fromMinor(minor));
    const details = lines.map((line) => views.detailOf(actor, event, line));
    // Every paid ticket, so that one scan admits whoever of the group is not inside yet.
    const tns = details.filter((o) => o.status === 'completed').flatMap((o) => o.participants.map((p) => p.ticketNumber));
    const groupToken = tns.length === 0 ? null : signer.signTicket({ gid: row.id, eid: event.id, tns, iat: Math.floor(row.createdAt / 1000) });
    return {
      id: row.id,
      eventId: row.eventId,
      status: statusOf(lines),
      totalAmount: fromMinor(lines.filter((o) => o.status !== 'cancelled').reduce((sum, o) => sum + o.totalAmount, 0)),
      amountTendered: money(row.amountTendered),
      change: money(row.change),
      createdBy: row.createdByName,
      attendees: lines.map((line) => ({ orderId: line.id, name: line.customerName })),
      createdAt: toIso(row.createdAt, event.timezone),
      groupToken,
      orders: details,
    };
  }

  /** Every line held, or none: the first line refused rolls the basket back and is named. */
  async function create(actor: Actor, idOrSlug: string, body: CreateTransactionBody): Promise<Transaction> {
    // The event is read in the group's transaction, as a single sale's is (orders.ts), and so is
    // the answer, so that it can be kept with the basket (db/work-outcome.ts).
    return groupCommit(() => {
      const event = orderService.eventToSellIn(actor, idOrSlug, body.eventId);
      expiry.expireDue();
      const now = clock();
      const transactionId = newId(now);
      db.insert(transactions).values({ id: transactionId, eventId: event.id, createdByUserId: actor.userId, createdByName: actor.name, createdAt: now, updatedAt: now }).run();
      body.lines.forEach((line, i) => {
        try {
          orderService.createIn(actor, event, { eventId: event.id, ...line }, transactionId);
        } catch (error) {
          throw error instanceof AppError ? lineRefusal(error, i) : error;
        }
      });
      return view(actor, event, transactionId);
    });
  }

  function get(actor: Actor, idOrSlug: string, transactionId: string): Transaction {
    const event = events.resolveFor(actor, idOrSlug, 'event:read');
    expiry.expireBeforeRead();
    return view(actor, event, transactionId);
  }

  /** One payment for every line still awaiting one. */
  async function checkout(actor: Actor, idOrSlug: string, transactionId: string, body: BasketCheckoutBody): Promise<Transaction> {
    const event = events.resolveFor(actor, idOrSlug, 'event:update');
    return groupCommit(() => {
      expiry.expireDue();
      const row = rowOf(event, transactionId);
      const payable = linesOf(row.id).filter((o) => o.status === 'payment_pending');
      if (payable.length === 0) throw new AppError('INVALID_STATE', messages.transactionNotPayable);
      const now = clock();
      const cash = transitions.payTogether(actor, payable, now, body);
      db.update(transactions).set({ ...cash, updatedAt: now }).where(eq(transactions.id, row.id)).run();
      return view(actor, event, transactionId);
    });
  }

  /** Runs `each` on the lines in `status`, together: the answer is the basket as it then stands. */
  async function eachLine(actor: Actor, idOrSlug: string, transactionId: string, status: OrderRow['status'][], refusal: string, each: (order: OrderRow) => Promise<unknown>) {
    const event = events.resolveFor(actor, idOrSlug, 'event:update');
    const lines = linesOf(rowOf(event, transactionId).id).filter((order) => status.includes(order.status));
    if (lines.length === 0) throw new AppError('INVALID_STATE', refusal);
    await Promise.all(lines.map(each));
    return view(actor, event, transactionId);
  }

  const confirm = (actor: Actor, idOrSlug: string, transactionId: string, body: ConfirmPaymentBody) =>
    eachLine(actor, idOrSlug, transactionId, ['verification_pending'], messages.orderNotAwaitingVerification, (order) =>
      transitions.confirmPayment(actor, idOrSlug, order.id, { reference: body?.reference }),
    );

  const reject = (actor: Actor, idOrSlug: string, transactionId: string, body: ReasonBody) =>
    eachLine(actor, idOrSlug, transactionId, ['verification_pending'], messages.orderNotAwaitingVerification, (order) =>
      transitions.rejectPayment(actor, idOrSlug, order.id, { reason: body?.reason }),
    );

  const cancel = (actor: Actor, idOrSlug: string, transactionId: string, body: ReasonBody) =>
    eachLine(actor, idOrSlug, transactionId, ['payment_pending', 'verification_pending'], messages.orderNotCancellable, (order) =>
      transitions.cancel(actor, idOrSlug, order.id, { reason: body?.reason }),
    );

  /** Counts a print of the basket's receipt (after `get` checked the caller may read it); how many there were, this one too. */
  function recordReceiptPrint(transactionId: string): number {
    const row = db
      .update(transactions)
      .set({ receiptPrints: sql`${transactions.receiptPrints} + 1` })
      .where(eq(transactions.id, transactionId))
      .returning({ prints: transactions.receiptPrints })
      .get();
    return row?.prints ?? 0;
  }

  return { create, get, checkout, confirm, reject, cancel, recordReceiptPrint };
}
export type Transactions = ReturnType<typeof createTransactions>;
