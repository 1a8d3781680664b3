import { z } from 'zod';
import { Decimal, PageQuery, Price, QueryBool, SearchTerm, SortOrder, Timestamp, Ulid } from './common.js';

export const EventStatus = z.enum(['draft', 'published', 'closed', 'archived']);
/** The interface leaves feeBearer open; we decide: who pays the service fee. */
export const FeeBearer = z.enum(['organizer', 'customer']);
export type FeeBearer = z.infer<typeof FeeBearer>;

export const Event = z.object({
  id: Ulid,
  ownerId: Ulid,
  name: z.string(),
  slug: z.string(),
  description: z.string(),
  terms: z.string(),
  location: z.string(),
  mapsLink: z.string(),
  startAt: Timestamp,
  endAt: Timestamp,
  timezone: z.string().meta({ examples: ['Asia/Jakarta'] }),
  status: EventStatus,
  isPublic: z.boolean(),
  feeBearer: FeeBearer,
  eventTypeId: Ulid,
  categoryId: Ulid,
  subcategoryId: Ulid,
  isFeatured: z.boolean(),
  isTransferable: z.boolean(),
  transferDeadline: Timestamp,
  quota: z.number().int(),
  isFinished: z.boolean(),
  minPrice: Decimal,
  maxPrice: Decimal,
  /**
   * Extension: the service fee rule (see docs/decisions.md, Fees), so that a counter pulling from this service
   * charges what it charges. Optional: a remote that does not send it leaves a counter's own rule.
   */
  feeRateBp: z.number().int().min(0).max(10_000).optional().meta({ description: 'Extension: service fee, basis points of the price.' }),
  feeFlat: Price.optional().meta({ description: 'Extension: service fee, flat amount per ticket; at most Rp 100.000.000.' }),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});
export type Event = z.infer<typeof Event>;

const DateFilter = z.iso.datetime({ offset: true }).or(z.iso.date());

export const EventListQuery = PageQuery.extend({
  ownerId: z.union([z.literal('me'), Ulid]),
  scope: z.enum(['managed', 'all']).optional(),
  status: EventStatus.optional(),
  isFeatured: QueryBool.optional(),
  categoryId: Ulid.optional(),
  subcategoryId: Ulid.optional(),
  eventTypeId: Ulid.optional(),
  search: SearchTerm.optional(),
  sort: z.enum(['startAt', 'endAt', 'name', 'createdAt']).default('createdAt'),
  order: SortOrder,
  startAtFrom: DateFilter.optional(),
  startAtTo: DateFilter.optional(),
  endAtFrom: DateFilter.optional(),
  endAtTo: DateFilter.optional(),
});
export type EventListQuery = z.infer<typeof EventListQuery>;

export const EventParams = z.object({ idOrSlug: z.string().min(1).max(200) });
