import { z } from 'zod';
import { messages } from '../messages.js';
import { MAX_TENDERED_RUPIAH, atMost } from '../money.js';
import { Decimal, SignedDecimal, Timestamp } from './common.js';

/** Settled at the counter (cash, card) or deferred until an operator confirms it (bank transfer, QRIS). */
export const PaymentMethod = z.enum(['cash', 'card', 'bank_transfer', 'qris']);
export type PaymentMethod = z.infer<typeof PaymentMethod>;
export const COUNTER_SETTLED: readonly PaymentMethod[] = ['cash', 'card'];

const Reference = z.string().trim().min(1).max(100);
const Reason = z.string().trim().min(1).max(500);
/**
 * Extension, on the payments that issue a ticket: the ticket number the counter that took the
 * payment printed. A hub (this service) gives its participant that number when it is free, so that
 * a printed ticket is the same ticket at every gate of the venue. Other remotes are not sent it.
 */
const IssuedTicketNumber = z
  .string()
  .regex(/^[2-9A-HJKMNP-TV-Z]{4}-[2-9A-HJKMNP-TV-Z]{4}$/)
  .optional()
  .meta({ description: 'Extension: the ticket number printed where the payment was taken; kept for the participant when free.' });

const PaymentFields = z.object({
  method: PaymentMethod,
  amountTendered: Decimal.refine(atMost(MAX_TENDERED_RUPIAH), messages.tenderedTooLarge)
    .optional()
    .meta({ description: 'Cash handed over; required for cash, at least the cash due, whole Rp 100, at most Rp 1.000.000.000.' }),
  reference: Reference.optional().meta({ description: 'EDC approval code, transfer reference or QRIS transaction id.' }),
});

const cashNeedsTendered = (body: { method: PaymentMethod; amountTendered?: string }, ctx: z.RefinementCtx) => {
  if (body.method === 'cash' && body.amountTendered === undefined) {
    ctx.addIssue({ code: 'custom', path: ['amountTendered'], message: messages.amountTenderedRequired });
  }
};

export const CheckoutBody = PaymentFields.extend({ ticketNumber: IssuedTicketNumber }).superRefine(cashNeedsTendered);
export type CheckoutBody = z.infer<typeof CheckoutBody>;

/** One payment for a whole basket: cash handed over covers every attendee's order. */
export const BasketCheckoutBody = PaymentFields.superRefine(cashNeedsTendered);
export type BasketCheckoutBody = z.infer<typeof BasketCheckoutBody>;

/** Bodies of confirm, reject and cancel are optional: a bare POST (no body, no content type) is fine. */
export const ConfirmPaymentBody = z.object({ reference: Reference.optional(), ticketNumber: IssuedTicketNumber }).nullish();
export type ConfirmPaymentBody = z.infer<typeof ConfirmPaymentBody>;

export const ReasonBody = z.object({ reason: Reason.optional() }).nullish();
export type ReasonBody = z.infer<typeof ReasonBody>;

const Name = z.string().trim().min(1).max(200);
/**
 * Extension, on a cancel a counter replicates to a hub (this service): the cancel is that
 * counter's refund of a paid order, approved there. Other remotes are not sent it.
 */
export const ReplayedRefund = z
  .object({ reference: Reference.nullable(), approvedByName: Name, approvedByEmail: z.string().trim().min(3).max(254), refundedByName: Name })
  .meta({
    description:
      "Extension: the refund a counter replicating here gave. Applied to a paid order only when the caller could approve the refund itself (the counter's owner, or an organizer of the event): the money left that counter's drawer.",
  });
export type ReplayedRefund = z.infer<typeof ReplayedRefund>;

export const CancelBody = z
  .object({ reason: Reason.optional(), refund: ReplayedRefund.optional() })
  .refine((body) => !body.refund || body.reason !== undefined, { path: ['reason'], message: 'wajib diisi bersama refund' })
  .nullish();
export type CancelBody = z.infer<typeof CancelBody>;

export const Payment = z.object({
  method: PaymentMethod,
  status: z.enum(['pending', 'paid']),
  amount: Decimal,
  amountTendered: Decimal.nullable(),
  change: Decimal.nullable(),
  reference: z.string().nullable(),
  rounding: SignedDecimal.nullable()
    .meta({ description: "Extension, cash only: what the customer paid beyond the total (negative: less) by the counter's cash rounding; the change is counted from the rounded amount." }),
  createdAt: Timestamp,
  paidAt: Timestamp.nullable(),
});
export type Payment = z.infer<typeof Payment>;
