/**
 * The central service's tickets at the gate: what the gate list (sync/gate-list.ts) mirrored,
 * found by number or order, shown as a gate shows a participant, and admitted once. The venue's
 * one record of their admission is mirrored_check_ins: the central has no check-in.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { CheckIn, GateParticipant } from '#shared/schemas/check-in.js';
import type { Db } from '../db/connection.js';
import { mirroredCheckIns, mirroredOrders, mirroredTickets, users } from '../db/schema.js';
import { toIso } from './time.js';

/** Participant statuses of the central that void a ticket (the interface lists only `registered`). */
const VOID_STATUS = /cancel|refund|void|revok|invalid|batal/i;

/**
 * Why a mirrored ticket may not come in, if it may not: cancelled (its order cancelled or no longer
 * listed, or the ticket voided), or not paid (its order in any other state but completed).
 */
export function refusalOf(order: { status: string; gone: boolean }, ticketStatus: string): 'cancelled' | 'not_paid' | null {
  if (order.gone || order.status === 'cancelled' || VOID_STATUS.test(ticketStatus)) return 'cancelled';
  return order.status === 'completed' ? null : 'not_paid';
}

export const admissible = (order: { status: string; gone: boolean }, ticketStatus: string) => refusalOf(order, ticketStatus) === null;

export interface MirroredAdmission {
  ticketId: string;
  eventId: string;
  checkedInAt: number;
  gate: string;
  userId: string;
  apiKeyId: string | null;
  createdAt: number;
}

export function createMirroredTickets(db: Db) {
  const ph = sql.placeholder;
  const byKey = db
    .select({ id: mirroredTickets.id })
    .from(mirroredTickets)
    .where(and(eq(mirroredTickets.eventId, ph('eventId')), eq(mirroredTickets.lookupKey, ph('key'))))
    .prepare();
  const byOrder = db
    .select({ id: mirroredTickets.id })
    .from(mirroredTickets)
    .where(and(eq(mirroredTickets.eventId, ph('eventId')), eq(mirroredTickets.orderId, ph('orderId'))))
    .prepare();
  const row = db
    .select({ ticket: mirroredTickets, order: mirroredOrders, checkIn: mirroredCheckIns, checkedInBy: users.name })
    .from(mirroredTickets)
    .innerJoin(mirroredOrders, eq(mirroredOrders.id, mirroredTickets.orderId))
    .leftJoin(mirroredCheckIns, eq(mirroredCheckIns.ticketId, mirroredTickets.id))
    .leftJoin(users, eq(users.id, mirroredCheckIns.userId))
    .where(eq(mirroredTickets.id, ph('id')))
    .prepare();

  /** The first ticket of the event any of `keys` names (ticketLookupKey), if the list has one. */
  function findByKeys(eventId: string, keys: string[]): string | undefined {
    if (keys.length === 1) return byKey.get({ eventId, key: keys[0] })?.id;
    return db
      .select({ id: mirroredTickets.id })
      .from(mirroredTickets)
      .where(and(eq(mirroredTickets.eventId, eventId), inArray(mirroredTickets.lookupKey, keys)))
      .get()?.id;
  }

  /** The ticket as the gate sees it, and why it may not come in (null: it may); undefined when not in the list. */
  function view(id: string, timeZone: string): { participant: GateParticipant; refusal: ReturnType<typeof refusalOf> } | undefined {
    const found = row.get({ id });
    if (!found) return undefined;
    const { ticket, order, checkIn } = found;
    const refusal = refusalOf(order, ticket.status);
    const seen: CheckIn | null = checkIn && { checkedInAt: toIso(checkIn.checkedInAt, timeZone), gate: checkIn.gate, checkedInBy: found.checkedInBy ?? '' };
    return {
      refusal,
      participant: {
        id: ticket.id,
        orderId: ticket.orderId,
        ticketNumber: ticket.ticketNumber,
        name: ticket.name,
        ticketCategoryId: ticket.ticketCategoryId,
        ticketCategoryName: ticket.ticketCategoryName,
        // Shown as a ticket of this service's is: checked in once in, else the central's word, its
        // order's state when unpaid, or cancelled.
        status: checkIn ? 'checked_in' : refusal === 'cancelled' ? 'cancelled' : refusal === 'not_paid' ? order.status : ticket.status,
        identityNumber: ticket.identityNumber,
        checkIn: seen,
      },
    };
  }

  return {
    findByKeys,
    findByOrder: (eventId: string, orderId: string) => byOrder.get({ eventId, orderId })?.id,
    view,
    /** Records the first admission; the primary key refuses a second. */
    admit: (admission: MirroredAdmission) => db.insert(mirroredCheckIns).values(admission).run(),
  };
}
export type MirroredTickets = ReturnType<typeof createMirroredTickets>;
