/**
 * The receipt printer's durable queue: a job is stored before it is sent, then sent in order, one
 * at a time. A printer that is off, unreachable or out of paper leaves the job (and those after
 * it) waiting, tried again with a growing pause, and visible to the operator (retry, cancel); each
 * prints when the printer is back. Nothing prints twice: a job found `printing` after a crash may
 * or may not have reached the paper, so it waits as interrupted for the operator to decide. The
 * cash drawer opens only with a job sent at once, never with one that waited (bytesOf).
 */
import { and, asc, desc, eq, inArray, isNull, lt, or, type Column, type SQL } from 'drizzle-orm';
import type { PrintJob } from '#shared/schemas/printing.js';
import { messages } from '#shared/messages.js';
import type { Db } from '../db/connection.js';
import { printJobs } from '../db/schema.js';
import type { Actor } from '../domain/access.js';
import type { Clock } from '../domain/clock.js';
import { AppError } from '../domain/errors.js';
import { newId } from '../domain/ids.js';
import { toIso } from '../domain/time.js';
import { PrintUncertain } from './print-errors.js';

export interface PrintQueueDeps {
  db: Db;
  clock: Clock;
  /** Where the printer is now (the settings), empty for none. */
  printerAddress: () => string;
  /** Sends a job; throws PrintUncertain when it went out unconfirmed, anything else when it did not go. */
  send: (address: string, payload: Uint8Array) => Promise<void>;
  /** The printer's command that opens the cash drawer (escpos.ts). */
  drawerKick: Uint8Array;
}

/** How long after the cash was taken its drawer may still open: the cashier is at the till. */
const KICK_WINDOW_MS = 10_000;

/** Which jobs a caller sees: those of events it may read, and test pages. */
export type JobScope = (eventId: Column) => SQL;

