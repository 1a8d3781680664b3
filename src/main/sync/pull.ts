/**
 * Pull: the remote's events (all pages of GET /events?ownerId=me&scope=managed) and each one's
 * ticket categories, upserted under the remote's ids through the importer. Per category, `sold`
 * becomes the remote's count plus this counter's paid sales the remote has not yet been told of,
 * and the offline allotment is recomputed. What vanished remotely is marked, never deleted.
 */
import { and, count, eq, exists, inArray, notInArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { Event } from '../../shared/schemas/event.js';
import type { ImportFile } from '../../shared/schemas/import.js';
import { TicketCategory } from '../../shared/schemas/ticket.js';
import type { Db } from '../db/connection.js';
import { eventGrants, events, orders, outbox, ticketCategories, users } from '../db/schema.js';
import type { Clock } from '../domain/clock.js';
import type { Importer } from '../domain/importer.js';
import type { UserRow } from '../domain/users.js';
import type { Outcome, RemoteClient } from './remote-client.js';

const PAGE_SIZE = 100;

export interface PullDeps {
  db: Db;
  clock: Clock;
  importer: Importer;
  allotmentPercent: () => number;
}

export type PullResult = { ok: true; events: number; tickets: number } | { ok: false; outcome: Exclude<Outcome, { kind: 'ok' }> };

export async function pull(client: RemoteClient, owner: UserRow, deps: PullDeps): Promise<PullResult> {
  const pulled: { event: Event; tickets: TicketCategory[] }[] = [];
  for (let page = 1, pages = 1; page <= pages; page++) {
    const listed = await client.get(['events'], { ownerId: 'me', scope: 'managed', page, limit: PAGE_SIZE });
    if (listed.kind !== 'ok') return { ok: false, outcome: listed };
    pages = listed.meta?.totalPages ?? 1;
    for (const event of z.array(Event).parse(listed.data)) {
      const tickets = await client.get(['events', event.id, 'tickets']);
      if (tickets.kind !== 'ok') return { ok: false, outcome: tickets };
      pulled.push({ event, tickets: z.array(TicketCategory).parse(tickets.data) });
    }
  }
  store(pulled, owner, deps);
  return { ok: true, events: pulled.length, tickets: pulled.reduce((n, p) => n + p.tickets.length, 0) };
}

function store(pulled: { event: Event; tickets: TicketCategory[] }[], owner: UserRow, { db, clock, importer, allotmentPercent }: PullDeps) {
  const notReplicatedPaid = (categoryId: string) =>
    db
      .select({ n: count() })
      .from(orders)
      .where(
        and(
          eq(orders.ticketCategoryId, categoryId),
          eq(orders.paymentStatus, 'paid'),
          exists(
            db
              .select({ one: sql`1` })
              .from(outbox)
              .where(and(eq(outbox.orderId, orders.id), inArray(outbox.kind, ['checkout', 'confirm']), notInArray(outbox.state, ['done', 'skipped']))),
          ),
        ),
      )
      .get()?.n ?? 0;

  const file: ImportFile = {
    events: pulled.map(({ event, tickets }) => {
      const { isFinished: _finished, ...fields } = event;
      return {
        ...fields,
        tickets: tickets.map(({ eventId: _event, isSoldOut: _soldOut, available: _available, ...ticket }) => ({
          ...ticket,
          sold: ticket.sold + notReplicatedPaid(ticket.id),
        })),
      };
    }),
  };
  const eventIds = pulled.map((p) => p.event.id);
  const now = clock();
  db.transaction(() => {
    importer.importEvents(file, owner, 'remote');
    db.update(events)
      .set({ remoteMissing: true, updatedAt: now })
      .where(and(eq(events.origin, 'remote'), notInArray(events.id, eventIds)))
      .run();
    for (const { event, tickets } of pulled) {
      db.update(ticketCategories)
        .set({ remoteMissing: true, updatedAt: now })
        .where(and(eq(ticketCategories.eventId, event.id), notInArray(ticketCategories.id, tickets.map((t) => t.id))))
        .run();
      for (const ticket of tickets) {
        // A remote that is this service says what its holds leave; otherwise only sales are known.
        const left = ticket.isSoldOut ? 0 : (ticket.available ?? Math.max(0, ticket.quota - ticket.sold));
        db.update(ticketCategories)
          .set({ offlineAllotment: Math.floor((left * allotmentPercent()) / 100) })
          .where(eq(ticketCategories.id, ticket.id))
          .run();
      }
    }
    grantOperators(db, eventIds, now);
  });
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
