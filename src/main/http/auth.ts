import type { FastifyReply, FastifyRequest } from 'fastify';
import { messages } from '../../shared/messages.js';
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
    const peer = lanPeer(request);
    if (peer) services.authAttempts.check(peer);
    let actor: Actor | undefined;
    if (typeof apiKey === 'string' && apiKey.length > 0) {
      actor = services.apiKeys.authenticate(apiKey);
    } else if (authorization?.startsWith('Bearer ')) {
      actor = await services.tokens.authenticate(authorization.slice('Bearer '.length).trim());
    }
    if (!actor) {
      // Only credentials that were presented and refused count: a bare request guesses nothing.
      if (peer && (apiKey || authorization)) services.authAttempts.failed(peer);
      throw new AppError('UNAUTHENTICATED', messages.unauthenticated);
    }
    // The device, as the audit log records it: the address the request came from.
    request.actor = { ...actor, address: request.ip };
  };
}

/** The authenticated actor; routes behind authenticate() always have one. */
export function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw new AppError('UNAUTHENTICATED', messages.unauthenticated);
  return request.actor;
}
