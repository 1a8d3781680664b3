/**
 * Checking tickets in at a gate of the venue. For an event of the remote, the ticket is checked in
 * at the remote first when it can be reached (sync/live.ts): a venue hub then holds the one
 * redemption record, every gate refuses a second entry, and any gate finds a ticket by its number
 * or QR code whichever counter sold it. A ticket this counter sold is also recorded here (its
 * replication already done). When the remote does not know the ticket or cannot be reached, the
 * check-in is this counter's own and replicates later; should the remote have admitted the ticket
 * meanwhile, the double admission is reported then (sync/push.ts).
 */
import { messages } from '#shared/messages.js';
import type { CheckInBody, CheckInResult, ExitBody, ExitResult, GateParticipant, GroupCheckIn, GroupCheckInBody, GroupLookup, TicketLookupQuery } from '#shared/schemas/check-in.js';
import { TICKET_IDENTIFIERS } from '#shared/schemas/check-in.js';
import { ErrorCode } from '#shared/schemas/common.js';
import type { Access, Actor } from '../domain/access.js';
import type { GateListStatus } from '#shared/schemas/gate-list.js';
import type { CheckInService } from '../domain/check-ins.js';
import { AppError } from '../domain/errors.js';
import type { Clock } from '../domain/clock.js';
import type { EventService } from '../domain/events.js';
import { toIso } from '../domain/time.js';
import type { AtRemote } from '../sync/live.js';

export interface GateDeps {
  clock: Clock;
  events: EventService;
  access: Access;
  gateListStatus(): GateListStatus;
  pullGateList(): Promise<GateListStatus>;
  checkIns: CheckInService;
  checkInAtRemote(eventId: string, body: CheckInBody, idempotencyKey: string): Promise<AtRemote<CheckInResult>>;
  lookupAtRemote(eventId: string, named: TicketLookupQuery): Promise<AtRemote<GateParticipant>>;
  exitAtRemote(eventId: string, body: ExitBody, idempotencyKey: string): Promise<AtRemote<ExitResult>>;
  newIdempotencyKey(): string;
}

/** Where a scan was made: a paired gate device's own gate, whatever it sends; else the gate the request names. */
export const gateOf = (actor: Actor, named: string | undefined): string | undefined => actor.gateDevice?.gate ?? named;

/** Whether the local attempt failed only because this counter does not have the ticket (sold elsewhere in the venue). */
const notHere = (error: unknown) =>
  error instanceof AppError && (error.code === 'TICKET_NOT_FOUND' || (error.code === 'VALIDATION_FAILED' && error.details?.some((d) => d.field === 'token')));

