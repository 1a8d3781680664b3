/**
 * The gate list: every order of each pulled event, read from the central service's admin order
 * list (the interface alone: GET /events/{id}/admin/orders, pages of 100), kept in mirrored_orders
 * and mirrored_tickets so that the venue's gates admit tickets sold anywhere, also while the
 * central cannot be reached. Only an instance whose remote is the central service keeps one; a
 * counter whose remote is a venue hub scans through the hub.
 *
 * The interface has no "changed since" filter, so two reads:
 * - newest first (sort=createdAt, order=desc), page after page until one holds an order already
 *   kept and unchanged: new sales reach the gates at every refresh, in a request or two;
 * - a full pass (order=asc, every page) on a schedule: it sees cancels of older orders, and an
 *   order it no longer finds is taken as gone (refused). A pass cut short (offline, 429) resumes
 *   at its page. A 429 waits its Retry-After; a 5xx or no answer backs off.
 *
 * Orders this service sold itself (remote_orders) are kept as a bare mark, without their tickets:
 * its gates know them as its own, and the newest-first read stops at them like at any order it
 * has read before. Mirrored orders are read-only here: nothing writes an outbox job, a seat or a
 * sale from them.
 */
import { and, eq, getTableColumns, gt, inArray, isNull, lt, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { SQLiteTable } from 'drizzle-orm/sqlite-core';
import { z } from 'zod';
import { parseJson } from '#shared/parse-json.js';
import type { CancelledInside, GateListEvent, GateListStatus } from '#shared/schemas/gate-list.js';
import { RemoteGateOrder, RemoteGateTicket } from '#shared/schemas/remote.js';
import { maskIdentityNumber } from '#shared/identity-number.js';
import { ticketLookupKey } from '#shared/ticket-number.js';
import { writeTransaction, type Db } from '../db/connection.js';
import { events, meta, mirroredCheckIns, mirroredOrders, mirroredTickets, remoteOrders, users } from '../db/schema.js';
import type { AuditLog } from '../domain/audit.js';
import type { Clock } from '../domain/clock.js';
import { admissible } from '../domain/mirrored-tickets.js';
import { toIso } from '../domain/time.js';
import { backoffMs } from './backoff.js';
import type { Failure, RemoteClient } from './remote-client.js';

const META_KEY = 'gate_list';
const PAGE_SIZE = 100;
/** Pages of a full pass asked at once: a central that takes a second a page still lists 45,000 in two minutes. */
const PAGES_AT_ONCE = 4;
/** An event over for longer than this needs no gate: its list is no longer read. */
const AFTER_END_MS = 24 * 60 * 60_000;
/** Cancels the central made while a ticket was inside, listed on the Sync screen (the audit has all). */
const CANCELLED_INSIDE_SHOWN = 50;

const EventState = z.object({
  lastNewAt: z.number().nullable(),
  /** When the last complete read (newest first, or a full pass) ended: what it kept was seen by then. */
  lastReadEnd: z.number().nullable().default(null),
  lastFullAt: z.number().nullable(),
  /** A full pass under way: when it started (orders it did not see since are gone) and its next page. */
  full: z.object({ startedAt: z.number(), page: z.number().int() }).nullable(),
  retryAt: z.number().nullable(),
  failures: z.number().int(),
  lastError: z.string().nullable(),
  skipped: z.number().int(),
});
type EventState = z.infer<typeof EventState>;
const Stored = z.record(z.string(), EventState);
const INITIAL: EventState = { lastNewAt: null, lastReadEnd: null, lastFullAt: null, full: null, retryAt: null, failures: 0, lastError: null, skipped: 0 };

/** Each name as a placeholder of that name, for a statement prepared once. */
const placeholders = <K extends string>(...names: K[]) => Object.fromEntries(names.map((name) => [name, sql.placeholder(name)])) as { [N in K]: Placeholder<N> };

/** An upsert's SET of these columns to the values the INSERT would have written. */
function fromExcluded<T extends SQLiteTable, K extends keyof T['_']['columns'] & string>(table: T, ...names: K[]) {
  const columns = getTableColumns(table);
  return Object.fromEntries(names.map((name) => [name, sql.raw(`excluded.${columns[name]!.name}`)])) as Record<K, SQL>;
}

export interface GateListDeps {
  db: Db;
  clock: Clock;
  audit: AuditLog;
  /** Why this instance keeps no list (its remote is a hub, or none is set yet), or null when it does. */
  whyNot(): string | null;
  /** A client of the central service, once whyNot() is null; throws when its key cannot be read here. */
  client(): RemoteClient;
  /** How a failure is worded for the operator, and where it is logged. */
  inWords(failure: Failure): string;
  logError(details: object, message: string): void;
}

export interface GateListOptions {
  /** How often the newest orders are read. */
  newEveryMs?: number;
  /** How often a full pass starts. */
  fullEveryMs?: number;
}

export function createGateList(deps: GateListDeps, options: GateListOptions = {}) {
  const { db, clock, audit } = deps;
  const newEveryMs = options.newEveryMs ?? 30_000;
  const fullEveryMs = options.fullEveryMs ?? 10 * 60_000;

  function load(): Record<string, EventState> {
    const row = db.select().from(meta).where(eq(meta.key, META_KEY)).get();
    return (row && parseJson(Stored, row.value)) || {};
  }
  const stateOf = (eventId: string): EventState => load()[eventId] ?? INITIAL;
  function save(eventId: string, change: Partial<EventState>): void {
    const all = load();
    all[eventId] = { ...(all[eventId] ?? INITIAL), ...change };
    const value = JSON.stringify(all);
    db.insert(meta).values({ key: META_KEY, value }).onConflictDoUpdate({ target: meta.key, set: { value } }).run();
  }

  /** The pulled events whose gates may still open. */
  const pulledEvents = () =>
    db
      .select({ id: events.id, name: events.name, timezone: events.timezone })
      .from(events)
      .where(and(eq(events.origin, 'remote'), eq(events.remoteMissing, false), gt(events.endAt, clock() - AFTER_END_MS)))
      .all();

  const ownRemoteId = db.select({ id: remoteOrders.orderId }).from(remoteOrders).where(eq(remoteOrders.remoteOrderId, sql.placeholder('id'))).prepare();
  const keptOrder = db.select().from(mirroredOrders).where(eq(mirroredOrders.id, sql.placeholder('id'))).prepare();
  const numberHolder = db
    .select({ id: mirroredTickets.id })
    .from(mirroredTickets)
    .where(and(eq(mirroredTickets.eventId, sql.placeholder('eventId')), eq(mirroredTickets.lookupKey, sql.placeholder('key'))))
    .prepare();
  // The writes of a page, prepared once: a list of 45,000 read in seconds made the hub's heap grow
  // by the query objects drizzle builds for each statement.
  const seen = db.update(mirroredOrders).set({ seenAt: sql`${sql.placeholder('seenAt')}` }).where(eq(mirroredOrders.id, sql.placeholder('id'))).prepare();
  const upsertOrder = db
    .insert(mirroredOrders)
    .values({ ...placeholders('id', 'eventId', 'status', 'paymentStatus', 'remoteUpdatedAt', 'seenAt'), gone: false })
    .onConflictDoUpdate({ target: mirroredOrders.id, set: fromExcluded(mirroredOrders, 'eventId', 'status', 'paymentStatus', 'remoteUpdatedAt', 'seenAt', 'gone') })
    .prepare();
  const upsertTicket = db
    .insert(mirroredTickets)
    .values(placeholders('id', 'orderId', 'eventId', 'ticketNumber', 'lookupKey', 'name', 'ticketCategoryId', 'ticketCategoryName', 'status', 'identityNumber', 'updatedAt'))
    .onConflictDoUpdate({
      target: mirroredTickets.id,
      set: fromExcluded(mirroredTickets, 'orderId', 'eventId', 'ticketNumber', 'lookupKey', 'name', 'ticketCategoryId', 'ticketCategoryName', 'status', 'identityNumber', 'updatedAt'),
    })
    .prepare();

  const otherTickets = db
    .select({ id: mirroredTickets.id })
    .from(mirroredTickets)
    .where(and(eq(mirroredTickets.orderId, sql.placeholder('orderId')), sql`not exists (select 1 from ${mirroredCheckIns} where ${mirroredCheckIns.ticketId} = ${mirroredTickets.id})`))
    .prepare();
  const IdOnly = z.object({ id: z.string().min(1).max(100) });

  /**
   * Stores a page as read. Returns whether it held an order kept by a complete read that ended by
   * `knownBy` and unchanged since (the newest-first read stops there: every newer order was read
   * after it), and how many records it skipped. `then` runs in the page's transaction: a full
   * pass's progress is committed with its page, not in a commit of its own.
   */
  function storePage(eventId: string, items: unknown[], seenAt: number, knownBy: number | null, then?: (skipped: number) => void): { metKnown: boolean; skipped: number } {
    let metKnown = false;
    let skipped = 0;
    const refusedNow: string[] = [];
    writeTransaction(db, () => {
      for (const raw of items) {
        const parsed = RemoteGateOrder.safeParse(raw);
        if (!parsed.success) {
          skipped++;
          // Still listed, though not readable now: not to be taken as gone.
          const listed = IdOnly.safeParse(raw);
          if (listed.success) seen.run({ seenAt, id: listed.data.id });
          continue;
        }
        const order = parsed.data;
        const kept = keptOrder.get({ id: order.id });
        const unchanged =
          kept && !kept.gone && kept.eventId === eventId && kept.status === order.status && kept.paymentStatus === order.paymentStatus && kept.remoteUpdatedAt === order.updatedAt;
        if (unchanged) {
          if (knownBy !== null && kept.seenAt <= knownBy) metKnown = true;
          seen.run({ seenAt, id: order.id });
          continue;
        }
        upsertOrder.run({ id: order.id, eventId, status: order.status, paymentStatus: order.paymentStatus, remoteUpdatedAt: order.updatedAt, seenAt });
        // A sale of this service: read, so the next newest-first read stops here; its ticket is its own.
        if (ownRemoteId.get({ id: order.id })) continue;
        skipped += storeTickets(eventId, order, seenAt);
        if (!admissible({ status: order.status, gone: false }, '')) refusedNow.push(order.id);
      }
      reportCancelledInside(refusedNow);
      then?.(skipped);
    });
    return { metKnown, skipped };
  }

  /** An order's tickets as now listed; one no longer listed leaves (unless it is inside). Returns how many were skipped. */
  function storeTickets(eventId: string, order: RemoteGateOrder, seenAt: number): number {
    let skipped = 0;
    const listed = new Set<string>();
    for (const raw of order.participants) {
      const parsed = RemoteGateTicket.safeParse(raw);
      if (!parsed.success) {
        skipped++;
        continue;
      }
      const p = parsed.data;
      const lookupKey = ticketLookupKey(p.ticketNumber);
      const holder = numberHolder.get({ eventId, key: lookupKey });
      // Two tickets of one number: the first kept stays, the other cannot be told apart at a gate.
      if (holder && holder.id !== p.id) {
        skipped++;
        continue;
      }
      listed.add(p.id);
      upsertTicket.run({
        id: p.id,
        orderId: order.id,
        eventId,
        ticketNumber: p.ticketNumber,
        lookupKey,
        name: p.name,
        ticketCategoryId: p.ticketCategoryId,
        ticketCategoryName: order.ticketCategoryName,
        status: p.status,
        identityNumber: maskIdentityNumber(p.identityNumber),
        updatedAt: seenAt,
      });
    }
    const dropped = otherTickets.all({ orderId: order.id }).filter((t) => !listed.has(t.id));
    if (dropped.length > 0) db.delete(mirroredTickets).where(inArray(mirroredTickets.id, dropped.map((t) => t.id))).run();
    return skipped;
  }

  /**
   * Tickets of these orders that were already inside when the central cancelled them: each said
   * once in the audit log (who let it in, when, at which gate) and counted on the Sync screen.
   */
  function reportCancelledInside(orderIds: string[]): void {
    if (orderIds.length === 0) return;
    const inside = db
      .select({ ticket: mirroredTickets, order: mirroredOrders, checkIn: mirroredCheckIns, by: users.name })
      .from(mirroredCheckIns)
      .innerJoin(mirroredTickets, eq(mirroredTickets.id, mirroredCheckIns.ticketId))
      .innerJoin(mirroredOrders, eq(mirroredOrders.id, mirroredTickets.orderId))
      .innerJoin(users, eq(users.id, mirroredCheckIns.userId))
      .where(and(inArray(mirroredTickets.orderId, orderIds), isNull(mirroredCheckIns.cancelReportedAt)))
      .all();
    const now = clock();
    for (const { ticket, order, checkIn, by } of inside) {
      if (admissible(order, ticket.status)) continue;
      audit.record('system', 'ticket.cancelled_inside', {
        eventId: ticket.eventId,
        subjectId: order.id,
        details: { ticketNumber: ticket.ticketNumber, name: ticket.name, gate: checkIn.gate, checkedInAt: toIso(checkIn.checkedInAt, 'UTC'), checkedInBy: by },
      });
      db.update(mirroredCheckIns).set({ cancelReportedAt: now }).where(eq(mirroredCheckIns.ticketId, ticket.id)).run();
    }
  }

  /**
   * A full pass is over. An order it did not see may only have moved between pages while it read
   * (an order before it left the list): each is asked for by itself, and only one the central no
   * longer has (404) is gone. The tickets of what this service sold itself leave the list. A
   * failure stops the asking: the rest are asked again after the next pass.
   */
  async function finishFullPass(client: RemoteClient, eventId: string, startedAt: number): Promise<Failure | undefined> {
    const missed = db
      .select({ id: mirroredOrders.id })
      .from(mirroredOrders)
      .where(and(eq(mirroredOrders.eventId, eventId), lt(mirroredOrders.seenAt, startedAt), eq(mirroredOrders.gone, false)))
      .all();
    const gone: string[] = [];
    const changed: string[] = [];
    let failure: Failure | undefined;
    for (const { id } of missed) {
      const read = await client.orderDetail(eventId, id);
      if (read.kind === 'http' && read.status === 404) gone.push(id);
      else if (read.kind !== 'ok') {
        failure = read;
        break;
      } else {
        // Its tickets are rewritten by the next read of the list, which sees it changed.
        db.update(mirroredOrders).set({ status: read.data.status, paymentStatus: read.data.paymentStatus, remoteUpdatedAt: '', seenAt: clock() }).where(eq(mirroredOrders.id, id)).run();
        changed.push(id);
      }
    }
    writeTransaction(db, () => {
      if (gone.length > 0) db.update(mirroredOrders).set({ gone: true }).where(inArray(mirroredOrders.id, gone)).run();
      reportCancelledInside([...gone, ...changed]);
      // A sale of this service whose remote id was learned after the list had read it (its answer
      // lost): its tickets leave, unless one was admitted by the central's number meanwhile.
      db.delete(mirroredTickets)
        .where(
          and(
            eq(mirroredTickets.eventId, eventId),
            inArray(mirroredTickets.orderId, db.select({ id: remoteOrders.remoteOrderId }).from(remoteOrders)),
            sql`not exists (select 1 from ${mirroredCheckIns} where ${mirroredCheckIns.ticketId} = ${mirroredTickets.id})`,
          ),
        )
        .run();
    });
    return failure;
  }

  /** Reads what is due of one event's list; returns the failure that stopped it, if one did. */
  async function refreshEvent(client: RemoteClient, eventId: string, full: boolean): Promise<Failure | undefined> {
    const startedAt = clock();
    const state = stateOf(eventId);
    if (full) {
      const pass = state.full ?? { startedAt, page: 1 };
      // The first page alone says how many there are; then a few at a time, stored in order.
      for (let pages = pass.page; pass.page <= pages; ) {
        const asked = Array.from({ length: Math.min(PAGES_AT_ONCE, pages - pass.page + 1) }, (_, i) => pass.page + i);
        const reads = await Promise.all(asked.map((page) => client.orderPage(eventId, page, PAGE_SIZE, 'asc')));
        for (const read of reads) {
          if (read.kind !== 'ok') {
            save(eventId, { full: pass });
            return read;
          }
          storePage(eventId, read.data, clock(), null, (skipped) => save(eventId, { full: { ...pass, page: pass.page + 1 }, skipped }));
          pages = read.totalPages;
          pass.page++;
        }
      }
      const unconfirmed = await finishFullPass(client, eventId, pass.startedAt);
      save(eventId, { full: null, lastFullAt: pass.startedAt, lastNewAt: startedAt, lastReadEnd: clock() });
      return unconfirmed;
    }
    let skippedAll = 0;
    for (let page = 1; ; page++) {
      const read = await client.orderPage(eventId, page, PAGE_SIZE, 'desc');
      if (read.kind !== 'ok') return read;
      const { metKnown, skipped } = storePage(eventId, read.data, clock(), state.lastReadEnd);
      skippedAll += skipped;
      if (metKnown || page >= read.totalPages) break;
    }
    save(eventId, { lastNewAt: startedAt, lastReadEnd: clock(), skipped: skippedAll });
    return undefined;
  }

  /** What a failure means for the next try: a 429's Retry-After, else a growing backoff. */
  function failed(eventId: string, failure: Failure): void {
    const { failures } = stateOf(eventId);
    const wait = failure.kind === 'http' && failure.status === 429 && failure.retryAfterMs !== undefined ? failure.retryAfterMs : Math.max(1000, backoffMs(failures + 1));
    const lastError = deps.inWords(failure);
    save(eventId, { failures: failures + 1, retryAt: clock() + wait, lastError });
    deps.logError({ eventId, failure }, 'gate list: a read of the central order list failed');
  }

  /** A network failure or a refused key stops the whole refresh; a single event's 4xx does not. */
  const stopsAll = (failure: Failure) => failure.kind !== 'http' || failure.status === 401 || failure.status === 429 || failure.status >= 500;

  async function refresh(force: boolean): Promise<void> {
    if (deps.whyNot() !== null) return;
    const client = deps.client();
    for (const event of pulledEvents()) {
      const state = stateOf(event.id);
      const now = clock();
      // A 429's Retry-After holds for a pull asked by hand too.
      if (state.retryAt !== null && state.retryAt > now) continue;
      const full = force || state.full !== null || state.lastFullAt === null || now - state.lastFullAt >= fullEveryMs;
      if (!full && state.lastNewAt !== null && now - state.lastNewAt < newEveryMs) continue;
      const failure = await refreshEvent(client, event.id, full);
      if (!failure) {
        save(event.id, { failures: 0, retryAt: null, lastError: null });
        continue;
      }
      failed(event.id, failure);
      if (stopsAll(failure)) return;
    }
  }

  let running: Promise<void> | null = null;
  /** A whole read asked while another refresh runs: one, however many ask meanwhile. */
  let forced: Promise<void> | null = null;
  let timer: NodeJS.Timeout | undefined;
  /** A refresh that threw here (a database that refuses writes, say): logged, and said on the Sync screen. */
  let fault: string | null = null;

  /** One refresh at a time; `force` reads every event's whole list now. */
  function run(force = false): Promise<void> {
    if (running && force) {
      forced ??= running.then(() => {
        forced = null;
        return run(true);
      });
      return forced;
    }
    if (running) return running;
    running = refresh(force)
      .then(() => {
        fault = null;
      })
      .catch((error: unknown) => {
        fault = error instanceof Error ? error.message : String(error);
        deps.logError({ err: error }, 'gate list: a refresh failed');
      })
      .finally(() => {
        running = null;
      });
    return running;
  }

  function counts(): Map<string, { ready: number; refused: number }> {
    const rows = db
      .select({ eventId: mirroredTickets.eventId, status: mirroredOrders.status, gone: mirroredOrders.gone, ticketStatus: mirroredTickets.status, n: sql<number>`count(*)`.mapWith(Number) })
      .from(mirroredTickets)
      .innerJoin(mirroredOrders, eq(mirroredOrders.id, mirroredTickets.orderId))
      .groupBy(mirroredTickets.eventId, mirroredOrders.status, mirroredOrders.gone, mirroredTickets.status)
      .all();
    const out = new Map<string, { ready: number; refused: number }>();
    for (const row of rows) {
      const tally = out.get(row.eventId) ?? { ready: 0, refused: 0 };
      if (admissible(row, row.ticketStatus)) tally.ready += row.n;
      else tally.refused += row.n;
      out.set(row.eventId, tally);
    }
    return out;
  }

  function cancelledInside(): CancelledInside[] {
    return db
      .select({ ticket: mirroredTickets, checkIn: mirroredCheckIns, by: users.name, timezone: events.timezone })
      .from(mirroredCheckIns)
      .innerJoin(mirroredTickets, eq(mirroredTickets.id, mirroredCheckIns.ticketId))
      .innerJoin(users, eq(users.id, mirroredCheckIns.userId))
      .innerJoin(events, eq(events.id, mirroredCheckIns.eventId))
      .where(sql`${mirroredCheckIns.cancelReportedAt} is not null`)
      .orderBy(sql`${mirroredCheckIns.cancelReportedAt} desc`)
      .limit(CANCELLED_INSIDE_SHOWN)
      .all()
      .map(({ ticket, checkIn, by, timezone }) => ({
        eventId: ticket.eventId,
        ticketNumber: ticket.ticketNumber,
        name: ticket.name,
        checkedInAt: toIso(checkIn.checkedInAt, timezone),
        gate: checkIn.gate,
        checkedInBy: by,
        reportedAt: toIso(checkIn.cancelReportedAt!, timezone),
      }));
  }

  function status(): GateListStatus {
    const why = deps.whyNot();
    const stored = load();
    const tallies = counts();
    const at = (ms: number | null, zone: string) => (ms === null ? null : toIso(ms, zone));
    const listed: GateListEvent[] = pulledEvents().map((event) => {
      const state = stored[event.id] ?? INITIAL;
      const tally = tallies.get(event.id) ?? { ready: 0, refused: 0 };
      return {
        eventId: event.id,
        eventName: event.name,
        ...tally,
        lastNewAt: at(state.lastNewAt, event.timezone),
        lastFullAt: at(state.lastFullAt, event.timezone),
        fullPassPage: state.full?.page ?? null,
        retryAt: at(state.retryAt, event.timezone),
        lastError: state.lastError,
        skipped: state.skipped,
      };
    });
    return { active: why === null, why, fault, events: listed, cancelledInside: cancelledInside() };
  }

  return {
    /** Reads what is due now (new orders, or a full pass when one is due), without waiting for the timer. */
    wake: () => void run(),
    /** Reads every event's whole list now (before doors open) and answers when it is over. */
    async pullNow(): Promise<GateListStatus> {
      await run(true);
      return status();
    },
    status,
    start(): void {
      timer = setInterval(() => void run(), Math.min(newEveryMs, fullEveryMs));
      timer.unref();
      void run();
    },
    async stop(): Promise<void> {
      clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}
export type GateList = ReturnType<typeof createGateList>;
