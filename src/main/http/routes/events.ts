import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope, listEnvelope } from '../../../shared/schemas/common.js';
import { Event, EventListQuery, EventParams } from '../../../shared/schemas/event.js';
import { TicketCategory } from '../../../shared/schemas/ticket.js';
import { messages } from '../../../shared/messages.js';
import type { Services } from '../../services.js';
import { actorOf, authenticate } from '../auth.js';
import { ok, okList } from '../envelope.js';
import { AUTH_ERRORS, SECURITY, errorResponses } from '../responses.js';

export const eventRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  app.addHook('onRequest', authenticate(services));

  app.get(
    '/events',
    {
      schema: {
        summary: 'List events (organizer view)',
        description:
          'ownerId=me (or your own id) lists the events you organize or were granted; scope=all lists every event and is for super_admin only.',
        tags: ['events'],
        security: SECURITY,
        querystring: EventListQuery,
        response: { 200: listEnvelope(Event), ...errorResponses('VALIDATION_FAILED', 'FORBIDDEN', ...AUTH_ERRORS) },
      },
    },
    async (request) => okList(request, messages.eventsListed, services.events.list(actorOf(request), request.query)),
  );

  app.get(
    '/events/:idOrSlug/tickets',
    {
      schema: {
        summary: 'List the ticket categories of an event',
        tags: ['events'],
        security: SECURITY,
        params: EventParams,
        response: {
          200: envelope(TicketCategory.array()),
          ...errorResponses('FORBIDDEN', 'EVENT_NOT_FOUND', ...AUTH_ERRORS),
        },
      },
    },
    async (request) => ok(request, messages.ticketsListed, services.tickets.list(actorOf(request), request.params.idOrSlug)),
  );
};
