import { z } from 'zod';
import { Timestamp, Ulid } from './common.js';
import { Event } from './event.js';
import { TicketCategory } from './ticket.js';

/**
 * What `import` reads: the interface's own Event and Ticket category shapes (so that a JSON export
 * of a remote bootstraps a counter), with the fields the importer computes itself made optional,
 * plus the extensions this service adds (banner, fee rule).
 */
export const ImportTicket = TicketCategory.omit({ eventId: true, isSoldOut: true, available: true }).partial({
  sold: true,
  description: true,
  createdAt: true,
  updatedAt: true,
});

export const ImportEvent = Event.omit({ isFinished: true }).partial({
  ownerId: true,
  description: true,
  terms: true,
  mapsLink: true,
  quota: true,
  minPrice: true,
  maxPrice: true,
  createdAt: true,
  updatedAt: true,
}).extend({
  bannerUrl: z.string().optional(),
  transferDeadline: Timestamp.optional(),
  eventTypeId: Ulid,
  tickets: z.array(ImportTicket).default([]),
});

export const ImportFile = z.object({ events: z.array(ImportEvent) });
export type ImportFile = z.infer<typeof ImportFile>;
export type ImportEvent = z.infer<typeof ImportEvent>;
export type ImportTicket = z.infer<typeof ImportTicket>;
