import type { FastifyReply, FastifyRequest } from 'fastify';
import { messages } from '#shared/messages.js';
import type { Actor } from '../domain/access.js';
import { AppError } from '../domain/errors.js';
import type { Services } from '../services.js';
import { lanPeer } from './peer.js';

declare module 'fastify' {
  interface FastifyRequest {
    actor?: Actor;
  }
}

/**
 * Reads X-API-Key or Authorization: Bearer; 401 for a missing, wrong, expired or revoked one. A
 * LAN address that keeps presenting wrong ones is refused for a while (domain/auth-attempts.ts).
 */
export function authenticate(services: Services) {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    const apiKey = request.headers['x-api-key'];
    const authorization = request.headers.authorization;
    // Only credentials that were presented and refused count: a bare request guesses nothing.
    const actor = await throttled(services, request, Boolean(apiKey || authorization), async () => {
      if (typeof apiKey === 'string' && apiKey.length > 0) return services.apiKeys.authenticate(apiKey);
      // The scheme's name is case-insensitive (RFC 9110 §11.1): "bearer" is Bearer.
      const bearer = authorization?.match(/^bearer\s+(\S+)\s*$/i);
      if (bearer) return services.tokens.authenticate(bearer[1]!);
      return undefined;
    });
    if (!actor) throw new AppError('UNAUTHENTICATED', messages.unauthenticated);
    // The device, as the audit log records it: the address the request came from. Object.assign,
    // not a spread: see orderBase (domain/order-views.ts).
    request.actor = Object.assign({}, actor, { address: request.ip });
  };
}

/**
 * Runs a check of presented credentials (a key, a token, a password). From a LAN address that
 * keeps presenting wrong ones it is refused for a while, and a refusal here counts against it
 * (domain/auth-attempts.ts); this machine's own clients are never held back.
 */
export async function throttled<T>(services: Services, request: FastifyRequest, presented: boolean, check: () => T | Promise<T>): Promise<T> {
  const peer = lanPeer(request);
  if (peer) services.authAttempts.check(peer);
  const result = await check();
  if (!result && peer && presented) services.authAttempts.failed(peer);
  return result;
}

/**
 * Refuses (403) a device's key where only a person will do: logging out, a password change, a sync
 * round on demand (which holds its request, and a device's slot, for the whole round).
 */
export function requireLogin(actor: Actor): void {
  if (actor.credential !== 'jwt') throw new AppError('FORBIDDEN', messages.loginOnly);
}

/** The authenticated actor; routes behind authenticate() always have one. */
export function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw new AppError('UNAUTHENTICATED', messages.unauthenticated);
  return request.actor;
}
