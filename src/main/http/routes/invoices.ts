import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '../../../shared/schemas/common.js';
import { OrderParams } from '../../../shared/schemas/order.js';
import { InvoiceLayout } from '../../../shared/schemas/settings.js';
import { VerificationKey } from '../../../shared/ticket-token.js';
import { messages } from '../../../shared/messages.js';
import { fieldError } from '../../domain/errors.js';
import type { Services } from '../../services.js';
import { actorOf, authenticate } from '../auth.js';
import { ok } from '../envelope.js';
import { AUTH_ERRORS, SECURITY, errorResponses } from '../responses.js';

const READ_ERRORS = errorResponses('VALIDATION_FAILED', 'FORBIDDEN', 'ORDER_NOT_FOUND', ...AUTH_ERRORS);
const binary = (contentType: string, description: string) =>
  z.any().meta({ description, content: { [contentType]: { schema: { type: 'string', format: 'binary' } } } });

/** The invoice PDF, ticket QR images and the key that verifies ticket tokens offline. */
export const invoiceRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  app.addHook('onRequest', authenticate(services));
  const { invoices } = services;

  app.get(
    '/events/:idOrSlug/admin/orders/:orderId/invoice',
    {
      schema: {
        summary: 'Download the invoice (PDF)',
        description:
          'application/pdf, named invoice-<orderId>.pdf: organizer, event, buyer, items, totals, the payment and a PAID/UNPAID/CANCELLED stamp (in Indonesian), and each ticket with its number and QR code. layout: a4, or receipt for an 80 mm receipt printer; default from the counter settings. Permission event:read.',
        tags: ['orders'],
        security: SECURITY,
        params: OrderParams,
        querystring: z.object({ layout: InvoiceLayout.optional() }),
        response: { 200: binary('application/pdf', 'The invoice'), ...READ_ERRORS },
      },
    },
    async (request, reply) => {
      const { idOrSlug, orderId } = request.params;
      const { pdf, filename } = await invoices.invoice(actorOf(request), idOrSlug, orderId, request.query.layout);
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="${filename}"`)
        .header('cache-control', 'no-store')
        .send(pdf);
    },
  );

  app.get(
    '/events/:idOrSlug/admin/orders/:orderId/participants/:participantId/qr',
    {
      schema: {
        summary: "Extension: a participant's ticket QR code",
        description:
          "The participant's qrCode URL: the QR image of the signed ticket token (PNG, or SVG with format=svg). A scanner verifies the token offline with the keys of GET /ticket-verification-keys. Permission event:read.",
        tags: ['tickets'],
        security: SECURITY,
        params: OrderParams.extend({ participantId: z.string().min(1).max(100) }),
        querystring: z.object({ format: z.enum(['png', 'svg']).default('png') }),
        response: { 200: binary('image/png', 'The QR image'), ...READ_ERRORS },
      },
    },
    async (request, reply) => {
      const { idOrSlug, orderId, participantId } = request.params;
      const image = await invoices.ticketQr(actorOf(request), idOrSlug, orderId, participantId, request.query.format);
      return reply.type(image.contentType).header('cache-control', 'private, max-age=3600').send(image.body);
    },
  );

  app.get(
    '/ticket-verification-keys',
    {
      schema: {
        summary: 'Extension: the public keys that verify ticket tokens offline',
        description:
          'Ed25519 public keys (JWK) of this counter. A ticket token is a compact JWS (alg EdDSA, kid = the key id) over {pid, tn, eid, cid, iat}; verify it with verifyTicketToken (src/shared/ticket-token.ts) or any JOSE library. Any authenticated caller.',
        tags: ['tickets'],
        security: SECURITY,
        response: { 200: envelope(z.array(VerificationKey)), ...errorResponses(...AUTH_ERRORS) },
      },
    },
    async (request) => ok(request, messages.ticketKeysListed, services.ticketKeys.all()),
  );

  app.put(
    '/ticket-verification-keys/:kid',
    {
      schema: {
        summary: "Extension: register a counter's ticket verification key",
        description:
          "A counter that replicates here (to a venue hub) registers its public key, so that this service and its gates believe the QR codes that counter prints; the ticket is found by the number in the token. kid must be the key's RFC 7638 thumbprint. Idempotent. Anyone who sells on some event here.",
        tags: ['tickets'],
        security: SECURITY,
        params: z.object({ kid: z.string().min(1).max(100) }),
        body: VerificationKey,
        response: { 200: envelope(VerificationKey), ...errorResponses('VALIDATION_FAILED', 'FORBIDDEN', ...AUTH_ERRORS) },
      },
    },
    async (request) => {
      if (request.params.kid !== request.body.kid) throw fieldError('kid', messages.ticketKeyIdMismatch);
      return ok(request, messages.ticketKeyRegistered, services.ticketKeys.register(actorOf(request), request.body));
    },
  );
};
