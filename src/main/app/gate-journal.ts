/**
 * What a gate device admitted (or let out) while it could not reach this instance, uploaded when
 * it can again: each entry is scanned as it would have been, at its own time, through the same
 * gate as a live scan (app/gate.ts, so at the hub first where there is one). A ticket that had
 * come in elsewhere meanwhile went in twice: a double admission, said in the audit log and
 * counted on the Sync screen like a counter's. Each entry is answered once by its id, so that an
 * upload retried after a lost answer records nothing twice; the id is also the Idempotency-Key the
 * device sent the scan under while online, so that a scan recorded then is not counted twice.
 */
import { eq } from 'drizzle-orm';
import type { GateParticipant } from '#shared/schemas/check-in.js';
import { JournalOutcome, type JournalBody, type JournalEntry, type JournalResult } from '#shared/schemas/gate-device.js';
import type { Db } from '../db/connection.js';
import { writeTransaction } from '../db/connection.js';
import { gateJournalEntries } from '../db/schema.js';
import type { Actor } from '../domain/access.js';
import type { AuditLog } from '../domain/audit.js';
import type { Clock } from '../domain/clock.js';
import { AppError } from '../domain/errors.js';
import type { EventRow, EventService } from '../domain/events.js';
import type { CheckInService } from '../domain/check-ins.js';
import type { IdempotencyStore } from '../domain/idempotency.js';
import { parseInstant, toIso } from '../domain/time.js';
import { gateOf, type Gate } from './gate.js';
import { contract, pathOf } from '#shared/contract/index.js';

export interface GateJournalDeps {
  db: Db;
  clock: Clock;
  events: EventService;
  audit: AuditLog;
  idempotency: IdempotencyStore;
  checkIns: CheckInService;
  gate: Gate;
}

type Result = JournalResult['results'][number];

/** Where a gate sends a scan online, by the event's id or slug. */
const scanPaths = (event: EventRow) =>
  [contract.checkIn, contract.exitTicket, contract.checkInGroup].flatMap(({ path }) => [event.id, event.slug].map((idOrSlug) => pathOf(path, { idOrSlug })));

export function createGateJournal({ db, clock, events, audit, idempotency, checkIns, gate }: GateJournalDeps) {
  const answered = (id: string) => db.select().from(gateJournalEntries).where(eq(gateJournalEntries.id, id)).get();
  /** One upload at a time: two of the same entries at once (a retry beside a slow first try) would both scan it. */
  let turn: Promise<unknown> = Promise.resolve();

  /** The ticket as the entry names it: by its number, or by what its QR code read. */
  const named = (entry: JournalEntry) => (entry.ticketNumber !== undefined ? { ticketNumber: entry.ticketNumber } : { token: entry.token ?? '' });

  /**
   * Whether the ticket's admission is this entry's own scan: made by this same paired device (a
   * scan sent online whose answer was lost, a group's member among them), or recorded at this
   * entry's gate and time by an upload whose answer was lost.
   */
  function isOwn(actor: Actor, ticket: GateParticipant, entry: JournalEntry, at: string): boolean {
    if (ticket.checkIn === null) return false;
    if (actor.gateDevice && actor.apiKeyId !== undefined && checkIns.admittedWith(ticket.id) === actor.apiKeyId) return true;
    return ticket.checkIn.gate === gateOf(actor, entry.gate) && parseInstant(ticket.checkIn.checkedInAt) === parseInstant(at);
  }

  async function scanned(actor: Actor, event: EventRow, entry: JournalEntry): Promise<Omit<Result, 'id'>> {
    // The device sent this scan online under the entry's id as Idempotency-Key, and it was
    // recorded; only the answer was lost, so the device decided it offline as well.
    if (idempotency.succeeded(actor.userId, entry.id, scanPaths(event))) return { outcome: entry.direction === 'exit' ? 'exited' : 'admitted', message: null };
    // A journal entry is in the past: a phone's clock running ahead must not lose it.
    const at = toIso(Math.min(parseInstant(entry.at), clock()), event.timezone);
    try {
      if (entry.direction === 'exit') {
        await gate.exit(actor, event.id, { ...named(entry), gate: entry.gate, exitedAt: at });
        return { outcome: 'exited', message: null };
      }
      await gate.checkIn(actor, event.id, { ...named(entry), gate: entry.gate, checkedInAt: at });
      return { outcome: 'admitted', message: null };
    } catch (error) {
      // Not this entry's to decide: the whole upload is tried again later.
      if (!(error instanceof AppError) || error.code === 'REMOTE_UNAVAILABLE') throw error;
      if (error.code !== 'ALREADY_CHECKED_IN') return { outcome: 'refused', message: error.message };
      const ticket = await gate.lookup(actor, event.id, named(entry));
      if (isOwn(actor, ticket, entry, at)) return { outcome: 'admitted', message: null };
      audit.record(actor, 'ticket.double_admission', {
        eventId: event.id,
        subjectId: ticket.orderId,
        details: { ticketNumber: ticket.ticketNumber, gate: gateOf(actor, entry.gate) ?? '', checkedInAt: at, elsewhere: error.message },
      });
      return { outcome: 'double', message: error.message };
    }
  }

  async function recordAll(actor: Actor, idOrSlug: string, body: JournalBody): Promise<JournalResult> {
    const event = events.resolveFor(actor, idOrSlug, 'event:checkin');
    const results: Result[] = [];
    for (const entry of body.entries) {
      const before = answered(entry.id);
      if (before) {
        results.push({ id: entry.id, outcome: JournalOutcome.parse(before.outcome), message: before.message });
        continue;
      }
      const result = await scanned(actor, event, entry);
      writeTransaction(db, () =>
        db.insert(gateJournalEntries).values({ id: entry.id, eventId: event.id, apiKeyId: actor.apiKeyId ?? null, ...result, receivedAt: clock() }).run(),
      );
      results.push({ id: entry.id, ...result });
    }
    return { results };
  }

  /** Records each entry once, in order; an entry answered before answers the same. Permission event:checkin (or update). */
  function upload(actor: Actor, idOrSlug: string, body: JournalBody): Promise<JournalResult> {
    const recorded = turn.then(() => recordAll(actor, idOrSlug, body));
    // The next upload waits for this one to end, whatever its end; its caller gets the failure.
    turn = recorded.catch(() => undefined);
    return recorded;
  }

  return { upload };
}
export type GateJournal = ReturnType<typeof createGateJournal>;
