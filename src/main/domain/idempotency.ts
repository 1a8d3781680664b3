import { and, eq, inArray, isNull, lt, or } from 'drizzle-orm';
import { messages } from '#shared/messages.js';
import type { Db } from '../db/connection.js';
import { idempotencyKeys } from '../db/schema.js';
import type { Clock } from './clock.js';
import { AppError } from './errors.js';

/** How long a stored response is replayed: a day covers any counter's retry horizon. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

export interface IdempotentRequest {
  principal: string;
  key: string;
  method: string;
  path: string;
  bodyHash: string;
}

export type IdempotencyStart = { kind: 'new' } | { kind: 'replay'; statusCode: number; body: string };

export function createIdempotencyStore(db: Db, clock: Clock) {
  const claimOf = (principal: string, key: string) => and(eq(idempotencyKeys.principal, principal), eq(idempotencyKeys.key, key));

  /**
   * Claims the key for this request, or says what to replay. The claim is committed before the
   * request is handled, so a concurrent duplicate is told it is in progress instead of running twice.
   */
  function begin(request: IdempotentRequest): IdempotencyStart {
    return db.transaction(
      (tx) => {
        const found = tx
          .select()
          .from(idempotencyKeys)
          .where(claimOf(request.principal, request.key))
          .get();
        if (!found) {
          tx.insert(idempotencyKeys)
            .values({ ...request, statusCode: null, responseBody: null, createdAt: clock() })
            .run();
          return { kind: 'new' } as const;
        }
        const same = found.method === request.method && found.path === request.path && found.bodyHash === request.bodyHash;
        if (!same) throw new AppError('IDEMPOTENCY_KEY_REUSED', messages.idempotencyConflict);
        if (found.statusCode === null || found.responseBody === null || !found.answered) {
          throw new AppError('IDEMPOTENCY_IN_PROGRESS', messages.idempotencyInProgress);
        }
        return { kind: 'replay', statusCode: found.statusCode, body: found.responseBody } as const;
      },
      { behavior: 'immediate' },
    );
  }

  /** The answer of a request's work, kept in the work's transaction (`tx`) until the request is answered (complete). */
  function keepWithWork(tx: Db, principal: string, key: string, statusCode: number, body: string): void {
    tx.update(idempotencyKeys).set({ statusCode, responseBody: body, answered: false }).where(claimOf(principal, key)).run();
  }

  /** The answer the request got: kept for replays, in place of the one kept with its work. */
  function complete(principal: string, key: string, statusCode: number, body: string): void {
    db.update(idempotencyKeys)
      .set({ statusCode, responseBody: body, answered: true })
      .where(and(claimOf(principal, key), or(isNull(idempotencyKeys.statusCode), eq(idempotencyKeys.answered, false))))
      .run();
  }

  /** Whether a request under this key to one of `paths` was handled and answered with success (2xx). */
  function succeeded(principal: string, key: string, paths: string[]): boolean {
    const found = db
      .select({ statusCode: idempotencyKeys.statusCode })
      .from(idempotencyKeys)
      .where(and(claimOf(principal, key), inArray(idempotencyKeys.path, paths)))
      .get();
    return found?.statusCode != null && found.statusCode < 300;
  }

  /**
   * After a server error: a key whose work committed keeps that work's answer, so that the client's
   * retry is told what was done; a key with nothing done is freed, and the retry handled afresh.
   */
  function release(principal: string, key: string): void {
    db.update(idempotencyKeys).set({ answered: true }).where(and(claimOf(principal, key), eq(idempotencyKeys.answered, false))).run();
    db.delete(idempotencyKeys).where(and(claimOf(principal, key), isNull(idempotencyKeys.statusCode))).run();
  }

  /**
   * At start-up every unfinished claim belongs to a process that died mid-request. One whose work
   * committed replays the answer kept with it; the others are freed for the client's retry.
   */
  function releaseAbandoned(): number {
    db.update(idempotencyKeys).set({ answered: true }).where(eq(idempotencyKeys.answered, false)).run();
    return db.delete(idempotencyKeys).where(isNull(idempotencyKeys.statusCode)).run().changes;
  }

  function sweep(): number {
    return db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, clock() - IDEMPOTENCY_TTL_MS)).run().changes;
  }

  return { begin, succeeded, keepWithWork, complete, release, releaseAbandoned, sweep };
}
export type IdempotencyStore = ReturnType<typeof createIdempotencyStore>;
