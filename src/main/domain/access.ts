import { and, eq, inArray, or, sql, type Column, type SQL } from 'drizzle-orm';
import type { Permission, Role } from '#shared/schemas/auth.js';
import type { Db } from '../db/connection.js';
import { eventGrants, events, users } from '../db/schema.js';
import { messages } from '#shared/messages.js';
import { ownsCounter, supervisesCash } from '#shared/roles.js';
import { AppError } from './errors.js';

/** Who is calling: a user, the credential that proved it, and the device it came from (for the audit log). */
export interface Actor {
  userId: string;
  role: Role;
  name: string;
  credential: 'api_key' | 'jwt';
  apiKeyId?: string;
  /** The key's name: which device it is ("Scanner gerbang utara"). */
  apiKeyName?: string;
  /** The peer's address as the listener saw it. */
  address?: string;
  /** A paired gate device's key: its user's rights narrowed to check-in on one event (permissionOn). */
  gateDevice?: GateScope;
}

/** What a gate device's key is for: one event, at one gate. */
export interface GateScope {
  eventId: string;
  gate: string;
}

/** An event as far as access is concerned. */
export interface OwnedEvent {
  id: string;
  ownerId: string;
}

/**
 * What holding a permission allows. event:update is everything an operator does on an event;
 * event:checkin is for gate staff, who check tickets in but must not sell or read the orders
 * (with their customers' data), so it and event:read allow nothing of each other.
 */
const ALLOWS: Record<Permission, readonly Permission[]> = {
  'event:read': ['event:read'],
  'event:checkin': ['event:checkin'],
  'event:update': ['event:update', 'event:read', 'event:checkin'],
};

/** Refuses (403, with `refusal`) unless the actor owns the counter (shared/roles.ts). */
export function requireCounterOwner(actor: Actor, refusal: string): void {
  if (!ownsCounter(actor.role)) throw new AppError('FORBIDDEN', refusal);
}

export function createAccess(db: Db) {
  const grantOf = db
    .select({ permission: eventGrants.permission })
    .from(eventGrants)
    .where(and(eq(eventGrants.userId, sql.placeholder('userId')), eq(eventGrants.eventId, sql.placeholder('eventId'))))
    .prepare();

  /**
   * The permission the actor holds on the event (a user has one grant per event), if any. A gate
   * device holds at most check-in, on its own event, whatever its user holds.
   */
  function permissionOn(actor: Actor, event: OwnedEvent): Permission | undefined {
    if (actor.gateDevice) {
      if (actor.gateDevice.eventId !== event.id) return undefined;
      const held = heldBy({ ...actor, gateDevice: undefined }, event);
      return held && ALLOWS[held].includes('event:checkin') ? 'event:checkin' : undefined;
    }
    return heldBy(actor, event);
  }

  function heldBy(actor: Actor, event: OwnedEvent): Permission | undefined {
    if (actor.role === 'super_admin') return 'event:update';
    if (actor.role === 'organizer' && event.ownerId === actor.userId) return 'event:update';
    return grantOf.get({ userId: actor.userId, eventId: event.id })?.permission;
  }

  /** Whether what the actor holds on the event allows `needed` (ALLOWS). */
  function allows(actor: Actor, event: OwnedEvent, needed: Permission): boolean {
    const held = permissionOn(actor, event);
    return held !== undefined && ALLOWS[held].includes(needed);
  }

  /** Refuses with 403 unless what the actor holds allows `needed`. */
  function require(actor: Actor, event: OwnedEvent, needed: Permission): void {
    if (!allows(actor, event, needed)) throw new AppError('FORBIDDEN', messages.forbidden);
  }

  /**
   * A condition on an event id column that holds for the events where what the actor holds allows
   * `needed` (as `allows` decides one event), for reading many events' rows in one query.
   */
  function eventsAllowing(actor: Actor, needed: Permission): (eventId: Column) => SQL {
    if (actor.gateDevice) {
      const { eventId: only } = actor.gateDevice;
      if (needed !== 'event:checkin') return () => sql`0`;
      const held = eventsAllowing({ ...actor, gateDevice: undefined }, needed);
      return (eventId) => and(eq(eventId, only), held(eventId))!;
    }
    if (actor.role === 'super_admin') return () => sql`1`;
    const granting = (Object.keys(ALLOWS) as Permission[]).filter((held) => ALLOWS[held].includes(needed));
    const granted = db
      .select({ id: eventGrants.eventId })
      .from(eventGrants)
      .where(and(eq(eventGrants.userId, actor.userId), inArray(eventGrants.permission, granting)));
    if (actor.role !== 'organizer' || !granting.includes('event:update')) return (eventId) => inArray(eventId, granted);
    const owned = db.select({ id: events.id }).from(events).where(eq(events.ownerId, actor.userId));
    return (eventId) => or(inArray(eventId, owned), inArray(eventId, granted))!;
  }

  const anySale = db
    .select({ one: sql`1` })
    .from(eventGrants)
    .where(and(eq(eventGrants.userId, sql.placeholder('userId')), eq(eventGrants.permission, 'event:update')))
    .limit(1)
    .prepare();

  /** Whether the actor sells on some event here: an organizer, a super_admin, or a holder of event:update. */
  function sellsSomewhere(actor: Actor): boolean {
    return actor.role === 'organizer' || actor.role === 'super_admin' || anySale.get({ userId: actor.userId }) !== undefined;
  }

  /** Refuses with 403 anyone who sells on no event here. */
  function requireSeller(actor: Actor): void {
    if (!sellsSomewhere(actor)) throw new AppError('FORBIDDEN', messages.forbidden);
  }

  /**
   * A condition on a cashier's user id column that holds for the cashiers whose shifts the actor
   * supervises: any for the counter's owner; for an organizer, itself and whoever holds a grant on
   * an event it may update (it works for that organizer); for anyone else, only itself.
   */
  function shiftsSupervised(actor: Actor): (cashierUserId: Column) => SQL {
    if (actor.role === 'super_admin' && !actor.gateDevice) return () => sql`1`;
    if (!supervisesCash(actor.role) || actor.gateDevice) return (cashier) => eq(cashier, actor.userId);
    const theirs = db.select({ id: eventGrants.userId }).from(eventGrants).where(eventsAllowing(actor, 'event:update')(eventGrants.eventId));
    return (cashier) => or(eq(cashier, actor.userId), inArray(cashier, theirs))!;
  }

  /** Whether the actor supervises `cashierUserId`'s shifts (shiftsSupervised). */
  function supervisesShiftOf(actor: Actor, cashierUserId: string): boolean {
    return db.select({ one: sql`1` }).from(users).where(and(eq(users.id, cashierUserId), shiftsSupervised(actor)(users.id))).get() !== undefined;
  }

  return { permissionOn, allows, require, eventsAllowing, sellsSomewhere, requireSeller, shiftsSupervised, supervisesShiftOf };
}
export type Access = ReturnType<typeof createAccess>;
