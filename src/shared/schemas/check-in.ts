/**
 * Check-in at the gate (an extension): a scanner names a ticket by its printed number, by the
 * signed token in its QR code, or by its order (one order is one ticket), looks it up and checks
 * the participant in, once.
 */
import { z } from 'zod';
import { messages } from '../messages.js';
import { asPrintedTicketNumber } from '../ticket-number.js';
import { Timestamp, visible } from './common.js';

/** The ways a gate names a ticket; a request gives exactly one of them. */
export const TICKET_IDENTIFIERS = ['ticketNumber', 'token', 'orderId'] as const;
export type TicketIdentifierField = (typeof TICKET_IDENTIFIERS)[number];

const identifierShape = {
  ticketNumber: z
    .string()
    .trim()
    .min(1)
    .max(100)
    // Typed by hand at a gate: "bs4a adxy" and "BS4AADXY" are the ticket BS4A-ADXY.
    .overwrite(asPrintedTicketNumber)
    .optional()
    .meta({ description: 'The ticket number as printed, e.g. BS4A-ADXY (case, spaces and the dash do not matter).' }),
  token: z.string().min(1).max(2000).optional().meta({ description: "The signed ticket token read from the ticket's QR code." }),
  orderId: z.string().min(1).max(100).optional().meta({ description: 'The order of the ticket (one order is one ticket).' }),
};

function exactlyOneIdentifier(value: Partial<Record<TicketIdentifierField, string>>, ctx: z.RefinementCtx): void {
  const given = TICKET_IDENTIFIERS.filter((field) => value[field] !== undefined);
  if (given.length !== 1) ctx.addIssue({ code: 'custom', path: given.length > 1 ? [given[1]!] : [], message: messages.ticketIdentifierOne });
}

export const TicketLookupQuery = z.object(identifierShape).superRefine(exactlyOneIdentifier);
export type TicketLookupQuery = z.infer<typeof TicketLookupQuery>;

/** Where and when a ticket was scanned. */
const scanShape = {
  gate: visible(z.string().trim().min(1).max(100)).optional().meta({ description: 'The gate or device checking in, e.g. "Gerbang Utara".' }),
  checkedInAt: Timestamp.optional().meta({
    description: 'When the ticket was scanned (default: now); replication sends the time of the original scan. At most a minute ahead of the service clock.',
  }),
};

export const CheckInBody = z
  .object({ ...identifierShape, ...scanShape })
  .superRefine(exactlyOneIdentifier);

/** What a replicated check-in carries besides the ticket (which the remote knows by its order): the scan's time and gate. */
export const CheckInReplay = z.object({ ...scanShape, checkedInAt: Timestamp });
export type CheckInBody = z.infer<typeof CheckInBody>;

export const CheckIn = z.object({
  checkedInAt: Timestamp.meta({ description: "In the event's time zone." }),
  gate: z.string().meta({ description: 'Empty when no gate was given.' }),
  checkedInBy: z.string().meta({ description: 'The name of the user whose credential checked the ticket in.' }),
});
export type CheckIn = z.infer<typeof CheckIn>;

/** A participant as a gate needs it: enough to recognise the person, never the whole identity number. */
export const GateParticipant = z.object({
  // Strings, not ULIDs: a ticket of the central service's gate list carries the central's ids.
  id: z.string(),
  orderId: z.string(),
  ticketNumber: z.string(),
  name: z.string(),
  ticketCategoryId: z.string(),
  ticketCategoryName: z.string(),
  status: z.string().meta({ description: "registered or checked_in; a central ticket's own status, or cancelled when the central cancelled it.", examples: ['registered', 'checked_in'] }),
  identityNumber: z.string().meta({ description: 'Masked: the first and last 4 digits only.', examples: ['3171********0001'] }),
  checkIn: CheckIn.nullable().meta({ description: 'null until the participant is checked in.' }),
});
export type GateParticipant = z.infer<typeof GateParticipant>;

export const CheckInResult = z.object({ participant: GateParticipant, checkIn: CheckIn });
export type CheckInResult = z.infer<typeof CheckInResult>;

/** A ticket scanned at an exit: it is outside, and may come in again (re-entry). */
export const ExitBody = z
  .object({
    ...identifierShape,
    gate: scanShape.gate,
    exitedAt: Timestamp.optional().meta({ description: 'When the ticket went out (default: now); a gate app sends the time of a scan it made offline. At most a minute ahead.' }),
  })
  .superRefine(exactlyOneIdentifier);
export type ExitBody = z.infer<typeof ExitBody>;

export const ExitResult = z.object({ participant: GateParticipant, exitedAt: Timestamp.meta({ description: "In the event's time zone." }) });
export type ExitResult = z.infer<typeof ExitResult>;

/** A group's QR code (a basket's), scanned once for every ticket of the group. */
export const GroupTokenQuery = z.object({ token: z.string().min(1).max(4000).meta({ description: "The signed group token read from a basket's QR code." }) });
export const GroupCheckInBody = GroupTokenQuery.extend(scanShape);
export type GroupCheckInBody = z.infer<typeof GroupCheckInBody>;

const GroupTicket = z.object({
  ticketNumber: z.string(),
  outcome: z.enum(['admitted', 'already_in', 'refused']).meta({
    description: 'admitted now; already_in (checked in before, anywhere in the venue); refused (refunded, cancelled, not found): message says why.',
  }),
  message: z.string().nullable(),
  participant: GateParticipant.nullable(),
});

export const GroupCheckIn = z.object({
  groupId: z.string(),
  admitted: z.number().int().meta({ description: 'How many came in with this scan.' }),
  tickets: z.array(GroupTicket),
});
export type GroupCheckIn = z.infer<typeof GroupCheckIn>;

/** Who of a group is in and who is not. */
export const GroupLookup = z.object({
  groupId: z.string(),
  tickets: z.array(GroupTicket.omit({ outcome: true }).extend({ inside: z.boolean() })),
});
export type GroupLookup = z.infer<typeof GroupLookup>;
