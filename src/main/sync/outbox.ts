/**
 * The outbox: the order domain records every change of an order of a remote event here, in the
 * change's own transaction, so a change can never be stored without its job nor the reverse. The
 * push (push.ts) works through the jobs; this file holds their storage and their queries.
 */
import { and, asc, count, eq, exists, gte, inArray, lte, notInArray, sql } from 'drizzle-orm';
import type { SkipReason } from '#shared/schemas/sync.js';
import { writeTransactionUnsynced, type Db } from '../db/connection.js';
import { events, orders, outbox, remoteOrders } from '../db/schema.js';
import type { Clock } from '../domain/clock.js';
import { newId } from '../domain/ids.js';
import type { OrderJournal } from '../domain/journal.js';

export type Job = typeof outbox.$inferSelect;
export type JobState = Job['state'];

/** Jobs that are finished, one way or another: the one definition of settled. */
const SETTLED: JobState[] = ['done', 'skipped'];
/** Jobs still on their way to the remote: neither settled nor refused (a conflict waits for an operator). */
const UNDER_WAY: JobState[] = ['pending', 'in_flight', 'unknown'];

/** An Idempotency-Key no attempt has used: a remote that stores answers by key evaluates the request afresh. */
const freshKey = (now: number) => `tc-${newId(now)}`;

/**
 * Two creates for one buyer (e-mail and name) in one category look alike on the remote, whose
 * order list shows no identity number: were both unsettled at once, each could adopt the other's
 * remote order (push.ts, findCreated). So such creates go one at a time: a create waits while a
 * look-alike is unsettled ahead of it, unknown and in-flight ones first (they must be looked up
 * before anything else is sent), then pending ones in their order. True of the outer `outbox` row.
 */
const LOOKALIKE_AHEAD = sql`exists (
  select 1 from ${outbox} as k
  where k.lookalike = ${outbox.lookalike} and k.seq <> ${outbox.seq} and k.state in ${UNDER_WAY}
    and ((k.state = 'pending') < (${outbox.state} = 'pending')
      or ((k.state = 'pending') = (${outbox.state} = 'pending') and k.seq < ${outbox.seq})))`;

