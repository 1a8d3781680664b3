/** Admin orders for walk-in customers and their transitions, as the interface defines them, plus payment verification. */
import { envelope, listEnvelope } from '../schemas/common.js';
import { EventParams } from '../schemas/event.js';
import { CreateOrderBody, OrderCreated, OrderDetail, OrderListItem, OrderListQuery, OrderSearchQuery, OrderParams, OrderTotals, OrderTotalsQuery } from '../schemas/order.js';
import { CancelBody, CheckoutBody, ConfirmPaymentBody, ReasonBody } from '../schemas/payment.js';
import { AUTH_ERRORS, BODY_ERRORS, endpoint } from './endpoint.js';

const orders = { tags: ['orders'], access: 'user' } as const;

export const createOrder = endpoint({
  ...orders,
  method: 'POST',
  path: '/events/:idOrSlug/admin/orders',
  summary: 'Create an order for a walk-in customer',
  description:
    'Holds one seat of the category until the order is paid, cancelled or expires. The customer is matched to a user by e-mail or a user is created; generatedPassword is returned only then, once. Send Idempotency-Key to make retries safe.',
  extension: false,
  params: EventParams,
  body: CreateOrderBody,
  status: 201,
  response: envelope(OrderCreated),
  errors: ['FORBIDDEN', 'EVENT_NOT_FOUND', 'IDENTITY_NUMBER_REGISTERED', 'SOLD_OUT', 'SALE_CLOSED', 'REMOTE_REFUSED', 'IDEMPOTENCY_KEY_REUSED', ...BODY_ERRORS, ...AUTH_ERRORS],
});

export const listOrders = endpoint({
  ...orders,
  method: 'GET',
  path: '/events/:idOrSlug/admin/orders',
  summary: 'List the admin-created orders of an event',
  description:
    "Permission event:read. search finds a customer by name or e-mail, or an order by ticket number, NIK or phone (see the parameter). Every participant's identityNumber is masked to its first and last 4 digits (3171********0001): a list is for finding an order, the whole number is in the detail for those who may update the event.",
  extension: false,
  params: EventParams,
  query: OrderListQuery,
  status: 200,
  response: listEnvelope(OrderListItem),
  errors: ['VALIDATION_FAILED', 'FORBIDDEN', 'EVENT_NOT_FOUND', ...AUTH_ERRORS],
});

export const searchOrders = endpoint({
  ...orders,
  method: 'GET',
  path: '/admin/orders',
  summary: 'Search the admin-created orders of every event the caller may read',
  description:
    'Extension. The list of GET /events/{idOrSlug}/admin/orders (same search, filters, sorting, masking and items, each naming its eventId and eventName) over every event on which the caller holds event:read; search is required.',
  extension: true,
  query: OrderSearchQuery,
  status: 200,
  response: listEnvelope(OrderListItem),
  errors: ['VALIDATION_FAILED', ...AUTH_ERRORS],
});

export const orderTotals = endpoint({
  ...orders,
  method: 'GET',
  path: '/events/:idOrSlug/admin/order-totals',
  summary: 'The totals of the orders a list with the same filters shows: count, amount, and the completed ones by payment method',
  description: 'Permission event:read. The filters mean what they mean on the list (status, paymentStatus, search), over every page.',
  extension: true,
  params: EventParams,
  query: OrderTotalsQuery,
  status: 200,
  response: envelope(OrderTotals),
  errors: ['VALIDATION_FAILED', 'FORBIDDEN', 'EVENT_NOT_FOUND', ...AUTH_ERRORS],
});

export const getOrder = endpoint({
  ...orders,
  method: 'GET',
  path: '/events/:idOrSlug/admin/orders/:orderId',
  summary: 'Order detail',
  description:
    "Permission event:read. The participants' identityNumber is whole only for callers with event:update on the event (they sell, and check the number against the card); with event:read alone it is masked to its first and last 4 digits (3171********0001). The transitions (checkout, confirm, reject, cancel) answer with this form, whole, as they need event:update.",
  extension: false,
  params: OrderParams,
  status: 200,
  response: envelope(OrderDetail),
  errors: ['VALIDATION_FAILED', 'FORBIDDEN', 'EVENT_NOT_FOUND', ...AUTH_ERRORS],
});

/** What every transition of an order takes and answers. */
const transition = {
  ...orders,
  method: 'POST',
  params: OrderParams,
  status: 200,
  response: envelope(OrderDetail),
  errors: ['FORBIDDEN', 'ORDER_NOT_FOUND', 'INVALID_STATE', 'IDEMPOTENCY_KEY_REUSED', ...BODY_ERRORS, ...AUTH_ERRORS],
} as const;

export const checkout = endpoint({
  ...transition,
  path: '/events/:idOrSlug/admin/orders/:orderId/checkout',
  summary: 'Take payment for an order',
  description:
    'Only a payment_pending order. cash (amountTendered required, at least the total; the change is computed) and card (optional EDC reference) settle at once: the order becomes completed/paid, its participant is issued with a ticket number and a QR code, and the held seat becomes sold. Extension: cash is rounded by the counter setting cashRoundingRupiah (payment.rounding) and needs the open cash session of the caller once the counter keeps them (409 CASH_SESSION_REQUIRED). bank_transfer and qris make it verification_pending/unpaid until confirmed or rejected (see /payment/confirm and /payment/reject). Permission event:update.',
  extension: false,
  body: CheckoutBody,
  errors: [...transition.errors, 'CASH_SESSION_REQUIRED'],
});

export const confirmPayment = endpoint({
  ...transition,
  path: '/events/:idOrSlug/admin/orders/:orderId/payment/confirm',
  summary: 'Confirm a bank transfer or QRIS payment',
  description:
    'Only a verification_pending order: it becomes completed/paid and its participant is issued. An optional reference (the transfer reference as seen on the account) replaces the one given at checkout. Permission event:update.',
  extension: true,
  body: ConfirmPaymentBody,
});

export const rejectPayment = endpoint({
  ...transition,
  path: '/events/:idOrSlug/admin/orders/:orderId/payment/reject',
  summary: 'Reject a bank transfer or QRIS payment',
  description:
    'Only a verification_pending order: the payment is rejected (kept as history with the optional reason) and the order is payment_pending again, holding its seat for a new hold window. Permission event:update.',
  extension: true,
  body: ReasonBody,
});

export const cancelOrder = endpoint({
  ...transition,
  path: '/events/:idOrSlug/admin/orders/:orderId/cancel',
  summary: 'Cancel an unpaid order',
  description:
    'payment_pending and verification_pending orders become cancelled/unpaid; the seat and the identity number are free again. A paid or already cancelled order: 409 INVALID_STATE, unless the body carries the refund a counter replicating here gave (extension, see refund) and the caller may approve refunds on the event. The body is optional. Permission event:update.',
  extension: false,
  body: CancelBody,
  errors: [...transition.errors, 'ALREADY_CHECKED_IN'],
});
