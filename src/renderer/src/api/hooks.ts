/**
 * The service's resources as react-query hooks: each screen asks for what it shows, and a change
 * (a sale, a payment, a new key) refreshes every view of what it changed.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { ApiKeyInfo, CreateApiKeyBody, CreatedApiKey } from '../../../shared/schemas/apikey.js';
import type { User } from '../../../shared/schemas/auth.js';
import type { PageMeta } from '../../../shared/schemas/common.js';
import type { Event } from '../../../shared/schemas/event.js';
import type { OrderDetail, OrderListItem, OrderListQuery } from '../../../shared/schemas/order.js';
import type { ReasonBody } from '../../../shared/schemas/payment.js';
import { REJECTED_TRANSFER_REASON } from '../../../shared/labels.js';
import type { Settings, SettingsPatch } from '../../../shared/schemas/settings.js';
import type { SetupState } from '../../../shared/schemas/setup.js';
import type { AuditEntry, AuditListQuery } from '../../../shared/schemas/audit.js';
import type { Conflict, ConflictResolution, ConnectionCheck, RemoteSettingsBody, RemoteSummary, SyncStatus } from '../../../shared/schemas/sync.js';
import type { TicketCategory } from '../../../shared/schemas/ticket.js';
import { api, apiBlob, query, request } from './client';

/** How often the status bar asks for the sync state: a sale's pending count falls within this. */
const SYNC_POLL_MS = 2000;

export const keys = {
  setup: ['setup'] as const,
  events: (search: string) => ['events', search] as const,
  tickets: (eventId: string) => ['tickets', eventId] as const,
  orders: (eventId: string, q: Partial<OrderListQuery>) => ['orders', eventId, q] as const,
  order: (eventId: string, orderId: string) => ['order', eventId, orderId] as const,
  sync: ['sync'] as const,
  conflicts: ['conflicts'] as const,
  settings: ['settings'] as const,
  apiKeys: ['api-keys'] as const,
  users: ['users'] as const,
  audit: (q: Partial<AuditListQuery>) => ['audit', q] as const,
  qr: (path: string) => ['qr', path] as const,
};

export const eventPath = (eventId: string) => `/events/${encodeURIComponent(eventId)}`;
export const orderPath = (eventId: string, orderId: string) => `${eventPath(eventId)}/admin/orders/${encodeURIComponent(orderId)}`;

export function useSetupState() {
  return useQuery({ queryKey: keys.setup, queryFn: () => api<SetupState>('/setup') });
}

export function useEvents(search: string) {
  return useQuery({
    queryKey: keys.events(search),
    queryFn: () => api<Event[]>(`/events${query({ ownerId: 'me', search: search.trim() || undefined, sort: 'startAt', order: 'asc', limit: 100 })}`),
    placeholderData: keepPreviousData,
  });
}

export function useTickets(eventId: string | undefined) {
  return useQuery({
    queryKey: keys.tickets(eventId ?? ''),
    queryFn: () => api<TicketCategory[]>(`${eventPath(eventId!)}/tickets`),
    enabled: Boolean(eventId),
    refetchInterval: SYNC_POLL_MS * 5,
  });
}

export function useOrders(eventId: string | undefined, q: Partial<OrderListQuery>) {
  return useQuery({
    queryKey: keys.orders(eventId ?? '', q),
    queryFn: () => request<OrderListItem[], PageMeta>(`${eventPath(eventId!)}/admin/orders${query(q)}`),
    enabled: Boolean(eventId),
    placeholderData: keepPreviousData,
  });
}

export function useOrder(eventId: string | undefined, orderId: string | undefined) {
  return useQuery({
    queryKey: keys.order(eventId ?? '', orderId ?? ''),
    queryFn: () => api<OrderDetail>(orderPath(eventId!, orderId!)),
    enabled: Boolean(eventId && orderId),
  });
}

export function useSyncStatus() {
  return useQuery({ queryKey: keys.sync, queryFn: () => api<SyncStatus>('/sync/status'), refetchInterval: SYNC_POLL_MS });
}

export function useConflicts() {
  return useQuery({ queryKey: keys.conflicts, queryFn: () => api<Conflict[]>('/sync/conflicts'), refetchInterval: SYNC_POLL_MS * 2 });
}

export function useSettings() {
  return useQuery({ queryKey: keys.settings, queryFn: () => api<Settings>('/settings') });
}

