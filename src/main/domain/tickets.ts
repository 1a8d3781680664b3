import { and, asc, eq, min, sql } from 'drizzle-orm';
import type { TicketCategory } from '#shared/schemas/ticket.js';
import { fromMinor } from '#shared/money.js';
import type { Db } from '../db/connection.js';
import { orders, ticketCategories } from '../db/schema.js';
import type { Actor } from './access.js';
import type { EventRow, EventService } from './events.js';
import type { Expiry } from './expiry.js';
import { toIso } from './time.js';

export type TicketCategoryRow = typeof ticketCategories.$inferSelect;

/** Seats nobody holds yet: the quota less paid tickets and unpaid orders' holds. */
export function seatsLeft(row: TicketCategoryRow): number {
  return Math.max(0, row.quota - row.sold - row.held);
}

export function toTicketDto(row: TicketCategoryRow, event: EventRow, holdLapsesAt: number | null = null): TicketCategory {
  const at = (ms: number) => toIso(ms, event.timezone);
  return {
    id: row.id,
    eventId: row.eventId,
    name: row.name,
    description: row.description,
    type: row.type,
    quota: row.quota,
    sold: row.sold,
    saleStartAt: at(row.saleStartAt),
    saleEndAt: at(row.saleEndAt),
    price: fromMinor(row.price),
    status: row.status,
    isSoldOut: seatsLeft(row) === 0,
    available: seatsLeft(row),
    holdLapsesAt: holdLapsesAt === null ? null : at(holdLapsesAt),
    createdAt: at(row.createdAt),
    updatedAt: at(row.updatedAt),
  };
}

export function createTicketService(db: Db, events: EventService, expiry: Expiry) {
  const ofEvent = db
    .select()
    .from(ticketCategories)
    .where(eq(ticketCategories.eventId, sql.placeholder('eventId')))
    .orderBy(asc(ticketCategories.price), asc(ticketCategories.id))
    .prepare();
  // Only payment_pending orders lapse; a transfer awaiting verification holds its seat until decided.
  const firstLapses = db
    .select({ ticketCategoryId: orders.ticketCategoryId, at: min(orders.expiresAt) })
    .from(orders)
    .where(and(eq(orders.eventId, sql.placeholder('eventId')), eq(orders.status, 'payment_pending')))
    .groupBy(orders.ticketCategoryId)
    .prepare();

  function list(actor: Actor, idOrSlug: string): TicketCategory[] {
    const event = events.resolveFor(actor, idOrSlug, 'event:read');
    expiry.expireBeforeRead();
    const lapses = new Map(firstLapses.all({ eventId: event.id }).map((hold) => [hold.ticketCategoryId, hold.at]));
    return ofEvent.all({ eventId: event.id }).map((row) => toTicketDto(row, event, lapses.get(row.id) ?? null));
  }

  return { list };
}
export type TicketService = ReturnType<typeof createTicketService>;
