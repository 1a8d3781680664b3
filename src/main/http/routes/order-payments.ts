import type { FastifyPluginAsync } from 'fastify';
import { messages } from '#shared/messages.js';
import type { Services } from '../../services.js';
import { actorOf } from '../auth.js';
import { ok } from '../envelope.js';
import { idempotent } from '../idempotency.js';
import { mount } from '../mount.js';

/** Checkout, payment verification and cancel: the order's transitions (domain/order-transitions.ts). */
export const orderPaymentRoutes: FastifyPluginAsync<{ services: Services }> = async (app, { services }) => {
  const { transitions } = services;
  const options = { preHandler: idempotent(services) };

  mount(
    app,
    services,
    'checkout',
    async (request) => {
      const { idOrSlug, orderId } = request.params;
      const order = await transitions.checkout(actorOf(request), idOrSlug, orderId, request.body);
      return ok(request, order.paymentStatus === 'paid' ? messages.orderPaid : messages.paymentAwaitingVerification, order);
    },
    options,
  );

  mount(
    app,
    services,
    'confirmPayment',
    async (request) => {
      const { idOrSlug, orderId } = request.params;
      return ok(request, messages.paymentConfirmed, await transitions.confirmPayment(actorOf(request), idOrSlug, orderId, request.body));
    },
    options,
  );

  mount(
    app,
    services,
    'rejectPayment',
    async (request) => {
      const { idOrSlug, orderId } = request.params;
      return ok(request, messages.paymentRejected, await transitions.rejectPayment(actorOf(request), idOrSlug, orderId, request.body));
    },
    options,
  );

  mount(
    app,
    services,
    'cancelOrder',
    async (request) => {
      const { idOrSlug, orderId } = request.params;
      return ok(request, messages.orderCancelled, await transitions.cancel(actorOf(request), idOrSlug, orderId, request.body));
    },
    options,
  );

  mount(
    app,
    services,
    'refundOrder',
    async (request) => {
      const { idOrSlug, orderId } = request.params;
      return ok(request, messages.orderRefunded, await services.refunding.refund(actorOf(request), idOrSlug, orderId, request.body));
    },
    options,
  );
};
