/**
 * A basket ("transaksi", an extension; docs/counter.md, Baskets): several attendees of one event,
 * in one or several categories, paid once. Each attendee is an order of the interface.
 */
import { z } from 'zod';
import { messages } from '../messages.js';
import { Decimal, Timestamp, Ulid } from './common.js';
import { EventParams } from './event.js';
import { OrderDetail, OrderStatus } from './order.js';
import { Registration } from './registration.js';

/** A family or a group at the counter; a school trip is an import's business. */
export const MAX_BASKET_LINES = 20;

export const BasketLine = z.object({ ticketCategoryId: Ulid, registration: Registration });
export type BasketLine = z.infer<typeof BasketLine>;

export const CreateTransactionBody = z
  .object({
    eventId: Ulid,
    lines: z.array(BasketLine).min(1).max(MAX_BASKET_LINES).meta({ description: 'One line per attendee; each becomes an order.' }),
  })
  .superRefine((body, ctx) => {
    // One person, one ticket: an identity number twice in the basket is refused at its second line.
    const seen = new Set<string>();
    body.lines.forEach((line, i) => {
      const nik = line.registration.identityNumber;
      if (seen.has(nik)) ctx.addIssue({ code: 'custom', path: ['lines', i, 'registration', 'identityNumber'], message: messages.identityNumberTwiceInBasket });
      seen.add(nik);
    });
  });
export type CreateTransactionBody = z.infer<typeof CreateTransactionBody>;

export const TransactionParams = EventParams.extend({ transactionId: z.string().min(1).max(100) });

export const Transaction = z.object({
  id: Ulid,
  eventId: Ulid,
  status: OrderStatus.meta({
    description: 'cancelled when every line is; completed when every line not cancelled is paid; verification_pending while a line awaits it; else payment_pending.',
  }),
  totalAmount: Decimal.meta({ description: 'What the lines not cancelled come to.' }),
  amountTendered: Decimal.nullable().meta({ description: 'Cash handed over for the whole basket; null before a cash payment.' }),
  change: Decimal.nullable(),
  createdBy: z.string(),
  groupToken: z
    .string()
    .nullable()
    .meta({ description: "The group's signed token (its QR code): every paid ticket by number; a gate admits them all in one scan (POST …/check-ins/group). null before any line is paid." }),
  attendees: z.array(z.object({ orderId: Ulid, name: z.string() })).meta({ description: 'Who each line is for, in the order of the lines (a detail names its participant only once paid).' }),
  createdAt: Timestamp,
  orders: z.array(OrderDetail),
});
export type Transaction = z.infer<typeof Transaction>;
