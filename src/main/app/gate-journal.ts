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
import type { EventService } from '../domain/events.js';
import type { IdempotencyStore } from '../domain/idempotency.js';
import { parseInstant } from '../domain/time.js';
import type { Gate } from './gate.js';

export interface GateJournalDeps {
  db: Db;
  clock: Clock;
  events: EventService;
  audit: AuditLog;
  idempotency: IdempotencyStore;
  gate: Gate;
}

type Result = JournalResult['results'][number];

export function createGateJournal({ db, clock, events, audit, idempotency, gate }: GateJournalDeps) {
  const answered = (id: string) => db.select().from(gateJournalEntries).where(eq(gateJournalEntries.id, id)).get();

  /** The ticket as the entry names it: by its number, or by what its QR code read. */
  const named = (entry: JournalEntry) => (entry.ticketNumber !== undefined ? { ticketNumber: entry.ticketNumber } : { token: entry.token ?? '' });

  /** Whether the ticket's check-in is this very entry's, recorded by an upload whose answer was lost. */
  const isOwn = (checkIn: GateParticipant['checkIn'], entry: JournalEntry) =>
    checkIn !== null && checkIn.gate === entry.gate && parseInstant(checkIn.checkedInAt) === parseInstant(entry.at);

  async function scanned(actor: Actor, eventId: string, entry: JournalEntry): Promise<Omit<Result, 'id'>> {
    // The device sent this scan online under the entry's id as Idempotency-Key, and it was
    // recorded; only the answer was lost, so the device decided it offline as well.
    if (idempotency.succeeded(actor.userId, entry.id)) return { outcome: entry.direction === 'exit' ? 'exited' : 'admitted', message: null };
    try {
      if (entry.direction === 'exit') {
        await gate.exit(actor, eventId, { ...named(entry), gate: entry.gate, exitedAt: entry.at });
        return { outcome: 'exited', message: null };
      }
      await gate.checkIn(actor, eventId, { ...named(entry), gate: entry.gate, checkedInAt: entry.at });
      return { outcome: 'admitted', message: null };
    } catch (error) {
      // Not this entry's to decide: the whole upload is tried again later.
      if (!(error instanceof AppError) || error.code === 'REMOTE_UNAVAILABLE') throw error;
      if (error.code !== 'ALREADY_CHECKED_IN') return { outcome: 'refused', message: error.message };
      const ticket = await gate.lookup(actor, eventId, named(entry));
      if (isOwn(ticket.checkIn, entry)) return { outcome: 'admitted', message: null };
      audit.record(actor, 'ticket.double_admission', {
        eventId,
        subjectId: ticket.orderId,
        details: { ticketNumber: ticket.ticketNumber, gate: entry.gate, checkedInAt: entry.at, elsewhere: error.message },
      });
      return { outcome: 'double', message: error.message };
    }
  }

  /** Records each entry once, in order; an entry answered before answers the same. Permission event:checkin (or update). */
  async function upload(actor: Actor, idOrSlug: string, body: JournalBody): Promise<JournalResult> {
    const event = events.resolveFor(actor, idOrSlug, 'event:checkin');
    const results: Result[] = [];
    for (const entry of body.entries) {
      const before = answered(entry.id);
      if (before) {
        results.push({ id: entry.id, outcome: JournalOutcome.parse(before.outcome), message: before.message });
        continue;
      }
      const result = await scanned(actor, event.id, entry);
      writeTransaction(db, () =>
        db.insert(gateJournalEntries).values({ id: entry.id, eventId: event.id, apiKeyId: actor.apiKeyId ?? null, ...result, receivedAt: clock() }).run(),
      );
      results.push({ id: entry.id, ...result });
    }
    return { results };
  }

  return { upload };
}
export type GateJournal = ReturnType<typeof createGateJournal>;
