import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { supervisesCash } from '#shared/roles.js';
import { messages } from '#shared/messages.js';
import { AppError, fieldError } from '../../domain/errors.js';
import { toIso } from '../../domain/time.js';
import { toUserDto, type UserRow } from '../../domain/users.js';
import type { Services } from '../../services.js';
import { actorOf, requireLogin, throttled } from '../auth.js';
import { ok } from '../envelope.js';
import { mount } from '../mount.js';

export const authRoutes: FastifyPluginAsync<{ services: Services }> = async (app, { services }) => {
  const loginOf = (user: UserRow) => {
    const { token, expiresAt } = services.tokens.issue(user);
    return { token, expiresAt: toIso(expiresAt), user: toUserDto(user) };
  };

  mount(app, services, 'logIn', async (request) => {
    const user = await throttled(services, request, true, () => services.users.authenticate(request.body.email, request.body.password));
    if (!user) throw new AppError('UNAUTHENTICATED', messages.invalidLogin);
    return ok(request, messages.loggedIn, loginOf(user));
  });

  mount(app, services, 'logOut', (request) => {
    const actor = actorOf(request);
    requireLogin(actor);
    services.users.endLogins(actor.userId);
    // Their customer display shows nothing more of their last sale.
    services.customerDisplay.forget(actor.userId);
    return ok(request, messages.loggedOut, { userId: actor.userId });
  });

  /** The caller's own user, once its current password is confirmed (400 on currentPassword, counted as a wrong login). */
  async function confirmedCaller(request: FastifyRequest, currentPassword: string): Promise<UserRow> {
    const user = services.users.findById(actorOf(request).userId);
    const confirmed = user && (await throttled(services, request, true, () => services.users.authenticate(user.email, currentPassword)));
    if (!confirmed) throw fieldError('currentPassword', messages.currentPasswordWrong);
    return confirmed;
  }

  mount(app, services, 'changePassword', async (request) => {
    const actor = actorOf(request);
    requireLogin(actor);
    const confirmed = await confirmedCaller(request, request.body.currentPassword);
    await services.users.changePasswordBy(actor, confirmed, request.body.newPassword);
    return ok(request, messages.passwordChanged, loginOf(services.users.findById(actor.userId)!));
  });

  mount(app, services, 'setApprovalPin', async (request) => {
    const actor = actorOf(request);
    requireLogin(actor);
    if (!supervisesCash(actor.role)) throw new AppError('FORBIDDEN', messages.approvalPinOnlySupervisors);
    await services.users.setApprovalPinBy(actor, await confirmedCaller(request, request.body.currentPassword), request.body.pin);
    return ok(request, messages.approvalPinSet, { userId: actor.userId });
  });

  mount(app, services, 'currentUser', (request) => {
    const user = services.users.findById(actorOf(request).userId);
    // authenticate() found the user a moment ago: only one gone since then is missing here.
    if (!user) throw new AppError('UNAUTHENTICATED', messages.unauthenticated);
    return ok(request, messages.currentUser, toUserDto(user));
  });

  mount(app, services, 'health', (request) => ok(request, messages.ok, { status: 'ok' as const, service: 'ticket-counter' as const }));

  mount(app, services, 'backgroundHealth', (request) => ok(request, messages.backgroundHealth, { problems: services.background.problems() }));
};
