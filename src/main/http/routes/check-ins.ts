import type { FastifyPluginAsync } from 'fastify';
import { messages } from '#shared/messages.js';
import type { Services } from '../../services.js';
import { actorOf } from '../auth.js';
import { ok } from '../envelope.js';
import { idempotent } from '../idempotency.js';
import { mount } from '../mount.js';

/** Check-in at the gate (app/gate.ts): look a ticket up, check its participant in once; a group in one scan; exits, counts and re-entry. */
export const checkInRoutes: FastifyPluginAsync<{ services: Services }> = async (app, { services }) => {
  const { gate } = services;

  mount(app, services, 'lookUpTicket', async (request) =>
    ok(request, messages.ticketLookedUp, await gate.lookup(actorOf(request), request.params.idOrSlug, request.query)),
  );

  mount(
    app,
    services,
    'checkIn',
    async (request) => ok(request, messages.checkedIn, await gate.checkIn(actorOf(request), request.params.idOrSlug, request.body)),
    { preHandler: idempotent(services) },
  );

  mount(
    app,
    services,
    'exitTicket',
    async (request) => ok(request, messages.exited, await gate.exit(actorOf(request), request.params.idOrSlug, request.body)),
    { preHandler: idempotent(services) },
  );

  mount(app, services, 'gateCounts', (request) => ok(request, messages.gateCountsFetched, services.checkIns.counts(actorOf(request), request.params.idOrSlug, request.query.gate)));

  mount(app, services, 'setGateSettings', (request) =>
    ok(request, messages.gateSettingsSaved, services.checkIns.setGateSettings(actorOf(request), request.params.idOrSlug, request.body)),
  );

  mount(app, services, 'lookUpGroup', async (request) => ok(request, messages.groupFetched, await gate.lookupGroup(actorOf(request), request.params.idOrSlug, request.query.token)));

  mount(
    app,
    services,
    'checkInGroup',
    async (request) => ok(request, messages.groupCheckedIn, await gate.checkInGroup(actorOf(request), request.params.idOrSlug, request.body)),
    { preHandler: idempotent(services) },
  );
};
