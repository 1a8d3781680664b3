import type { FastifyPluginAsync } from 'fastify';
import { messages } from '#shared/messages.js';
import { requireCounterOwner } from '../../domain/access.js';
import { toUserDto } from '../../domain/users.js';
import type { Services } from '../../services.js';
import { actorOf } from '../auth.js';
import { ok } from '../envelope.js';
import { mount } from '../mount.js';

/** Extension: the counter's operators, for its owner to choose whose device key to make. */
export const userRoutes: FastifyPluginAsync<{ services: Services }> = async (app, { services }) => {
  mount(app, services, 'listOperators', (request) => {
    requireCounterOwner(actorOf(request), messages.usersForbidden);
    return ok(request, messages.usersListed, services.users.listOperators().map(toUserDto));
  });
};
