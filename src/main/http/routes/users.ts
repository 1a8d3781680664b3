import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { User } from '../../../shared/schemas/auth.js';
import { envelope } from '../../../shared/schemas/common.js';
import { messages } from '../../../shared/messages.js';
import { requireCounterOwner } from '../../domain/access.js';
import { toUserDto } from '../../domain/users.js';
import type { Services } from '../../services.js';
import { actorOf, authenticate } from '../auth.js';
import { ok } from '../envelope.js';
import { AUTH_ERRORS, SECURITY, errorResponses } from '../responses.js';

/** Extension: the counter's operators, for its owner to choose whose device key to make. */
export const userRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  app.addHook('onRequest', authenticate(services));

  app.get(
    '/users',
    {
      schema: {
        summary: "Extension: the counter's operators (super_admin, organizer, staff), by name; the counter's owner only",
        tags: ['auth'],
        security: SECURITY,
        response: { 200: envelope(z.array(User)), ...errorResponses('FORBIDDEN', ...AUTH_ERRORS) },
      },
    },
    async (request) => {
      requireCounterOwner(actorOf(request), messages.usersForbidden);
      return ok(request, messages.usersListed, services.users.listOperators().map(toUserDto));
    },
  );
};
