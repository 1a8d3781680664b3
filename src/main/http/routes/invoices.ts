import type { FastifyPluginAsync } from 'fastify';
import { messages } from '#shared/messages.js';
import { fieldError } from '../../domain/errors.js';
import type { Services } from '../../services.js';
import { actorOf } from '../auth.js';
import { ok } from '../envelope.js';
import { mount } from '../mount.js';

/** The invoice PDF, a basket's receipt, ticket QR images and the keys that verify ticket tokens offline. */
export const invoiceRoutes: FastifyPluginAsync<{ services: Services }> = async (app, { services }) => {
  const { invoices } = services;

  mount(app, services, 'getInvoice', async (request, reply) => {
    const { idOrSlug, orderId } = request.params;
    const { pdf, filename } = await invoices.invoice(actorOf(request), idOrSlug, orderId, request.query.layout);
    reply.type('application/pdf').header('content-disposition', `inline; filename="${filename}"`).header('cache-control', 'no-store');
    return pdf;
  });

  mount(app, services, 'getTransactionReceipt', async (request, reply) => {
    const { idOrSlug, transactionId } = request.params;
    const { pdf, filename } = await invoices.basketReceipt(actorOf(request), idOrSlug, transactionId, request.query.layout);
    reply.type('application/pdf').header('content-disposition', `inline; filename="${filename}"`).header('cache-control', 'no-store');
    return pdf;
  });

  mount(app, services, 'getTransactionQr', async (request, reply) => {
    const { idOrSlug, transactionId } = request.params;
    const image = await invoices.basketQr(actorOf(request), idOrSlug, transactionId, request.query.format);
    reply.type(image.contentType).header('cache-control', 'no-store');
    return image.body;
  });

  mount(app, services, 'getTicketQr', async (request, reply) => {
    const { idOrSlug, orderId, participantId } = request.params;
    const image = await invoices.ticketQr(actorOf(request), idOrSlug, orderId, participantId, request.query.format);
    reply.type(image.contentType).header('cache-control', 'private, max-age=3600');
    return image.body;
  });

  mount(app, services, 'listTicketKeys', (request) => ok(request, messages.ticketKeysListed, services.ticketKeys.all()));

  mount(app, services, 'registerTicketKey', (request) => {
    if (request.params.kid !== request.body.kid) throw fieldError('kid', messages.ticketKeyIdMismatch);
    return ok(request, messages.ticketKeyRegistered, services.ticketKeys.register(actorOf(request), request.body));
  });
};
