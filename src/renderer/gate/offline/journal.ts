/**
 * The journal of what this device admitted and let out while the instance could not be reached,
 * kept in IndexedDB until the instance has taken each entry (POST …/check-ins/journal, 200 at a
 * time). The instance's word on each comes back as a notice when it is not a plain yes: a ticket
 * that came in elsewhere meanwhile (a double admission), or one it refuses.
 */
import { z } from 'zod';
import { contract } from '#shared/contract/index.js';
import { JOURNAL_BATCH, JournalEntry, type JournalResult } from '#shared/schemas/gate-device.js';
import { TicketClaims, unverifiedClaims } from '#shared/ticket-token.js';
import { call } from '../api';
import type { Device } from '../device';
import { store } from '../store';
import { texts } from '../texts';
import { database } from './db';
import { lastMove, movesKnown, recordMove } from './moves';

const Kept = z.object({ eventId: z.string(), entry: JournalEntry });
/** An entry with the event it was scanned for: it is only ever sent to that event. */
export type Kept = z.infer<typeof Kept>;

/** 200 entries are recorded one by one at the instance (a hub asks the central first): no one waits at the gate for it. */
const UPLOAD_TIMEOUT_MS = 30_000;

export interface Notice {
  id: string;
  text: string;
}

/**
 * The entries not yet taken by the instance, oldest first, each with its event: after a re-pairing
 * the previous event's entries are still here (and in IndexedDB), and must not go to the new one.
 */
export const journal = store<Kept[]>([]);
/** Why the last upload failed, until one succeeds: an upload refused is never silent. */
export const uploadProblem = store<string | undefined>(undefined);
export const notices = store<Notice[]>([]);
/** Kept records that do not read as an entry (written by another version, damaged): left in IndexedDB, and said. */
export const unreadable = store<number>(0);

/** The entries of one event. */
export const entriesOf = (kept: Kept[], eventId: string): JournalEntry[] => kept.flatMap((item) => (item.eventId === eventId ? [item.entry] : []));

/** The ticket an entry names, as the steward knows it: its number, or the number its QR code carries. */
const ticketOf = (entry: JournalEntry): string | undefined => entry.ticketNumber ?? (entry.token === undefined ? undefined : unverifiedClaims(TicketClaims, entry.token)?.tn);

const at = (entry: JournalEntry) => Date.parse(entry.at);

/** The entries kept from before (a reload, a restart with no network), and the moves they made. */
export async function loadJournal(eventId: string): Promise<void> {
  const parsed = (await (await database()).getAll('journal')).map((value) => Kept.safeParse(value));
  const failed = parsed.filter((result) => !result.success);
  for (const { error } of failed) console.error('A kept journal entry cannot be read', error);
  unreadable.set(failed.length);
  // Merged by id: an entry scanned while IndexedDB was being read is already here (its move made), and stays;
  // an older kept entry does not undo a move made since.
  const known = new Set(journal.get().map((item) => item.entry.id));
  // Another event's entries (the device was paired again) are kept and counted, never sent to this one.
  const added = parsed.flatMap((result) => (result.success && !known.has(result.data.entry.id) ? [result.data] : []));
  for (const entry of entriesOf(added, eventId).sort((a, b) => at(a) - at(b))) {
    const ticket = ticketOf(entry);
    const later = ticket && lastMove(ticket);
    if (ticket && !(later && Date.parse(later.at) > at(entry))) recordMove(ticket, { inside: entry.direction === 'entry', at: entry.at, gate: entry.gate });
  }
  journal.update((inMemory) => [...inMemory, ...added].sort((a, b) => at(a.entry) - at(b.entry)));
}

export async function addToJournal(eventId: string, entry: JournalEntry): Promise<void> {
  await (await database()).put('journal', { eventId, entry }, entry.id);
  journal.update((kept) => [...kept, { eventId, entry }]);
}

/** Forgets every entry (the steward released the device, and was told they go with it). */
export async function clearJournal(): Promise<void> {
  await (await database()).clear('journal');
  journal.set([]);
  unreadable.set(0);
}

function noticeOf(entry: JournalEntry, { outcome, message }: JournalResult['results'][number]): Notice | undefined {
  const ticket = ticketOf(entry) ?? texts.qrTicket;
  if (outcome === 'double') return { id: entry.id, text: texts.double(ticket) };
  if (outcome === 'refused') return { id: entry.id, text: texts.refusedLater(ticket, message ?? texts.unexpectedAnswer) };
  return undefined;
}

/** Removes the entries the instance answered, says what it said of them; how many it answered. */
async function taken(batch: JournalEntry[], { results }: JournalResult): Promise<number> {
  const answered = new Map(results.map((result) => [result.id, result]));
  const done = batch.filter((entry) => answered.has(entry.id));
  const tx = (await database()).transaction('journal', 'readwrite');
  await Promise.all([...done.map((entry) => tx.store.delete(entry.id)), tx.done]);
  movesKnown(done.flatMap((entry) => ticketOf(entry) ?? []));
  const said = done.flatMap((entry) => noticeOf(entry, answered.get(entry.id)!) ?? []);
  if (said.length > 0) notices.update((shown) => [...shown, ...said]);
  const ids = new Set(done.map((entry) => entry.id));
  journal.update((kept) => kept.filter((item) => !ids.has(item.entry.id)));
  return done.length;
}

let uploading = false;

/**
 * Sends what waits for the device's event, a batch at a time, while the instance answers; one upload
 * at a time. Another event's entries wait for a device paired for that event.
 */
export async function uploadJournal({ key, event }: Device): Promise<void> {
  if (uploading) return;
  uploading = true;
  const waiting = () => entriesOf(journal.get(), event.id).slice(0, JOURNAL_BATCH);
  try {
    for (let batch = waiting(); batch.length > 0; batch = waiting()) {
      const answer = await call(contract.uploadGateJournal, { params: { idOrSlug: event.id }, body: { entries: batch } }, { key, timeoutMs: UPLOAD_TIMEOUT_MS });
      if (answer.kind === 'unreachable') return;
      if (answer.kind === 'refused') return uploadProblem.set(texts.uploadFailed(answer.message));
      // An answer that took none of the batch would have the same batch sent for ever.
      if ((await taken(batch, answer.data)) === 0) return uploadProblem.set(texts.uploadFailed(texts.unexpectedAnswer));
      uploadProblem.set(undefined);
    }
  } finally {
    uploading = false;
  }
}
