/**
 * Selling a ticket, as the counter and every device do it. The order is made here, whatever the
 * network does; for an event of the remote its seat is then held at the remote before any payment
 * (sync/live.ts), so that counters sharing a hub share its one quota. A seat the remote refuses is
 * refused here too: the order is cancelled at once, never paid, and the cashier is told the
 * remote's reason. A remote out of reach leaves the counter selling on its own offline allotment,
 * which this sale must then fit in. A basket's seats are held at the remote all or none, like here.
 */
import { messages } from '#shared/messages.js';
import type { FieldError } from '#shared/schemas/common.js';
import type { CreateOrderBody, OrderCreated } from '#shared/schemas/order.js';
import type { CreateTransactionBody, Transaction } from '#shared/schemas/transaction.js';
import type { Actor } from '../domain/access.js';
import { AppError } from '../domain/errors.js';
import type { OrderTransitions } from '../domain/order-transitions.js';
import type { OrderService } from '../domain/orders.js';
import { lineRefusal, type Transactions } from '../domain/transactions.js';
import type { Allotment } from '../sync/allotment.js';
import type { SaleHold } from '../sync/live.js';
import type { Outbox } from '../sync/outbox.js';
import type { Failure } from '../sync/remote-client.js';

export interface SellingDeps {
  orders: OrderService;
  transactions: Transactions;
  transitions: OrderTransitions;
  outbox: Outbox;
  allotment: Allotment;
  holdSale(orderId: string): Promise<SaleHold>;
}

/** The remote's refusal as the cashier's form shows it: at the field to blame when the remote names it. */
function refusal(failure: Extract<Failure, { kind: 'http' }>): AppError {
  const message = messages.refusedByRemote(failure.message);
  const field = (name: string): FieldError[] => [{ field: name, message }];
  if (failure.status === 409 && failure.code === 'SOLD_OUT') return new AppError('SOLD_OUT', message, field('ticketCategoryId'));
  if (failure.status === 409 && failure.code === 'SALE_CLOSED') return new AppError('SALE_CLOSED', message, field('ticketCategoryId'));
  if (failure.status === 409 && failure.code === 'IDENTITY_NUMBER_REGISTERED') {
    return new AppError('IDENTITY_NUMBER_REGISTERED', message, field('registration.identityNumber'));
  }
  return new AppError('REMOTE_REFUSED', message);
}

export function createSelling({ orders, transactions, transitions, outbox, allotment, holdSale }: SellingDeps) {
  /** The seat of each new order held at the remote; on the first refusal every order is cancelled and the refusal thrown. */
  async function holdAll(actor: Actor, sold: readonly { id: string; eventId: string; ticketCategoryId: string }[]): Promise<void> {
    const undo = async (reason: string) => {
      for (const order of sold) await transitions.cancel(actor, order.eventId, order.id, { reason });
    };
    for (const [i, order] of sold.entries()) {
      const hold = await holdSale(order.id);
      const line = (error: AppError) => (sold.length > 1 ? lineRefusal(error, i) : error);
      if (hold.kind === 'refused') {
        const reason = messages.refusedByRemote(hold.failure.message);
        await undo(reason);
        // The remote never had this one: nothing of it is sent (the others' cancels follow them).
        outbox.settleOrder(order.id, 'refused_at_sale', reason);
        throw line(refusal(hold.failure));
      }
      if (hold.kind === 'offline' && allotment.overdrawn(order.ticketCategoryId)) {
        // The remote may yet have the orders (a lost answer): their cancels follow them there.
        await undo(messages.offlineAllotmentUsed);
        throw line(new AppError('SOLD_OUT', messages.offlineAllotmentUsed, [{ field: 'ticketCategoryId', message: messages.offlineAllotmentUsed }]));
      }
    }
  }

  async function sell(actor: Actor, idOrSlug: string, body: CreateOrderBody): Promise<OrderCreated> {
    const created = await orders.create(actor, idOrSlug, body);
    await holdAll(actor, [{ id: created.id, eventId: created.eventId, ticketCategoryId: body.ticketCategoryId }]);
    return created;
  }

  /** A basket: held here all or none (domain/transactions.ts), then each seat at the remote, all or none. */
  async function sellBasket(actor: Actor, idOrSlug: string, body: CreateTransactionBody): Promise<Transaction> {
    const basket = await transactions.create(actor, idOrSlug, body);
    await holdAll(actor, basket.orders.map((o) => ({ id: o.id, eventId: o.eventId, ticketCategoryId: o.items[0]!.ticketCategoryId })));
    return basket;
  }

  return { sell, sellBasket };
}
export type Selling = ReturnType<typeof createSelling>;
