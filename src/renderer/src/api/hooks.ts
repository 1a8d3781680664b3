/**
 * The service's resources as react-query hooks: each screen asks for what it shows, and a change
 * (a sale, a payment, a new key) refreshes every view of what it changed.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { contract } from '#shared/contract/index.js';
import type { CreateApiKeyBody } from '#shared/schemas/apikey.js';
import type { RefundBody } from '#shared/schemas/cash-session.js';
import type { AuditListQuery } from '#shared/schemas/audit.js';
import type { OrderDetail, OrderListQuery, OrderTotalsQuery } from '#shared/schemas/order.js';
import type { CancelBody, CheckoutBody } from '#shared/schemas/payment.js';
import { COUNTER_GATE, REJECTED_TRANSFER_REASON } from '#shared/labels.js';
import type { InvoiceLayout, SettingsPatch } from '#shared/schemas/settings.js';
import type { ConflictResolution, RemoteSettingsBody } from '#shared/schemas/sync.js';
import { api, call, link, once } from './client';
import { useOneAtATime, type Startable } from './one-at-a-time';

/** How often the status bar asks for the sync state: a sale's pending count falls within this. */
const SYNC_POLL_MS = 2000;

export const keys = {
  setup: ['setup'] as const,
  events: (search: string) => ['events', search] as const,
  tickets: (eventId: string) => ['tickets', eventId] as const,
  orders: (eventId: string, q: Partial<OrderListQuery>) => ['orders', eventId, q] as const,
  orderTotals: (eventId: string, q: Partial<OrderTotalsQuery>) => ['orders', eventId, 'totals', q] as const,
  order: (eventId: string, orderId: string) => ['order', eventId, orderId] as const,
  sync: ['sync'] as const,
  background: ['background'] as const,
  conflicts: ['conflicts'] as const,
  settings: ['settings'] as const,
  apiKeys: ['api-keys'] as const,
  users: ['users'] as const,
  audit: (q: Partial<AuditListQuery>) => ['audit', q] as const,
  qr: (path: string) => ['qr', path] as const,
};

export function useSetupState() {
  return useQuery({ queryKey: keys.setup, queryFn: () => api(contract.getSetupState, {}) });
}

export function useEvents(search: string) {
  return useQuery({
    queryKey: keys.events(search),
    queryFn: () => api(contract.listEvents, { query: { ownerId: 'me', search: search.trim() || undefined, sort: 'startAt', order: 'asc', limit: 100 } }),
    placeholderData: keepPreviousData,
  });
}

export function useTickets(eventId: string | undefined) {
  return useQuery({
    queryKey: keys.tickets(eventId ?? ''),
    queryFn: () => api(contract.listTicketCategories, { params: { idOrSlug: eventId! } }),
    enabled: Boolean(eventId),
    refetchInterval: SYNC_POLL_MS * 5,
  });
}

/** An event's orders; or, `acrossEvents`, what the search finds in every event the user may read. */
export function useOrders(eventId: string | undefined, q: Partial<OrderListQuery>, acrossEvents = false) {
  const search = q.search;
  return useQuery({
    queryKey: keys.orders(acrossEvents ? '*' : (eventId ?? ''), q),
    queryFn: () =>
      acrossEvents && search ? call(contract.searchOrders, { query: { ...q, search } }) : call(contract.listOrders, { params: { idOrSlug: eventId! }, query: q }),
    enabled: acrossEvents ? Boolean(search) : Boolean(eventId),
    placeholderData: keepPreviousData,
  });
}

/** The totals line of the list with the same filters, over every page. */
export function useOrderTotals(eventId: string | undefined, q: Partial<OrderTotalsQuery>) {
  return useQuery({
    queryKey: keys.orderTotals(eventId ?? '', q),
    queryFn: () => api(contract.orderTotals, { params: { idOrSlug: eventId! }, query: q }),
    enabled: Boolean(eventId),
    placeholderData: keepPreviousData,
  });
}

