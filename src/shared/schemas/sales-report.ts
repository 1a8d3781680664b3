/**
 * The sales report between two instants (an extension; docs/cash-sessions.md, Reports): sales by
 * day and hour, payment method, category and cashier, and the refunds. A sale is a payment that
 * became paid in the range; a refund counts when it was given. Amounts are decimal strings.
 */
import { z } from 'zod';
import { Decimal, SignedDecimal, Timestamp } from './common.js';
import { PaymentMethod } from './payment.js';

/** Longer ranges are a year-end export's business: the command line's `report`. */
export const MAX_REPORT_DAYS = 366;

const fieldsValid = (payload: { issues: readonly unknown[] }) => payload.issues.length === 0;

export const SalesReportQuery = z
  .object({
    from: Timestamp.meta({ description: 'Sales paid and refunds given at or after this instant.' }),
    to: Timestamp.meta({ description: 'Sales paid and refunds given before this instant.' }),
    eventId: z.string().min(1).max(100).optional().meta({ description: 'One event only.' }),
  })
  // Only a range of two valid instants is checked: a wrong `from` is that field's error alone.
  .refine((q) => Date.parse(q.from) < Date.parse(q.to), { path: ['to'], message: 'harus setelah from', when: fieldsValid })
  .refine((q) => Date.parse(q.to) - Date.parse(q.from) <= MAX_REPORT_DAYS * 86_400_000, {
    path: ['to'],
    message: `paling lama ${MAX_REPORT_DAYS} hari setelah from`,
    when: fieldsValid,
  });
export type SalesReportQuery = z.infer<typeof SalesReportQuery>;

const Figure = { count: z.number().int(), amount: Decimal };

export const SalesReport = z.object({
  from: Timestamp,
  to: Timestamp,
  timeZone: z.string().meta({ description: 'Days and hours are read in this zone.', examples: ['Asia/Jakarta'] }),
  scope: z.enum(['all', 'own_events', 'own_sales']).meta({
    description: "all: the counter's owner; own_events: an organizer's own events; own_sales: a cashier's own sales and refunds.",
  }),
  sales: z.object(Figure),
  refunds: z.object(Figure),
  net: SignedDecimal.meta({ description: 'Sales less refunds.' }),
  byDay: z.array(z.object({ day: z.iso.date(), ...Figure, refundsAmount: Decimal })),
  byHour: z.array(z.object({ hour: z.number().int().min(0).max(23), ...Figure })).meta({ description: 'All 24 hours of the day, over the whole range.' }),
  byMethod: z.array(z.object({ method: PaymentMethod, ...Figure, refundsCount: z.number().int(), refundsAmount: Decimal })),
  byCategory: z.array(z.object({ eventId: z.string(), eventName: z.string(), ticketCategoryId: z.string(), categoryName: z.string(), ...Figure })),
  byCashier: z.array(
    z.object({
      cashierUserId: z.string().nullable().meta({ description: 'Null for payments taken at another counter and replicated here.' }),
      cashierName: z.string().nullable(),
      ...Figure,
    }),
  ),
  refundList: z.array(
    z.object({
      orderId: z.string(),
      eventName: z.string(),
      categoryName: z.string(),
      method: PaymentMethod,
      amount: Decimal,
      reason: z.string(),
      approvedBy: z.string(),
      refundedBy: z.string(),
      at: Timestamp,
    }),
  ),
});
export type SalesReport = z.infer<typeof SalesReport>;
