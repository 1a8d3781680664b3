/**
 * Refunds at a counter of a venue. For an event of the remote, the refund is given at the hub
 * first when it can be reached (sync/live.ts): the hub checks, in the transaction its gates write
 * in, that the ticket was not used, so of a refund here and a scan at any gate of the venue exactly
 * one wins. Refused there (the ticket is in), it is refused here; given there, it is given here
 * with nothing left to replicate. When the hub cannot be reached, or does not take it (a cashier's
 * key, the payment not yet there), the refund is this counter's and replicates later.
 */
import type { RefundBody } from '#shared/schemas/cash-session.js';
import type { OrderDetail } from '#shared/schemas/order.js';
import type { CancelBody } from '#shared/schemas/payment.js';
import type { Actor } from '../domain/access.js';
import { AppError } from '../domain/errors.js';
import type { EventService } from '../domain/events.js';
import type { OrderTransitions } from '../domain/order-transitions.js';
import type { AtRemote } from '../sync/live.js';

export interface RefundingDeps {
  events: EventService;
  transitions: OrderTransitions;
  refundAtRemote(eventId: string, orderId: string, body: CancelBody, idempotencyKey: string): Promise<AtRemote<unknown>>;
  newIdempotencyKey(): string;
}

export function createRefunding({ events, transitions, refundAtRemote, newIdempotencyKey }: RefundingDeps) {
  function refund(actor: Actor, idOrSlug: string, orderId: string, body: RefundBody): Promise<OrderDetail> {
    const event = events.resolveFor(actor, idOrSlug, 'event:update');
    if (event.origin !== 'remote') return transitions.refund(actor, idOrSlug, orderId, body);
    return transitions.refund(actor, idOrSlug, orderId, body, async (replay) => {
      const there = await refundAtRemote(event.id, orderId, replay, newIdempotencyKey());
      if (there.kind === 'refused') throw new AppError('ALREADY_CHECKED_IN', there.failure.message);
      if (there.kind === 'done') return 'applied';
      return there.kind === 'maybe' ? 'maybe' : undefined;
    });
  }

  return { refund };
}
export type Refunding = ReturnType<typeof createRefunding>;
