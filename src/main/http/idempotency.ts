import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { fieldError } from '../domain/errors.js';
import { sha256Hex } from '../domain/secrets.js';
import type { Services } from '../services.js';

declare module 'fastify' {
  interface FastifyRequest {
    idempotency?: { principal: string; key: string };
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
  app.addHook('onSend', async (request, reply, payload) => {
    const claim = request.idempotency;
    if (!claim || reply.getHeader('idempotent-replayed')) return payload;
    if (reply.statusCode >= 500) services.idempotency.release(claim.principal, claim.key);
    else if (typeof payload === 'string') services.idempotency.complete(claim.principal, claim.key, reply.statusCode, forStorage(payload));
    return payload;
  });
}

/**
 * The response as it is kept for replays: without the customer's generated password, which is
 * returned once and never stored (a replay answers generatedPassword: null).
 */
function forStorage(payload: string): string {
  try {
    const body = JSON.parse(payload) as { data?: { generatedPassword?: unknown } };
    if (typeof body.data?.generatedPassword !== 'string') return payload;
    return JSON.stringify({ ...body, data: { ...body.data, generatedPassword: null } });
  } catch {
    return payload;
  }
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

/** A preHandler for POST routes, run after authentication. */
export function idempotent(services: Services) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const header = request.headers['idempotency-key'];
    if (typeof header !== 'string' || !request.actor) return;
    if (!KEY.test(header)) throw fieldError('Idempotency-Key', 'Idempotency-Key harus 1-200 karakter ASCII yang terlihat');
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
