import { and, eq, inArray, isNull, lt } from 'drizzle-orm';
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
          .where(and(eq(idempotencyKeys.principal, request.principal), eq(idempotencyKeys.key, request.key)))
          .get();
        if (!found) {
          tx.insert(idempotencyKeys)
            .values({ ...request, statusCode: null, responseBody: null, createdAt: clock() })
            .run();
          return { kind: 'new' } as const;
        }
        const same = found.method === request.method && found.path === request.path && found.bodyHash === request.bodyHash;
        if (!same) throw new AppError('IDEMPOTENCY_KEY_REUSED', messages.idempotencyConflict);
        if (found.statusCode === null || found.responseBody === null) {
          throw new AppError('IDEMPOTENCY_IN_PROGRESS', messages.idempotencyInProgress);
        }
        return { kind: 'replay', statusCode: found.statusCode, body: found.responseBody } as const;
      },
      { behavior: 'immediate' },
    );
  }

  function complete(principal: string, key: string, statusCode: number, body: string): void {
    db.update(idempotencyKeys)
      .set({ statusCode, responseBody: body })
      .where(and(eq(idempotencyKeys.principal, principal), eq(idempotencyKeys.key, key), isNull(idempotencyKeys.statusCode)))
      .run();
  }

  /** Whether a request under this key to one of `paths` was handled and answered with success (2xx). */
  function succeeded(principal: string, key: string, paths: string[]): boolean {
    const found = db
      .select({ statusCode: idempotencyKeys.statusCode })
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.principal, principal), eq(idempotencyKeys.key, key), inArray(idempotencyKeys.path, paths)))
      .get();
    return found?.statusCode != null && found.statusCode < 300;
  }

  /** Frees the key after a server error, so that the client's retry is handled afresh. */
  function release(principal: string, key: string): void {
    db.delete(idempotencyKeys)
      .where(and(eq(idempotencyKeys.principal, principal), eq(idempotencyKeys.key, key), isNull(idempotencyKeys.statusCode)))
      .run();
  }

  /**
   * At start-up every unfinished claim belongs to a process that died mid-request. Freeing them
   * lets the client's retry through; a retried order creation cannot duplicate a sale that did
   * commit, because the identity number is then taken (409), which tells the client to look it up.
   */
  function releaseAbandoned(): number {
    return db.delete(idempotencyKeys).where(isNull(idempotencyKeys.statusCode)).run().changes;
  }

  function sweep(): number {
    return db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, clock() - IDEMPOTENCY_TTL_MS)).run().changes;
  }

  return { begin, succeeded, complete, release, releaseAbandoned, sweep };
}
export type IdempotencyStore = ReturnType<typeof createIdempotencyStore>;
