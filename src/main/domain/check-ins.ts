/**
 * Check-in at the gate: a scanner names a ticket (its printed number, the signed token in its QR
 * code, or its order) and checks the participant in, once. It works offline like a sale: one local
 * transaction, in the same group commit as the order transitions, which for an order of a remote
 * event also records the outbox job that replicates the check-in (journal.ts).
 *
 * A token is believed only with the signature of this service or of a counter that registered its
 * key here (ticket-keys.ts): a forged, altered or other event's token is refused as invalid (400),
 * never used to look anything up.
 */
import { and, eq, sql } from 'drizzle-orm';
import { CheckInReplay, type CheckIn, type CheckInBody, type CheckInResult, type GateParticipant, type TicketIdentifierField, type TicketLookupQuery } from '#shared/schemas/check-in.js';
import { maskIdentityNumber } from '#shared/identity-number.js';
import { messages } from '#shared/messages.js';
import { InvalidTicketToken, verifyGroupToken, verifyTicketToken, type GroupClaims } from '#shared/ticket-token.js';
import type { Db } from '../db/connection.js';
import type { GroupCommit } from '../db/group-commit.js';
import { checkIns, orders, participants, ticketCategories, users } from '../db/schema.js';
import type { Actor } from './access.js';
import type { AuditLog } from './audit.js';
import type { Clock } from './clock.js';
import { AppError, fieldError } from './errors.js';
import type { EventRow, EventService } from './events.js';
import type { AtRemoteFate, OrderJournal } from './journal.js';
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
}

/** How far ahead of this clock a scanner's checkedInAt may be: two devices' clocks differ a little. */
const CLOCK_SKEW_MS = 60_000;

type CheckInRow = typeof checkIns.$inferSelect;

/** The ticket a request names: which field named it, and how to find its participant's id (404 if none). */
interface Located {
  field: TicketIdentifierField;
  participantId(): string;
}

export function createCheckInService({ db, clock, events, groupCommit, journal, ticketKeys, audit }: CheckInDeps) {
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
  const found = (row: { id: string } | undefined) => {
    if (!row) throw notFound();
    return row.id;
  };

  /** The ticket the request names (the schema lets exactly one identifier through); a token is verified first. */
  async function locate(event: EventRow, named: TicketLookupQuery): Promise<Located> {
    const { ticketNumber, token, orderId } = named;
    if (ticketNumber !== undefined) {
      return { field: 'ticketNumber', participantId: () => found(byTicketNumber.get({ eventId: event.id, ticketNumber })) };
    }
    if (token !== undefined) {
      const invalid = (error: unknown) => {
        if (error instanceof InvalidTicketToken) throw fieldError('token', messages.ticketTokenInvalid);
        throw error;
      };
      const own = await verifyTicketToken(token, [ticketKeys.own], event.id).catch((error: unknown) => {
        if (error instanceof InvalidTicketToken) return undefined;
        throw error;
      });
      if (own) return { field: 'token', participantId: () => found(byParticipantId.get({ eventId: event.id, id: own.pid })) };
      // A token another counter of the venue signed names its participant in that counter's terms;
      // the ticket number it carries (signed too) is the one this service kept when the sale was replicated here.
      const foreign = await verifyTicketToken(token, ticketKeys.registered(), event.id).catch(invalid);
      return { field: 'token', participantId: () => found(byTicketNumber.get({ eventId: event.id, ticketNumber: foreign.tn })) };
    }
    return {
      field: 'orderId',
      participantId() {
        const row = byOrder.get({ eventId: event.id, orderId: orderId ?? '' });
        if (!row) throw notFound();
        if (row.participantId === null) throw new AppError('TICKET_NOT_FOUND', row.status === 'cancelled' ? messages.ticketOrderCancelled : messages.ticketNotPaid);
        return row.participantId;
      },
    };
  }

  function toCheckInDto(event: EventRow, row: CheckInRow, checkedInBy: string): CheckIn {
    return { checkedInAt: toIso(row.checkedInAt, event.timezone), gate: row.gate, checkedInBy };
  }

  function gateView(event: EventRow, participantId: string): GateParticipant {
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

  /** The ticket as the gate sees it, checked in or not. Permission event:checkin (or update). */
  async function lookup(actor: Actor, idOrSlug: string, named: TicketLookupQuery): Promise<GateParticipant> {
    const event = events.resolveFor(actor, idOrSlug, 'event:checkin');
    const located = await locate(event, named);
    return gateView(event, located.participantId());
  }

  /** The second scan of a ticket: 409, saying when and where it was checked in. */
  function alreadyCheckedIn(event: EventRow, existing: CheckIn, field: TicketIdentifierField): AppError {
    const message = messages.alreadyCheckedIn(formatDateTime(existing.checkedInAt, event.timezone), existing.gate);
    return new AppError('ALREADY_CHECKED_IN', message, [{ field, message }]);
  }

  /**
   * Checks the named ticket in, once. Permission event:checkin (or update). `atRemote`: the
   * remote (a venue hub) was asked first and checked it in, or perhaps did (its answer lost); it
   * is recorded here without being sent again blindly (journal.ts).
   */
  async function checkIn(actor: Actor, idOrSlug: string, body: CheckInBody, atRemote?: AtRemoteFate): Promise<CheckInResult> {
    const event = events.resolveFor(actor, idOrSlug, 'event:checkin');
    const checkedInAt = body.checkedInAt === undefined ? clock() : parseInstant(body.checkedInAt);
    if (checkedInAt > clock() + CLOCK_SKEW_MS) throw fieldError('checkedInAt', messages.checkedInAtInFuture);
    const gate = body.gate ?? '';
    const located = await locate(event, body);
    return groupCommit(() => {
      // Read inside the transaction, so that of two scans at once the second sees the first.
      const before = gateView(event, located.participantId());
      // No ticket is scanned before it could be sold. The bound is its category's sale start, not
      // the moment this service issued it: a counter that sold and scanned it offline replicates
      // both later, and this service then issues its own ticket after the scan's time.
      if (checkedInAt < saleStartOf.get({ id: before.id })!.saleStartAt) throw fieldError('checkedInAt', messages.checkedInAtBeforeSale);
      if (before.checkIn) throw alreadyCheckedIn(event, before.checkIn, located.field);
      if (before.status === REFUNDED) throw new AppError('INVALID_STATE', messages.ticketRefunded, [{ field: located.field, message: messages.ticketRefunded }]);
      const row = {
        participantId: before.id,
        orderId: before.orderId,
        eventId: event.id,
        checkedInAt,
        gate,
        userId: actor.userId,
        apiKeyId: actor.apiKeyId ?? null,
        createdAt: clock(),
      } satisfies CheckInRow;
      db.insert(checkIns).values(row).run();
      db.update(participants).set({ status: 'checked_in' }).where(eq(participants.id, before.id)).run();
      // The body to replay on the remote, less the order id the remote knows the order by (push.ts).
      const replay = CheckInReplay.parse({ checkedInAt: toIso(checkedInAt, event.timezone), ...(gate ? { gate } : {}) });
      journal.record({ id: before.orderId, eventId: event.id }, 'checkin', replay, atRemote);
      audit.record(actor, 'ticket.checked_in', { eventId: event.id, subjectId: before.orderId, details: { ticketNumber: before.ticketNumber, gate } });
      // What was just written, without reading it back: the actor is the user the check-in names.
      const checkIn = toCheckInDto(event, row, actor.name);
      return { participant: { ...before, status: 'checked_in', checkIn }, checkIn };
    });
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

  return { lookup, checkIn, verifyGroup };
}
export type CheckInService = ReturnType<typeof createCheckInService>;
