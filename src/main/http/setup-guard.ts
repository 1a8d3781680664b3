import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { messages } from '#shared/messages.js';
import { AppError } from '../domain/errors.js';
import { sameSite } from './network-policy.js';
import { fromThisMachine } from './peer.js';

/**
 * Hashing first gives timingSafeEqual the equal-length buffers it needs, without a length check
 * that would tell a guesser how long the token is.
 */
function sameSecret(given: string, expected: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/**
 * Whether a browser sent this from a page of this very service. A page elsewhere can still make a
 * browser POST to 127.0.0.1 (a bodiless POST needs no CORS preflight), but the browser then names
 * that page in Origin.
 */
function fromOwnPageOrNoBrowser(request: FastifyRequest): boolean {
  const origin = request.headers.origin;
  return origin === undefined || sameSite(request, origin);
}

/**
 * Guards the unauthenticated setup actions, which would hand the counter to whoever calls them
 * first: only from this machine, never from another site's page, and, when the service was started
 * with a per-launch token (the Electron shell passes one), only with that token in X-Launch-Token.
 */
export function setupGuard(launchToken: string | undefined) {
  return async (request: FastifyRequest) => {
    if (!fromThisMachine(request) || !fromOwnPageOrNoBrowser(request)) throw new AppError('FORBIDDEN', messages.setupLocalOnly);
    if (launchToken === undefined) return;
    const given = request.headers['x-launch-token'];
    if (typeof given !== 'string' || !sameSecret(given, launchToken)) throw new AppError('FORBIDDEN', messages.setupLocalOnly);
  };
}
