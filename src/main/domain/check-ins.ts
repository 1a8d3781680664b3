/**
 * Check-in at the gate: a scanner names a ticket (its printed number, the signed token in its QR
 * code, or its order) and checks the participant in, once. It works offline like a sale: one local
 * transaction, in the same group commit as the order transitions, which for an order of a remote
 * event also records the outbox job that replicates the check-in (journal.ts).
 *
 * A ticket is this service's own (a participant) or the central service's, from the gate list
 * (mirrored-tickets.ts): found by its number, by a scanned text or URL carrying that number, or by
 * its order. A central ticket's admission is recorded here alone and never replicated.
 *
 * A token is believed only with the signature of this service or of a counter that registered its
 * key here (ticket-keys.ts): a forged, altered or other event's token is refused as invalid (400),
 * never used to look anything up.
 *
 * Every scan, admitted or refused, and every exit is a row of the scan log (scans.ts). With the
 * event's re-entry on, a ticket scanned out at an exit is admitted again at its next check-in.
 */
import { and, eq, sql } from 'drizzle-orm';
import { CheckInReplay, type CheckIn, type CheckInBody, type CheckInResult, type ExitBody, type ExitResult, type GateParticipant, type TicketIdentifierField, type TicketLookupQuery } from '#shared/schemas/check-in.js';
import type { GateSettings, ScanReason } from '#shared/schemas/scan.js';
import { asPrintedTicketNumber, ticketNumbersIn } from '#shared/ticket-number.js';
import { maskIdentityNumber } from '#shared/identity-number.js';
import { messages } from '#shared/messages.js';
import { InvalidTicketToken, isSignedToken, verifyGroupToken, verifyTicketToken, type GroupClaims } from '#shared/ticket-token.js';
import type { Db } from '../db/connection.js';
import type { GroupCommit } from '../db/group-commit.js';
import { checkIns, events as eventsTable, mirroredCheckIns, orders, participants, ticketCategories, users } from '../db/schema.js';
import type { Access, Actor } from './access.js';
import type { AuditLog } from './audit.js';
import type { Clock } from './clock.js';
import { AppError, fieldError } from './errors.js';
import type { EventRow, EventService } from './events.js';
import type { AtRemoteFate, OrderJournal } from './journal.js';
import type { MirroredTickets } from './mirrored-tickets.js';
import type { ScanLog, ScanRow } from './scans.js';
import type { TicketKeys } from './ticket-keys.js';
import { REFUNDED } from './participants.js';
import { formatDateTime, parseInstant, toIso } from './time.js';

export interface CheckInDeps {
  db: Db;
  clock: Clock;
  events: EventService;
  groupCommit: GroupCommit;
  journal: OrderJournal;
  ticketKeys: TicketKeys;
  audit: AuditLog;
  mirrored: MirroredTickets;
  scanLog: ScanLog;
  access: Access;
}

/** How far ahead of this clock a scanner's checkedInAt may be: two devices' clocks differ a little. */
const CLOCK_SKEW_MS = 60_000;

type CheckInRow = typeof checkIns.$inferSelect;

/** A ticket: this service's participant, or a ticket of the central service's gate list. */
interface Found {
  source: 'venue' | 'central';
  id: string;
}

/** A ticket as a scan found it, for the scan's decision; `record` writes the scan's outcome to the scan log. */
interface Scanned {
  ticket: Found;
  participant: GateParticipant;
  /** Why it may not come in at all (refunded, cancelled at the central, unpaid there), if so. */
  refusal?: AppError;
  field: TicketIdentifierField;
  record(outcome: ScanRow['outcome'], reason?: ScanReason): void;
}

/** The ticket a request names: which field named it, what it said, and how to find the ticket (404 if none). */
interface Located {
  field: TicketIdentifierField;
  scanned: string;
  find(): Found;
}

/** Why a refusal was refused, for the scan log, where its code alone does not say. */
const reasons = new WeakMap<AppError, ScanReason>();
const because = (reason: ScanReason, error: AppError) => (reasons.set(error, reason), error);
function reasonOf(error: unknown): ScanReason | undefined {
  if (!(error instanceof AppError)) return undefined;
  const given = reasons.get(error);
  if (given) return given;
  if (error.code === 'ALREADY_CHECKED_IN') return 'already_in';
  if (error.code === 'TICKET_NOT_FOUND') return 'not_found';
  if (error.code === 'VALIDATION_FAILED' && error.details?.some((d) => d.field === 'token')) return 'invalid_token';
  return undefined;
}

