import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LoginBody, LoginResult, User } from '../../../shared/schemas/auth.js';
import { envelope } from '../../../shared/schemas/common.js';
import { messages } from '../../../shared/messages.js';
import { AppError } from '../../domain/errors.js';
import { toIso } from '../../domain/time.js';
import { toUserDto } from '../../domain/users.js';
import type { Services } from '../../services.js';
import { actorOf, authenticate, throttled } from '../auth.js';
import { ok } from '../envelope.js';
import { AUTH_ERRORS, SECURITY, errorResponses } from '../responses.js';

export const authRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  app.post(
    '/auth/login',
    {
      schema: {
        summary: 'Log in with e-mail and password (extension)',
        description: 'Returns a JWT for Authorization: Bearer, valid for 12 hours. Customer accounts cannot log in here.',
        tags: ['auth'],
        body: LoginBody,
        response: { 200: envelope(LoginResult), ...errorResponses('VALIDATION_FAILED', 'UNAUTHENTICATED', 'RATE_LIMITED') },
      },
    },
    async (request) => {
      const user = await throttled(services, request, true, () => services.users.authenticate(request.body.email, request.body.password));
      if (!user) throw new AppError('UNAUTHENTICATED', messages.invalidLogin);
      const { token, expiresAt } = await services.tokens.issue(user.id);
      return ok(request, messages.loggedIn, { token, expiresAt: toIso(expiresAt), user: toUserDto(user) });
    },
  );

  app.get(
    '/auth/me',
    {
      onRequest: authenticate(services),
      schema: {
        summary: 'Extension: the user the credential (API key or JWT) stands for',
        tags: ['auth'],
        security: SECURITY,
        response: { 200: envelope(User), ...errorResponses(...AUTH_ERRORS) },
      },
    },
    async (request) => {
      const user = services.users.findById(actorOf(request).userId);
      // authenticate() found the user a moment ago: only one gone since then is missing here.
      if (!user) throw new AppError('UNAUTHENTICATED', messages.unauthenticated);
      return ok(request, messages.currentUser, toUserDto(user));
    },
  );

  app.get(
    '/health',
    {
      config: { credentialsFromLan: true },
      schema: {
        summary: 'Liveness (extension; no credentials from this machine, an API key or login from the LAN)',
        tags: ['service'],
        response: { 200: envelope(z.object({ status: z.literal('ok'), service: z.literal('ticket-counter') })) },
      },
    },
    async (request) => ok(request, messages.ok, { status: 'ok' as const, service: 'ticket-counter' as const }),
  );
};