export function useAuditLog(q: Partial<AuditListQuery>) {
  return useQuery({
    queryKey: keys.audit(q),
    queryFn: () => request<AuditEntry[], PageMeta>(`/audit-log${query(q)}`),
    placeholderData: keepPreviousData,
  });
}

export function useApiKeys() {
  return useQuery({ queryKey: keys.apiKeys, queryFn: () => api<ApiKeyInfo[]>('/api-keys') });
}

/** The counter's operators; only its owner may ask (to choose whose device key to make). */
export function useOperators(enabled: boolean) {
  return useQuery({ queryKey: keys.users, queryFn: () => api<User[]>('/users'), enabled });
}

/** A ticket's QR image, fetched with the operator's credentials; it never changes. */
export function useQrImage(path: string) {
  return useQuery({ queryKey: keys.qr(path), queryFn: () => apiBlob(path), staleTime: Infinity });
}

/** A mutation that, once it succeeds, refreshes the views it touched. */
function useChange<I, O>(run: (input: I) => Promise<O>, touched: QueryKey[]) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => Promise.all(touched.map((queryKey) => client.invalidateQueries({ queryKey }))),
  });
}

/** What any change to an order makes stale besides its detail: lists, seats and the sync counts. */
const AROUND_ORDERS: QueryKey[] = [['orders'], ['tickets'], keys.sync];
/** ...and with the details. */
const ORDER_VIEWS: QueryKey[] = [['order'], ...AROUND_ORDERS];

export type OrderTransition = 'checkout' | 'payment/confirm' | 'payment/reject' | 'cancel';

/**
 * A checkout, confirm, reject or cancel of the order: its answer is the order as it now stands,
 * shown at once. Each call carries its own Idempotency-Key, so a repeated press changes it once.
 */
export function useOrderTransition<B = void>(order: { eventId: string; id: string }, transition: OrderTransition) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: B) =>
      api<OrderDetail>(`${orderPath(order.eventId, order.id)}/${transition}`, { method: 'POST', body: body ?? undefined, headers: { 'idempotency-key': crypto.randomUUID() } }),
    onSuccess: (order) => {
      // The answer is the order's detail as it now stands: stored, not fetched again.
      client.setQueryData(keys.order(order.eventId, order.id), order);
      return Promise.all(AROUND_ORDERS.map((queryKey) => client.invalidateQueries({ queryKey })));
    },
  });
}

/** Confirming or rejecting a transfer or QRIS payment, as the operator sees it arrive (or not). */
export function usePaymentVerification(order: { eventId: string; id: string }) {
  const confirm = useOrderTransition(order, 'payment/confirm');
  const reject = useOrderTransition<ReasonBody>(order, 'payment/reject');
  return {
    confirm: () => confirm.mutate(),
    reject: () => reject.mutate({ reason: REJECTED_TRANSFER_REASON }),
    confirming: confirm.isPending,
    rejecting: reject.isPending,
    error: confirm.error ?? reject.error,
  };
}

export function useRunSync() {
  return useChange(() => api<SyncStatus>('/sync/run', { method: 'POST' }), [keys.sync, keys.conflicts, ['tickets'], ['events']]);
}

export function useResolveConflict() {
  return useChange(
    ({ seq, action, remoteOrderId }: { seq: number; action: ConflictResolution; remoteOrderId?: string }) =>
      api<{ seq: number }>(`/sync/conflicts/${seq}/${action}`, { method: 'POST', body: action === 'link' ? { remoteOrderId } : undefined }),
    [keys.conflicts, ...ORDER_VIEWS],
  );
}

export function useSaveRemote() {
  return useChange((body: RemoteSettingsBody) => api<RemoteSummary>('/sync/remote', { method: 'PUT', body }), [keys.sync, ['events']]);
}

export function useCheckRemote() {
  return useMutation({ mutationFn: (body: Omit<RemoteSettingsBody, 'ownerEmail'>) => api<ConnectionCheck>('/sync/remote/check', { method: 'POST', body }) });
}

export function useSaveSettings() {
  return useChange((patch: SettingsPatch) => api<Settings>('/settings', { method: 'PATCH', body: patch }), [keys.settings]);
}

export function useCreateApiKey() {
  return useChange((body: CreateApiKeyBody) => api<CreatedApiKey>('/api-keys', { method: 'POST', body }), [keys.apiKeys]);
}

export function useRevokeApiKey() {
  return useChange((keyId: string) => api<ApiKeyInfo>(`/api-keys/${encodeURIComponent(keyId)}`, { method: 'DELETE' }), [keys.apiKeys]);
}
