import type { FeeBearer } from './schemas/event.js';

/** An event's fee rule, in sen. */
export interface FeeRule {
  feeRateBp: number;
  feeFlat: number;
  feeBearer: FeeBearer;
}

/**
 * The service fee of one ticket: the event's rate in basis points of the price, rounded half up
 * to the sen, plus its flat fee. It is always reported as feeTotal; it is added to what the
 * customer pays only when the customer bears it (otherwise the organizer absorbs it).
 */
export function feeFor(event: FeeRule, price: number) {
  // In BigInt: a price in sen times basis points can pass 2^53 for very large amounts.
  const feeTotal = Number((BigInt(price) * BigInt(event.feeRateBp) + 5000n) / 10000n) + event.feeFlat;
  return { feeTotal, chargedToCustomer: event.feeBearer === 'customer' ? feeTotal : 0 };
}