export function createOutbox(db: Db, clock: Clock, onRecorded: () => void) {
  const originOf = db
    .select({ origin: events.origin })
    .from(events)
    .where(eq(events.id, sql.placeholder('eventId')))
    .prepare();
  const jobsOf = db
    .select()
    .from(outbox)
    .where(eq(outbox.orderId, sql.placeholder('orderId')))
    .orderBy(asc(outbox.seq))
    .prepare();

  const journal: OrderJournal = {
    record(order, kind, payload, atRemote) {
      if (originOf.get({ eventId: order.eventId })?.origin !== 'remote') return;
      const now = clock();
      const earlier = jobsOf.all({ orderId: order.id });
      // A sale cancelled before any of it reached the remote: nothing needs sending at all.
      if (kind === 'cancel' && earlier.length > 0 && earlier.every((job) => job.state === 'pending' && job.attempts === 0)) {
        db.update(outbox)
          .set({ state: 'skipped', skipReason: 'never_sent', updatedAt: now })
          .where(eq(outbox.orderId, order.id))
          .run();
        return;
      }
      db.insert(outbox)
        .values({
          orderId: order.id,
          kind,
          payload,
          state: atRemote === 'applied' ? 'done' : atRemote === 'maybe' ? 'unknown' : 'pending',
          idempotencyKey: freshKey(now),
          lookalike: kind === 'create' ? sql`(select json_array(${orders.ticketCategoryId}, ${orders.customerEmail}, ${orders.customerName}) from ${orders} where ${orders.id} = ${order.id})` : null,
          nextAttemptAt: now,
          createdAt: now,
          updatedAt: now,
        })
        .run();
      // After this transaction commits: the push wakes on the next turn of the event loop.
      if (atRemote !== 'applied') setImmediate(onRecorded);
    },
  };

  /** An earlier job of the same order not settled yet: the outer `outbox` row waits behind it. */
  const earlierOpen = sql`exists (select 1 from ${outbox} as e where e.order_id = ${outbox.orderId} and e.seq < ${outbox.seq} and e.state not in ${SETTLED})`;
  const ph = sql.placeholder;
  /** Open jobs in one state that may be sent now, read along outbox_open (state, seq). */
  const dueOf = (state: JobState) =>
    db
      .select()
      .from(outbox)
      .where(and(eq(outbox.state, state), lte(outbox.nextAttemptAt, ph('now')), sql`not ${earlierOpen}`, sql`not (${LOOKALIKE_AHEAD})`));
  const dueNowIn = dueOf('pending').unionAll(dueOf('unknown')).orderBy(asc(outbox.seq)).limit(ph('limit')).prepare();
  // What every job of the push does, prepared once: built anew for each job, drizzle's building
  // of the claim alone was a share of the push's main thread worth saving.
  const claimIn = db
    .update(outbox)
    .set({ state: 'in_flight', attempts: sql`${outbox.attempts} + 1`, updatedAt: sql`${ph('now')}` })
    .where(and(eq(outbox.seq, ph('seq')), eq(outbox.state, ph('state'))))
    .prepare();
  const rememberRemoteId = db
    .insert(remoteOrders)
    .values({ orderId: ph('orderId'), remoteOrderId: ph('remoteOrderId'), createdAt: ph('now') })
    .onConflictDoNothing()
    .prepare();
  const markDone = db.update(outbox).set({ state: 'done', lastError: null, updatedAt: sql`${ph('now')}` }).where(eq(outbox.seq, ph('seq'))).prepare();

  /**
   * Jobs that may be sent now: due, and first among their order's unfinished jobs, so that an
   * order's create, checkout and cancel reach the remote in the order they happened. The pending
   * and the unknown ones are read apart and merged by SQLite in one statement, prepared once: asked
   * for both states at once, SQLite sorted them in a temporary b-tree, and two statements cost the
   * push two calls on every turn.
   */
  function due(limit: number): Job[] {
    return dueNowIn.all({ now: clock(), limit });
  }

  /** A create that must wait for a look-alike ahead of it, even when a cashier waits on it. */
  function waitsForLookalike(seq: number): boolean {
    return db.select({ seq: outbox.seq }).from(outbox).where(and(eq(outbox.seq, seq), LOOKALIKE_AHEAD)).get() !== undefined;
  }

  function update(seq: number, values: Partial<Job>): void {
    db.update(outbox)
      .set({ ...values, updatedAt: clock() })
      .where(eq(outbox.seq, seq))
      .run();
  }

  /** Marks the job in flight (committed before anything is sent); false if someone else took it. */
  function claim(job: Job): boolean {
    return claimIn.run({ seq: job.seq, state: job.state, now: clock() }).changes === 1;
  }

  /**
   * A job left in flight by a process that died may or may not have reached the remote: unknown.
   * Only jobs in flight for longer than `staleMs` (more than any live attempt can take), so that a
   * `sync now` next to a running serve never takes over a request still under way.
   */
  function recoverInFlight(staleMs: number): number {
    return db
      .update(outbox)
      .set({ state: 'unknown', updatedAt: clock() })
      .where(and(eq(outbox.state, 'in_flight'), lte(outbox.updatedAt, clock() - staleMs)))
      .run().changes;
  }

  /**
   * After a restore: a job the backup holds as pending or in flight may have been sent after the
   * backup was taken. Each becomes unknown, to be looked up on the remote before any resend.
   */
  function unsettleAfterRestore(): number {
    return db
      .update(outbox)
      .set({ state: 'unknown', nextAttemptAt: clock(), updatedAt: clock() })
      .where(inArray(outbox.state, ['pending', 'in_flight']))
      .run().changes;
  }

  /**
   * An operator's retry of a job the remote refused: looked up first (in case the refusal was not
   * the whole story), then sent as a new attempt under a new Idempotency-Key, since a remote that
   * replays stored answers by key (this service as a hub does, for 24 hours) would only repeat
   * its refusal to the old one.
   */
  function retryAfresh(seq: number): void {
    update(seq, { state: 'unknown', lastStatus: null, idempotencyKey: freshKey(clock()), nextAttemptAt: clock() });
  }

  /** Everything waiting goes now rather than at its backed-off time (the remote answers again). */
  function dueNow(): void {
    db.update(outbox)
      .set({ nextAttemptAt: clock() })
      .where(inArray(outbox.state, ['pending', 'unknown']))
      .run();
  }

  /** Settles the job without sending it (an operator's decision). */
  function skip(seq: number, skipReason: SkipReason, lastError: string): void {
    update(seq, { state: 'skipped', skipReason, lastError });
  }

  /** Settles every open job of the order without sending it (an operator's decision). */
  function settleOrder(orderId: string, skipReason: SkipReason, lastError: string): void {
    db.update(outbox)
      .set({ state: 'skipped', skipReason, lastError, updatedAt: clock() })
      .where(and(eq(outbox.orderId, orderId), notInArray(outbox.state, SETTLED)))
      .run();
  }

  /** Jobs of `kind` the remote could not take (it lacks the route), least recently looked at first. */
  function notApplied(kind: Job['kind'], limit: number): Job[] {
    return db
      .select()
      .from(outbox)
      .where(and(eq(outbox.kind, kind), eq(outbox.state, 'skipped'), eq(outbox.skipReason, 'not_applicable')))
      .orderBy(asc(outbox.updatedAt))
      .limit(limit)
      .all();
  }

  /**
   * This counter's paid sales of the category that the remote does not count as paid, to the
   * counter's knowledge: the create or the payment not yet applied there (pending, in flight,
   * unknown, or refused and waiting for an operator), or a confirm the remote lacks the route for.
   */
  function unappliedPaidSales(categoryId: string): number {
    const unapplied = db
      .select({ one: sql`1` })
      .from(outbox)
      .where(
        and(
          eq(outbox.orderId, orders.id),
          inArray(outbox.kind, ['create', 'checkout', 'confirm']),
          sql`(${notInArray(outbox.state, SETTLED)} or ${outbox.skipReason} = 'not_applicable')`,
        ),
      );
    return (
      db
        .select({ n: count() })
        .from(orders)
        .where(and(eq(orders.ticketCategoryId, categoryId), eq(orders.paymentStatus, 'paid'), exists(unapplied)))
        .get()?.n ?? 0
    );
  }

  /**
   * How many open jobs were tried `attempts` times or more; and how many deferred payments the
   * remote still has awaiting verification because it lacks the route to confirm or reject them
   * (none once a later checkout or cancel of the order got through).
   */
  function troubles(attempts: number) {
    const stalled = db
      .select({ n: count() })
      .from(outbox)
      .where(and(inArray(outbox.state, UNDER_WAY), gte(outbox.attempts, attempts)))
      .get()?.n ?? 0;
    const settledLater = sql`exists (select 1 from ${outbox} as l where l.order_id = ${outbox.orderId} and l.seq > ${outbox.seq}
      and l.state = 'done' and l.kind in ('checkout', 'cancel'))`;
    const stillAwaiting = (kind: Job['kind']) =>
      db
        .select({ n: count() })
        .from(outbox)
        .where(and(eq(outbox.kind, kind), eq(outbox.state, 'skipped'), eq(outbox.skipReason, 'not_applicable'), sql`not ${settledLater}`))
        .get()?.n ?? 0;
    return { stalled, unconfirmed: stillAwaiting('confirm'), unrejected: stillAwaiting('reject') };
  }

  function remoteIdOf(orderId: string): string | undefined {
    return db.select({ id: remoteOrders.remoteOrderId }).from(remoteOrders).where(eq(remoteOrders.orderId, orderId)).get()?.id;
  }

  function isMappedRemote(remoteOrderId: string): boolean {
    return db.select({ id: remoteOrders.orderId }).from(remoteOrders).where(eq(remoteOrders.remoteOrderId, remoteOrderId)).get() !== undefined;
  }

  /**
   * The job succeeded (a create also learns the remote's id for the order), in one transaction.
   * Its commit does not wait for the disk: a power cut that loses it leaves the job in flight, to
   * be looked up on the remote (recoverInFlight), and the remote says it was applied.
   */
  function complete(job: Job, remoteOrderId?: string): void {
    writeTransactionUnsynced(db, () => {
      const now = clock();
      if (remoteOrderId !== undefined) rememberRemoteId.run({ orderId: job.orderId, remoteOrderId, now });
      markDone.run({ seq: job.seq, now });
    });
  }

  function counts() {
    const rows = db.select({ state: outbox.state, n: count() }).from(outbox).groupBy(outbox.state).all();
    const of = (states: JobState[]) => rows.filter((r) => states.includes(r.state)).reduce((sum, r) => sum + r.n, 0);
    return { pending: of(UNDER_WAY), conflicts: of(['conflict']) };
  }

  function conflicts() {
    return db
      .select({ job: outbox, eventId: orders.eventId, customerName: orders.customerName, customerEmail: orders.customerEmail, orderStatus: orders.status })
      .from(outbox)
      .innerJoin(orders, eq(orders.id, outbox.orderId))
      .where(eq(outbox.state, 'conflict'))
      .orderBy(asc(outbox.seq))
      .all()
      .map(({ job, ...order }) => ({ ...job, ...order }));
  }

  /** Sales of the category this counter made whose create the remote has not yet acknowledged (not settled). */
  function unsettledCreates(categoryId: string): number {
    return (
      db
        .select({ n: count() })
        .from(outbox)
        .innerJoin(orders, eq(orders.id, outbox.orderId))
        .where(and(eq(outbox.kind, 'create'), notInArray(outbox.state, SETTLED), eq(orders.ticketCategoryId, categoryId)))
        .get()?.n ?? 0
    );
  }

  /** The order's create job, if its event is a remote's. */
  function createOf(orderId: string): Job | undefined {
    return db
      .select()
      .from(outbox)
      .where(and(eq(outbox.orderId, orderId), eq(outbox.kind, 'create')))
      .get();
  }

  function get(seq: number): Job | undefined {
    return db.select().from(outbox).where(eq(outbox.seq, seq)).get();
  }

  return {
    journal,
    due,
    waitsForLookalike,
    update,
    claim,
    recoverInFlight,
    unsettleAfterRestore,
    dueNow,
    retryAfresh,
    skip,
    settleOrder,
    notApplied,
    unappliedPaidSales,
    troubles,
    remoteIdOf,
    isMappedRemote,
    complete,
    counts,
    conflicts,
    get,
    createOf,
    unsettledCreates,
  };
}
export type Outbox = ReturnType<typeof createOutbox>;
