import { z } from 'zod';
import { Price, Timestamp, Ulid } from './common.js';

/** The interface leaves type and status open; we decide their values. */
export const TicketType = z.enum(['regular', 'vip', 'early_bird', 'group', 'complimentary']);
export const TicketStatus = z.enum(['active', 'inactive']);

export const TicketCategory = z.object({
  id: Ulid,
  eventId: Ulid,
  name: z.string(),
  description: z.string(),
  type: z.string().meta({ examples: ['regular'] }),
  quota: z.number().int(),
  sold: z.number().int(),
  saleStartAt: Timestamp,
  saleEndAt: Timestamp,
  price: Price,
  status: z.string().meta({ examples: ['active'] }),
  isSoldOut: z.boolean(),
  /**
   * Extension: seats neither sold nor held by an unpaid order, what may still be sold. Optional: a
   * remote conforming to the interface alone does not send it.
   */
  available: z.number().int().optional().meta({ description: 'Extension: seats neither sold nor held by an unpaid order.' }),
  /** Extension: when the first hold of an unpaid order lapses, giving its seat back; null when none will. */
  holdLapsesAt: Timestamp.nullable()
    .optional()
    .meta({ description: 'Extension: when the first hold of an unpaid order (payment_pending) lapses and its seat is free again; null when no hold will lapse.' }),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});
export type TicketCategory = z.infer<typeof TicketCategory>;
