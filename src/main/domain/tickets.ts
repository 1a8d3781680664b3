import { asc, eq, sql } from 'drizzle-orm';
import type { TicketCategory } from '../../shared/schemas/ticket.js';
import { fromMinor } from '../../shared/money.js';
import type { Db } from '../db/connection.js';
import { ticketCategories } from '../db/schema.js';
import type { Actor } from './access.js';
import type { EventRow, EventService } from './events.js';
import type { Expiry } from './expiry.js';
import { toIso } from './time.js';

export type TicketCategoryRow = typeof ticketCategories.$inferSelect;

/** Seats nobody holds yet: the quota less paid tickets and unpaid orders' holds. */
export function seatsLeft(row: TicketCategoryRow): number {
  return Math.max(0, row.quota - row.sold - row.held);
}

export function toTicketDto(row: TicketCategoryRow, event: EventRow): TicketCategory {
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

  function list(actor: Actor, idOrSlug: string): TicketCategory[] {
    const event = events.resolveFor(actor, idOrSlug, 'event:read');
    expiry.expireBeforeRead();
    return ofEvent.all({ eventId: event.id }).map((row) => toTicketDto(row, event));
  }

  return { list };
}
export type TicketService = ReturnType<typeof createTicketService>;