interface Logger {
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

type JobRow = typeof printJobs.$inferSelect;

const FIRST_PAUSE_MS = 2000;
const LONGEST_PAUSE_MS = 30_000;
/** Printed jobs are kept this long for the list, then dropped with their bytes. */
const KEEP_PRINTED_MS = 7 * 24 * 60 * 60 * 1000;
/** The list shows every job not printed, and this many printed ones. */
const LISTED_PRINTED = 20;

export function createPrintQueue({ db, clock, printerAddress, send, drawerKick }: PrintQueueDeps) {
  let sending: Promise<void> | undefined;
  let retryTimer: NodeJS.Timeout | undefined;
  let pause = FIRST_PAUSE_MS;
  let stopped = false;
  let log: Logger | undefined;

  const toDto = (row: JobRow): PrintJob => ({
    id: row.id,
    title: row.title,
    state: row.state,
    attempts: row.attempts,
    lastError: row.lastError,
    createdBy: row.createdByName,
    createdAt: toIso(row.createdAt, 'UTC'),
    printedAt: row.printedAt === null ? null : toIso(row.printedAt, 'UTC'),
  });

  /** Stores a job of `eventId` (null: a test page), with the drawer's kick if it opens, and wakes the sender. */
  function enqueue(actor: Actor, eventId: string | null, title: string, payload: Uint8Array, kick: JobRow['drawerKick'] = 'none'): PrintJob {
    if (!printerAddress()) throw new AppError('INVALID_STATE', messages.noPrinter);
    const now = clock();
    const row: JobRow = {
      id: newId(now),
      title,
      eventId,
      payload: Buffer.from(payload),
      drawerKick: kick,
      state: 'waiting',
      attempts: 0,
      lastError: null,
      createdByName: actor.name,
      createdAt: now,
      printedAt: null,
    };
    db.insert(printJobs).values(row).run();
    db.delete(printJobs)
      .where(and(inArray(printJobs.state, ['printed', 'cancelled']), lt(printJobs.createdAt, now - KEEP_PRINTED_MS)))
      .run();
    wake();
    return toDto(row);
  }

  const visible = (scope: JobScope) => or(isNull(printJobs.eventId), scope(printJobs.eventId));

  function list(scope: JobScope): PrintJob[] {
    const open = db
      .select()
      .from(printJobs)
      .where(and(visible(scope), inArray(printJobs.state, ['waiting', 'printing', 'interrupted'])))
      .orderBy(asc(printJobs.id))
      .all();
    const done = db
      .select()
      .from(printJobs)
      .where(and(visible(scope), inArray(printJobs.state, ['printed', 'cancelled'])))
      .orderBy(desc(printJobs.id))
      .limit(LISTED_PRINTED)
      .all();
    return [...open, ...done].map(toDto);
  }

  function find(scope: JobScope, id: string): JobRow {
    const row = db
      .select()
      .from(printJobs)
      .where(and(eq(printJobs.id, id), visible(scope)))
      .get();
    if (!row) throw new AppError('NOT_FOUND', messages.printJobNotFound);
    return row;
  }

  /** Sends a waiting or interrupted job (and everything waiting before it) now. */
  function retry(scope: JobScope, id: string): PrintJob {
    const row = find(scope, id);
    if (row.state !== 'waiting' && row.state !== 'interrupted') throw new AppError('INVALID_STATE', messages.printJobNotOpen);
    db.update(printJobs).set({ state: 'waiting' }).where(eq(printJobs.id, id)).run();
    pause = FIRST_PAUSE_MS;
    wake();
    return toDto(find(scope, id));
  }

  function cancel(scope: JobScope, id: string): PrintJob {
    const row = find(scope, id);
    if (row.state !== 'waiting' && row.state !== 'interrupted') throw new AppError('INVALID_STATE', messages.printJobNotOpen);
    db.update(printJobs).set({ state: 'cancelled' }).where(eq(printJobs.id, id)).run();
    wake();
    return toDto(find(scope, id));
  }

  /** Sends the waiting jobs in order until none is left or the printer fails; then waits to try again. */
  async function drain(): Promise<void> {
    clearTimeout(retryTimer);
    for (;;) {
      if (stopped) return;
      const address = printerAddress();
      const job = db.select().from(printJobs).where(eq(printJobs.state, 'waiting')).orderBy(asc(printJobs.id)).limit(1).get();
      if (!job || !address) return;
      const bytes = bytesOf(job);
      // A drawer alone that can no longer open (it waited for the printer): nothing of it is sent.
      if (bytes.length === 0) {
        db.update(printJobs).set({ state: 'cancelled', lastError: messages.drawerNotOpened(job.lastError ?? messages.printerWasWaiting) }).where(eq(printJobs.id, job.id)).run();
        continue;
      }
      db.update(printJobs)
        .set({ state: 'printing', attempts: job.attempts + 1 })
        .where(eq(printJobs.id, job.id))
        .run();
      try {
        await send(address, bytes);
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        // Every job waiting now waits for the printer: none of them opens the drawer any more.
        db.update(printJobs).set({ drawerKick: 'none' }).where(inArray(printJobs.state, ['waiting', 'printing'])).run();
        // It may have printed (or opened): never again by itself.
        if (error instanceof PrintUncertain) {
          db.update(printJobs).set({ state: 'interrupted', lastError: reason }).where(eq(printJobs.id, job.id)).run();
          log?.warn({ job: job.id, title: job.title, reason }, 'print job interrupted');
          continue;
        }
        // A drawer alone that did not open at once is not opened at all.
        if (job.payload.length === 0) {
          db.update(printJobs).set({ state: 'cancelled', lastError: messages.drawerNotOpened(reason) }).where(eq(printJobs.id, job.id)).run();
          continue;
        }
        db.update(printJobs).set({ state: 'waiting', lastError: reason }).where(eq(printJobs.id, job.id)).run();
        log?.warn({ job: job.id, title: job.title, reason }, 'print job waits for the printer');
        if (!stopped) retryTimer = setTimeout(wake, pause);
        pause = Math.min(pause * 2, LONGEST_PAUSE_MS);
        return;
      }
      db.update(printJobs).set({ state: 'printed', lastError: null, printedAt: clock() }).where(eq(printJobs.id, job.id)).run();
      pause = FIRST_PAUSE_MS;
    }
  }

  /**
   * What a try sends: the paper, and the drawer's kick only on the job's first try within seconds
   * of the cash being taken, with no failure of the printer since. A receipt that waited for the
   * printer prints without opening it.
   */
  function bytesOf(job: JobRow): Uint8Array {
    if (job.drawerKick === 'none' || job.attempts > 0 || clock() - job.createdAt > KICK_WINDOW_MS) return job.payload;
    return Buffer.concat(job.drawerKick === 'before' ? [drawerKick, job.payload] : [job.payload, drawerKick]);
  }

  /** One drain at a time; a wake during one runs another after it. */
  function wake(): void {
    const tracked: Promise<void> = (sending ?? Promise.resolve())
      .then(drain)
      // The queue's own fault (the database, say): the jobs stay stored; the next wake tries again.
      .catch((error: unknown) => log?.error({ err: error }, 'print queue failed'))
      .finally(() => {
        if (sending === tracked) sending = undefined;
      });
    sending = tracked;
  }

  /** At serve's start: a job cut off mid-send by a crash is the operator's to retry; the rest go out. */
  function start(logger: Logger): void {
    log = logger;
    db.update(printJobs).set({ state: 'interrupted', lastError: messages.printInterrupted }).where(eq(printJobs.state, 'printing')).run();
    wake();
  }

  /** No more sends or retries; resolves once the one under way is over. */
  async function stop(): Promise<void> {
    stopped = true;
    clearTimeout(retryTimer);
    await sending;
  }

  /** Resolves once nothing is being sent (tests and shutdown). */
  const idle = async () => {
    while (sending) await sending;
  };

  return { enqueue, list, retry, cancel, start, stop, idle };
}
export type PrintQueue = ReturnType<typeof createPrintQueue>;
