import { z } from 'zod';
import { messages } from '../messages.js';
import { Timestamp, Ulid } from './common.js';
import { OrderStatus } from './order.js';

export const SyncState = z.enum(['idle', 'syncing', 'offline', 'auth_required']);

/** The changes of an order the outbox replicates, in the order they can happen. */
export const CHANGE_KINDS = ['create', 'checkout', 'confirm', 'reject', 'cancel', 'checkin'] as const;
export const ChangeKind = z.enum(CHANGE_KINDS);

/**
 * Why a job was settled without being applied on the remote: the sale was cancelled before any of
 * it was sent; the remote refused the sale as it was made (cancelled here before payment); an
 * operator dismissed it (settled by hand on the remote) or cancelled the order here; its order's
 * create never reached the remote; or the remote lacks the route (check-in, payment confirm or
 * reject) and the change stays a fact of this counter.
 */
export const SKIP_REASONS = ['never_sent', 'refused_at_sale', 'dismissed', 'cancelled_locally', 'refunded_locally', 'create_not_sent', 'not_applicable'] as const;
export type SkipReason = (typeof SKIP_REASONS)[number];
export type ChangeKind = z.infer<typeof ChangeKind>;
export type SyncState = z.infer<typeof SyncState>;

export const RemoteSettingsBody = z.object({
  baseUrl: z.url({ protocol: /^https?$/, error: messages.remoteUrlFormat }).max(500),
  // Sent as X-API-Key: printable ASCII, no spaces (anything else no header carries, or no key has).
  apiKey: z.string().trim().min(8, messages.remoteKeyTooShort).max(500).regex(/^[\x21-\x7e]+$/, messages.remoteKeyCharacters),
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

/**
 * Routes beyond the interface the counter uses when its remote has them: the gate's check-in and
 * the confirm and reject of a deferred payment. A remote that answers 404 or 405 there lacks it.
 */
export const RemoteCapability = z.enum(['checkin', 'payment_confirm', 'payment_reject']);
export type RemoteCapability = z.infer<typeof RemoteCapability>;

export const MissingCapability = z.object({
  capability: RemoteCapability,
  /** When the counter learned it (a remote or key change makes it ask again). */
  since: Timestamp,
  /** What that means for the operator, in Indonesian. */
  message: z.string(),
});
export type MissingCapability = z.infer<typeof MissingCapability>;

/** A hub's own standing with its remote (the central service), as the hub last said. */
export const Upstream = z.object({ state: SyncState, at: Timestamp });
export type Upstream = z.infer<typeof Upstream>;

/** Something the operator should know or do by hand, counted: one line, never one per sale. */
export const SyncNotice = z.object({
  kind: z.enum(['unconfirmed_on_remote', 'unrejected_on_remote', 'stalled', 'double_admission', 'cancelled_inside']),
  count: z.number().int(),
  message: z.string(),
});
export type SyncNotice = z.infer<typeof SyncNotice>;

/** How the last pull read an event or category the remote sent: read (perhaps with a value mapped) or skipped. */
export const PullReportEntry = z.object({
  kind: z.enum(['event', 'category']),
  id: z.string(),
  name: z.string().nullable(),
  outcome: z.enum(['read', 'skipped']),
  reason: z.string(),
});
export type PullReportEntry = z.infer<typeof PullReportEntry>;

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
  /** What the remote lacks beyond the interface, as learned from its answers. */
  remoteLacks: z.array(MissingCapability),
  /** When the remote is a venue hub: whether it reaches the central service itself (null otherwise). */
  upstream: Upstream.nullable(),
  notices: z.array(SyncNotice),
  /** Events and categories the last pull skipped, or read with a value it did not know. */
  pullReport: z.array(PullReportEntry),
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
export const ConflictResolution = z.enum(['retry', 'link', 'cancel-local', 'refund', 'dismiss']);
export type ConflictResolution = z.infer<typeof ConflictResolution>;

export const ConflictParams = z.object({ seq: z.coerce.number().int().positive() });
export const LinkConflictBody = z.object({ remoteOrderId: z.string().min(1).max(100) });
