import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { messages } from '#shared/messages.js';
import type { Db } from '../db/connection.js';
import { apiKeys, users } from '../db/schema.js';
import { makesApiKeys, ownsCounter } from '#shared/roles.js';
import type { Actor, GateScope } from './access.js';
import type { AuditActor, AuditLog } from './audit.js';
import type { Clock } from './clock.js';
import { AppError, fieldError } from './errors.js';
import { newId } from './ids.js';
import { createKeyLastUse } from './key-last-use.js';
import { hashApiKey, newApiKey } from './secrets.js';
import { toIso } from './time.js';
import { isOperator } from './users.js';

type KeyUser = Pick<typeof users.$inferSelect, 'id' | 'email' | 'name'>;

/** A gate device's key names its event and gate (both, or neither). */
const scopeOf = (row: typeof apiKeys.$inferSelect): GateScope | undefined =>
  row.gateEventId !== null && row.gateName !== null ? { eventId: row.gateEventId, gate: row.gateName } : undefined;

export function createApiKeyService(db: Db, clock: Clock, audit: AuditLog) {
  const lastUse = createKeyLastUse(db);
  const byHash = db
    .select({ key: apiKeys, user: users })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .where(eq(apiKeys.keyHash, sql.placeholder('hash')))
    .prepare();

  /**
   * Creates a key for the user; the key itself is returned once and only its hash is kept. Not
   * recorded in the audit log: for seeding (tests, benchmarks). People's keys are made by createBy.
   */
  function create(userId: string, name: string, expiresAt?: number, gate?: GateScope) {
    const key = newApiKey();
    const now = clock();
    const row = {
      id: newId(now),
      userId,
      name,
      keyHash: hashApiKey(key),
      prefix: key.slice(0, 8),
      expiresAt: expiresAt ?? null,
      revokedAt: null,
      lastUsedAt: null,
      createdAt: now,
      gateEventId: gate?.eventId ?? null,
      gateName: gate?.gate ?? null,
    };
    db.insert(apiKeys).values(row).run();
    return { key, info: describe(row, userOf(userId)!) };
  }

  const userOf = (userId: string) => db.select({ id: users.id, email: users.email, name: users.name, role: users.role }).from(users).where(eq(users.id, userId)).get();
  const ownerOf = (userId: string) => userOf(userId)?.email ?? '';

  /**
   * Creates a key for a device on `by`'s behalf and records it (its name and prefix, never the key).
   * An operator's expiry already past can only be a mistake, so it is refused unless
   * `allowPastExpiry` (the CLI: scripts and tests make expired keys on purpose).
   */
  function createBy(by: AuditActor, userId: string, name: string, expiresAt?: number, options: { allowPastExpiry?: boolean; gate?: GateScope } = {}) {
    if (!options.allowPastExpiry && expiresAt !== undefined && expiresAt <= clock()) throw fieldError('expiresAt', messages.apiKeyExpiryPast);
    return audit.recorded(
      by,
      'api_key.created',
      () => create(userId, name, expiresAt, options.gate),
      ({ info }) => ({
        subjectId: info.id,
        ...(info.gate && { eventId: info.gate.eventId }),
        details: { name: info.name, prefix: info.prefix, owner: ownerOf(userId), expiresAt: info.expiresAt, ...(info.gate && { gate: info.gate.gate }) },
      }),
    );
  }

  function describe(row: typeof apiKeys.$inferSelect, user: KeyUser) {
    const iso = (ms: number | null) => (ms === null ? null : toIso(ms));
    return {
      id: row.id,
      user: { id: user.id, email: user.email, name: user.name },
      name: row.name,
      prefix: row.prefix,
      gate: scopeOf(row) ?? null,
      expiresAt: iso(row.expiresAt),
      revokedAt: iso(row.revokedAt),
      lastUsedAt: iso(lastUse.of(row.id, row.lastUsedAt)),
      createdAt: toIso(row.createdAt),
    };
  }

  /** The user's keys (every user's without one), newest first, revoked ones too. */
  function list(userId?: string) {
    return db
      .select({ key: apiKeys, user: users })
      .from(apiKeys)
      .innerJoin(users, eq(users.id, apiKeys.userId))
      .where(userId === undefined ? undefined : eq(apiKeys.userId, userId))
      .orderBy(desc(apiKeys.createdAt))
      .all()
      .map(({ key, user }) => describe(key, user));
  }

  /**
   * Revokes a key on `by`'s behalf: one of `userId`'s, or anyone's without it. A key out of reach is
   * as unknown as a missing one.
   */
  function revoke(by: AuditActor, userId: string | undefined, keyId: string) {
    const markRevoked = () => {
      const revoked = db
        .update(apiKeys)
        .set({ revokedAt: clock() })
        .where(and(eq(apiKeys.id, keyId), userId === undefined ? undefined : eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
        .returning()
        .get();
      if (!revoked) throw new AppError('NOT_FOUND', messages.apiKeyNotFound);
      return describe(revoked, userOf(revoked.userId)!);
    };
    return audit.recorded(by, 'api_key.revoked', markRevoked, (info) => ({
      subjectId: info.id,
      details: { name: info.name, prefix: info.prefix, owner: info.user.email },
    }));
  }

  /** Whose keys the actor reaches: everyone's for the counter's owner, else its own. */
  const reachOf = (actor: Actor) => (ownsCounter(actor.role) ? undefined : actor.userId);

  /**
   * A key made by an operator over HTTP (makesApiKeys): for `userId`, whose rights the key then
   * carries (a gate scanner's key: the gate user's), or for the caller; for another operator only by
   * the counter's owner.
   */
  function createFor(actor: Actor, request: { userId?: string; name: string; expiresAt?: number }) {
    const userId = request.userId ?? actor.userId;
    if (!makesApiKeys(actor.role)) throw new AppError('FORBIDDEN', messages.apiKeyCreateForbidden);
    if (userId !== actor.userId && !ownsCounter(actor.role)) throw new AppError('FORBIDDEN', messages.apiKeyOthersForbidden);
    const role = userOf(userId)?.role;
    if (!role || !isOperator(role)) throw fieldError('userId', messages.apiKeyUserNotOperator);
    return createBy(actor, userId, request.name, request.expiresAt);
  }

  /**
   * The actor a presented key stands for, or undefined when it is unknown, revoked, expired, or its
   * user is no longer an operator. The user's role is read with the key, each time: a key has its
   * user's rights of now.
   */
  function authenticate(key: string): Actor | undefined {
    const found = byHash.get({ hash: hashApiKey(key) });
    if (!found) return undefined;
    const now = clock();
    if (found.key.revokedAt !== null) return undefined;
    if (found.key.expiresAt !== null && found.key.expiresAt <= now) return undefined;
    if (!isOperator(found.user.role)) return undefined;
    // Noted, not written: a read writes nothing (key-last-use.ts).
    lastUse.note(found.key.id, found.key.lastUsedAt, now);
    const { user } = found;
    const gateDevice = scopeOf(found.key);
    return { userId: user.id, role: user.role, name: user.name, credential: 'api_key', apiKeyId: found.key.id, apiKeyName: found.key.name, ...(gateDevice && { gateDevice }) };
  }

  return { create, createBy, createFor, list, revoke, reachOf, authenticate, flushLastUse: lastUse.flush };
}
export type ApiKeyService = ReturnType<typeof createApiKeyService>;
