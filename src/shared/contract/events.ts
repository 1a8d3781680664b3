/** The events and their ticket categories, as the interface defines them. */
import { envelope, listEnvelope } from '../schemas/common.js';
import { Event, EventListQuery, EventParams } from '../schemas/event.js';
import { TicketCategory } from '../schemas/ticket.js';
import { AUTH_ERRORS, endpoint } from './endpoint.js';

export const listEvents = endpoint({
  method: 'GET',
  path: '/events',
  summary: 'List events (organizer view)',
  description:
    'ownerId=me (or your own id) lists the events you organize or were granted; scope=all lists every event and is for super_admin only.',
  tags: ['events'],
  access: 'user',
  extension: false,
  query: EventListQuery,
  status: 200,
  response: listEnvelope(Event),
  errors: ['VALIDATION_FAILED', 'FORBIDDEN', ...AUTH_ERRORS],
});

export const listTicketCategories = endpoint({
  method: 'GET',
  path: '/events/:idOrSlug/tickets',
  summary: 'List the ticket categories of an event',
  tags: ['events'],
  access: 'user',
  extension: false,
  params: EventParams,
  status: 200,
  response: envelope(TicketCategory.array()),
  errors: ['FORBIDDEN', 'EVENT_NOT_FOUND', ...AUTH_ERRORS],
});