export function createGate({ clock, events, access, checkIns, checkInAtRemote, lookupAtRemote, exitAtRemote, newIdempotencyKey, ...list }: GateDeps) {
  const fieldOf = (named: TicketLookupQuery) => TICKET_IDENTIFIERS.find((field) => named[field] !== undefined) ?? 'ticketNumber';

  async function checkIn(actor: Actor, idOrSlug: string, asked: CheckInBody): Promise<CheckInResult> {
    const event = events.resolveFor(actor, idOrSlug, 'event:checkin');
    const request = { ...asked, gate: gateOf(actor, asked.gate) };
    if (event.origin !== 'remote') return checkIns.checkIn(actor, idOrSlug, request);
    // One scan, one time: the same at the hub and here.
    const body = { ...request, checkedInAt: request.checkedInAt ?? toIso(clock(), event.timezone) };
    const there = await checkInAtRemote(event.id, body, newIdempotencyKey());
    if (there.kind === 'refused') {
      const message = there.failure.message || messages.ticketAlreadyInElsewhere;
      throw new AppError('ALREADY_CHECKED_IN', message, [{ field: fieldOf(body), message }]);
    }
    if (there.kind === 'here') return checkIns.checkIn(actor, idOrSlug, body);
    try {
      return await checkIns.checkIn(actor, idOrSlug, body, there.kind === 'maybe' ? 'maybe' : 'applied');
    } catch (error) {
      // Sold at another counter of the venue (the hub's record is the only one), or admitted
      // again after an exit (re-entry is the hub's to decide).
      if ((notHere(error) || (error instanceof AppError && error.code === 'ALREADY_CHECKED_IN')) && there.kind === 'done') return there.value;
      if (notHere(error)) throw new AppError('REMOTE_UNAVAILABLE', messages.hubDidNotAnswerScan);
      throw error;
    }
  }

  /** An exit: at the hub when the remote is one (it knows who is inside), else here. */
  async function exit(actor: Actor, idOrSlug: string, asked: ExitBody): Promise<ExitResult> {
    const event = events.resolveFor(actor, idOrSlug, 'event:checkin');
    const body = { ...asked, gate: gateOf(actor, asked.gate) };
    if (event.origin !== 'remote') return checkIns.exit(actor, idOrSlug, body);
    const there = await exitAtRemote(event.id, body, newIdempotencyKey());
    if (there.kind === 'here') return checkIns.exit(actor, idOrSlug, body);
    if (there.kind === 'done') return there.value;
    if (there.kind === 'maybe') throw new AppError('REMOTE_UNAVAILABLE', messages.hubDidNotAnswerExit);
    const { failure } = there;
    const code = ErrorCode.safeParse(failure.code);
    throw new AppError(code.success ? code.data : 'INVALID_STATE', failure.message || messages.hubDidNotAnswerExit, [{ field: fieldOf(body), message: failure.message }]);
  }

  /** A ticket this counter sold is shown in its own terms (its ids), with the hub's check-in when only the hub has one. */
  async function lookup(actor: Actor, idOrSlug: string, named: TicketLookupQuery): Promise<GateParticipant> {
    const event = events.resolveFor(actor, idOrSlug, 'event:checkin');
    if (event.origin !== 'remote') return checkIns.lookup(actor, idOrSlug, named);
    const there = await lookupAtRemote(event.id, named);
    const atHub = there.kind === 'done' ? there.value : undefined;
    try {
      const local = await checkIns.lookup(actor, idOrSlug, named);
      return atHub?.checkIn && !local.checkIn ? { ...local, status: atHub.status, checkIn: atHub.checkIn } : local;
    } catch (error) {
      if (atHub && notHere(error)) return atHub;
      throw error;
    }
  }

  /** One scan of a group's QR code: every ticket of it not yet inside is checked in, each as a single scan would be. */
  async function checkInGroup(actor: Actor, idOrSlug: string, body: GroupCheckInBody): Promise<GroupCheckIn> {
    const event = events.resolveFor(actor, idOrSlug, 'event:checkin');
    const group = await checkIns.verifyGroup(event.id, body.token);
    const checkedInAt = body.checkedInAt ?? toIso(clock(), event.timezone);
    const tickets: GroupCheckIn['tickets'] = [];
    for (const ticketNumber of group.tns) {
      try {
        const { participant } = await checkIn(actor, idOrSlug, { ticketNumber, gate: body.gate, checkedInAt });
        tickets.push({ ticketNumber, outcome: 'admitted', message: null, participant });
      } catch (error) {
        if (!(error instanceof AppError) || error.code === 'REMOTE_UNAVAILABLE') throw error;
        tickets.push({ ticketNumber, outcome: error.code === 'ALREADY_CHECKED_IN' ? 'already_in' : 'refused', message: error.message, participant: null });
      }
    }
    return { groupId: group.gid, admitted: tickets.filter((t) => t.outcome === 'admitted').length, tickets };
  }

  /** Who of a group is inside and who is not, each ticket looked up as a single scan would be. */
  async function lookupGroup(actor: Actor, idOrSlug: string, token: string): Promise<GroupLookup> {
    const event = events.resolveFor(actor, idOrSlug, 'event:checkin');
    const group = await checkIns.verifyGroup(event.id, token);
    const tickets: GroupLookup['tickets'] = [];
    for (const ticketNumber of group.tns) {
      try {
        const participant = await lookup(actor, idOrSlug, { ticketNumber });
        tickets.push({ ticketNumber, inside: participant.checkIn !== null, message: null, participant });
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        tickets.push({ ticketNumber, inside: false, message: error.message, participant: null });
      }
    }
    return { groupId: group.gid, tickets };
  }

  /** The gate list as the actor may see it: the events it may read, and their tickets cancelled while inside. */
  function visible(actor: Actor, status: GateListStatus): GateListStatus {
    const reads = (eventId: string) => access.allows(actor, events.resolve(eventId), 'event:read');
    return { ...status, events: status.events.filter((e) => reads(e.eventId)), cancelledInside: status.cancelledInside.filter((t) => reads(t.eventId)) };
  }

  return {
    checkIn,
    exit,
    lookup,
    checkInGroup,
    lookupGroup,
    gateList: (actor: Actor) => visible(actor, list.gateListStatus()),
    pullGateList: async (actor: Actor) => visible(actor, await list.pullGateList()),
  };
}
export type Gate = ReturnType<typeof createGate>;
