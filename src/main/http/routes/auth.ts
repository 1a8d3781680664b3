import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ChangePasswordBody, LoginBody, LoginResult, User } from '../../../shared/schemas/auth.js';
import { envelope } from '../../../shared/schemas/common.js';
import { messages } from '../../../shared/messages.js';
import { AppError, fieldError } from '../../domain/errors.js';
import { toIso } from '../../domain/time.js';
import { toUserDto, type UserRow } from '../../domain/users.js';
import type { Services } from '../../services.js';
import { actorOf, authenticate, requireLogin, throttled } from '../auth.js';
import { ok } from '../envelope.js';
import { AUTH_ERRORS, BODY_ERRORS, SECURITY, errorResponses } from '../responses.js';

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
      return ok(request, messages.loggedIn, await loginOf(user));
    },
  );

  const loginOf = async (user: UserRow) => {
    const { token, expiresAt } = await services.tokens.issue(user);
    return { token, expiresAt: toIso(expiresAt), user: toUserDto(user) };
  };

  app.post(
    '/auth/logout',
    {
      onRequest: authenticate(services),
      schema: {
        summary: 'Extension: log out: every login (JWT) of the caller ends, on every device',
        description: 'A login only (a device key is 403). The user’s API keys are not touched: they are devices, revoked one by one.',
        tags: ['auth'],
        security: SECURITY,
        response: { 200: envelope(z.object({ userId: z.string() })), ...errorResponses(...BODY_ERRORS, 'FORBIDDEN', ...AUTH_ERRORS) },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      requireLogin(actor);
      services.users.endLogins(actor.userId);
      return ok(request, messages.loggedOut, { userId: actor.userId });
    },
  );

  app.post(
    '/auth/password',
    {
      onRequest: authenticate(services),
      schema: {
        summary: 'Extension: change the caller’s password; every other login of the caller ends',
        description:
          'A login only (a device key is 403). Answers a new login (as /auth/login does) under the new password. A wrong currentPassword is 400 on it, and counts as a wrong password from the LAN. Recorded in the audit log (user.password_changed).',
        tags: ['auth'],
        security: SECURITY,
        body: ChangePasswordBody,
        response: { 200: envelope(LoginResult), ...errorResponses(...BODY_ERRORS, 'FORBIDDEN', ...AUTH_ERRORS) },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      requireLogin(actor);
      const user = services.users.findById(actor.userId);
      const confirmed = user && (await throttled(services, request, true, () => services.users.authenticate(user.email, request.body.currentPassword)));
      if (!confirmed) throw fieldError('currentPassword', messages.currentPasswordWrong);
      await services.users.changePasswordBy(actor, confirmed, request.body.newPassword);
      return ok(request, messages.passwordChanged, await loginOf(services.users.findById(actor.userId)!));
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
