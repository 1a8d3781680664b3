import type { FastifyPluginAsync } from 'fastify';
import { messages } from '#shared/messages.js';
import { requireCounterOwner } from '../../domain/access.js';
import type { Services } from '../../services.js';
import { actorOf } from '../auth.js';
import { ok } from '../envelope.js';
import { mount } from '../mount.js';

/** Extensions: the counter's own settings (the same store `settings set` writes). */
export const settingsRoutes: FastifyPluginAsync<{ services: Services }> = async (app, { services }) => {
  const { settings, settingsChanges } = services;

  mount(app, services, 'getSettings', (request) => ok(request, messages.settingsFetched, settings.get()));

  mount(app, services, 'changeSettings', (request) => {
    const actor = actorOf(request);
    requireCounterOwner(actor, messages.settingsForbidden);
    return ok(request, messages.settingsUpdated, settingsChanges.change(actor, request.body));
  });
};
