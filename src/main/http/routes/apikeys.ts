import type { FastifyPluginAsync } from 'fastify';
import { messages } from '#shared/messages.js';
import type { Services } from '../../services.js';
import { actorOf } from '../auth.js';
import { ok } from '../envelope.js';
import { idempotent } from '../idempotency.js';
import { mount } from '../mount.js';

/** Extensions: API keys for peripheral devices (a scanner, a kiosk, a second tablet); who may do what: domain/apikeys.ts. */
export const apiKeyRoutes: FastifyPluginAsync<{ services: Services }> = async (app, { services }) => {
  const { apiKeys } = services;

  mount(app, services, 'listApiKeys', (request) => ok(request, messages.apiKeysListed, apiKeys.list(apiKeys.reachOf(actorOf(request)))));

  mount(
    app,
    services,
    'createApiKey',
    (request) => {
      const { expiresAt, ...rest } = request.body;
      const created = apiKeys.createFor(actorOf(request), { ...rest, expiresAt: expiresAt === undefined ? undefined : Date.parse(expiresAt) });
      return ok(request, messages.apiKeyCreated, created);
    },
    // The key is shown in the first answer only: a replay (and the database) never has it.
    { preHandler: idempotent(services), config: { secretFields: ['key'] } },
  );

  mount(app, services, 'revokeApiKey', (request) => {
    const actor = actorOf(request);
    return ok(request, messages.apiKeyRevoked, apiKeys.revoke(actor, apiKeys.reachOf(actor), request.params.keyId));
  });
};
