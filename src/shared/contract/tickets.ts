/** What proves a sale: the invoice PDF, each ticket's QR image and the keys that verify ticket tokens offline. */
import { z } from 'zod';
import { envelope } from '../schemas/common.js';
import { OrderParams } from '../schemas/order.js';
import { InvoiceLayout } from '../schemas/settings.js';
import { VerificationKey } from '../ticket-token.js';
import { AUTH_ERRORS, binary, endpoint } from './endpoint.js';

const READ_ERRORS = ['VALIDATION_FAILED', 'FORBIDDEN', 'ORDER_NOT_FOUND', ...AUTH_ERRORS] as const;

export const getInvoice = endpoint({
  method: 'GET',
  path: '/events/:idOrSlug/admin/orders/:orderId/invoice',
  summary: 'Download the invoice (PDF)',
  description:
    'application/pdf, named invoice-<orderId>.pdf: organizer, event, buyer, items, totals, the payment and a PAID/UNPAID/CANCELLED stamp (in Indonesian), and each ticket with its number and QR code. layout: a4, or receipt for an 80 mm receipt printer; default from the counter settings. Permission event:read.',
  tags: ['orders'],
  access: 'user',
  extension: false,
  params: OrderParams,
  query: z.object({ layout: InvoiceLayout.optional() }),
  status: 200,
  response: binary('application/pdf', 'The invoice'),
  produces: 'application/pdf',
  errors: READ_ERRORS,
});

export const getTicketQr = endpoint({
  method: 'GET',
  path: '/events/:idOrSlug/admin/orders/:orderId/participants/:participantId/qr',
  summary: "A participant's ticket QR code",
  description:
    "The participant's qrCode URL: the QR image of the signed ticket token (PNG, or SVG with format=svg). A scanner verifies the token offline with the keys of GET /ticket-verification-keys. Permission event:read.",
  tags: ['tickets'],
  access: 'user',
  extension: true,
  params: OrderParams.extend({ participantId: z.string().min(1).max(100) }),
  query: z.object({ format: z.enum(['png', 'svg']).default('png') }),
  status: 200,
  response: binary(['image/png', 'image/svg+xml'], 'The QR image: PNG, or SVG with format=svg'),
  produces: 'image/png',
  errors: READ_ERRORS,
});

export const listTicketKeys = endpoint({
  method: 'GET',
  path: '/ticket-verification-keys',
  summary: 'The public keys that verify ticket tokens offline',
  description:
    'Ed25519 public keys (JWK) of this counter. A ticket token is a compact JWS (alg EdDSA, kid = the key id) over {pid, tn, eid, cid, iat}; verify it with verifyTicketToken (src/shared/ticket-token.ts) or any JOSE library. Any authenticated caller.',
  tags: ['tickets'],
  access: 'user',
  extension: true,
  gateDevice: true,
  status: 200,
  response: envelope(z.array(VerificationKey)),
  errors: [...AUTH_ERRORS],
});

export const registerTicketKey = endpoint({
  method: 'PUT',
  path: '/ticket-verification-keys/:kid',
  summary: "Register a counter's ticket verification key",
  description:
    "A counter that replicates here (to a venue hub) registers its public key, so that this service and its gates believe the QR codes that counter prints; the ticket is found by the number in the token. kid must be the key's RFC 7638 thumbprint. Idempotent. Anyone who sells on some event here.",
  tags: ['tickets'],
  access: 'user',
  extension: true,
  params: z.object({ kid: z.string().min(1).max(100) }),
  body: VerificationKey,
  status: 200,
  response: envelope(VerificationKey),
  errors: ['VALIDATION_FAILED', 'FORBIDDEN', ...AUTH_ERRORS],
});
