/**
 * What a remote sends, read in a tolerant mode. These are the interface's own shapes (event.ts,
 * ticket.ts, order.ts), loosened where a remote written by others may differ without being wrong:
 * values the interface leaves open are read as text (sync/remote-read.ts keeps or maps them),
 * fields a remote leaves out get a default, extra fields are dropped, and money is read in both of
 * the interface's forms (and as a bare number). What cannot be read at all, such as a record
 * without an id or a start that is no time, fails that one record, never a whole answer.
 */
import { z } from 'zod';
import { messages } from '../messages.js';
import { MAX_PRICE_RUPIAH, atMost } from '../money.js';
import { Timestamp, Ulid } from './common.js';
import { Event } from './event.js';
import { OrderListItem, Participant } from './order.js';
import { SyncState } from './sync.js';
import { TicketCategory } from './ticket.js';

/** "75000", "75000.00", "75000.5" or 75000.5, as the decimal string the rest of the service reads. */
export const RemoteMoney = z.union([z.string(), z.number()]).transform((value, ctx) => {
  const text = typeof value === 'number' ? String(value) : value.trim();
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) {
    ctx.addIssue({ code: 'custom', message: `bukan jumlah uang: ${JSON.stringify(value)}` });
    return z.NEVER;
  }
  return match[2] === undefined ? match[1]! : `${match[1]}.${match[2].padEnd(2, '0')}`;
});

/** A remote's price or flat fee, refused beyond the largest this counter takes (docs/cash-sessions.md, Money rules). */
const RemotePrice = RemoteMoney.refine(atMost(MAX_PRICE_RUPIAH), messages.priceTooLarge);

/** Text the interface leaves open; a remote that leaves it out gets ''. */
const OpenText = z.string().default('');

export const RemoteEvent = Event.pick({ id: true, name: true, startAt: true, endAt: true, timezone: true }).extend({
  slug: z.string().min(1).optional(),
  description: OpenText,
  terms: OpenText,
  location: OpenText,
  mapsLink: OpenText,
  status: z.string(),
  isPublic: z.boolean().default(true),
  feeBearer: OpenText,
  eventTypeId: Ulid.optional(),
  categoryId: Ulid.optional(),
  subcategoryId: Ulid.optional(),
  isFeatured: z.boolean().default(false),
  isTransferable: z.boolean().default(false),
  transferDeadline: Timestamp.optional(),
  quota: z.number().int().nonnegative().optional(),
  minPrice: RemoteMoney.optional(),
  maxPrice: RemoteMoney.optional(),
  feeRateBp: Event.shape.feeRateBp,
  feeFlat: RemotePrice.optional(),
  createdAt: Timestamp.optional(),
  updatedAt: Timestamp.optional(),
});
export type RemoteEvent = z.infer<typeof RemoteEvent>;

export const RemoteTicketCategory = TicketCategory.pick({ id: true, name: true, saleStartAt: true, saleEndAt: true, available: true }).extend({
  description: OpenText,
  type: OpenText,
  status: z.string().optional(),
  quota: z.number().int().nonnegative(),
  sold: z.number().int().nonnegative().default(0),
  price: RemotePrice,
  isSoldOut: z.boolean().optional(),
  createdAt: Timestamp.optional(),
  updatedAt: Timestamp.optional(),
});
export type RemoteTicketCategory = z.infer<typeof RemoteTicketCategory>;

/** An order as the push needs to recognise it: states stay text, whatever values the remote uses. */
export const RemoteOrder = OrderListItem.pick({ id: true }).extend({
  status: z.string(),
  paymentStatus: z.string(),
  customerName: z.string().optional(),
  customerEmail: z.string().optional(),
  ticketCategoryName: z.string().optional(),
  createdAt: z.string().optional(),
  participants: z.array(Participant.pick({}).extend({ status: z.string().optional() })).default([]),
});
export type RemoteOrder = z.infer<typeof RemoteOrder>;

/**
 * An order of the admin list as the gate list reads it (sync/gate-list.ts): its state, and each
 * participant with the ticket number a gate is shown. Text the interface leaves open stays text.
 */
export const RemoteGateOrder = z.object({
  id: z.string().min(1).max(100),
  status: z.string(),
  paymentStatus: OpenText,
  updatedAt: OpenText,
  ticketCategoryName: OpenText,
  // Read one at a time (RemoteGateTicket): one participant that cannot be read is skipped alone.
  participants: z.array(z.unknown()).default([]),
});
export const RemoteGateTicket = z.object({
  id: z.string().min(1).max(100),
  ticketNumber: z.string().trim().min(1).max(100),
  name: OpenText,
  ticketCategoryId: OpenText,
  status: OpenText,
  identityNumber: OpenText,
});
export type RemoteGateOrder = z.infer<typeof RemoteGateOrder>;

/** GET /sync/status of a remote that is this service (a hub): its own state, and whether it has a remote itself. */
export const RemoteSyncStatus = z.object({
  state: SyncState.catch('idle'),
  remote: z.object({}).nullable().catch(null),
});

/** The envelope of any answer: `data`, and `meta` on lists (a remote without it has one page). */
export const RemoteEnvelope = z.object({
  data: z.unknown(),
  meta: z.object({ totalPages: z.number().int().nonnegative() }).optional(),
});

/** An error answer: the interface shows no body, so only its `message` is looked for (and our own `error.code`). */
export const RemoteErrorBody = z.object({
  message: z.string().optional(),
  error: z.object({ code: z.string().optional() }).optional(),
});
