import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope, listEnvelope } from '../../../shared/schemas/common.js';
import { EventParams } from '../../../shared/schemas/event.js';
import {
  CreateOrderBody,
  OrderCreated,
  OrderDetail,
  OrderListItem,
  OrderListQuery,
  OrderParams,
} from '../../../shared/schemas/order.js';
import { messages } from '../../../shared/messages.js';
import type { Services } from '../../services.js';
import { actorOf, authenticate } from '../auth.js';
import { ok, okList } from '../envelope.js';
import { idempotent } from '../idempotency.js';
import { AUTH_ERRORS, BODY_ERRORS, SECURITY, errorResponses } from '../responses.js';

export const orderRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  app.addHook('onRequest', authenticate(services));

  app.post(
    '/events/:idOrSlug/admin/orders',
    {
      preHandler: idempotent(services),
      // Returned once, never stored: a replay answers generatedPassword: null.
      config: { secretFields: ['generatedPassword'] },
      schema: {
        summary: 'Create an order for a walk-in customer',
        description:
          'Holds one seat of the category until the order is paid, cancelled or expires. The customer is matched to a user by e-mail or a user is created; generatedPassword is returned only then, once. Send Idempotency-Key to make retries safe.',
        tags: ['orders'],
        security: SECURITY,
        params: EventParams,
        body: CreateOrderBody,
        response: {
          201: envelope(OrderCreated),
          ...errorResponses('FORBIDDEN', 'EVENT_NOT_FOUND', 'IDENTITY_NUMBER_REGISTERED', 'SOLD_OUT', 'SALE_CLOSED', 'REMOTE_REFUSED', 'IDEMPOTENCY_KEY_REUSED', ...BODY_ERRORS, ...AUTH_ERRORS),
        },
      },
    },
    async (request, reply) => {
      const order = await services.selling.sell(actorOf(request), request.params.idOrSlug, request.body);
      return reply.code(201).send(ok(request, messages.orderCreated, order));
    },
  );

  app.get(
    '/events/:idOrSlug/admin/orders',
    {
      schema: {
        summary: 'List the admin-created orders of an event',
        description:
          "Permission event:read. Every participant's identityNumber is masked to its first and last 4 digits (3171********0001): a list is for finding an order, the whole number is in the detail for those who may update the event.",
        tags: ['orders'],
        security: SECURITY,
        params: EventParams,
        querystring: OrderListQuery,
        response: {
          200: listEnvelope(OrderListItem),
          ...errorResponses('VALIDATION_FAILED', 'FORBIDDEN', 'EVENT_NOT_FOUND', ...AUTH_ERRORS),
        },
      },
    },
    async (request) =>
      okList(request, messages.ordersListed, services.orders.list(actorOf(request), request.params.idOrSlug, request.query)),
  );

  app.get(
    '/events/:idOrSlug/admin/orders/:orderId',
    {
      schema: {
        summary: 'Order detail',
        description:
          "Permission event:read. The participants' identityNumber is whole only for callers with event:update on the event (they sell, and check the number against the card); with event:read alone it is masked to its first and last 4 digits (3171********0001). The transitions (checkout, confirm, reject, cancel) answer with this form, whole, as they need event:update.",
        tags: ['orders'],
        security: SECURITY,
        params: OrderParams,
        response: {
          200: envelope(OrderDetail),
          ...errorResponses('VALIDATION_FAILED', 'FORBIDDEN', 'EVENT_NOT_FOUND', ...AUTH_ERRORS),
        },
      },
    },
    async (request) =>
      ok(request, messages.orderFetched, services.orders.get(actorOf(request), request.params.idOrSlug, request.params.orderId)),
  );
};