export function useOrder(eventId: string | undefined, orderId: string | undefined) {
  return useQuery({
    queryKey: keys.order(eventId ?? '', orderId ?? ''),
    queryFn: () => api(contract.getOrder, { params: { idOrSlug: eventId!, orderId: orderId! } }),
    enabled: Boolean(eventId && orderId),
  });
}

export function useSyncStatus() {
  return useQuery({ queryKey: keys.sync, queryFn: () => api(contract.syncStatus, {}), refetchInterval: SYNC_POLL_MS });
}

/** The counter's own work that is failing (backups, the search index, the sweep): rarely, so looked at less often. */
export function useBackgroundHealth() {
  return useQuery({ queryKey: keys.background, queryFn: () => api(contract.backgroundHealth, {}), refetchInterval: SYNC_POLL_MS * 5 });
}

export function useConflicts() {
  return useQuery({ queryKey: keys.conflicts, queryFn: () => api(contract.listConflicts, {}), refetchInterval: SYNC_POLL_MS * 2 });
}

export function useSettings() {
  return useQuery({ queryKey: keys.settings, queryFn: () => api(contract.getSettings, {}) });
}

export function useAuditLog(q: Partial<AuditListQuery>) {
  return useQuery({
    queryKey: keys.audit(q),
    queryFn: () => call(contract.listAuditLog, { query: q }),
    placeholderData: keepPreviousData,
  });
}

/** `pollMs`: asked again this often (a device paired elsewhere shows up by itself). */
export function useApiKeys(pollMs?: number) {
  return useQuery({ queryKey: keys.apiKeys, queryFn: () => api(contract.listApiKeys, {}), refetchInterval: pollMs });
}

/** The counter's operators; only its owner may ask (to choose whose device key to make). */
export function useOperators(enabled: boolean) {
  return useQuery({ queryKey: keys.users, queryFn: () => api(contract.listOperators, {}), enabled });
}

/** A ticket's QR image at the link its participant carries, fetched with the operator's credentials; it never changes. */
export function useQrImage(path: string) {
  return useQuery({ queryKey: keys.qr(path), queryFn: () => link(path), staleTime: Infinity });
}

/** A mutation that, once it succeeds, refreshes the views it touched. */
export function useChange<I, O>(run: (input: I) => Promise<O>, touched: QueryKey[]) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => Promise.all(touched.map((queryKey) => client.invalidateQueries({ queryKey }))),
  });
}

/** What any change to an order makes stale besides its detail: lists, seats and the sync counts. */
export const AROUND_ORDERS: QueryKey[] = [['orders'], ['tickets'], ['sales-report'], keys.sync];
/** ...and with the details. */
const ORDER_VIEWS: QueryKey[] = [['order'], ...AROUND_ORDERS];

/** An order as the contract names it in a path. */
export const orderParams = (order: { eventId: string; id: string }) => ({ idOrSlug: order.eventId, orderId: order.id });

/**
 * A change whose answer is the thing as it now stands (an order, a basket): stored under
 * `keyOf(answer)`, not fetched again, and what is around orders made stale.
 */
export function useShownChange<B, T>(keyOf: (answer: T) => QueryKey, run: (body: B) => Promise<T>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: (answer) => {
      client.setQueryData(keyOf(answer), answer);
      return Promise.all(AROUND_ORDERS.map((queryKey) => client.invalidateQueries({ queryKey })));
    },
  });
}

/** A checkout, confirm, reject or cancel: its answer is the order as it now stands, shown at once. */
export const useOrderChange = <B,>(run: (body: B) => Promise<OrderDetail>) => useShownChange((order: OrderDetail) => keys.order(order.eventId, order.id), run);

/** The layout to print in: the one chosen here, else the counter's default. */
export function useInvoiceLayout(): [InvoiceLayout, (layout: InvoiceLayout) => void] {
  const preferred = useSettings().data?.invoiceLayout;
  // Kept in the query cache, not the component: every print button of the screen uses the one chosen.
  const client = useQueryClient();
  const chosen = useQuery({ queryKey: CHOSEN_LAYOUT, queryFn: () => null as InvoiceLayout | null, staleTime: Infinity }).data;
  return [chosen ?? preferred ?? 'a4', (layout) => client.setQueryData(CHOSEN_LAYOUT, layout)];
}
const CHOSEN_LAYOUT = ['invoice-layout'] as const;

