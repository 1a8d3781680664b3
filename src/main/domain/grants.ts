import { and, eq } from 'drizzle-orm';
import type { Permission } from '#shared/schemas/auth.js';
import type { Db } from '../db/connection.js';
import { eventGrants } from '../db/schema.js';
import type { AuditActor, AuditLog } from './audit.js';
import type { Clock } from './clock.js';
import type { UserRow } from './users.js';

/** Gives a user a permission on one event; granting again replaces the earlier permission. */
export function createGrantService(db: Db, clock: Clock, audit: AuditLog) {
  /** Grants without an audit entry (seeding: tests); answers whether anything changed. */
  function grant(userId: string, eventId: string, permission: Permission): boolean {
    const held = db
      .select({ permission: eventGrants.permission })
      .from(eventGrants)
      .where(and(eq(eventGrants.userId, userId), eq(eventGrants.eventId, eventId)))
      .get();
    if (held?.permission === permission) return false;
    db.insert(eventGrants)
      .values({ userId, eventId, permission, createdAt: clock() })
      .onConflictDoUpdate({ target: [eventGrants.userId, eventGrants.eventId], set: { permission } })
      .run();
    return true;
  }

  /** Grants on `by`'s behalf and records it; granting what the user already holds records nothing. */
  function grantBy(by: AuditActor, user: UserRow, eventId: string, permission: Permission): void {
    audit.recorded(
      by,
      'grant.added',
      () => grant(user.id, eventId, permission),
      (changed) => (changed ? { eventId, subjectId: user.id, details: { email: user.email, permission } } : undefined),
    );
  }

  return { grant, grantBy };
}
export type GrantService = ReturnType<typeof createGrantService>;
