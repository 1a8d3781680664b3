/**
 * The gate list (an extension): every ticket the central service sold for the pulled events, read
 * from its admin order list, so that the venue's gates admit them once, online or not.
 */
import { z } from 'zod';
import { Timestamp } from './common.js';

export const GateListEvent = z.object({
  eventId: z.string(),
  eventName: z.string(),
  ready: z.number().int().meta({ description: 'Tickets of the central service admissible at the gates now.' }),
  refused: z.number().int().meta({ description: 'Tickets refused at the gates: cancelled at the central, gone from its list, or not paid there.' }),
  lastNewAt: Timestamp.nullable().meta({ description: 'When the newest orders were last read.' }),
  lastFullAt: Timestamp.nullable().meta({ description: 'When the last full pass over every order started: a cancel older than this is known.' }),
  fullPassPage: z.number().int().nullable().meta({ description: 'The next page of a full pass under way (resumed after a failure), or null.' }),
  retryAt: Timestamp.nullable().meta({ description: 'Backing off after a 429 or 5xx until then.' }),
  lastError: z.string().nullable(),
  skipped: z.number().int().meta({ description: 'Orders or tickets of the last pages read that could not be read or clash with another ticket number.' }),
});
export type GateListEvent = z.infer<typeof GateListEvent>;

/** A ticket the central cancelled after it was admitted here: reported once, who, when, which gate. */
export const CancelledInside = z.object({
  eventId: z.string(),
  ticketNumber: z.string(),
  name: z.string(),
  checkedInAt: Timestamp,
  gate: z.string(),
  checkedInBy: z.string(),
  reportedAt: Timestamp,
});
export type CancelledInside = z.infer<typeof CancelledInside>;

export const GateListStatus = z.object({
  active: z.boolean().meta({ description: 'Whether this instance keeps a gate list: its remote is the central service (not a venue hub).' }),
  why: z.string().nullable().meta({ description: 'Why not, when it does not.' }),
  fault: z.string().nullable().meta({ description: 'Why the last refresh stopped at this service (not at the central), if it did.' }),
  events: z.array(GateListEvent),
  cancelledInside: z.array(CancelledInside),
});
export type GateListStatus = z.infer<typeof GateListStatus>;
