/**
 * The copy of an event's tickets a gate device keeps for when it loses the venue's network: every
 * ticket this instance knows (its own participants, those the venue's counters replicated here
 * and, at a hub, the central service's gate list), whether it may come in and whether it is
 * inside now, with the keys that sign the venue's QR codes. Names and masked identity numbers
 * only: what the gate shows for the ID check, never more.
 */
import { eq } from 'drizzle-orm';
import type { CachedTicket, GateSnapshot } from '#shared/schemas/gate-device.js';
import { maskIdentityNumber } from '#shared/identity-number.js';
import type { Db } from '../db/connection.js';
import { checkIns, mirroredCheckIns, mirroredOrders, mirroredTickets, participants, ticketCategories } from '../db/schema.js';
import type { Actor } from './access.js';
import type { Clock } from './clock.js';
import type { EventRow, EventService } from './events.js';
import { gateEventOf } from './gate-pairings.js';
import { refusalOf } from './mirrored-tickets.js';
import { REFUNDED } from './participants.js';
import type { ScanLog } from './scans.js';
import type { TicketKeys } from './ticket-keys.js';
import { toIso } from './time.js';

/**
 * How long a copy is handed out again before it is built anew. Building one holds the instance's
 * thread (630 to 950 ms for 45,000 tickets here): the venue's gates, each asking every 2 minutes,
 * share one build in this time instead of making one each.
 */
export const SNAPSHOT_REUSE_MS = 30_000;

export interface GateSnapshotDeps {
  db: Db;
  clock: Clock;
  events: EventService;
  ticketKeys: TicketKeys;
  scanLog: ScanLog;
}

export function createGateSnapshot({ db, clock, events, ticketKeys, scanLog }: GateSnapshotDeps) {
  const inside = (event: EventRow, out: Set<string>, ticketId: string, checkIn: { checkedInAt: number; gate: string } | null) =>
    checkIn && !out.has(ticketId) ? { at: toIso(checkIn.checkedInAt, event.timezone), gate: checkIn.gate } : null;

  function venueTickets(event: EventRow, out: Set<string>): CachedTicket[] {
    return db
      .select({ participant: participants, category: ticketCategories.name, checkIn: checkIns })
      .from(participants)
      .innerJoin(ticketCategories, eq(ticketCategories.id, participants.ticketCategoryId))
      .leftJoin(checkIns, eq(checkIns.participantId, participants.id))
      .where(eq(participants.eventId, event.id))
      .all()
      .map(({ participant, category, checkIn }) => ({
        number: participant.ticketNumber,
        orderId: participant.orderId,
        name: participant.name,
        category,
        identityNumber: maskIdentityNumber(participant.identityNumber),
        refusal: participant.status === REFUNDED ? 'refunded' : null,
        checkIn: inside(event, out, participant.id, checkIn),
      }));
  }

  function centralTickets(event: EventRow, out: Set<string>): CachedTicket[] {
    return db
      .select({ ticket: mirroredTickets, order: mirroredOrders, checkIn: mirroredCheckIns })
      .from(mirroredTickets)
      .innerJoin(mirroredOrders, eq(mirroredOrders.id, mirroredTickets.orderId))
      .leftJoin(mirroredCheckIns, eq(mirroredCheckIns.ticketId, mirroredTickets.id))
      .where(eq(mirroredTickets.eventId, event.id))
      .all()
      .map(({ ticket, order, checkIn }) => ({
        number: ticket.ticketNumber,
        orderId: ticket.orderId,
        name: ticket.name,
        category: ticket.ticketCategoryName,
        identityNumber: ticket.identityNumber,
        refusal: refusalOf(order, ticket.status),
        checkIn: inside(event, out, ticket.id, checkIn),
      }));
  }

  const built = new Map<string, { at: number; snapshot: GateSnapshot }>();

  /** The event's tickets as a gate checks them offline, at most SNAPSHOT_REUSE_MS old. Permission event:checkin (or update). */
  function take(actor: Actor, idOrSlug: string): GateSnapshot {
    const event = events.resolveFor(actor, idOrSlug, 'event:checkin');
    const now = clock();
    const kept = built.get(event.id);
    if (kept && now - kept.at < SNAPSHOT_REUSE_MS) return kept.snapshot;
    const snapshot = build(event, now);
    built.set(event.id, { at: now, snapshot });
    return snapshot;
  }

  function build(event: EventRow, now: number): GateSnapshot {
    const takenAt = toIso(now, event.timezone);
    const out = scanLog.outsideNow(event.id);
    const categories = db.select({ id: ticketCategories.id, name: ticketCategories.name }).from(ticketCategories).where(eq(ticketCategories.eventId, event.id)).all();
    return {
      takenAt,
      event: gateEventOf(event),
      keys: [ticketKeys.own, ...ticketKeys.registered()],
      categories,
      tickets: [...venueTickets(event, out), ...centralTickets(event, out)],
    };
  }

  return { take };
}
export type GateSnapshotService = ReturnType<typeof createGateSnapshot>;
