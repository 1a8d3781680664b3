/**
 * Selling a ticket, as the counter and every device do it. The order is made here, whatever the
 * network does; for an event of the remote its seat is then held at the remote before any payment
 * (sync/live.ts), so that counters sharing a hub share its one quota. A seat the remote refuses is
 * refused here too: the order is cancelled at once, never paid, and the cashier is told the
 * remote's reason. A remote out of reach leaves the counter selling on its own offline allotment,
 * which this sale must then fit in.
 */
import { messages } from '#shared/messages.js';
import type { FieldError } from '#shared/schemas/common.js';
import type { CreateOrderBody, OrderCreated } from '#shared/schemas/order.js';
import type { Actor } from '../domain/access.js';
import { AppError } from '../domain/errors.js';
import type { OrderTransitions } from '../domain/order-transitions.js';
import type { OrderService } from '../domain/orders.js';
import type { Allotment } from '../sync/allotment.js';
import type { SaleHold } from '../sync/live.js';
import type { Outbox } from '../sync/outbox.js';
import type { Failure } from '../sync/remote-client.js';

export interface SellingDeps {
  orders: OrderService;
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

export function createSelling({ orders, transitions, outbox, allotment, holdSale }: SellingDeps) {
  async function sell(actor: Actor, idOrSlug: string, body: CreateOrderBody): Promise<OrderCreated> {
    const created = await orders.create(actor, idOrSlug, body);
    const hold = await holdSale(created.id);
    if (hold.kind === 'refused') {
      const reason = messages.refusedByRemote(hold.failure.message);
      await transitions.cancel(actor, created.eventId, created.id, { reason });
      // The remote never had it: nothing of the order is sent.
      outbox.settleOrder(created.id, 'refused_at_sale', reason);
      throw refusal(hold.failure);
    }
    if (hold.kind === 'offline' && allotment.overdrawn(body.ticketCategoryId)) {
      // The remote may yet have the order (a lost answer): its cancel follows it there.
      await transitions.cancel(actor, created.eventId, created.id, { reason: messages.offlineAllotmentUsed });
      throw new AppError('SOLD_OUT', messages.offlineAllotmentUsed, [{ field: 'ticketCategoryId', message: messages.offlineAllotmentUsed }]);
    }
    return created;
  }

  return { sell };
}
export type Selling = ReturnType<typeof createSelling>;
