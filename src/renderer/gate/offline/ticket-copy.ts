/**
 * The copy of the event's tickets this device scans from when the instance cannot be reached:
 * asked for at start and every two minutes while online, kept in IndexedDB with the keys that sign
 * the QR codes, and held in memory by lookup key, so that a scan finds its ticket in a Map lookup.
 */
import { contract } from '#shared/contract/index.js';
import { GateSnapshot, type CachedTicket } from '#shared/schemas/gate-device.js';
import { ticketLookupKey } from '#shared/ticket-number.js';
import type { VerificationKey } from '#shared/ticket-token.js';
import { call } from '../api';
import type { Device } from '../device';
import { store } from '../store';
import { texts } from '../texts';
import { database } from './db';
import { movesInCopy } from './moves';

/** Every ticket of a festival is megabytes: a slow Wi-Fi takes its time, and no one waits for it. */
const COPY_TIMEOUT_MS = 60_000;

export interface TicketCopy {
  takenAt: string;
  keys: VerificationKey[];
  /** Category names by id: a ticket admitted by its signature alone names its category so. */
  categories: Map<string, string>;
  /** By ticketLookupKey of the printed number. */
  tickets: Map<string, CachedTicket>;
  /** How many were inside when it was taken: counted once here, not on every render of the counts. */
  insideNow: number;
}

export const ticketCopy = store<TicketCopy | undefined>(undefined);
/** Why the copy could not be renewed, until it is. */
export const copyProblem = store<string | undefined>(undefined);

function indexed(snapshot: GateSnapshot): TicketCopy {
  return {
    takenAt: snapshot.takenAt,
    keys: snapshot.keys,
    categories: new Map(snapshot.categories.map((category) => [category.id, category.name])),
    tickets: new Map(snapshot.tickets.map((ticket) => [ticketLookupKey(ticket.number), ticket])),
    insideNow: snapshot.tickets.filter((ticket) => ticket.checkIn !== null).length,
  };
}

/** The copy kept on this device from before, for the first scans after a start with no network. */
export async function loadCopy(eventId: string): Promise<void> {
  const kept = GateSnapshot.safeParse(await (await database()).get('copies', eventId));
  if (kept.success && !ticketCopy.get()) ticketCopy.set(indexed(kept.data));
}

export async function renewCopy({ key, event }: Device): Promise<void> {
  const askedAt = Date.now();
  const answer = await call(contract.getGateSnapshot, { params: { idOrSlug: event.id } }, { key, timeoutMs: COPY_TIMEOUT_MS });
  if (answer.kind === 'unreachable') return;
  if (answer.kind === 'refused') return copyProblem.set(texts.copyFailed(answer.message));
  await (await database()).put('copies', answer.data, event.id);
  movesInCopy(askedAt);
  ticketCopy.set(indexed(answer.data));
  copyProblem.set(undefined);
}
