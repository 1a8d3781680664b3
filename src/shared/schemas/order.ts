import { z } from 'zod';
import { Decimal, PageQuery, SearchTerm, SortOrder, Timestamp, Ulid } from './common.js';
import { Refund } from './cash-session.js';
import { Payment, PaymentMethod } from './payment.js';
import { Gender, Registration } from './registration.js';

export const OrderStatus = z.enum(['payment_pending', 'verification_pending', 'completed', 'cancelled']);
export type OrderStatus = z.infer<typeof OrderStatus>;
/** The states an order may be cancelled from: not yet paid (docs/api.md, Taking payment, cancelling). */
export const CANCELLABLE_STATUSES: OrderStatus[] = ['payment_pending', 'verification_pending'];
export const PaymentStatus = z.enum(['unpaid', 'paid', 'expired']);
export type PaymentStatus = z.infer<typeof PaymentStatus>;

export const CreateOrderBody = z.object({
  eventId: Ulid,
  ticketCategoryId: Ulid,
  registration: Registration,
});
export type CreateOrderBody = z.infer<typeof CreateOrderBody>;

export const Participant = z.object({
  id: Ulid,
  orderId: Ulid,
  eventId: Ulid,
  ticketCategoryId: Ulid,
  userId: Ulid,
  ticketNumber: z.string(),
  qrCode: z.url(),
  status: z.string().meta({ examples: ['registered'] }),
  identityNumber: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  gender: Gender,
  birthDate: z.string(),
  formData: z.record(z.string(), z.unknown()),
  createdAt: Timestamp,
});
export type Participant = z.infer<typeof Participant>;

export const OrderItem = z.object({
  id: Ulid,
  orderId: Ulid,
  ticketCategoryId: Ulid,
  name: z.string(),
  quantity: z.number().int(),
  unitPrice: Decimal,
  subtotal: Decimal,
  createdAt: Timestamp,
});
export type OrderItem = z.infer<typeof OrderItem>;

/** Fields every form of an order shares. */
const OrderBase = z.object({
  id: Ulid,
  buyerUserId: Ulid,
  eventId: Ulid,
  eventName: z.string(),
  status: OrderStatus,
  paymentStatus: PaymentStatus,
  totalAmount: Decimal,
  createdAt: Timestamp,
  updatedAt: Timestamp,
});

const EventSummary = z.object({
  eventLocation: z.string(),
  eventMapsLink: z.string(),
  eventStartAt: Timestamp,
  eventEndAt: Timestamp,
  organizerName: z.string(),
});

export const OrderCreated = OrderBase.extend(EventSummary.shape).extend({
  participants: z.array(Participant),
  createdUserId: Ulid,
  isExistingUser: z.boolean(),
  generatedPassword: z
    .string()
    .nullable()
    .meta({ description: 'Returned once, only when a new customer user was created; never stored in clear.' }),
});
export type OrderCreated = z.infer<typeof OrderCreated>;

export const OrderListItem = OrderBase.extend({
  customerName: z.string(),
  customerEmail: z.string(),
  ticketCategoryName: z.string(),
  participants: z.array(Participant),
  paymentMethod: PaymentMethod.nullable()
    .optional()
    .meta({ description: 'Extension: the method of the payment in force (a rejected transfer is not); null before checkout.' }),
  transactionId: z.string().nullable().optional().meta({ description: 'Extension: the basket the order was sold in (search by it to list the basket); null for a single sale.' }),
});
export type OrderListItem = z.infer<typeof OrderListItem>;

export const OrderDetail = OrderBase.extend(EventSummary.shape).extend({
  eventBanner: z.string(),
  subtotal: Decimal,
  feeTotal: Decimal,
  grandTotal: Decimal,
  items: z.array(OrderItem),
  participants: z.array(Participant),
  payment: Payment.nullable().meta({
    description: 'Extension: the payment in force (a rejected transfer is not shown); null before checkout.',
  }),
  refund: Refund.nullable()
    .optional()
    .meta({ description: 'Extension: the refund of a paid order (then cancelled, its paymentStatus still paid); null otherwise.' }),
  invoiceNumber: z
    .string()
    .nullable()
    .meta({
      description: 'Extension: the invoice number (INV/<counter>/<year>/<sequence>) given when the order was paid at this counter; null before payment and for a payment taken at another counter.',
      examples: ['INV/LOKET-1/2026/000123'],
    }),
  transactionId: z.string().nullable().optional().meta({ description: 'Extension: the basket the order was sold in (…/admin/transactions/:transactionId); null for a single sale.' }),
});
export type OrderDetail = z.infer<typeof OrderDetail>;

const SEARCH_DESCRIPTION =
  "Part of the customer's name or e-mail; or a ticket number (K7QM-4X9P, any case, dash or not), a NIK (whole, or its last 4+ digits), a phone number (+62812…, 62812… or 0812…, spaces allowed), an order's id or (extension) a basket's id, which finds every order of the basket.";

export const OrderListQuery = PageQuery.extend({
  status: OrderStatus.optional(),
  paymentStatus: PaymentStatus.optional(),
  search: SearchTerm.optional().meta({
    description: SEARCH_DESCRIPTION,
  }),
  sort: z.enum(['createdAt', 'totalAmount']).default('createdAt'),
  order: SortOrder,
});
export type OrderListQuery = z.infer<typeof OrderListQuery>;

/** A search across every event the caller may read: the list's query, the term required. */
export const OrderSearchQuery = OrderListQuery.extend({ search: SearchTerm.meta({ description: SEARCH_DESCRIPTION }) });
export type OrderSearchQuery = z.infer<typeof OrderSearchQuery>;

/** The orders a list would show, whatever the page: its filters without paging or sorting. */
export const OrderTotalsQuery = OrderListQuery.pick({ status: true, paymentStatus: true, search: true });
export type OrderTotalsQuery = z.infer<typeof OrderTotalsQuery>;

const Figure = { count: z.number().int(), amount: Decimal };

/** The totals line under an order list: how many, what they come to, and what was taken by each method. */
export const OrderTotals = z.object({
  ...Figure,
  completed: z.object(Figure).meta({ description: 'The completed orders among them: paid, not refunded.' }),
  byMethod: z.array(z.object({ method: PaymentMethod, ...Figure })).meta({ description: 'The completed orders by the method they were paid with.' }),
});
export type OrderTotals = z.infer<typeof OrderTotals>;

// Any order id that is not one of this event's orders is simply not found (the spec lists no 400 here).
export const OrderParams = z.object({ idOrSlug: z.string().min(1).max(200), orderId: z.string().min(1).max(100) });
