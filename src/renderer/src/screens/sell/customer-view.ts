/**
 * What the customer display shows of the sale under way (shared/schemas/customer-display.ts):
 * made from what the Sell screen holds, with names, categories and amounts only.
 */
import { fromMinor } from '#shared/money.js';
import type { DisplayLine, DisplayView } from '#shared/schemas/customer-display.js';
import type { OrderDetail } from '#shared/schemas/order.js';
import type { Transaction } from '#shared/schemas/transaction.js';
import type { DraftLine } from './BasketLines';

/** The display takes names of up to this many characters: longer ones are cut, never refused. */
const TEXT_MAX = 120;
const cut = (text: string) => text.slice(0, TEXT_MAX);

/** The sale as the Sell screen has it now. */
export interface SaleOnScreen {
  eventName: string | undefined;
  /** Attendees added to a basket not sent yet. */
  draft: DraftLine[];
  /** A single sale's order, with its buyer's name. */
  order?: { detail: OrderDetail; customer: string };
  basket?: Transaction;
}

/** A sent sale: paid (with the change of a cash payment), awaiting a payment seen to arrive, or to be paid. */
interface Sent {
  eventName: string | undefined;
  lines: DisplayLine[];
  total: string;
  paid: boolean;
  status: OrderDetail['status'];
  payment: OrderDetail['payment'];
  change: string | null | undefined;
}

function stageOf({ eventName, lines, total, paid, status, payment, change }: Sent): DisplayView {
  if (paid) return { stage: 'paid', eventName, lines, total, ...(change && { change }) };
  if (status === 'verification_pending' && payment) return { stage: 'awaiting', eventName, lines, total, method: payment.method };
  return { stage: 'basket', eventName, lines, total };
}

export function customerView({ eventName: fullName, draft, order, basket }: SaleOnScreen): DisplayView {
  const eventName = fullName === undefined ? undefined : cut(fullName);
  if (basket) {
    const live = basket.orders.filter((o) => o.status !== 'cancelled');
    const names = new Map(basket.attendees.map((a) => [a.orderId, a.name]));
    const lines = live.map((o) => ({ holder: cut(names.get(o.id) ?? ''), category: cut(o.items[0]?.name ?? ''), amount: o.grandTotal }));
    // A basket's change is the basket's, given once (its orders' payments share one tender).
    const payment = live[0]?.payment ?? null;
    return stageOf({ eventName, lines, total: basket.totalAmount, paid: basket.status === 'completed', status: basket.status, payment, change: basket.change });
  }
  if (order) {
    const { detail, customer } = order;
    const lines = [{ holder: cut(customer), category: cut(detail.items[0]?.name ?? ''), amount: detail.grandTotal }];
    const { status, payment } = detail;
    return stageOf({ eventName, lines, total: detail.grandTotal, paid: detail.paymentStatus === 'paid', status, payment, change: payment?.change });
  }
  if (draft.length === 0) return { stage: 'welcome', eventName };
  const lines = draft.map((line) => ({ holder: cut(line.registration.name), category: cut(line.categoryName), amount: fromMinor(line.amount) }));
  return { stage: 'basket', eventName, lines, total: fromMinor(draft.reduce((sum, line) => sum + line.amount, 0)) };
}
