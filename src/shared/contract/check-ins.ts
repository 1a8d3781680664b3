/** Check-in at the gate: look a ticket up, check its participant in once. */
import { CheckInBody, CheckInResult, ExitBody, ExitResult, GateParticipant, GroupCheckIn, GroupCheckInBody, GroupLookup, GroupTokenQuery, TicketLookupQuery } from '../schemas/check-in.js';
import { envelope } from '../schemas/common.js';
import { GateCounts, GateCountsQuery, GateSettings } from '../schemas/scan.js';
import { EventParams } from '../schemas/event.js';
import { AUTH_ERRORS, BODY_ERRORS, endpoint } from './endpoint.js';

const NAMING =
  "The ticket is named by exactly one of ticketNumber (as printed), token (the signed token in its QR code, verified with this counter's key: a forged, altered or other event's token is 400 on token) or orderId (one order is one ticket); none or two is 400. An unknown ticket, or an order that is unpaid or cancelled, is 404 TICKET_NOT_FOUND.";
const ACCESS = 'Permission event:checkin (gate staff: nothing else) or event:update.';
const gate = { tags: ['check-in'], access: 'user', extension: true, gateDevice: true, params: EventParams } as const;

export const lookUpTicket = endpoint({
  ...gate,
  method: 'GET',
  path: '/events/:idOrSlug/check-ins/lookup',
  summary: 'Look up a ticket at the gate',
  description: `The participant as a gate needs it: name, ticket, category, status (registered or checked_in), the identity number masked to its first and last 4 digits, and checkIn (when, at which gate, by whom; null before). ${NAMING} ${ACCESS}`,
  query: TicketLookupQuery,
  status: 200,
  response: envelope(GateParticipant),
  errors: ['VALIDATION_FAILED', 'FORBIDDEN', 'EVENT_NOT_FOUND', 'TICKET_NOT_FOUND', ...AUTH_ERRORS],
});

export const checkIn = endpoint({
  ...gate,
  method: 'POST',
  path: '/events/:idOrSlug/check-ins',
  summary: 'Check a participant in at the gate',
  description: `Checks the ticket's participant in, once: its status becomes checked_in. gate (the gate or device) and checkedInAt (default now, at most a minute ahead; replication keeps the time of the original scan) are optional. A second check-in of the same ticket is 409 ALREADY_CHECKED_IN, saying when and where it was checked in. For an event pulled from a remote that has check-in (a venue hub), the ticket is checked in there first while it can be reached: a ticket admitted anywhere in the venue is 409, one another counter sold is found by its number or QR code, and 503 REMOTE_UNAVAILABLE asks to scan again when the hub's answer was lost for a ticket only it knows. Works offline; the check-in is then replicated there by order id. Send Idempotency-Key to make retries safe. ${NAMING} ${ACCESS}`,
  body: CheckInBody,
  status: 201,
  response: envelope(CheckInResult),
  errors: ['FORBIDDEN', 'EVENT_NOT_FOUND', 'TICKET_NOT_FOUND', 'ALREADY_CHECKED_IN', 'INVALID_STATE', 'IDEMPOTENCY_KEY_REUSED', 'REMOTE_UNAVAILABLE', ...BODY_ERRORS, ...AUTH_ERRORS],
});

export const exitTicket = endpoint({
  ...gate,
  method: 'POST',
  path: '/events/:idOrSlug/check-ins/exit',
  summary: 'Scan a ticket out at an exit: it may come in again',
  description: `Only where the event allows re-entry (PUT …/gate-settings); otherwise, and for a ticket that is not inside, 409 INVALID_STATE. The ticket is outside until its next check-in, which is then admitted again. Every exit scan, refused or not, is in the scan log. At a counter whose remote is a venue hub the exit is made at the hub (503 REMOTE_UNAVAILABLE when it cannot be reached). ${NAMING} ${ACCESS}`,
  body: ExitBody,
  status: 201,
  response: envelope(ExitResult),
  errors: ['FORBIDDEN', 'EVENT_NOT_FOUND', 'TICKET_NOT_FOUND', 'INVALID_STATE', 'IDEMPOTENCY_KEY_REUSED', 'REMOTE_UNAVAILABLE', ...BODY_ERRORS, ...AUTH_ERRORS],
});

export const gateCounts = endpoint({
  ...gate,
  method: 'GET',
  path: '/events/:idOrSlug/gate-counts',
  summary: 'Counts of the gates: inside now, admitted, refused and exited per gate, category and quarter hour',
  description: `Read from this instance's scan log (at a venue, the hub's is the venue's). gate narrows every count to one gate but insideNow, which is the event's. ${ACCESS}`,
  query: GateCountsQuery,
  status: 200,
  response: envelope(GateCounts),
  errors: ['VALIDATION_FAILED', 'FORBIDDEN', 'EVENT_NOT_FOUND', ...AUTH_ERRORS],
});

export const setGateSettings = endpoint({
  ...gate,
  gateDevice: false,
  method: 'PUT',
  path: '/events/:idOrSlug/gate-settings',
  summary: "Set the event's gate settings: whether re-entry is allowed",
  description: 'Permission event:update. The setting is this instance\'s: set it on the hub, where the gates scan.',
  body: GateSettings,
  status: 200,
  response: envelope(GateSettings),
  errors: ['FORBIDDEN', 'EVENT_NOT_FOUND', ...BODY_ERRORS, ...AUTH_ERRORS],
});

const GROUP =
  "token is a basket's group token (its QR code: every ticket of the basket by number, signed like a ticket by the counter that sold it; a forged, altered or other event's token is 400 on token). Each ticket is handled as a single scan of its number would be, at the hub first where there is one.";

export const lookUpGroup = endpoint({
  ...gate,
  method: 'GET',
  path: '/events/:idOrSlug/check-ins/group',
  summary: "Look up a group at the gate: who of a basket's QR code is inside and who is not",
  description: `${GROUP} ${ACCESS}`,
  query: GroupTokenQuery,
  status: 200,
  response: envelope(GroupLookup),
  errors: ['VALIDATION_FAILED', 'FORBIDDEN', 'EVENT_NOT_FOUND', ...AUTH_ERRORS],
});

export const checkInGroup = endpoint({
  ...gate,
  method: 'POST',
  path: '/events/:idOrSlug/check-ins/group',
  summary: "Admit a group in one scan: every ticket of a basket's QR code not yet inside is checked in",
  description: `${GROUP} The answer lists each ticket: admitted now, already_in (it was checked in before: the group is not refused for it), or refused (refunded, cancelled, not found) with why. Scanning again admits no one twice. Works offline; each check-in replicates as a single one. ${ACCESS}`,
  body: GroupCheckInBody,
  status: 201,
  response: envelope(GroupCheckIn),
  errors: ['FORBIDDEN', 'EVENT_NOT_FOUND', 'IDEMPOTENCY_KEY_REUSED', 'REMOTE_UNAVAILABLE', ...BODY_ERRORS, ...AUTH_ERRORS],
});
