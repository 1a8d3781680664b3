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

/** Extensions: the caller's own API keys, for peripheral devices (a scanner, a kiosk, a second tablet). */
export const apiKeyRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  app.addHook('onRequest', authenticate(services));
  const { apiKeys } = services;

  app.get(
    '/api-keys',
    {
      schema: {
        summary: "Extension: the caller's own API keys, newest first, revoked ones included",
        description: 'Never the keys themselves: only their first characters (prefix), expiry, revocation and last use (to the minute).',
        ...common,
        response: { 200: envelope(z.array(ApiKeyInfo)), ...errorResponses(...AUTH_ERRORS) },
      },
    },
    async (request) => ok(request, messages.apiKeysListed, apiKeys.list(actorOf(request).userId)),
  );

  app.post(
    '/api-keys',
    {
      // A replay answers the same key again, but only to the user who created it (keys are per user).
      preHandler: idempotent(services),
      schema: {
        summary: 'Extension: create an API key for the caller (shown in full in this response only)',
        description:
          'Any operator may create keys for themselves; a key carries its user’s permissions. Only its hash is stored. expiresAt (optional) must be in the future. Send Idempotency-Key to make retries safe.',
        ...common,
        body: CreateApiKeyBody,
        response: {
          201: envelope(CreatedApiKey),
          ...errorResponses(...BODY_ERRORS, 'IDEMPOTENCY_IN_PROGRESS', 'IDEMPOTENCY_KEY_REUSED', ...AUTH_ERRORS),
        },
      },
    },
    async (request, reply) => {
      const { name, expiresAt } = request.body;
      const actor = actorOf(request);
      const created = apiKeys.createBy(actor, actor.userId, name, expiresAt === undefined ? undefined : Date.parse(expiresAt));
      return reply.code(201).send(ok(request, messages.apiKeyCreated, created));
    },
  );

  app.delete(
    '/api-keys/:keyId',
    {
      schema: {
        summary: 'Extension: revoke one of the caller’s API keys; it is refused (401) from then on',
        description: "An unknown key, another user's key and a key already revoked are all 404.",
        ...common,
        params: ApiKeyParams,
        response: { 200: envelope(ApiKeyInfo), ...errorResponses(...BODY_ERRORS, 'NOT_FOUND', ...AUTH_ERRORS) },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      return ok(request, messages.apiKeyRevoked, apiKeys.revoke(actor, actor.userId, request.params.keyId));
    },
  );
};
