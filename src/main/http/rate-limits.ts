/**
 * Request rates from the LAN, per minute: per API key or login once authenticated (the limit is
 * the credential's, wherever it comes from), per address otherwise (settings, read as they change).
 * This machine's own clients (the operator's window, the CLI) are not limited. Counted after
 * authentication (preHandler) so that a request is charged to its credential; refused credentials
 * are slowed down apart from this, by domain/auth-attempts.ts.
 */
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { messages } from '../../shared/messages.js';
import { AppError } from '../domain/errors.js';
import type { Services } from '../services.js';
import { fromThisMachine } from './peer.js';

const ADDRESS = 'address:';

export async function installRateLimits(app: FastifyInstance, services: Services, lan: boolean): Promise<void> {
  if (!lan) return;
  await app.register(rateLimit, {
    global: true,
    hook: 'preHandler',
    timeWindow: 60_000,
    allowList: (request) => fromThisMachine(request),
    keyGenerator: (request) => (request.actor ? `key:${request.actor.apiKeyId ?? `user:${request.actor.userId}`}` : `${ADDRESS}${request.ip}`),
    max: (_request, key) => {
      const settings = services.settings.get();
      return key.startsWith(ADDRESS) ? settings.requestsPerMinutePerAddress : settings.requestsPerMinutePerKey;
    },
    errorResponseBuilder: () => new AppError('RATE_LIMITED', messages.rateLimited),
  });
}