export function useCheckout(order: { eventId: string; id: string }) {
  return useOrderChange((body: CheckoutBody) => api(contract.checkout, { params: orderParams(order), body }, once()));
}

export function useCancelOrder(order: { eventId: string; id: string }) {
  return useOrderChange((body: CancelBody) => api(contract.cancelOrder, { params: orderParams(order), body }, once()));
}

/** Confirming or rejecting a transfer or QRIS payment, as the operator sees it arrive (or not). */
export function usePaymentVerification(order: { eventId: string; id: string }) {
  const confirm = useOrderChange(() => api(contract.confirmPayment, { params: orderParams(order), body: {} }, once()));
  const reject = useOrderChange(() => api(contract.rejectPayment, { params: orderParams(order), body: { reason: REJECTED_TRANSFER_REASON } }, once()));
  return useVerification(confirm, reject);
}

/** A change that takes no input: confirming or rejecting a payment. */
interface PaymentChange extends Startable<undefined> {
  isPending: boolean;
  error: Error | null;
}

/** What the verification step needs of the two changes that confirm and reject a payment. */
export function useVerification(confirm: PaymentChange, reject: PaymentChange) {
  // One decision at a time: Alt+Y then Alt+N, the first on its way, sent both.
  const start = useOneAtATime();
  return {
    confirm: () => start(confirm, undefined),
    reject: () => start(reject, undefined),
    confirming: confirm.isPending,
    rejecting: reject.isPending,
    error: confirm.error ?? reject.error,
  };
}

export function useRunSync() {
  return useChange(() => api(contract.runSync, {}), [keys.sync, keys.conflicts, ['tickets'], ['events']]);
}

/** The decisions that take no body; a link takes the remote id, a refund its own form (useRefundConflict). */
const RESOLUTIONS = { retry: contract.retryConflict, dismiss: contract.dismissConflict, 'cancel-local': contract.cancelConflictLocally };

export function useResolveConflict() {
  return useChange(
    ({ seq, action, remoteOrderId }: { seq: number; action: Exclude<ConflictResolution, 'refund'>; remoteOrderId?: string }) =>
      action === 'link' ? api(contract.linkConflict, { params: { seq }, body: { remoteOrderId: remoteOrderId ?? '' } }) : api(RESOLUTIONS[action], { params: { seq } }),
    [keys.conflicts, ...ORDER_VIEWS],
  );
}

/** A ticket checked in at the counter itself (its holder enters by the counter), as a gate would. */
export function useCounterCheckIn(order: { eventId: string }) {
  return useChange((ticketNumber: string) => api(contract.checkIn, { params: { idOrSlug: order.eventId }, body: { ticketNumber, gate: COUNTER_GATE } }, once()), ORDER_VIEWS);
}

/** A paid sale the remote refused, refunded here (sync/conflicts.ts). */
export function useRefundConflict(seq: number) {
  return useChange((body: RefundBody) => api(contract.refundConflictLocally, { params: { seq }, body }), [keys.conflicts, ...ORDER_VIEWS]);
}

export function useSaveRemote() {
  return useChange((body: RemoteSettingsBody) => api(contract.setRemote, { body }), [keys.sync, ['events']]);
}

export function useCheckRemote() {
  return useMutation({ mutationFn: (body: Omit<RemoteSettingsBody, 'ownerEmail'>) => api(contract.checkRemote, { body }) });
}

export function useSaveSettings() {
  return useChange((patch: SettingsPatch) => api(contract.changeSettings, { body: patch }), [keys.settings]);
}

export function useCreateApiKey() {
  return useChange((body: CreateApiKeyBody) => api(contract.createApiKey, { body }), [keys.apiKeys]);
}

export function useRevokeApiKey() {
  return useChange((keyId: string) => api(contract.revokeApiKey, { params: { keyId } }), [keys.apiKeys]);
}
