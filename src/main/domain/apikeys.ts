import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { messages } from '../../shared/messages.js';
import type { Db } from '../db/connection.js';
import { apiKeys, users } from '../db/schema.js';
import type { Actor } from './access.js';
import type { AuditActor, AuditLog } from './audit.js';
import type { Clock } from './clock.js';
import { AppError, fieldError } from './errors.js';
import { newId } from './ids.js';
import { hashApiKey, newApiKey } from './secrets.js';
import { toIso } from './time.js';

/** Writing last-used on every request would cost a synchronous fsync each; a minute is precise enough. */
const LAST_USED_PRECISION_MS = 60_000;

export function createApiKeyService(db: Db, clock: Clock, audit: AuditLog) {
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
  function create(userId: string, name: string, expiresAt?: number) {
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
    };
    db.insert(apiKeys).values(row).run();
    return { key, info: describe(row) };
  }

  const ownerOf = (userId: string) => db.select({ email: users.email }).from(users).where(eq(users.id, userId)).get()?.email ?? '';

  /**
   * Creates a key for a device on `by`'s behalf and records it (its name and prefix, never the key).
   * An operator's expiry already past can only be a mistake, so it is refused unless
   * `allowPastExpiry` (the CLI: scripts and tests make expired keys on purpose).
   */
  function createBy(by: AuditActor, userId: string, name: string, expiresAt?: number, options: { allowPastExpiry?: boolean } = {}) {
    if (!options.allowPastExpiry && expiresAt !== undefined && expiresAt <= clock()) throw fieldError('expiresAt', messages.apiKeyExpiryPast);
    return audit.recorded(
      by,
      'api_key.created',
      () => create(userId, name, expiresAt),
      ({ info }) => ({ subjectId: info.id, details: { name: info.name, prefix: info.prefix, owner: ownerOf(userId), expiresAt: info.expiresAt } }),
    );
  }

  function describe(row: typeof apiKeys.$inferSelect) {
    const iso = (ms: number | null) => (ms === null ? null : toIso(ms));
    return {
      id: row.id,
      name: row.name,
      prefix: row.prefix,
      expiresAt: iso(row.expiresAt),
      revokedAt: iso(row.revokedAt),
      lastUsedAt: iso(row.lastUsedAt),
      createdAt: toIso(row.createdAt),
    };
  }

  function list(userId: string) {
    return db.select().from(apiKeys).where(eq(apiKeys.userId, userId)).orderBy(desc(apiKeys.createdAt)).all().map(describe);
  }

  /** Revokes one of the user's own keys on `by`'s behalf; another user's key is as unknown as a missing one. */
  function revoke(by: AuditActor, userId: string, keyId: string) {
    const markRevoked = () => {
      const revoked = db
        .update(apiKeys)
        .set({ revokedAt: clock() })
        .where(and(eq(apiKeys.id, keyId), eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
        .returning()
        .get();
      if (!revoked) throw new AppError('NOT_FOUND', messages.apiKeyNotFound);
      return describe(revoked);
    };
    return audit.recorded(by, 'api_key.revoked', markRevoked, (info) => ({
      subjectId: info.id,
      details: { name: info.name, prefix: info.prefix, owner: ownerOf(userId) },
    }));
  }

  /** The actor a presented key stands for, or undefined when it is unknown, revoked or expired. */
  function authenticate(key: string): Actor | undefined {
    const found = byHash.get({ hash: hashApiKey(key) });
    if (!found) return undefined;
    const now = clock();
    if (found.key.revokedAt !== null) return undefined;
    if (found.key.expiresAt !== null && found.key.expiresAt <= now) return undefined;
    if (found.key.lastUsedAt === null || now - found.key.lastUsedAt > LAST_USED_PRECISION_MS) {
      db.update(apiKeys).set({ lastUsedAt: now }).where(eq(apiKeys.id, found.key.id)).run();
    }
    const { user } = found;
    return { userId: user.id, role: user.role, name: user.name, credential: 'api_key', apiKeyId: found.key.id, apiKeyName: found.key.name };
  }

  return { create, createBy, list, revoke, authenticate };
}
export type ApiKeyService = ReturnType<typeof createApiKeyService>;
