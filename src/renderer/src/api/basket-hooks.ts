/** Baskets (several attendees, one payment) as react-query hooks. */
import { useQuery } from '@tanstack/react-query';
import { contract } from '#shared/contract/index.js';
import { REJECTED_TRANSFER_REASON } from '#shared/labels.js';
import type { BasketCheckoutBody, ReasonBody } from '#shared/schemas/payment.js';
import type { Transaction } from '#shared/schemas/transaction.js';
import { api, once } from './client';
import { useShownChange, useVerification } from './hooks';

type BasketRef = { eventId: string; id: string };
const basketKey = (basket: BasketRef) => ['transaction', basket.eventId, basket.id] as const;
const paramsOf = (basket: BasketRef) => ({ idOrSlug: basket.eventId, transactionId: basket.id });

export function useBasket(basket: BasketRef | undefined) {
  return useQuery({
    queryKey: basketKey(basket ?? { eventId: '', id: '' }),
    queryFn: () => api(contract.getTransaction, { params: paramsOf(basket!) }),
    enabled: Boolean(basket),
  });
}

/** A change to the basket: its answer is the basket as it now stands, shown at once. */
const useBasketChange = <B,>(run: (body: B) => Promise<Transaction>) => useShownChange(basketKey, run);

export const useBasketCheckout = (basket: BasketRef) =>
  useBasketChange((body: BasketCheckoutBody) => api(contract.checkoutTransaction, { params: paramsOf(basket), body }, once()));

export const useBasketCancel = (basket: BasketRef) => useBasketChange((body: ReasonBody) => api(contract.cancelTransaction, { params: paramsOf(basket), body }, once()));

/** Confirming or rejecting the basket's transfer or QRIS payment, once for every line. */
export function useBasketVerification(basket: BasketRef) {
  const confirm = useBasketChange(() => api(contract.confirmTransaction, { params: paramsOf(basket), body: {} }, once()));
  const reject = useBasketChange(() => api(contract.rejectTransaction, { params: paramsOf(basket), body: { reason: REJECTED_TRANSFER_REASON } }, once()));
  return useVerification(confirm, reject);
}
