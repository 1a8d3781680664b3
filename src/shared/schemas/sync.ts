import { z } from 'zod';
import { Timestamp, Ulid } from './common.js';
import { OrderStatus } from './order.js';

export const SyncState = z.enum(['idle', 'syncing', 'offline', 'auth_required']);

/** The changes of an order the outbox replicates, in the order they can happen. */
export const CHANGE_KINDS = ['create', 'checkout', 'confirm', 'reject', 'cancel', 'checkin'] as const;
export const ChangeKind = z.enum(CHANGE_KINDS);
export type ChangeKind = z.infer<typeof ChangeKind>;
export type SyncState = z.infer<typeof SyncState>;

export const RemoteSettingsBody = z.object({
  baseUrl: z.url({ protocol: /^https?$/ }).max(500),
  apiKey: z.string().trim().min(8).max(500),
  /** The local user who owns the pulled events here; default: the caller. */
  ownerEmail: z.email().optional(),
});
export type RemoteSettingsBody = z.infer<typeof RemoteSettingsBody>;

export const RemoteSummary = z.object({
  baseUrl: z.string(),
  /** The key's first characters only; it is never shown again in full. */
  apiKey: z.string(),
  ownerEmail: z.string(),
});
export type RemoteSummary = z.infer<typeof RemoteSummary>;

export const Allotment = z.object({
  ticketCategoryId: Ulid,
  allotment: z.number().int(),
  used: z.number().int(),
  left: z.number().int(),
});

export const SyncStatus = z.object({
  state: SyncState,
  /** Outbox jobs not yet done (conflicts not included). */
  pending: z.number().int(),
  conflicts: z.number().int(),
  lastSuccessAt: Timestamp.nullable(),
  lastPullAt: Timestamp.nullable(),
  lastError: z.string().nullable(),
  remote: RemoteSummary.nullable(),
  /** What this counter may still sell per category while the remote is unreachable. */
  allotments: z.array(Allotment),
});
export type SyncStatus = z.infer<typeof SyncStatus>;

export const ConnectionCheck = z.object({
  result: z.enum(['ok', 'unauthorized', 'unreachable', 'error']),
  detail: z.string(),
});
export type ConnectionCheck = z.infer<typeof ConnectionCheck>;

export const Conflict = z.object({
  seq: z.number().int(),
  orderId: Ulid,
  eventId: Ulid,
  kind: ChangeKind,
  customerName: z.string(),
  customerEmail: z.string(),
  /** The order as it stands on this counter: only an unpaid one can be cancelled locally. */
  orderStatus: OrderStatus,
  status: z.number().int().nullable(),
  error: z.string().nullable(),
  attempts: z.number().int(),
  createdAt: Timestamp,
});
export type Conflict = z.infer<typeof Conflict>;

/** What an operator decides about a conflict (sync/conflicts.ts). */
export const ConflictResolution = z.enum(['retry', 'link', 'cancel-local', 'dismiss']);
export type ConflictResolution = z.infer<typeof ConflictResolution>;

export const ConflictParams = z.object({ seq: z.coerce.number().int().positive() });
export const LinkConflictBody = z.object({ remoteOrderId: z.string().min(1).max(100) });
