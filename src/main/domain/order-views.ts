/**
 * How stored orders are shown: the spec's order forms (creation, list, detail), their
 * participants and the payment, in the event's time zone. Shared by every order operation, so a
 * checkout answers with exactly what a detail read would.
 *
 * Identity numbers, decided here and nowhere else: an order list shows every participant's NIK
 * masked ("3171********0001", as the gate does); a detail shows it whole only to a caller with
 * event:update on the event (who sells, and checks the number against the card), masked otherwise.
 */
import { and, desc, eq, ne, sql } from 'drizzle-orm';
import type { OrderDetail, Participant } from '#shared/schemas/order.js';
import type { Payment } from '#shared/schemas/payment.js';
import type { Refund } from '#shared/schemas/cash-session.js';
import { pathOf } from '#shared/contract/endpoint.js';
import { getTicketQr } from '#shared/contract/tickets.js';
import { maskIdentityNumber } from '#shared/identity-number.js';
import { messages } from '#shared/messages.js';
import { fromMinor, fromMinorSigned } from '#shared/money.js';
import type { Db } from '../db/connection.js';
import { amongIds, idsParam } from '../db/id-list.js';
import { invoices, orderItems, orders, participants, payments, refunds } from '../db/schema.js';
import type { Access, Actor } from './access.js';
import { AppError } from './errors.js';
import type { EventRow } from './events.js';
import { toIso } from './time.js';

export type OrderRow = typeof orders.$inferSelect;
export type ParticipantRow = typeof participants.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;

/** Where a participant's QR image is served; the HTTP layer knows its own address. */
export interface Links {
  participantQr(participant: ParticipantRow): string;
}

/** The links of a counter reached at the base URL (it is known once the listener has its port). */
export function linksAt(baseUrl: () => string): Links {
  return {
    participantQr: (p) => baseUrl() + pathOf(getTicketQr.path, { idOrSlug: p.eventId, orderId: p.orderId, participantId: p.id }),
  };
}

/**
 * The fields every form of an order shares, in a fresh object. Answers add theirs to it with
 * Object.assign, never as `{ ...orderBase(), more }`: on Node 20's V8 an object literal that
 * begins with a spread and goes on keeps all it points to alive through young-generation
 * collections, until a full one. A list's orders were all moved to the old generation, which
 * made every collection longer and brought full ones, paid for by whichever request was running.
 */
export function orderBase(row: OrderRow, event: EventRow) {
  const at = (ms: number) => toIso(ms, event.timezone);
  return {
    id: row.id,
    buyerUserId: row.buyerUserId,
    eventId: row.eventId,
    eventName: event.name,
    status: row.status,
    paymentStatus: row.paymentStatus,
    totalAmount: fromMinor(row.totalAmount),
    createdAt: at(row.createdAt),
    updatedAt: at(row.updatedAt),
  };
}

export function eventSummary(event: EventRow) {
  return {
    eventLocation: event.location,
    eventMapsLink: event.mapsLink,
    eventStartAt: toIso(event.startAt, event.timezone),
    eventEndAt: toIso(event.endAt, event.timezone),
    organizerName: event.organizerName,
  };
}

const money = (minor: number | null) => (minor === null ? null : fromMinor(minor));

export function toPaymentDto(row: PaymentRow, event: EventRow): Payment {
  return {
    method: row.method,
    status: row.status === 'paid' ? 'paid' : 'pending',
    amount: fromMinor(row.amount),
    amountTendered: money(row.amountTendered),
    change: money(row.change),
    reference: row.reference,
    rounding: row.method === 'cash' ? fromMinorSigned(row.rounding) : null,
    createdAt: toIso(row.createdAt, event.timezone),
    paidAt: row.paidAt === null ? null : toIso(row.paidAt, event.timezone),
  };
}

/** Whether a participant's identity number is shown whole or masked. */
type IdentityView = 'full' | 'masked';

