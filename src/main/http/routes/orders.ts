import type { FastifyPluginAsync } from 'fastify';
import { messages } from '#shared/messages.js';
import type { Services } from '../../services.js';
import { actorOf } from '../auth.js';
import { ok, okList } from '../envelope.js';
import { idempotent } from '../idempotency.js';
import { mount } from '../mount.js';

export const orderRoutes: FastifyPluginAsync<{ services: Services }> = async (app, { services }) => {
  mount(
    app,
    services,
    'createOrder',
    async (request) => ok(request, messages.orderCreated, await services.selling.sell(actorOf(request), request.params.idOrSlug, request.body)),
    // Returned once, never stored: a replay answers generatedPassword: null.
    { preHandler: idempotent(services), config: { secretFields: ['generatedPassword'] } },
  );

  mount(app, services, 'listOrders', (request) =>
    okList(request, messages.ordersListed, services.orderList.list(actorOf(request), request.params.idOrSlug, request.query)),
  );

  // Both read on the read thread (read-thread/reads.ts): across every event, or summing every
  // match of a short search, they can read for a second on a season's database.
  mount(app, services, 'searchOrders', async (request) =>
    okList(request, messages.ordersListed, await services.reads.read('searchOrders', actorOf(request), request.query)),
  );

  mount(app, services, 'orderTotals', async (request) =>
    ok(request, messages.orderTotalsFetched, await services.reads.read('orderTotals', actorOf(request), request.params.idOrSlug, request.query)),
  );

  mount(app, services, 'getOrder', (request) =>
    ok(request, messages.orderFetched, services.orders.get(actorOf(request), request.params.idOrSlug, request.params.orderId)),
  );
};
