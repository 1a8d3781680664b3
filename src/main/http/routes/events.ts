import type { FastifyPluginAsync } from 'fastify';
import { messages } from '#shared/messages.js';
import type { Services } from '../../services.js';
import { actorOf } from '../auth.js';
import { ok, okList } from '../envelope.js';
import { mount } from '../mount.js';

export const eventRoutes: FastifyPluginAsync<{ services: Services }> = async (app, { services }) => {
  mount(app, services, 'listEvents', (request) => okList(request, messages.eventsListed, services.events.list(actorOf(request), request.query)));

  mount(app, services, 'listTicketCategories', (request) =>
    ok(request, messages.ticketsListed, services.tickets.list(actorOf(request), request.params.idOrSlug)),
  );
};
