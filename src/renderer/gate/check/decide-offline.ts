/**
 * A scan decided on this device while the instance cannot be reached, from the copy of the
 * event's tickets and this device's own moves since: a QR code believed by its signature (the
 * copy's keys), its ticket looked up by number, then let in or out once, and written to the journal
 * for the instance to record when it is back. A signed ticket the copy does not hold yet (sold
 * after it was taken) is let in by its signature.
 */
import type { CachedTicket } from '#shared/schemas/gate-device.js';
import { ticketLookupKey, ticketNumbersIn } from '#shared/ticket-number.js';
import { InvalidTicketToken, isSignedToken, verifyGroupToken, verifyTicketToken, type TicketClaims } from '#shared/ticket-token.js';
import type { Device } from '../device';
import { newId } from '../ids';
import { addToJournal } from '../offline/journal';
import { lastMove, recordMove } from '../offline/moves';
import { ticketCopy, type TicketCopy } from '../offline/ticket-copy';
import { texts } from '../texts';
import { clock, nowWithOffset } from '../time';
import type { Scanned } from './classify';
import type { Mode } from './mode';
import { notGenuine } from './refusals';
import { admitted, askSupervisor, exited, groupVerdict, refused, type Member, type Person, type Verdict } from './verdict';

/** A ticket as the offline decision needs it. */
interface Known {
  number: string;
  person: Person;
  refusal: CachedTicket['refusal'];
  /** Inside since, as the copy says. */
  checkIn: CachedTicket['checkIn'];
}

/** How a journal entry names its ticket. */
type Naming = { ticketNumber: string } | { token: string };

const REFUSAL: Record<NonNullable<CachedTicket['refusal']>, string> = { cancelled: texts.cancelled, refunded: texts.refunded, not_paid: texts.notPaid };

const fromCopy = (ticket: CachedTicket): Known => ({
  number: ticket.number,
  person: { name: ticket.name, category: ticket.category, identityNumber: ticket.identityNumber },
  refusal: ticket.refusal,
  checkIn: ticket.checkIn,
});

/** A genuine ticket the copy does not hold: its number and category are in its signed token, its holder's name is not. */
const bySignature = (number: string, copy: TicketCopy, categoryId?: string): Known => ({
  number,
  person: { name: texts.nameUnknown, category: (categoryId && copy.categories.get(categoryId)) ?? '', identityNumber: '' },
  refusal: null,
  checkIn: null,
});

const lookUp = (copy: TicketCopy, number: string): Known | undefined => {
  const ticket = copy.tickets.get(ticketLookupKey(number));
  return ticket && fromCopy(ticket);
};

type Where = { inside: true; at: string; gate: string } | { inside: false };

/** Where the ticket is: this device's last move of it, else the copy's word. */
function whereIs(ticket: Known): Where {
  const move = lastMove(ticket.number) ?? (ticket.checkIn && { inside: true, ...ticket.checkIn });
  return move?.inside ? { inside: true, at: move.at, gate: move.gate } : { inside: false };
}

async function journalMove({ event, gate }: Device, direction: 'entry' | 'exit', ticket: Known, naming: Naming, id: string): Promise<void> {
  const at = nowWithOffset();
  await addToJournal(event.id, { id, direction, ...naming, gate, at });
  recordMove(ticket.number, { inside: direction === 'entry', at, gate });
}

/** A refused ticket as the copy knows it: two refusals in a row then say whose they are. */
const named = ({ number, person }: Known) => [texts.ticketNamed(number, person.name === texts.nameUnknown ? undefined : person.name)];

/** Why a ticket may not move now; undefined when it may. */
function hindrance(device: Device, mode: Mode, ticket: Known): Verdict | undefined {
  if (ticket.refusal === 'not_paid') return askSupervisor(REFUSAL.not_paid, true, named(ticket));
  if (ticket.refusal) return refused(REFUSAL[ticket.refusal], true, named(ticket));
  const where = whereIs(ticket);
  if (mode === 'entry' && where.inside) return refused(texts.alreadyIn(clock(where.at, device.event.timezone), where.gate), true, named(ticket));
  if (mode === 'exit' && !where.inside) return refused(texts.notInside, true, named(ticket));
  return undefined;
}

async function moveOne(device: Device, mode: Mode, ticket: Known, naming: Naming, id: string): Promise<Verdict> {
  const hindered = hindrance(device, mode, ticket);
  if (hindered) return hindered;
  await journalMove(device, mode, ticket, naming, id);
  return mode === 'entry' ? admitted(ticket.person, true) : exited(ticket.person, true);
}

/** The claims of a token genuine for this event, or why it is not. */
async function verified<C extends { eid: string }>(verify: () => Promise<C>, token: string, eventId: string): Promise<C | Verdict> {
  // Verifying needs WebCrypto, which a phone has only over https.
  if (!crypto.subtle) return askSupervisor(texts.noOfflineQr, true);
  try {
    const claims = await verify();
    return claims.eid === eventId ? claims : refused(texts.otherEvent, true);
  } catch (error) {
    if (error instanceof InvalidTicketToken) return refused(notGenuine(token, eventId), true);
    throw error;
  }
}

const isVerdict = (value: object): value is Verdict => 'tone' in value;

async function groupOffline(device: Device, token: string, copy: TicketCopy): Promise<Verdict> {
  const claims = await verified(() => verifyGroupToken(token, copy.keys), token, device.event.id);
  if (isVerdict(claims)) return claims;
  const members: Member[] = [];
  for (const number of claims.tns) {
    const ticket = lookUp(copy, number) ?? bySignature(number, copy);
    const member = { name: ticket.person.name, ticketNumber: ticket.number };
    if (ticket.refusal) members.push({ ...member, outcome: 'refused', note: REFUSAL[ticket.refusal] });
    else if (whereIs(ticket).inside) members.push({ ...member, outcome: 'already_in', note: texts.groupAlreadyIn });
    else {
      await journalMove(device, 'entry', ticket, { ticketNumber: ticket.number }, newId());
      members.push({ ...member, outcome: 'admitted' });
    }
  }
  return groupVerdict(members, true);
}

async function signedTicket(device: Device, mode: Mode, token: string, copy: TicketCopy, scanId: string): Promise<Verdict> {
  const claims = await verified<TicketClaims>(() => verifyTicketToken(token, copy.keys), token, device.event.id);
  if (isVerdict(claims)) return claims;
  const known = lookUp(copy, claims.tn);
  return known ? moveOne(device, mode, known, { ticketNumber: known.number }, scanId) : moveOne(device, mode, bySignature(claims.tn, copy, claims.cid), { token }, scanId);
}

export async function decideOffline(device: Device, mode: Mode, scanned: Scanned, scanId: string): Promise<Verdict> {
  const copy = ticketCopy.get();
  if (!copy) return askSupervisor(texts.noCopy, true);
  if (scanned.kind === 'group') return groupOffline(device, scanned.token, copy);
  if (scanned.kind === 'token' && isSignedToken(scanned.token)) return signedTicket(device, mode, scanned.token, copy, scanId);
  // A number, or a text that holds one (a central ticket's URL).
  const numbers = scanned.kind === 'number' ? [scanned.ticketNumber] : ticketNumbersIn(scanned.token);
  const known = numbers.map((number) => lookUp(copy, number)).find((ticket) => ticket !== undefined);
  return known ? moveOne(device, mode, known, { ticketNumber: known.number }, scanId) : askSupervisor(texts.unknownTicketOffline, true);
}
