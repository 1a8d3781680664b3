/**
 * Pull: the remote's events (all pages of GET /events?ownerId=me&scope=managed) and each one's
 * ticket categories, read one record at a time (remote-read.ts) and upserted under the remote's
 * ids through the importer, each event in a savepoint of its own: an event or category that
 * cannot be read or stored is skipped and reported, and the rest is stored. What vanished remotely
 * is marked, never deleted.
 *
 * Seats: a category's `sold` becomes the remote's count plus this counter's paid sales the remote
 * does not count as paid yet (outbox.unappliedPaidSales); this counter's own unpaid orders stay
 * counted as held. The interface does not say whether a remote's `sold` includes unpaid orders:
 * if it does, those of this counter are counted twice, and the counter sells fewer seats than it
 * could, never more (docs/sync.md, "Seats after a pull").
 */
import { and, eq, notInArray } from 'drizzle-orm';
import type { ImportEvent } from '#shared/schemas/import.js';
import type { PullReportEntry } from '#shared/schemas/sync.js';
import { writeTransaction, type Db } from '../db/connection.js';
import { eventGrants, events, ticketCategories, users } from '../db/schema.js';
import type { Clock } from '../domain/clock.js';
import type { Importer } from '../domain/importer.js';
import type { UserRow } from '../domain/users.js';
import type { Outbox } from './outbox.js';
import { readCategory, readEvent, reported } from './remote-read.js';
import type { Failure, RemoteClient } from './remote-client.js';

const PAGE_SIZE = 100;

export interface PullDeps {
  db: Db;
  clock: Clock;
  importer: Importer;
  outbox: Outbox;
  allotmentPercent: () => number;
}

export type PullResult = { ok: true; events: number; report: PullReportEntry[] } | { ok: false; failure: Failure };

/** An event as read, its categories with what the remote says is left of each. */
interface Pulled {
  event: ImportEvent;
  left: Map<string, number>;
}

export async function pull(client: RemoteClient, owner: UserRow, deps: PullDeps): Promise<PullResult> {
  const pulled: Pulled[] = [];
  const report: PullReportEntry[] = [];
  const note = (entry: PullReportEntry | undefined) => entry && report.push(entry);
  for (let page = 1, pages = 1; page <= pages; page++) {
    const listed = await client.listEvents(page, PAGE_SIZE);
    if (listed.kind !== 'ok') return { ok: false, failure: listed };
    pages = listed.totalPages;
    for (const raw of listed.data) {
      const event = readEvent(raw);
      note(reported('event', raw, event));
      if (!event.ok) continue;
      const tickets = await client.tickets(event.value.id);
      if (tickets.kind !== 'ok') return { ok: false, failure: tickets };
      const left = new Map<string, number>();
      const categories: ImportEvent['tickets'] = [];
      for (const rawCategory of tickets.data) {
        const category = readCategory(rawCategory);
        note(reported('category', rawCategory, category));
        if (!category.ok) continue;
        const { left: seatsLeft, ...ticket } = category.value;
        left.set(ticket.id, seatsLeft);
        categories.push(ticket);
      }
      pulled.push({ event: { ...event.value, tickets: categories }, left });
    }
  }
  const stored = store(pulled, owner, deps, note);
  // What was skipped first: it is what the operator must act on.
  const skippedFirst = [...report].sort((a, b) => Number(a.outcome !== 'skipped') - Number(b.outcome !== 'skipped'));
  return { ok: true, events: stored, report: skippedFirst };
}

/** Stores what was read; returns how many events were stored. */
function store(pulled: Pulled[], owner: UserRow, { db, clock, importer, outbox, allotmentPercent }: PullDeps, note: (entry: PullReportEntry) => void): number {
  const now = clock();
  const storedIds: string[] = [];
  writeTransaction(db, () => {
    for (const { event, left } of pulled) {
      const tickets = event.tickets.map((ticket) => ({ ...ticket, sold: (ticket.sold ?? 0) + outbox.unappliedPaidSales(ticket.id) }));
      try {
        // A savepoint per event: one that cannot be stored (its slug taken here, say) is rolled back alone.
        writeTransaction(db, () => importer.importEvents({ events: [{ ...event, tickets }] }, owner, 'remote'));
      } catch (error) {
        note({ kind: 'event', id: event.id, name: event.name, outcome: 'skipped', reason: error instanceof Error ? error.message : String(error) });
        continue;
      }
      storedIds.push(event.id);
      db.update(ticketCategories)
        .set({ remoteMissing: true, updatedAt: now })
        .where(and(eq(ticketCategories.eventId, event.id), notInArray(ticketCategories.id, event.tickets.map((t) => t.id))))
        .run();
      for (const [id, seats] of left) {
        db.update(ticketCategories)
          .set({ offlineAllotment: Math.floor((seats * allotmentPercent()) / 100) })
          .where(eq(ticketCategories.id, id))
          .run();
      }
    }
    // Events the remote no longer lists, or sent in a form that could not be read, are not sold.
    db.update(events)
      .set({ remoteMissing: true, updatedAt: now })
      .where(and(eq(events.origin, 'remote'), notInArray(events.id, storedIds)))
      .run();
    grantOperators(db, storedIds, now);
  });
  return storedIds.length;
}

/**
 * The counter's operators (local staff users) may sell every pulled event: the remote key decides
 * what this counter sells, the local logins only who is at the counter. Existing grants are kept.
 */
function grantOperators(db: Db, eventIds: string[], now: number): void {
  const staff = db.select({ id: users.id }).from(users).where(eq(users.role, 'staff')).all();
  for (const user of staff) {
    for (const eventId of eventIds) {
      db.insert(eventGrants).values({ userId: user.id, eventId, permission: 'event:update', createdAt: now }).onConflictDoNothing().run();
    }
  }
}
