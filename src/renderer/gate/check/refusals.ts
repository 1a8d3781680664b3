/**
 * A refusal as the steward reads it: red where the ticket may not come in (in the service's own
 * words where it has them), amber ("Tanya supervisor") where someone must look: an unpaid order, a
 * hub that did not answer, anything unexpected.
 */
import { messages } from '#shared/messages.js';
import { asPrintedTicketNumber, ticketLookupKey } from '#shared/ticket-number.js';
import { GroupClaims, TicketClaims, unverifiedClaims } from '#shared/ticket-token.js';
import type { Refusal } from '../api';
import { ticketCopy } from '../offline/ticket-copy';
import { texts } from '../texts';
import type { Scanned } from './classify';
import { askSupervisor, refused, type Verdict } from './verdict';

/** A token that is not genuine for this event: of another event (by what it says), else forged or altered. */
export function notGenuine(token: string, eventId: string): string {
  const claims = unverifiedClaims(TicketClaims, token) ?? unverifiedClaims(GroupClaims, token);
  return claims && claims.eid !== eventId ? texts.otherEvent : texts.forged;
}

/**
 * The ticket the instance refused (it found it), as the scan and the offline copy know it: its
 * number, and its holder where the copy has them. Two refusals in a row then say whose they are.
 * The refusal itself names no one (a 409 carries no participant), and no request is added for it.
 */
function named(scanned: Scanned): string[] {
  const number = scanned.kind === 'number' ? scanned.ticketNumber : scanned.kind === 'token' ? unverifiedClaims(TicketClaims, scanned.token)?.tn : undefined;
  if (!number) return [];
  const held = ticketCopy.get()?.tickets.get(ticketLookupKey(number));
  return [texts.ticketNamed(held?.number ?? asPrintedTicketNumber(number), held?.name)];
}

export function refusalVerdict({ code, message }: Refusal, scanned: Scanned, eventId: string): Verdict {
  switch (code) {
    case 'ALREADY_CHECKED_IN':
      // The service's sentence names the day, the time and the gate: too long to read at a glance in large type.
      return refused(texts.alreadyInOnline, false, [message, ...named(scanned)]);
    case 'TICKET_NOT_FOUND':
      return refused(texts.unknownTicket, false);
    case 'INVALID_STATE':
      return message === messages.ticketNotPaid ? askSupervisor(message, false, named(scanned)) : refused(message, false, named(scanned));
    case 'VALIDATION_FAILED':
      // The one field a scan sends that can be refused is its token: forged, altered or another event's.
      return scanned.kind === 'number' ? askSupervisor(message, false) : refused(notGenuine(scanned.token, eventId), false);
    default:
      return askSupervisor(message, false);
  }
}
