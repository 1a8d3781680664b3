import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope } from '../../../shared/schemas/common.js';
import { OrderDetail, OrderParams } from '../../../shared/schemas/order.js';
import { CheckoutBody, ConfirmPaymentBody, ReasonBody } from '../../../shared/schemas/payment.js';
import { messages } from '../../../shared/messages.js';
import type { Services } from '../../services.js';
import { actorOf, authenticate } from '../auth.js';
import { ok } from '../envelope.js';
import { idempotent } from '../idempotency.js';
import { AUTH_ERRORS, BODY_ERRORS, SECURITY, errorResponses } from '../responses.js';

const TRANSITION_ERRORS = errorResponses('FORBIDDEN', 'ORDER_NOT_FOUND', 'INVALID_STATE', 'IDEMPOTENCY_KEY_REUSED', ...BODY_ERRORS, ...AUTH_ERRORS);

/** Checkout, payment verification and cancel: the order's transitions (domain/order-transitions.ts). */
export const orderPaymentRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  app.addHook('onRequest', authenticate(services));
  const { transitions } = services;
  const common = { preHandler: idempotent(services), tags: ['orders'], security: SECURITY, params: OrderParams };

  app.post(
    '/events/:idOrSlug/admin/orders/:orderId/checkout',
    {
      preHandler: common.preHandler,
      schema: {
        summary: 'Take payment for an order',
        description:
          'Only a payment_pending order. cash (amountTendered required, at least the total; the change is computed) and card (optional EDC reference) settle at once: the order becomes completed/paid, its participant is issued with a ticket number and a QR code, and the held seat becomes sold. bank_transfer and qris make it verification_pending/unpaid until confirmed or rejected (see /payment/confirm and /payment/reject). Permission event:update.',
        ...common,
        body: CheckoutBody,
        response: { 200: envelope(OrderDetail), ...TRANSITION_ERRORS },
      },
    },
    async (request) => {
      const { idOrSlug, orderId } = request.params;
      const order = await transitions.checkout(actorOf(request), idOrSlug, orderId, request.body);
      return ok(request, order.paymentStatus === 'paid' ? messages.orderPaid : messages.paymentAwaitingVerification, order);
    },
  );

  app.post(
    '/events/:idOrSlug/admin/orders/:orderId/payment/confirm',
    {
      preHandler: common.preHandler,
      schema: {
        summary: 'Extension: confirm a bank transfer or QRIS payment',
        description:
          'Only a verification_pending order: it becomes completed/paid and its participant is issued. An optional reference (the transfer reference as seen on the account) replaces the one given at checkout. Permission event:update.',
        ...common,
        body: ConfirmPaymentBody,
        response: { 200: envelope(OrderDetail), ...TRANSITION_ERRORS },
      },
    },
    async (request) => {
      const { idOrSlug, orderId } = request.params;
      const order = await transitions.confirmPayment(actorOf(request), idOrSlug, orderId, request.body);
      return ok(request, messages.paymentConfirmed, order);
    },
  );

  app.post(
    '/events/:idOrSlug/admin/orders/:orderId/payment/reject',
    {
      preHandler: common.preHandler,
      schema: {
        summary: 'Extension: reject a bank transfer or QRIS payment',
        description:
          'Only a verification_pending order: the payment is rejected (kept as history with the optional reason) and the order is payment_pending again, holding its seat for a new hold window. Permission event:update.',
        ...common,
        body: ReasonBody,
        response: { 200: envelope(OrderDetail), ...TRANSITION_ERRORS },
      },
    },
    async (request) => {
      const { idOrSlug, orderId } = request.params;
      const order = await transitions.rejectPayment(actorOf(request), idOrSlug, orderId, request.body);
      return ok(request, messages.paymentRejected, order);
    },
  );

  app.post(
    '/events/:idOrSlug/admin/orders/:orderId/cancel',
    {
      preHandler: common.preHandler,
      schema: {
        summary: 'Cancel an unpaid order',
        description:
          'payment_pending and verification_pending orders become cancelled/unpaid; the seat and the identity number are free again. A paid or already cancelled order: 409 INVALID_STATE. The body is optional. Permission event:update.',
        ...common,
        body: ReasonBody,
        response: { 200: envelope(OrderDetail), ...TRANSITION_ERRORS },
      },
    },
    async (request) => {
      const { idOrSlug, orderId } = request.params;
      const order = await transitions.cancel(actorOf(request), idOrSlug, orderId, request.body);
      return ok(request, messages.orderCancelled, order);
    },
  );
};
