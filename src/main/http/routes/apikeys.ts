import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiKeyInfo, ApiKeyParams, CreateApiKeyBody, CreatedApiKey } from '../../../shared/schemas/apikey.js';
import { envelope } from '../../../shared/schemas/common.js';
import { messages } from '../../../shared/messages.js';
import type { Services } from '../../services.js';
import { actorOf, authenticate } from '../auth.js';
import { ok } from '../envelope.js';
import { idempotent } from '../idempotency.js';
import { AUTH_ERRORS, BODY_ERRORS, SECURITY, errorResponses } from '../responses.js';

const common = { tags: ['api-keys'], security: SECURITY };

/** Extensions: API keys for peripheral devices (a scanner, a kiosk, a second tablet); who may do what: domain/apikeys.ts. */
export const apiKeyRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  app.addHook('onRequest', authenticate(services));
  const { apiKeys } = services;

  app.get(
    '/api-keys',
    {
      schema: {
        summary: "Extension: the caller's own API keys (every operator's for the counter's owner), newest first, revoked ones included",
        description: 'Never the keys themselves: only their first characters (prefix), whose they are, expiry, revocation and last use (to the minute).',
        ...common,
        response: { 200: envelope(z.array(ApiKeyInfo)), ...errorResponses(...AUTH_ERRORS) },
      },
    },
    async (request) => ok(request, messages.apiKeysListed, apiKeys.list(apiKeys.reachOf(actorOf(request)))),
  );

  app.post(
    '/api-keys',
    {
      preHandler: idempotent(services),
      // The key is shown in the first answer only: a replay (and the database) never has it.
      config: { secretFields: ['key'] },
      schema: {
        summary: 'Extension: create an API key for a device (shown in full in this response only)',
        description:
          'A key carries exactly its user’s permissions. The counter’s owner (super_admin) makes keys for any operator (userId), an organizer for itself, a cashier (staff) none (403). Only its hash is stored. expiresAt (optional) must be in the future. Send Idempotency-Key to make retries safe: a replay answers key: null (the key is shown once).',
        ...common,
        body: CreateApiKeyBody,
        response: {
          201: envelope(CreatedApiKey),
          ...errorResponses(...BODY_ERRORS, 'FORBIDDEN', 'IDEMPOTENCY_IN_PROGRESS', 'IDEMPOTENCY_KEY_REUSED', ...AUTH_ERRORS),
        },
      },
    },
    async (request, reply) => {
      const { expiresAt, ...rest } = request.body;
      const created = apiKeys.createFor(actorOf(request), { ...rest, expiresAt: expiresAt === undefined ? undefined : Date.parse(expiresAt) });
      return reply.code(201).send(ok(request, messages.apiKeyCreated, created));
    },
  );

  app.delete(
    '/api-keys/:keyId',
    {
      schema: {
        summary: 'Extension: revoke one of the caller’s API keys (any for the counter’s owner); it is refused (401) from then on',
        description: "An unknown key, another user's key (but for the owner) and a key already revoked are all 404.",
        ...common,
        params: ApiKeyParams,
        response: { 200: envelope(ApiKeyInfo), ...errorResponses(...BODY_ERRORS, 'NOT_FOUND', ...AUTH_ERRORS) },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      return ok(request, messages.apiKeyRevoked, apiKeys.revoke(actor, apiKeys.reachOf(actor), request.params.keyId));
    },
  );
};
