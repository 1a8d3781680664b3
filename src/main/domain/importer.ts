import { eq } from 'drizzle-orm';
import type { ImportEvent, ImportFile } from '#shared/schemas/import.js';
import { toMinor } from '#shared/money.js';
import { writeTransaction, type Db } from '../db/connection.js';
import { events, ticketCategories } from '../db/schema.js';
import type { Clock } from './clock.js';
import { fieldError } from './errors.js';
import { isTimeZone, parseInstant } from './time.js';
import type { EventRow } from './events.js';
import type { UserRow } from './users.js';

/**
 * Upserts events with their ticket categories by id (ids are kept, so a remote's export lands
 * under the remote's ids). Counts of local holds are never overwritten by an import.
 */
type EventOrigin = EventRow['origin'];

export function createImporter(db: Db, clock: Clock) {
  function upsertEvent(tx: Db, input: ImportEvent, owner: UserRow, origin: EventOrigin, now: number): void {
    if (!isTimeZone(input.timezone)) throw fieldError('timezone', `Zona waktu tidak dikenal: ${input.timezone}`);
    const prices = input.tickets.map((t) => toMinor(t.price));
    const minPrice = input.minPrice !== undefined ? toMinor(input.minPrice) : prices.length ? Math.min(...prices) : 0;
    const maxPrice = input.maxPrice !== undefined ? toMinor(input.maxPrice) : prices.length ? Math.max(...prices) : 0;
    const quota = input.quota ?? input.tickets.reduce((sum, t) => sum + t.quota, 0);
    const values = {
      id: input.id,
      ownerId: owner.id,
      organizerName: owner.name,
      name: input.name,
      slug: input.slug,
      description: input.description ?? '',
      terms: input.terms ?? '',
      location: input.location,
      mapsLink: input.mapsLink ?? '',
      bannerUrl: input.bannerUrl ?? '',
      startAt: parseInstant(input.startAt),
      endAt: parseInstant(input.endAt),
      timezone: input.timezone,
      status: input.status,
      isPublic: input.isPublic,
      feeBearer: input.feeBearer,
      feeRateBp: input.feeRateBp ?? 0,
      feeFlat: input.feeFlat ? toMinor(input.feeFlat) : 0,
      origin,
      remoteMissing: false,
      eventTypeId: input.eventTypeId,
      categoryId: input.categoryId,
      subcategoryId: input.subcategoryId,
      isFeatured: input.isFeatured,
      isTransferable: input.isTransferable,
      transferDeadline: parseInstant(input.transferDeadline ?? input.startAt),
      quota,
      minPrice,
      maxPrice,
      createdAt: input.createdAt ? parseInstant(input.createdAt) : now,
      updatedAt: input.updatedAt ? parseInstant(input.updatedAt) : now,
    };
    const { id: _id, createdAt: _created, feeRateBp, feeFlat, ...rest } = values;
    // The fee rule is an extension the interface's Event does not carry: a pull leaves it alone.
    const changes = { ...rest, ...(input.feeRateBp !== undefined && { feeRateBp }), ...(input.feeFlat !== undefined && { feeFlat }) };
    tx.insert(events).values(values).onConflictDoUpdate({ target: events.id, set: changes }).run();

    for (const ticket of input.tickets) {
      const row = {
        id: ticket.id,
        eventId: input.id,
        name: ticket.name,
        description: ticket.description ?? '',
        type: ticket.type,
        quota: ticket.quota,
        sold: ticket.sold ?? 0,
        saleStartAt: parseInstant(ticket.saleStartAt),
        saleEndAt: parseInstant(ticket.saleEndAt),
        price: toMinor(ticket.price),
        status: ticket.status,
        remoteMissing: false,
        createdAt: ticket.createdAt ? parseInstant(ticket.createdAt) : now,
        updatedAt: ticket.updatedAt ? parseInstant(ticket.updatedAt) : now,
      };
      const existing = tx.select({ eventId: ticketCategories.eventId }).from(ticketCategories).where(eq(ticketCategories.id, ticket.id)).get();
      if (existing && existing.eventId !== input.id) {
        throw fieldError('tickets.id', `Kategori tiket ${ticket.id} milik acara lain`);
      }
      const { id: _tid, createdAt: _tcreated, ...ticketChanges } = row;
      tx.insert(ticketCategories).values(row).onConflictDoUpdate({ target: ticketCategories.id, set: ticketChanges }).run();
    }
  }

  /** `origin` remote: events pulled by the sync engine, whose orders it replicates. */
  function importEvents(file: ImportFile, owner: UserRow, origin: EventOrigin = 'local'): { events: number; tickets: number } {
    const now = clock();
    writeTransaction(db, () => {
      for (const event of file.events) upsertEvent(db, event, owner, origin, now);
    });
    return { events: file.events.length, tickets: file.events.reduce((n, e) => n + e.tickets.length, 0) };
  }

  return { importEvents };
}
export type Importer = ReturnType<typeof createImporter>;
