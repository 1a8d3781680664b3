import type { FastifyPluginAsync } from 'fastify';
import { messages } from '#shared/messages.js';
import { requireCounterOwner, type Actor } from '../../domain/access.js';
import { AppError } from '../../domain/errors.js';
import type { Services } from '../../services.js';
import { actorOf, requireLogin } from '../auth.js';
import { ok } from '../envelope.js';
import { mount } from '../mount.js';

/** Only the counter's owner may point it at a remote: the sales and customer lookups go there. */
const requireRemoteAdmin = (actor: Actor) => requireCounterOwner(actor, messages.remoteSettingsForbidden);

/** Extensions for the counter UI: sync status, conflicts and the remote connection. */
export const syncRoutes: FastifyPluginAsync<{ services: Services }> = async (app, { services }) => {
  const { sync, conflicts } = services;

  mount(app, services, 'syncStatus', (request) => ok(request, messages.syncStatus, sync.status()));

  mount(app, services, 'runSync', async (request) => {
    requireLogin(actorOf(request));
    return ok(request, messages.syncStarted, await sync.runOnce({ pull: true }));
  });

  mount(app, services, 'gateListStatus', (request) => ok(request, messages.gateListStatus, services.gate.gateList(actorOf(request))));

  mount(app, services, 'pullGateList', async (request) => {
    const actor = actorOf(request);
    requireLogin(actor);
    return ok(request, messages.gateListPulled, await services.gate.pullGateList(actor));
  });

  mount(app, services, 'listConflicts', (request) => ok(request, messages.conflictsListed, conflicts.list(actorOf(request))));

  mount(app, services, 'retryConflict', (request) => {
    conflicts.retry(actorOf(request), request.params.seq);
    return ok(request, messages.conflictResolved, { seq: request.params.seq });
  });

  mount(app, services, 'dismissConflict', (request) => {
    conflicts.dismiss(actorOf(request), request.params.seq);
    return ok(request, messages.conflictResolved, { seq: request.params.seq });
  });

  mount(app, services, 'cancelConflictLocally', async (request) => {
    await conflicts.cancelLocally(actorOf(request), request.params.seq);
    return ok(request, messages.conflictResolved, { seq: request.params.seq });
  });

  mount(app, services, 'refundConflictLocally', async (request) => {
    await conflicts.refundLocally(actorOf(request), request.params.seq, request.body);
    return ok(request, messages.conflictResolved, { seq: request.params.seq });
  });

  mount(app, services, 'linkConflict', (request) => {
    conflicts.link(actorOf(request), request.params.seq, request.body.remoteOrderId);
    return ok(request, messages.conflictResolved, { seq: request.params.seq });
  });

  mount(app, services, 'setRemote', (request) => {
    const actor = actorOf(request);
    requireRemoteAdmin(actor);
    const ownerEmail = request.body.ownerEmail ?? services.users.findById(actor.userId)?.email ?? '';
    if (!services.users.findByEmail(ownerEmail)) throw new AppError('VALIDATION_FAILED', messages.validationFailed, [{ field: 'ownerEmail', message: messages.ownerUnknown }]);
    return ok(request, messages.remoteSaved, sync.setRemoteBy(actor, { baseUrl: request.body.baseUrl, apiKey: request.body.apiKey, ownerEmail }));
  });

  mount(app, services, 'checkRemote', async (request) => {
    requireRemoteAdmin(actorOf(request));
    return ok(request, messages.remoteChecked, await sync.check(request.body.baseUrl, request.body.apiKey));
  });
};
