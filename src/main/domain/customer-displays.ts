/**
 * Customer displays: a screen facing the customer (a tablet, a second monitor, Electron's second
 * window) that shows what the operator's counter shows the customer. The display registers itself
 * and shows a six-digit code; the operator types the code at the counter, which pairs the display
 * with that operator. The counter then sends its view (the basket, the total, the payment awaited,
 * the change) and every display paired with the operator shows it.
 *
 * A display holds no credentials of anyone: its own key lets it read its screen and nothing else.
 * The views live in memory: after a restart a display shows a welcome until the counter sends again.
 */
import { randomBytes, randomInt } from 'node:crypto';
import { and, count, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import { messages } from '#shared/messages.js';
import type { DisplayRegistration, DisplayView, PairedDisplay } from '#shared/schemas/customer-display.js';
import type { Db } from '../db/connection.js';
import { customerDisplays } from '../db/schema.js';
import type { Actor } from './access.js';
import type { Clock } from './clock.js';
import { AppError } from './errors.js';
import { newId } from './ids.js';
import { hashApiKey } from './secrets.js';
import { toIso } from './time.js';

const CODE_MINUTES = 10;
/** Unpaired displays kept waiting at once: beyond, the oldest waiting one is forgotten (it registers afresh). */
const MAX_WAITING = 50;
/** An unpaired display not heard from for this long is forgotten. */
const FORGOTTEN_MS = 60 * 60_000;
/** lastSeenAt is written at most this often: a display asks every second. */
const SEEN_EVERY_MS = 30_000;

type Row = typeof customerDisplays.$inferSelect;

/** What the display of a paired operator shows: their counter's latest view. */
export interface PairedScreen {
  userId: string;
  view: DisplayView;
}

export function createCustomerDisplays(db: Db, clock: Clock) {
  const views = new Map<string, DisplayView>();
  const welcome: DisplayView = { stage: 'welcome' };

  const newCode = () => String(randomInt(1_000_000)).padStart(6, '0');
  const codeExpiry = () => clock() + CODE_MINUTES * 60_000;

  /** A code no other waiting display has now. */
  function freeCode(): string {
    for (;;) {
      const code = newCode();
      const taken = db.select({ id: customerDisplays.id }).from(customerDisplays).where(and(eq(customerDisplays.pairingCode, code), gt(customerDisplays.codeExpiresAt, clock()))).get();
      if (!taken) return code;
    }
  }

  function register(): DisplayRegistration {
    const now = clock();
    // Unpaired displays gone quiet are forgotten, so that the waiting ones stay few.
    db.delete(customerDisplays)
      .where(and(isNull(customerDisplays.userId), lt(customerDisplays.lastSeenAt, now - FORGOTTEN_MS)))
      .run();
    // Someone registering in a loop pushes out the oldest waiting displays, never a paired one, and
    // never keeps a new display from getting its code.
    const waiting = db.select({ n: count() }).from(customerDisplays).where(isNull(customerDisplays.userId)).get()?.n ?? 0;
    if (waiting >= MAX_WAITING) {
      const oldest = db.select({ id: customerDisplays.id }).from(customerDisplays).where(isNull(customerDisplays.userId)).orderBy(customerDisplays.createdAt).limit(waiting - MAX_WAITING + 1);
      db.delete(customerDisplays).where(inArray(customerDisplays.id, oldest)).run();
    }
    const key = `disp_${randomBytes(32).toString('base64url')}`;
    const row = { id: newId(now), keyHash: hashApiKey(key), pairingCode: freeCode(), codeExpiresAt: codeExpiry(), userId: null, pairedAt: null, lastSeenAt: now, createdAt: now };
    db.insert(customerDisplays).values(row).run();
    return { id: row.id, key, pairingCode: row.pairingCode, codeExpiresAt: toIso(row.codeExpiresAt) };
  }

  /** The display a key belongs to, seen now; a lapsed code is renewed, so that a display left on always shows one that works. */
  function seen(key: string | undefined): Row {
    const row = key ? db.select().from(customerDisplays).where(eq(customerDisplays.keyHash, hashApiKey(key))).get() : undefined;
    if (!row) throw new AppError('UNAUTHENTICATED', messages.displayKeyUnknown);
    const now = clock();
    const renew = row.userId === null && row.codeExpiresAt <= now;
    if (!renew && row.lastSeenAt !== null && now - row.lastSeenAt < SEEN_EVERY_MS) return row;
    const changes = { lastSeenAt: now, ...(renew && { pairingCode: freeCode(), codeExpiresAt: codeExpiry() }) };
    db.update(customerDisplays).set(changes).where(eq(customerDisplays.id, row.id)).run();
    return { ...row, ...changes };
  }

  /** What the display with this key shows: its code while unpaired, else its operator's view. */
  function screenOf(key: string | undefined): { paired: false; pairingCode: string; codeExpiresAt: string } | ({ paired: true } & PairedScreen) {
    const row = seen(key);
    if (row.userId === null) return { paired: false, pairingCode: row.pairingCode!, codeExpiresAt: toIso(row.codeExpiresAt) };
    return { paired: true, userId: row.userId, view: views.get(row.userId) ?? welcome };
  }

  /** Pairs the display showing `code` with the actor's counter. */
  function pair(actor: Actor, code: string): PairedDisplay {
    const row = db
      .select()
      .from(customerDisplays)
      .where(and(eq(customerDisplays.pairingCode, code), isNull(customerDisplays.userId), gt(customerDisplays.codeExpiresAt, clock())))
      .get();
    if (!row) throw new AppError('NOT_FOUND', messages.displayCodeUnknown, [{ field: 'code', message: messages.displayCodeUnknown }]);
    const now = clock();
    db.update(customerDisplays).set({ userId: actor.userId, pairingCode: null, pairedAt: now }).where(eq(customerDisplays.id, row.id)).run();
    return paired({ ...row, pairedAt: now });
  }

  const paired = (row: Pick<Row, 'id' | 'pairedAt' | 'lastSeenAt'>): PairedDisplay => ({
    id: row.id,
    pairedAt: toIso(row.pairedAt!),
    lastSeenAt: row.lastSeenAt === null ? null : toIso(row.lastSeenAt),
  });

  /** What the actor's counter shows its customer now. */
  function show(actor: Actor, view: DisplayView): void {
    views.set(actor.userId, view);
  }

  /** The operator's login ended: their displays greet the next customer, showing nothing of the last. */
  function forget(userId: string): void {
    views.delete(userId);
  }

  /** The paired displays: the actor's, or (`all`: the counter's owner) everyone's. */
  function list(actor: Actor, all: boolean): PairedDisplay[] {
    const whose = all ? sql`${customerDisplays.userId} is not null` : eq(customerDisplays.userId, actor.userId);
    return db.select().from(customerDisplays).where(whose).orderBy(customerDisplays.pairedAt).all().map(paired);
  }

  /** Unpairs a display (the actor's own, or any for the counter's owner): the service forgets its key, and it registers afresh. */
  function unpair(actor: Actor, displayId: string, any: boolean): void {
    const whose = any ? undefined : eq(customerDisplays.userId, actor.userId);
    const removed = db
      .delete(customerDisplays)
      .where(and(eq(customerDisplays.id, displayId), whose))
      .run();
    if (removed.changes === 0) throw new AppError('NOT_FOUND', messages.displayNotFound);
  }

  return { register, screenOf, pair, show, forget, list, unpair };
}
export type CustomerDisplays = ReturnType<typeof createCustomerDisplays>;
