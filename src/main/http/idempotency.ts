import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { isStorageFull } from '../db/storage-full.js';
import { messages } from '#shared/messages.js';
import { fieldError } from '../domain/errors.js';
import { sha256Hex } from '../domain/secrets.js';
import { keepingOutcome } from '../db/work-outcome.js';
import type { EndpointBase } from '#shared/contract/index.js';
import { ok } from './envelope.js';
import type { Services } from '../services.js';

declare module 'fastify' {
  interface FastifyRequest {
    idempotency?: { principal: string; key: string };
  }
  interface FastifyContextConfig {
    /**
     * Secrets in the answer's `data` (a new API key, a customer's generated password): shown once,
     * in the first answer, never stored for a replay, which answers them as null.
     */
    secretFields?: string[];
  }
}

const KEY = /^[\x21-\x7e]{1,200}$/;

/** JSON with sorted keys, so that the same body hashes the same however its keys were ordered. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : 1));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * Idempotency-Key on POSTs: the first request with a key is handled and its response stored; the
 * same key with the same body gets that response again (header Idempotent-Replayed: true); with a
 * different body, 422. Keys are per user, so devices cannot collide.
 */
export function installIdempotency(app: FastifyInstance, services: Services): void {
  // Any request may carry an Idempotency-Key: one that is no key is refused (400) on every route
  // alike, after authentication and before the body is validated.
  app.addHook('preValidation', async (request) => {
    const header = request.headers['idempotency-key'];
    if (header !== undefined && (typeof header !== 'string' || !KEY.test(header))) throw fieldError('Idempotency-Key', messages.idempotencyKeyShape);
  });
  app.addHook('onSend', async (request, reply, payload) => {
    const claim = request.idempotency;
    if (!claim || reply.getHeader('idempotent-replayed')) return payload;
    try {
      if (reply.statusCode >= 500) services.idempotency.release(claim.principal, claim.key);
      else if (typeof payload === 'string') {
        services.idempotency.complete(claim.principal, claim.key, reply.statusCode, keptForReplay(request, JSON.parse(payload)));
      }
    } catch (error) {
      // The answer stands (a sale made is made), and the one kept with its work stays for replays.
      if (!isStorageFull(error)) throw error;
      request.log.warn({ err: error }, 'the answer was not kept for Idempotency-Key replays: the disk is full');
    }
    return payload;
  });
}

/**
 * Runs a handler whose request has an Idempotency-Key with its answer kept in the transaction of
 * its work (db/work-outcome.ts): the first unit of work whose value is the endpoint's answer. A
 * process killed between that commit and the answer then still replays what was done, instead of
 * running the request again (a second sale refused 409 for the identity number the first took).
 */
export function keepingAnswer<T>(request: FastifyRequest, endpoint: EndpointBase, services: Services, handle: () => T): T {
  const claim = request.idempotency;
  if (!claim) return handle();
  return keepingOutcome((tx, value) => {
    const answer = endpoint.response.safeParse(ok(request, messages.answeredAfterRestart, value));
    if (!answer.success) return false;
    services.idempotency.keepWithWork(tx, claim.principal, claim.key, endpoint.status, keptForReplay(request, answer.data));
    return true;
  }, handle);
}

/** The answer as it is kept for replays: the route's secret fields (secretFields) null. */
function keptForReplay(request: FastifyRequest, answer: unknown): string {
  const secretFields = request.routeOptions.config.secretFields ?? [];
  const withData = z.looseObject({ data: z.record(z.string(), z.unknown()) }).safeParse(answer);
  if (secretFields.length === 0 || !withData.success) return JSON.stringify(answer);
  const body = withData.data;
  return JSON.stringify({ ...body, data: { ...body.data, ...Object.fromEntries(secretFields.map((field) => [field, null])) } });
}

/** A stored response, answering this request: its requestId is this request's (as in X-Request-Id). */
function forReplay(stored: string, requestId: string): string {
  try {
    const body = JSON.parse(stored) as Record<string, unknown>;
    return JSON.stringify({ ...body, requestId });
  } catch {
    return stored;
  }
}

/** A preHandler for POST routes, run after authentication (the key's shape is checked before, installIdempotency). */
export function idempotent(services: Services) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const header = request.headers['idempotency-key'];
    if (typeof header !== 'string' || !request.actor) return;
    const principal = request.actor.userId;
    const started = services.idempotency.begin({
      principal,
      key: header,
      method: request.method,
      path: request.url,
      bodyHash: sha256Hex(canonical(request.body ?? null)),
    });
    if (started.kind === 'replay') {
      return reply
        .code(started.statusCode)
        .header('content-type', 'application/json; charset=utf-8')
        .header('idempotent-replayed', 'true')
        .send(forReplay(started.body, request.id));
    }
    request.idempotency = { principal, key: header };
  };
}