export function createOrderViews(db: Db, links: Links, access: Access) {
  function toParticipantDto(row: ParticipantRow, event: EventRow, identity: IdentityView): Participant {
    return {
      id: row.id,
      orderId: row.orderId,
      eventId: row.eventId,
      ticketCategoryId: row.ticketCategoryId,
      userId: row.userId,
      ticketNumber: row.ticketNumber,
      qrCode: links.participantQr(row),
      status: row.status,
      identityNumber: identity === 'full' ? row.identityNumber : maskIdentityNumber(row.identityNumber),
      name: row.name,
      email: row.email,
      phone: row.phone,
      gender: row.gender,
      birthDate: row.birthDate,
      formData: row.formData,
      createdAt: toIso(row.createdAt, event.timezone),
    };
  }

  // Every checkout, transition and detail read runs these: prepared once, as the sale's are.
  const ph = sql.placeholder;
  const participantsOfOrders = db.select().from(participants).where(amongIds(participants.orderId)).prepare();
  const orderOfEvent = db
    .select()
    .from(orders)
    .where(and(eq(orders.id, ph('orderId')), eq(orders.eventId, ph('eventId'))))
    .prepare();
  const paymentInForce = db
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, ph('orderId')), ne(payments.status, 'rejected')))
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(1)
    .prepare();
  const refundOfOrder = db.select().from(refunds).where(eq(refunds.orderId, ph('orderId'))).prepare();
  const itemsOfOrder = db.select().from(orderItems).where(eq(orderItems.orderId, ph('orderId'))).prepare();
  const invoiceNumberOf = db.select({ number: invoices.number }).from(invoices).where(eq(invoices.orderId, ph('orderId'))).prepare();

  function participantsOf(orderIds: string[], event: EventRow, identity: IdentityView): Map<string, Participant[]> {
    const byOrder = new Map<string, Participant[]>();
    if (orderIds.length === 0) return byOrder;
    const rows = participantsOfOrders.all(idsParam(orderIds));
    for (const row of rows) {
      const list = byOrder.get(row.orderId) ?? [];
      list.push(toParticipantDto(row, event, identity));
      byOrder.set(row.orderId, list);
    }
    return byOrder;
  }

  /** The order of this event, or 404: an order of another event is not found here either. */
  function find(event: EventRow, orderId: string): OrderRow {
    const row = orderOfEvent.get({ orderId, eventId: event.id });
    if (!row) throw new AppError('ORDER_NOT_FOUND', messages.orderNotFound);
    return row;
  }

  /** The payment in force: the latest one an operator has not rejected. */
  function currentPayment(orderId: string): PaymentRow | undefined {
    return paymentInForce.get({ orderId });
  }

  function refundOf(orderId: string, event: EventRow): Refund | null {
    const row = refundOfOrder.get({ orderId });
    if (!row) return null;
    return {
      method: row.method,
      amount: fromMinor(row.amount),
      reason: row.reason,
      reference: row.reference,
      approvedBy: row.approvedByName,
      refundedBy: row.refundedByName,
      refundedAt: toIso(row.at, event.timezone),
    };
  }

  /** The participants of listed orders: identity numbers masked, whoever lists them (the rule above). */
  const listedParticipantsOf = (orderIds: string[], event: EventRow) => participantsOf(orderIds, event, 'masked');

  /** The detail form, as `actor` may see it (the identity number rule above). */
  const detailOf = (actor: Actor, event: EventRow, row: OrderRow): OrderDetail =>
    detailShowing(access.allows(actor, event, 'event:update') ? 'full' : 'masked', event, row);

  /** The detail form for a caller already found to hold event:update (a transition's answer): whole. */
  const detailForUpdater = (event: EventRow, row: OrderRow): OrderDetail => detailShowing('full', event, row);

  function detailShowing(identity: IdentityView, event: EventRow, row: OrderRow): OrderDetail {
    const items = itemsOfOrder.all({ orderId: row.id });
    const payment = currentPayment(row.id);
    // Object.assign, not a spread: see orderBase.
    return Object.assign(orderBase(row, event), eventSummary(event), {
      eventBanner: event.bannerUrl,
      subtotal: fromMinor(row.subtotal),
      feeTotal: fromMinor(row.feeTotal),
      grandTotal: fromMinor(row.totalAmount),
      items: items.map((item) => ({
        id: item.id,
        orderId: item.orderId,
        ticketCategoryId: item.ticketCategoryId,
        name: item.name,
        quantity: item.quantity,
        unitPrice: fromMinor(item.unitPrice),
        subtotal: fromMinor(item.subtotal),
        createdAt: toIso(item.createdAt, event.timezone),
      })),
      participants: participantsOf([row.id], event, identity).get(row.id) ?? [],
      payment: payment ? toPaymentDto(payment, event) : null,
      refund: refundOf(row.id, event),
      invoiceNumber: invoiceNumberOf.get({ orderId: row.id })?.number ?? null,
      transactionId: row.transactionId,
    });
  }

  return { listedParticipantsOf, find, currentPayment, detailOf, detailForUpdater };
}
export type OrderViews = ReturnType<typeof createOrderViews>;
