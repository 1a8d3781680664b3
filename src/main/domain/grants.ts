import type { Permission } from '../../shared/schemas/auth.js';
import type { Db } from '../db/connection.js';
import { eventGrants } from '../db/schema.js';
import type { Clock } from './clock.js';

/** Gives a user a permission on one event; granting again replaces the earlier permission. */
export function createGrantService(db: Db, clock: Clock) {
  function grant(userId: string, eventId: string, permission: Permission): void {
    db.insert(eventGrants)
      .values({ userId, eventId, permission, createdAt: clock() })
      .onConflictDoUpdate({ target: [eventGrants.userId, eventGrants.eventId], set: { permission } })
      .run();
  }
  return { grant };
}
export type GrantService = ReturnType<typeof createGrantService>;
