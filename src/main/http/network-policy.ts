/**
 * Who may talk to this listener, from where. A browser names the site of the page making a request
 * in Origin: pages of other sites are refused (a counter is no public API), unless the counter is
 * told to allow that origin (settings corsOrigins, then answered with CORS headers). In LAN mode
 * (listening beyond loopback) every request from another machine needs credentials, save logging
 * in and the UI's files: routes that serve this machine without (health, first-run state, the
 * OpenAPI document and its reference at /docs) say so with `credentialsFromLan`.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { messages } from '#shared/messages.js';
import { AppError } from '../domain/errors.js';
import type { Services } from '../services.js';
import { authenticate } from './auth.js';
import { fromThisMachine } from './peer.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Open to this machine, but from the LAN only with an API key or a login. */
    credentialsFromLan?: boolean;
  }
}

const CORS_HEADERS = {
  'access-control-allow-methods': 'GET, POST, PUT, PATCH, DELETE',
  'access-control-allow-headers': 'authorization, x-api-key, content-type, idempotency-key',
  'access-control-expose-headers': 'x-request-id, retry-after, content-disposition, idempotent-replayed',
  'access-control-max-age': '600',
};

/** Whether Origin names this very service. Host with its port: another local web app (localhost:3000) is another site too. */
export function sameSite(request: FastifyRequest, origin: string): boolean {
  return URL.canParse(origin) && new URL(origin).host === request.headers.host?.toLowerCase();
}

export function installNetworkPolicy(app: FastifyInstance, services: Services, lan: boolean): void {
  app.addHook('onRequest', async (request, reply) => {
    const origin = request.headers.origin;
    if (origin === undefined || sameSite(request, origin)) return;
    if (!services.settings.get().corsOrigins.includes(origin)) throw new AppError('FORBIDDEN', messages.crossOriginRefused);
    reply.header('access-control-allow-origin', origin).header('vary', 'Origin');
    if (request.method === 'OPTIONS') return reply.headers(CORS_HEADERS).code(204).send();
  });

  if (!lan) return;
  const credentials = credentialsFromLan(services, lan);
  app.addHook('onRequest', async (request, reply) => {
    if (request.routeOptions.config.credentialsFromLan) await credentials(request, reply);
  });
}

/** A hook asking another machine for credentials in LAN mode; this machine needs none. */
export function credentialsFromLan(services: Services, lan: boolean) {
  const credentials = authenticate(services);
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (lan && !fromThisMachine(request)) await credentials(request, reply);
  };
}
