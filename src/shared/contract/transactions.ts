/** Baskets ("transaksi"): several attendees of one event, paid once. Extensions (docs/api.md, Baskets). */
import { z } from 'zod';
import { envelope } from '../schemas/common.js';
import { BasketCheckoutBody, ConfirmPaymentBody, ReasonBody } from '../schemas/payment.js';
import { CreateTransactionBody, Transaction, TransactionParams } from '../schemas/transaction.js';
import { EventParams } from '../schemas/event.js';
import { InvoiceLayout } from '../schemas/settings.js';
import { AUTH_ERRORS, BODY_ERRORS, binary, endpoint } from './endpoint.js';

const transactions = { tags: ['transactions'], access: 'user', extension: true } as const;
const CHANGE_ERRORS = ['FORBIDDEN', 'EVENT_NOT_FOUND', 'NOT_FOUND', 'INVALID_STATE', 'IDEMPOTENCY_KEY_REUSED', ...BODY_ERRORS, ...AUTH_ERRORS] as const;

export const createTransaction = endpoint({
  ...transactions,
  method: 'POST',
  path: '/events/:idOrSlug/admin/transactions',
  summary: 'Sell a basket: one order per line (attendee), every seat held or none',
  description:
    'Each line is an order of the interface, created and held as a single sale is; the first line refused (sold out, sale closed, its identity number taken here or at the remote, the offline allotment used) refuses the whole basket, and the message and field (lines.<i>.…) name that line. An identity number twice in the basket: 400 at its second line. The holds lapse together. Permission event:update. Send Idempotency-Key to make retries safe.',
  params: EventParams,
  body: CreateTransactionBody,
  status: 201,
  response: envelope(Transaction),
  errors: ['FORBIDDEN', 'EVENT_NOT_FOUND', 'IDENTITY_NUMBER_REGISTERED', 'SOLD_OUT', 'SALE_CLOSED', 'REMOTE_REFUSED', 'IDEMPOTENCY_KEY_REUSED', ...BODY_ERRORS, ...AUTH_ERRORS],
});

export const getTransaction = endpoint({
  ...transactions,
  method: 'GET',
  path: '/events/:idOrSlug/admin/transactions/:transactionId',
  summary: 'A basket with each of its orders in detail',
  description: 'Permission event:read; identity numbers as in an order detail.',
  params: TransactionParams,
  status: 200,
  response: envelope(Transaction),
  errors: ['FORBIDDEN', 'EVENT_NOT_FOUND', 'NOT_FOUND', ...AUTH_ERRORS],
});

export const checkoutTransaction = endpoint({
  ...transactions,
  method: 'POST',
  path: '/events/:idOrSlug/admin/transactions/:transactionId/checkout',
  summary: 'One payment for every line awaiting one: cash covers their total with one change',
  description:
    "All lines or none. Cash: amountTendered at least the lines' total under the counter's cash rounding; each order is paid its own total, the last one carrying the rounding and the change, so each order's checkout replicates as the interface's. Card: every ticket issued at once. Bank transfer, QRIS: every line awaits one verification (confirm). No line awaiting payment: 409.",
  params: TransactionParams,
  body: BasketCheckoutBody,
  status: 200,
  response: envelope(Transaction),
  errors: [...CHANGE_ERRORS, 'CASH_SESSION_REQUIRED'],
});

export const getTransactionReceipt = endpoint({
  ...transactions,
  method: 'GET',
  path: '/events/:idOrSlug/admin/transactions/:transactionId/receipt',
  summary: "The basket's one receipt as a PDF (A4, or an 80 mm receipt): every attendee, the payment, every valid ticket's QR code",
  description: "Each ticket's own numbered invoice stays at …/orders/:orderId/invoice. Permission event:read.",
  params: TransactionParams,
  query: z.object({ layout: InvoiceLayout.optional() }),
  status: 200,
  response: binary('application/pdf', 'The receipt'),
  produces: 'application/pdf',
  errors: ['VALIDATION_FAILED', 'FORBIDDEN', 'EVENT_NOT_FOUND', 'NOT_FOUND', ...AUTH_ERRORS],
});

export const getTransactionQr = endpoint({
  ...transactions,
  method: 'GET',
  path: '/events/:idOrSlug/admin/transactions/:transactionId/qr',
  summary: "The basket's group QR code: its groupToken as an image (PNG, or SVG with format=svg)",
  description: 'One scan of it at a gate admits every paid ticket of the basket not yet inside (POST …/check-ins/group). 404 before any line is paid. Permission event:read.',
  params: TransactionParams,
  query: z.object({ format: z.enum(['png', 'svg']).default('png') }),
  status: 200,
  response: binary(['image/png', 'image/svg+xml'], 'The QR image: PNG, or SVG with format=svg'),
  produces: 'image/png',
  errors: ['VALIDATION_FAILED', 'FORBIDDEN', 'EVENT_NOT_FOUND', 'NOT_FOUND', ...AUTH_ERRORS],
});

export const confirmTransaction = endpoint({
  ...transactions,
  method: 'POST',
  path: '/events/:idOrSlug/admin/transactions/:transactionId/confirm',
  summary: "Confirm the basket's transfer or QRIS payment: every line awaiting verification is paid",
  params: TransactionParams,
  body: ConfirmPaymentBody,
  status: 200,
  response: envelope(Transaction),
  errors: CHANGE_ERRORS,
});

export const rejectTransaction = endpoint({
  ...transactions,
  method: 'POST',
  path: '/events/:idOrSlug/admin/transactions/:transactionId/reject',
  summary: "Reject the basket's transfer or QRIS payment (the money was not seen): every line awaits payment again",
  params: TransactionParams,
  body: ReasonBody,
  status: 200,
  response: envelope(Transaction),
  errors: CHANGE_ERRORS,
});

export const cancelTransaction = endpoint({
  ...transactions,
  method: 'POST',
  path: '/events/:idOrSlug/admin/transactions/:transactionId/cancel',
  summary: 'Cancel every line of the basket not yet paid; the seats and identity numbers are free again',
  params: TransactionParams,
  body: ReasonBody,
  status: 200,
  response: envelope(Transaction),
  errors: CHANGE_ERRORS,
});
