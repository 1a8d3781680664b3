import { and, asc, count, desc, eq, gte, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Permission } from '#shared/schemas/auth.js';
import type { Event, EventListQuery } from '#shared/schemas/event.js';
import type { PageMeta } from '#shared/schemas/common.js';
import { messages } from '#shared/messages.js';
import { fromMinor } from '#shared/money.js';
import type { Db } from '../db/connection.js';
import { eitherContains } from '../db/like.js';
import { eventGrants, events } from '../db/schema.js';
import type { Access, Actor } from './access.js';
import type { Clock } from './clock.js';
import { AppError } from './errors.js';
import { pageMeta } from './paging.js';
import { parseInstant, toIso } from './time.js';

export type EventRow = typeof events.$inferSelect;

export function toEventDto(row: EventRow, now: number): Event {
  const at = (ms: number) => toIso(ms, row.timezone);
  return {
    id: row.id,
    ownerId: row.ownerId,
    name: row.name,
    slug: row.slug,
    description: row.description,
    terms: row.terms,
    location: row.location,
    mapsLink: row.mapsLink,
    startAt: at(row.startAt),
    endAt: at(row.endAt),
    timezone: row.timezone,
    status: row.status,
    isPublic: row.isPublic,
    feeBearer: row.feeBearer,
    eventTypeId: row.eventTypeId,
    categoryId: row.categoryId,
    subcategoryId: row.subcategoryId,
    isFeatured: row.isFeatured,
    isTransferable: row.isTransferable,
    transferDeadline: at(row.transferDeadline),
    quota: row.quota,
    isFinished: row.endAt <= now,
    minPrice: fromMinor(row.minPrice),
    maxPrice: fromMinor(row.maxPrice),
    feeRateBp: row.feeRateBp,
    feeFlat: fromMinor(row.feeFlat),
    createdAt: at(row.createdAt),
    updatedAt: at(row.updatedAt),
  };
}

const SORT_COLUMNS = {
  startAt: events.startAt,
  endAt: events.endAt,
  name: events.name,
  createdAt: events.createdAt,
} as const;

export function createEventService(db: Db, access: Access, clock: Clock) {
  const byIdOrSlug = db
    .select()
    .from(events)
    .where(or(eq(events.id, sql.placeholder('key')), eq(events.slug, sql.placeholder('key'))))
    .prepare();

  /** The event a path names by ULID or slug; 404 when there is none. */
  function resolve(idOrSlug: string): EventRow {
    const row = byIdOrSlug.get({ key: idOrSlug });
    if (!row) throw new AppError('EVENT_NOT_FOUND', messages.eventNotFound);
    return row;
  }

  /** Resolves the event and checks the actor's permission on it: 404 before 403. */
  function resolveFor(actor: Actor, idOrSlug: string, needed: Permission): EventRow {
    const event = resolve(idOrSlug);
    access.require(actor, event, needed);
    return event;
  }

  function ownerFilter(actor: Actor, query: EventListQuery): SQL | undefined {
    if (query.scope === 'all') {
      if (actor.role !== 'super_admin') throw new AppError('FORBIDDEN', messages.forbiddenScopeAll);
      return query.ownerId === 'me' ? undefined : eq(events.ownerId, query.ownerId);
    }
    const ownerId = query.ownerId === 'me' ? actor.userId : query.ownerId;
    if (ownerId !== actor.userId && actor.role !== 'super_admin') {
      throw new AppError('FORBIDDEN', messages.forbiddenOwner);
    }
    // "Mine" is what the user organizes plus what it was granted.
    const granted = db.select({ id: eventGrants.eventId }).from(eventGrants).where(eq(eventGrants.userId, ownerId));
    return or(eq(events.ownerId, ownerId), inArray(events.id, granted));
  }

  function list(actor: Actor, query: EventListQuery): { data: Event[]; meta: PageMeta } {
    const filters: (SQL | undefined)[] = [ownerFilter(actor, query)];
    if (query.status) filters.push(eq(events.status, query.status));
    if (query.isFeatured !== undefined) filters.push(eq(events.isFeatured, query.isFeatured));
    if (query.categoryId) filters.push(eq(events.categoryId, query.categoryId));
    if (query.subcategoryId) filters.push(eq(events.subcategoryId, query.subcategoryId));
    if (query.eventTypeId) filters.push(eq(events.eventTypeId, query.eventTypeId));
    if (query.search) {
      filters.push(eitherContains([events.name, events.location], query.search));
    }
    if (query.startAtFrom) filters.push(gte(events.startAt, parseInstant(query.startAtFrom)));
    if (query.startAtTo) filters.push(lte(events.startAt, parseInstant(query.startAtTo)));
    if (query.endAtFrom) filters.push(gte(events.endAt, parseInstant(query.endAtFrom)));
    if (query.endAtTo) filters.push(lte(events.endAt, parseInstant(query.endAtTo)));
    const where = and(...filters);

    const total = db.select({ n: count() }).from(events).where(where).get()?.n ?? 0;
    const direction = query.order === 'asc' ? asc : desc;
    const rows = db
      .select()
      .from(events)
      .where(where)
      .orderBy(direction(SORT_COLUMNS[query.sort]), direction(events.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit)
      .all();
    const now = clock();
    return { data: rows.map((row) => toEventDto(row, now)), meta: pageMeta(query, total) };
  }

  return { resolve, resolveFor, list };
}
export type EventService = ReturnType<typeof createEventService>;
