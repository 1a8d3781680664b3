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

/** Whether a mirrored ticket may come in: its order completed, still listed, the ticket not voided. */
export const admissible = (order: { status: string; gone: boolean }, ticketStatus: string) =>
  order.status === 'completed' && !order.gone && !VOID_STATUS.test(ticketStatus);

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

  /** The ticket as the gate sees it, and whether it may come in; undefined when not in the list. */
  function view(id: string, timeZone: string): { participant: GateParticipant; admissible: boolean } | undefined {
    const found = row.get({ id });
    if (!found) return undefined;
    const { ticket, order, checkIn } = found;
    const ok = admissible(order, ticket.status);
    const seen: CheckIn | null = checkIn && { checkedInAt: toIso(checkIn.checkedInAt, timeZone), gate: checkIn.gate, checkedInBy: found.checkedInBy ?? '' };
    return {
      admissible: ok,
      participant: {
        id: ticket.id,
        orderId: ticket.orderId,
        ticketNumber: ticket.ticketNumber,
        name: ticket.name,
        ticketCategoryId: ticket.ticketCategoryId,
        ticketCategoryName: ticket.ticketCategoryName,
        // Shown as a ticket of this service's is: checked in once in, else the central's word, or cancelled.
        status: checkIn ? 'checked_in' : ok ? ticket.status : 'cancelled',
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
