/**
 * Reads the events and categories a remote sends into what the importer stores, one record at a
 * time. Values the interface leaves open are kept or mapped to a safe default, and said so:
 * - feeBearer: "organizer" or "customer" (and their usual synonyms); anything else is read as
 *   "organizer", so the customer pays the price the remote lists and nothing on top;
 * - an event status outside the interface's four is read as "closed": not on sale here;
 * - a category status: "active" or "inactive" (and synonyms such as "on_sale" or "hidden"); any
 *   other value is kept, and a category whose status is not "active" is not sold here;
 * - a category type is kept as it is.
 * A record that cannot be read (no id, a time that is no time, an unknown time zone, no price) is
 * skipped with the reason; the rest of the pull goes on.
 */
import { z } from 'zod';
import { EventStatus, type FeeBearer } from '#shared/schemas/event.js';
import type { ImportEvent, ImportTicket } from '#shared/schemas/import.js';
import type { PullReportEntry } from '#shared/schemas/sync.js';
import { RemoteEvent, RemoteTicketCategory } from '#shared/schemas/remote.js';
import { isTimeZone } from '../domain/time.js';

export type Read<T> = { ok: true; value: T; notes: string[] } | { ok: false; reason: string };

const FEE_BEARERS: Record<string, FeeBearer> = {
  organizer: 'organizer',
  organiser: 'organizer',
  promoter: 'organizer',
  host: 'organizer',
  seller: 'organizer',
  penyelenggara: 'organizer',
  customer: 'customer',
  buyer: 'customer',
  attendee: 'customer',
  participant: 'customer',
  pembeli: 'customer',
};

const CATEGORY_STATUSES: Record<string, 'active' | 'inactive'> = {
  active: 'active',
  aktif: 'active',
  on_sale: 'active',
  available: 'active',
  open: 'active',
  published: 'active',
  inactive: 'inactive',
  nonaktif: 'inactive',
  closed: 'inactive',
  hidden: 'inactive',
  draft: 'inactive',
  disabled: 'inactive',
  archived: 'inactive',
  sold_out: 'inactive',
};

const normal = (value: string) => value.trim().toLowerCase().replace(/[\s-]+/g, '_');
const why = (error: z.ZodError) => z.prettifyError(error).replace(/\s*\n\s*/g, '; ');

export function readEvent(raw: unknown): Read<Omit<ImportEvent, 'tickets'>> {
  const parsed = RemoteEvent.safeParse(raw);
  if (!parsed.success) return { ok: false, reason: why(parsed.error) };
  const event = parsed.data;
  if (!isTimeZone(event.timezone)) return { ok: false, reason: `zona waktu tidak dikenal: ${event.timezone}` };
  const notes: string[] = [];
  const feeBearer = FEE_BEARERS[normal(event.feeBearer)] ?? 'organizer';
  if (feeBearer !== event.feeBearer) notes.push(`feeBearer ${JSON.stringify(event.feeBearer)} dibaca sebagai "${feeBearer}"`);
  const known = EventStatus.safeParse(event.status);
  if (!known.success) notes.push(`status ${JSON.stringify(event.status)} tidak dikenal: dibaca sebagai "closed" (tidak dijual)`);
  const { slug, feeFlat, ...rest } = event;
  return {
    ok: true,
    notes,
    value: {
      ...rest,
      slug: slug ?? event.id,
      status: known.success ? known.data : 'closed',
      feeBearer,
      // The records behind these ids are not part of the interface: kept when sent, else none.
      eventTypeId: event.eventTypeId ?? '',
      categoryId: event.categoryId ?? '',
      subcategoryId: event.subcategoryId ?? '',
      ...(feeFlat !== undefined && { feeFlat }),
    },
  };
}

/** A category and what the remote says is left of it (the `available` extension, or quota less sold). */
export function readCategory(raw: unknown): Read<ImportTicket & { left: number }> {
  const parsed = RemoteTicketCategory.safeParse(raw);
  if (!parsed.success) return { ok: false, reason: why(parsed.error) };
  const { isSoldOut, available, status: sent, ...category } = parsed.data;
  const notes: string[] = [];
  const mapped = sent === undefined ? 'active' : CATEGORY_STATUSES[normal(sent)];
  if (sent === undefined) notes.push('tanpa status: dibaca sebagai "active"');
  else if (mapped === undefined) notes.push(`status ${JSON.stringify(sent)} tidak dikenal: tidak dijual di sini`);
  else if (mapped !== sent) notes.push(`status ${JSON.stringify(sent)} dibaca sebagai "${mapped}"`);
  const status = mapped ?? sent!;
  const left = isSoldOut ? 0 : (available ?? Math.max(0, category.quota - category.sold));
  return { ok: true, notes, value: { ...category, status, left } };
}

/** The report line of one record read. */
const Named = z.object({ id: z.string().catch('(tanpa id)'), name: z.string().nullable().catch(null) });

export function reported(kind: PullReportEntry['kind'], raw: unknown, read: Read<unknown>): PullReportEntry | undefined {
  const { id, name } = Named.catch({ id: '(tanpa id)', name: null }).parse(raw);
  if (!read.ok) return { kind, id, name, outcome: 'skipped', reason: read.reason };
  return read.notes.length > 0 ? { kind, id, name, outcome: 'read', reason: read.notes.join('; ') } : undefined;
}
