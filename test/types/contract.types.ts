/**
 * Compile-fail checks of the contract (src/shared/contract): typecheck passes only while each line
 * marked @ts-expect-error is refused, so a route, the sync client or a test helper that drifts
 * from the contract cannot compile. Never run, only typechecked.
 */
import type { FastifyInstance } from 'fastify';
import { actorOf } from '../../src/main/http/auth.js';
import { ok } from '../../src/main/http/envelope.js';
import { mount } from '../../src/main/http/mount.js';
import type { Services } from '../../src/main/services.js';
import { contract, endpoint, requestOf } from '../../src/shared/contract/index.js';
import { envelope } from '../../src/shared/schemas/common.js';
import { EventParams } from '../../src/shared/schemas/event.js';
import { call } from '../support/http.js';

export function routes(app: FastifyInstance, services: Services) {
  // A handler answers what the contract says, and nothing else.
  mount(app, services, 'syncStatus', (request) => ok(request, 'ok', services.sync.status()));
  // @ts-expect-error the answer is not the endpoint's response
  mount(app, services, 'syncStatus', (request) => ok(request, 'ok', { pending: 'many' }));
  // @ts-expect-error the envelope is the contract's: data alone is not an answer
  mount(app, services, 'getSettings', () => services.settings.get());

  mount(app, services, 'getOrder', (request) => {
    const { idOrSlug, orderId } = request.params;
    // @ts-expect-error this path has no :participantId
    void request.params.participantId;
    // @ts-expect-error this endpoint takes no body
    void request.body.reason;
    return ok(request, 'ok', services.orders.get(actorOf(request), idOrSlug, orderId));
  });

  // @ts-expect-error no such endpoint in the contract
  mount(app, services, 'deleteEverything', () => undefined);
}

export function callers() {
  // A caller names the contract's params, query and body.
  requestOf(contract.getOrder, { params: { idOrSlug: 'konser', orderId: '01JD3Y9W5Q8Z6M2K4T7R1XABCD' } });
  // @ts-expect-error a param the path does not have
  requestOf(contract.getOrder, { params: { idOrSlug: 'konser', order: 'x' } });
  // @ts-expect-error the path's params are required
  requestOf(contract.listTicketCategories, {});
  // @ts-expect-error a query value the contract does not allow
  requestOf(contract.listOrders, { params: { idOrSlug: 'konser' }, query: { sort: 'shoeSize' } });
  // @ts-expect-error a body the endpoint does not take
  requestOf(contract.createOrder, { params: { idOrSlug: 'konser' }, body: { eventId: 'x', ticketCategoryId: 'y', buyer: 'z' } });
  // @ts-expect-error a body where none is taken
  requestOf(contract.syncStatus, { body: {} });
  // The test helpers go through the same types.
  // @ts-expect-error a checkout without its method
  call(contract.checkout, { params: { idOrSlug: 'konser', orderId: 'x' }, body: { amountTendered: '100000' } });
}

// A definition names exactly its path's params.
endpoint({
  method: 'GET',
  path: '/events/:idOrSlug/tickets',
  summary: 'Tickets',
  tags: ['events'],
  access: 'user',
  extension: false,
  params: EventParams,
  status: 200,
  response: envelope(EventParams),
  errors: [],
});
// @ts-expect-error the path has :idOrSlug but no params schema says so
endpoint({ method: 'GET', path: '/events/:idOrSlug/tickets', summary: 'Tickets', tags: [], access: 'user', extension: false, status: 200, response: envelope(EventParams), errors: [] });