export function createCheckInService({ db, clock, events, groupCommit, journal, ticketKeys, audit, mirrored, scanLog, access }: CheckInDeps) {
  const ph = sql.placeholder;
  const byTicketNumber = db
    .select({ id: participants.id })
    .from(participants)
    .where(and(eq(participants.eventId, ph('eventId')), eq(participants.ticketNumber, ph('ticketNumber'))))
    .prepare();
  const byParticipantId = db
    .select({ id: participants.id })
    .from(participants)
    .where(and(eq(participants.eventId, ph('eventId')), eq(participants.id, ph('id'))))
    .prepare();
  // The order and its participant, if it has one: only a paid order has.
  const byOrder = db
    .select({ participantId: participants.id, status: orders.status })
    .from(orders)
    .leftJoin(participants, eq(participants.orderId, orders.id))
    .where(and(eq(orders.eventId, ph('eventId')), eq(orders.id, ph('orderId'))))
    .prepare();
  // The earliest a ticket of the participant's category could have been sold, anywhere.
  const saleStartOf = db
    .select({ saleStartAt: ticketCategories.saleStartAt })
    .from(participants)
    .innerJoin(ticketCategories, eq(ticketCategories.id, participants.ticketCategoryId))
    .where(eq(participants.id, ph('id')))
    .prepare();
  const gateRow = db
    .select({ participant: participants, categoryName: ticketCategories.name, checkIn: checkIns, checkedInBy: users.name })
    .from(participants)
    .innerJoin(ticketCategories, eq(ticketCategories.id, participants.ticketCategoryId))
    .leftJoin(checkIns, eq(checkIns.participantId, participants.id))
    .leftJoin(users, eq(users.id, checkIns.userId))
    .where(eq(participants.id, ph('id')))
    .prepare();

  const notFound = () => new AppError('TICKET_NOT_FOUND', messages.ticketNotFound);
  const venue = (row: { id: string } | undefined): Found => {
    if (!row) throw notFound();
    return { source: 'venue', id: row.id };
  };
  /** A ticket of this service by its printed number, else of the gate list by any number the text carries. */
  function byNumber(eventId: string, text: string): Found {
    const own = byTicketNumber.get({ eventId, ticketNumber: asPrintedTicketNumber(text) });
    if (own) return { source: 'venue', id: own.id };
    const central = mirrored.findByKeys(eventId, ticketNumbersIn(text));
    if (central) return { source: 'central', id: central };
    throw notFound();
  }

  /** The ticket the request names (the schema lets exactly one identifier through); a signed token is verified first. */
  async function locate(event: EventRow, named: TicketLookupQuery): Promise<Located> {
    const { ticketNumber, token, orderId } = named;
    if (ticketNumber !== undefined) return { field: 'ticketNumber', scanned: ticketNumber, find: () => byNumber(event.id, ticketNumber) };
    if (token !== undefined) {
      const invalid = () => fieldError('token', messages.ticketTokenInvalid);
      // A QR code that is no signed token: the central service's, carrying its ticket number.
      if (!isSignedToken(token)) {
        return {
          field: 'token',
          scanned: token.slice(0, 100),
          find() {
            try {
              return byNumber(event.id, token);
            } catch (error) {
              throw error instanceof AppError && error.code === 'TICKET_NOT_FOUND' ? invalid() : error;
            }
          },
        };
      }
      const own = await verifyTicketToken(token, [ticketKeys.own], event.id).catch((error: unknown) => {
        if (error instanceof InvalidTicketToken) return undefined;
        throw error;
      });
      if (own) return { field: 'token', scanned: own.tn, find: () => venue(byParticipantId.get({ eventId: event.id, id: own.pid })) };
      // A token another counter of the venue signed names its participant in that counter's terms;
      // the ticket number it carries (signed too) is the one this service kept when the sale was replicated here.
      const foreign = await verifyTicketToken(token, ticketKeys.registered(), event.id).catch((error: unknown) => {
        if (error instanceof InvalidTicketToken) throw invalid();
        throw error;
      });
      return { field: 'token', scanned: foreign.tn, find: () => venue(byTicketNumber.get({ eventId: event.id, ticketNumber: foreign.tn })) };
    }
    const id = orderId ?? '';
    return {
      field: 'orderId',
      scanned: id,
      find() {
        const row = byOrder.get({ eventId: event.id, orderId: id });
        if (!row) {
          const central = mirrored.findByOrder(event.id, id);
          if (central) return { source: 'central', id: central };
          throw notFound();
        }
        if (row.participantId !== null) return { source: 'venue', id: row.participantId };
        if (row.status === 'cancelled') throw because('cancelled', new AppError('TICKET_NOT_FOUND', messages.ticketOrderCancelled));
        throw because('not_paid', new AppError('TICKET_NOT_FOUND', messages.ticketNotPaid));
      },
    };
  }

  function toCheckInDto(event: EventRow, row: CheckInRow, checkedInBy: string): CheckIn {
    return { checkedInAt: toIso(row.checkedInAt, event.timezone), gate: row.gate, checkedInBy };
  }

  function venueView(event: EventRow, participantId: string): GateParticipant {
    const row = gateRow.get({ id: participantId });
    if (!row) throw notFound();
    const { participant } = row;
    return {
      id: participant.id,
      orderId: participant.orderId,
      ticketNumber: participant.ticketNumber,
      name: participant.name,
      ticketCategoryId: participant.ticketCategoryId,
      ticketCategoryName: row.categoryName,
      status: participant.status,
      identityNumber: maskIdentityNumber(participant.identityNumber),
      checkIn: row.checkIn ? toCheckInDto(event, row.checkIn, row.checkedInBy ?? '') : null,
    };
  }

  /** The ticket as the gate sees it, and whether it may come in at all (refunded or cancelled: not). */
  function gateView(event: EventRow, ticket: Found): { participant: GateParticipant; refusal?: AppError } {
    if (ticket.source === 'central') {
      const seen = mirrored.view(ticket.id, event.timezone);
      if (!seen) throw notFound();
      if (seen.refusal === null) return { participant: seen.participant };
      const message = seen.refusal === 'cancelled' ? messages.ticketCancelledCentrally : messages.ticketNotPaid;
      return { participant: seen.participant, refusal: because(seen.refusal, new AppError('INVALID_STATE', message)) };
    }
    const participant = venueView(event, ticket.id);
    return { participant, ...(participant.status === REFUNDED && { refusal: because('refunded', new AppError('INVALID_STATE', messages.ticketRefunded)) }) };
  }

  /** The ticket as the gate sees it, checked in or not. Permission event:checkin (or update). */
  async function lookup(actor: Actor, idOrSlug: string, named: TicketLookupQuery): Promise<GateParticipant> {
    const event = events.resolveFor(actor, idOrSlug, 'event:checkin');
    const located = await locate(event, named);
    return gateView(event, located.find()).participant;
  }

  /** When a scan was made: now, or the scanner's time of it (an offline scan), at most a little ahead of this clock. */
  function scanTime(given: string | undefined, field: 'checkedInAt' | 'exitedAt'): number {
    if (given === undefined) return clock();
    const at = parseInstant(given);
    if (at > clock() + CLOCK_SKEW_MS) throw fieldError(field, messages.checkedInAtInFuture);
    return at;
  }

  /** The second scan of a ticket: 409, saying when and where it was checked in. */
  function alreadyCheckedIn(event: EventRow, existing: CheckIn, field: TicketIdentifierField): AppError {
    const message = messages.alreadyCheckedIn(formatDateTime(existing.checkedInAt, event.timezone), existing.gate);
    return new AppError('ALREADY_CHECKED_IN', message, [{ field, message }]);
  }

  /** A refusal said at the field that named the ticket. */
  const atField = (error: AppError, field: TicketIdentifierField) => {
    const moved = new AppError(error.code, error.message, [{ field, message: error.message }]);
    const reason = reasons.get(error);
    return reason ? because(reason, moved) : moved;
  };

  /**
   * One scan at a gate: the ticket located (a signed token verified first), then found, inside the
   * group commit so that of two scans at once the second sees the first, and handed to `decide`,
   * which records the scan's outcome. A refusal the gate must see is written to the scan log in a
   * transaction of its own (the decision's was rolled back) and thrown on. A scan the hub was asked
   * first (`atRemote`) is the hub's to log: a refusal here then only means this counter does not
   * have the ticket, or that the hub admitted it again.
   */
  async function atGate<T>(
    actor: Actor,
    event: EventRow,
    direction: ScanRow['direction'],
    at: number,
    named: TicketLookupQuery & { gate?: string },
    decide: (scanned: Scanned) => T,
    atRemote?: AtRemoteFate,
  ): Promise<T> {
    // The ticket as scanned until it is found.
    const text = (named.ticketNumber ?? named.token ?? named.orderId ?? '').slice(0, 100);
    const scan: Omit<ScanRow, 'outcome'> = { eventId: event.id, at, direction, gate: named.gate ?? '', userId: actor.userId, apiKeyId: actor.apiKeyId ?? null, ticketNumber: text };
    try {
      const located = await locate(event, named);
      scan.ticketNumber = located.scanned;
      return await groupCommit(() => {
        const ticket = located.find();
        const { participant, refusal } = gateView(event, ticket);
        Object.assign(scan, { ticketId: ticket.id, source: ticket.source, ticketNumber: participant.ticketNumber, ticketCategoryId: participant.ticketCategoryId });
        return decide({ ticket, participant, refusal, field: located.field, record: (outcome, reason) => scanLog.record({ ...scan, outcome, reason }) });
      });
    } catch (error) {
      const reason = reasonOf(error);
      if (reason && atRemote === undefined) await groupCommit(() => scanLog.record({ ...scan, outcome: 'refused', reason }));
      throw error;
    }
  }

  /**
   * Checks the named ticket in, once; with the event's re-entry on, again after an exit.
   * Permission event:checkin (or update). `atRemote`: the remote (a venue hub) was asked first and
   * checked it in, or perhaps did (its answer lost); it is recorded here without being sent again
   * blindly (journal.ts).
   */
  async function checkIn(actor: Actor, idOrSlug: string, body: CheckInBody, atRemote?: AtRemoteFate): Promise<CheckInResult> {
    const event = events.resolveFor(actor, idOrSlug, 'event:checkin');
    const checkedInAt = scanTime(body.checkedInAt, 'checkedInAt');
    const gate = body.gate ?? '';
    return atGate(
      actor,
      event,
      'entry',
      checkedInAt,
      body,
      ({ ticket, participant: before, refusal, field, record }) => {
        // No ticket is scanned before it could be sold. The bound is its category's sale start, not
        // the moment this service issued it: a counter that sold and scanned it offline replicates
        // both later, and this service then issues its own ticket after the scan's time.
        if (ticket.source === 'venue' && checkedInAt < saleStartOf.get({ id: ticket.id })!.saleStartAt) throw fieldError('checkedInAt', messages.checkedInAtBeforeSale);
        const again = before.checkIn !== null && event.reentryAllowed && scanLog.lastMovement(ticket.id) === 'exited';
        if (before.checkIn && !again) throw alreadyCheckedIn(event, before.checkIn, field);
        if (refusal) throw atField(refusal, field);
        if (again) {
          record('admitted', 'reentry');
          return { participant: before, checkIn: before.checkIn! };
        }
        const admission = { eventId: event.id, checkedInAt, gate, userId: actor.userId, apiKeyId: actor.apiKeyId ?? null, createdAt: clock() };
        if (ticket.source === 'central') mirrored.admit({ ticketId: ticket.id, ...admission });
        else admitVenue(event, before, admission, atRemote);
        record('admitted');
        audit.record(actor, 'ticket.checked_in', { eventId: event.id, subjectId: before.orderId, details: { ticketNumber: before.ticketNumber, gate } });
        // What was just written, without reading it back: the actor is the user the check-in names.
        const checkIn = { checkedInAt: toIso(checkedInAt, event.timezone), gate, checkedInBy: actor.name };
        return { participant: { ...before, status: 'checked_in', checkIn }, checkIn };
      },
      atRemote,
    );
  }

  /** This service's own ticket in: its check-in, its status, and the job that replicates it to the remote. */
  function admitVenue(event: EventRow, ticket: GateParticipant, admission: Omit<CheckInRow, 'participantId' | 'orderId'>, atRemote: AtRemoteFate | undefined): void {
    db.insert(checkIns).values({ participantId: ticket.id, orderId: ticket.orderId, ...admission }).run();
    db.update(participants).set({ status: 'checked_in' }).where(eq(participants.id, ticket.id)).run();
    // The body to replay on the remote, less the order id the remote knows the order by (push.ts).
    const replay = CheckInReplay.parse({ checkedInAt: toIso(admission.checkedInAt, event.timezone), ...(admission.gate ? { gate: admission.gate } : {}) });
    journal.record({ id: ticket.orderId, eventId: event.id }, 'checkin', replay, atRemote);
  }

  /**
   * A ticket scanned out at an exit: only with the event's re-entry on, and only a ticket inside
   * (checked in, its last move not an exit). Permission event:checkin (or update).
   */
  async function exit(actor: Actor, idOrSlug: string, body: ExitBody): Promise<ExitResult> {
    const event = events.resolveFor(actor, idOrSlug, 'event:checkin');
    const at = scanTime(body.exitedAt, 'exitedAt');
    return atGate(actor, event, 'exit', at, body, ({ ticket, participant, field, record }) => {
      if (!event.reentryAllowed) throw atField(because('reentry_off', new AppError('INVALID_STATE', messages.reentryNotAllowed)), field);
      // A ticket admitted before the scan log began has no move in it: it is inside.
      if (!participant.checkIn || scanLog.lastMovement(ticket.id) === 'exited') throw atField(because('not_inside', new AppError('INVALID_STATE', messages.ticketNotInside)), field);
      record('exited');
      return { participant, exitedAt: toIso(at, event.timezone) };
    });
  }

  /** The gate counts of the event (scans.ts). Permission event:checkin (or update). */
  function counts(actor: Actor, idOrSlug: string, gate: string | undefined) {
    const event = events.resolveFor(actor, idOrSlug, 'event:checkin');
    return scanLog.counts(event, gate, access.allows(actor, event, 'event:update'));
  }

  /** Whether the event admits a ticket again after an exit. Permission event:update. */
  function setGateSettings(actor: Actor, idOrSlug: string, settings: GateSettings): GateSettings {
    const event = events.resolveFor(actor, idOrSlug, 'event:update');
    return audit.recorded(
      actor,
      'event.gate_settings_changed',
      () => {
        db.update(eventsTable).set({ reentryAllowed: settings.reentryAllowed, updatedAt: clock() }).where(eq(eventsTable.id, event.id)).run();
        return { reentryAllowed: settings.reentryAllowed };
      },
      (changed) => ({ eventId: event.id, subjectId: event.id, details: changed }),
    );
  }

  /**
   * A group token's claims, once signed by this service or by a counter that registered its key
   * here, for this event; 400 at the token otherwise.
   */
  async function verifyGroup(eventId: string, token: string): Promise<GroupClaims> {
    try {
      return await verifyGroupToken(token, [ticketKeys.own, ...ticketKeys.registered()], eventId);
    } catch (error) {
      if (error instanceof InvalidTicketToken) throw fieldError('token', messages.groupTokenInvalid);
      throw error;
    }
  }

  /** The API key (the device) whose scan admitted the ticket first; null for a login's, undefined when it is not in. */
  function admittedWith(ticketId: string): string | null | undefined {
    const own = db.select({ key: checkIns.apiKeyId }).from(checkIns).where(eq(checkIns.participantId, ticketId)).get();
    return (own ?? db.select({ key: mirroredCheckIns.apiKeyId }).from(mirroredCheckIns).where(eq(mirroredCheckIns.ticketId, ticketId)).get())?.key;
  }

  return { lookup, checkIn, exit, counts, setGateSettings, verifyGroup, admittedWith };
}
export type CheckInService = ReturnType<typeof createCheckInService>;
