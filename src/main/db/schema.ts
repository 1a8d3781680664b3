/**
 * The source of truth for the SQLite schema: `npm run db:generate` turns changes here into a new
 * migration in migrations/, which start-up applies. Instants are epoch milliseconds (sortable,
 * rendered with an offset at the edge); money is integer minor units (sen).
 */
import { sql } from 'drizzle-orm';
import { blob, check, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import type { CashCount } from '#shared/cash.js';
import type { AuditAction, AuditCredential } from '#shared/schemas/audit.js';
import { CHANGE_KINDS, SKIP_REASONS } from '#shared/schemas/sync.js';

export const users = sqliteTable('users', {
  id: text('id').primaryKey(),
  email: text('email').notNull().unique(),
  name: text('name').notNull(),
  role: text('role', { enum: ['super_admin', 'organizer', 'staff', 'customer'] }).notNull(),
  passwordHash: text('password_hash').notNull(),
  /**
   * A supervisor's approval PIN (scrypt, like a password): typed at a cashier's counter to approve
   * one refund or one drawer's difference, and no login anywhere. Null until the supervisor sets one.
   */
  approvalPinHash: text('approval_pin_hash'),
  /**
   * Logins (JWTs) carry the version they were issued under; changing the password or logging out
   * moves it on, which ends every login of the user at once.
   */
  tokenVersion: integer('token_version').notNull().default(0),
  createdAt: integer('created_at').notNull(),
  updatedAt: integer('updated_at').notNull(),
});

export const apiKeys = sqliteTable(
  'api_keys',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    name: text('name').notNull(),
    keyHash: text('key_hash').notNull().unique(),
    /** The first characters of the key, so an operator can tell keys apart without the secret. */
    prefix: text('prefix').notNull(),
    expiresAt: integer('expires_at'),
    revokedAt: integer('revoked_at'),
    lastUsedAt: integer('last_used_at'),
    createdAt: integer('created_at').notNull(),
    /** A gate device's key (domain/gate-pairings.ts): check-in on this event only, and nothing else. */
    gateEventId: text('gate_event_id'),
    /** The gate the device stands at; set with gateEventId. */
    gateName: text('gate_name'),
  },
  (t) => [index('api_keys_user').on(t.userId)],
);

export const events = sqliteTable(
  'events',
  {
    id: text('id').primaryKey(),
    /** Not a foreign key: events pulled from a remote keep the remote owner's id. */
    ownerId: text('owner_id').notNull(),
    organizerName: text('organizer_name').notNull(),
    name: text('name').notNull(),
    slug: text('slug').notNull().unique(),
    description: text('description').notNull().default(''),
    terms: text('terms').notNull().default(''),
    location: text('location').notNull().default(''),
    mapsLink: text('maps_link').notNull().default(''),
    bannerUrl: text('banner_url').notNull().default(''),
    startAt: integer('start_at').notNull(),
    endAt: integer('end_at').notNull(),
    timezone: text('timezone').notNull(),
    status: text('status', { enum: ['draft', 'published', 'closed', 'archived'] }).notNull(),
    isPublic: integer('is_public', { mode: 'boolean' }).notNull(),
    feeBearer: text('fee_bearer', { enum: ['organizer', 'customer'] }).notNull(),
    /** Service fee per ticket: basis points of the price plus a flat amount in sen. */
    feeRateBp: integer('fee_rate_bp').notNull().default(0),
    feeFlat: integer('fee_flat').notNull().default(0),
    eventTypeId: text('event_type_id').notNull(),
    categoryId: text('category_id').notNull(),
    subcategoryId: text('subcategory_id').notNull(),
    isFeatured: integer('is_featured', { mode: 'boolean' }).notNull(),
    isTransferable: integer('is_transferable', { mode: 'boolean' }).notNull(),
    transferDeadline: integer('transfer_deadline').notNull(),
    quota: integer('quota').notNull(),
    minPrice: integer('min_price').notNull(),
    maxPrice: integer('max_price').notNull(),
    /** Pulled from the remote (its orders are replicated there) or made here (import, demo). */
    origin: text('origin', { enum: ['local', 'remote'] }).notNull().default('local'),
    /** Pulled once, absent from the remote's latest list: kept (orders refer to it), not on sale. */
    remoteMissing: integer('remote_missing', { mode: 'boolean' }).notNull().default(false),
    /** Whether a ticket scanned out at an exit may come in again (a venue's setting; never pulled). */
    reentryAllowed: integer('reentry_allowed', { mode: 'boolean' }).notNull().default(false),
    createdAt: integer('created_at').notNull(),
    updatedAt: integer('updated_at').notNull(),
  },
  (t) => [index('events_owner').on(t.ownerId), index('events_created').on(t.createdAt)],
);

export const eventGrants = sqliteTable(
  'event_grants',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    eventId: text('event_id')
      .notNull()
      .references(() => events.id),
    permission: text('permission', { enum: ['event:read', 'event:update', 'event:checkin'] }).notNull(),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.eventId] }), index('event_grants_event').on(t.eventId)],
);

export const ticketCategories = sqliteTable(
  'ticket_categories',
  {
    id: text('id').primaryKey(),
    eventId: text('event_id')
      .notNull()
      .references(() => events.id),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    type: text('type').notNull(),
    quota: integer('quota').notNull(),
    /** Paid tickets. */
    sold: integer('sold').notNull().default(0),
    /** Seats held by unpaid orders; sold + held never exceeds quota. */
    held: integer('held').notNull().default(0),
    saleStartAt: integer('sale_start_at').notNull(),
    saleEndAt: integer('sale_end_at').notNull(),
    price: integer('price').notNull(),
    status: text('status').notNull(),
    remoteMissing: integer('remote_missing', { mode: 'boolean' }).notNull().default(false),
    /**
     * Seats this counter may sell while its remote is unreachable (a share of what the remote had
     * left at the last pull); null for local events and before the first pull.
     */
    offlineAllotment: integer('offline_allotment'),
    createdAt: integer('created_at').notNull(),
    updatedAt: integer('updated_at').notNull(),
  },
  (t) => [index('ticket_categories_event').on(t.eventId)],
);

export const orders = sqliteTable(
  'orders',
  {
    id: text('id').primaryKey(),
    eventId: text('event_id')
      .notNull()
      .references(() => events.id),
    ticketCategoryId: text('ticket_category_id')
      .notNull()
      .references(() => ticketCategories.id),
    buyerUserId: text('buyer_user_id')
      .notNull()
      .references(() => users.id),
    status: text('status', { enum: ['payment_pending', 'verification_pending', 'completed', 'cancelled'] }).notNull(),
    paymentStatus: text('payment_status', { enum: ['unpaid', 'paid', 'expired'] }).notNull(),
    subtotal: integer('subtotal').notNull(),
    feeTotal: integer('fee_total').notNull(),
    totalAmount: integer('total_amount').notNull(),
    /** The registration, kept on the order: it becomes the participant once the order is paid. */
    customerName: text('customer_name').notNull(),
    customerEmail: text('customer_email').notNull(),
    customerPhone: text('customer_phone').notNull(),
    customerGender: text('customer_gender', { enum: ['male', 'female'] }).notNull(),
    customerBirthDate: text('customer_birth_date').notNull(),
    identityNumber: text('identity_number').notNull(),
    formData: text('form_data', { mode: 'json' }).$type<Record<string, unknown>>().notNull(),
    /** The basket (several attendees, one payment) the order was sold in; null for a single sale. */
    transactionId: text('transaction_id'),
    /** When an unpaid payment_pending order gives its seat back (the hold window); null otherwise. */
    expiresAt: integer('expires_at'),
    cancelledAt: integer('cancelled_at'),
    cancelReason: text('cancel_reason'),
    createdAt: integer('created_at').notNull(),
    updatedAt: integer('updated_at').notNull(),
  },
  (t) => [
    // The expiry sweep and the check before every read find due holds here; only
    // payment_pending orders are in it, so it stays small however many orders an event has.
    index('orders_pending_expiry')
      .on(t.expiresAt)
      .where(sql`status = 'payment_pending'`),
    // One live order per identity number and event; the index is also what makes the rule hold
    // under concurrent creations.
    uniqueIndex('orders_identity_live')
      .on(t.eventId, t.identityNumber)
      .where(sql`status <> 'cancelled'`),
    index('orders_event_created').on(t.eventId, t.createdAt),
    index('orders_event_total').on(t.eventId, t.totalAmount),
    index('orders_event_status').on(t.eventId, t.status, t.createdAt),
    index('orders_buyer').on(t.buyerUserId),
    index('orders_transaction').on(t.transactionId),
    // A search too short for the search index reads the event's names and e-mails here, not its
    // whole orders: far less to read.
    index('orders_event_name_email').on(t.eventId, t.customerName, t.customerEmail),
    // A NIK or a phone searched by its ending, as a customer reads it out (domain/order-search.ts):
    // its last four digits find a hundred orders of the whole season without reading the rest.
    index('orders_identity_ending').on(sql`${t.identityNumber} % 10000`),
    index('orders_phone_ending').on(sql`${t.customerPhone} % 10000`),
  ],
);

/**
 * A basket ("transaksi"): several attendees of one event sold together and paid once. Each
 * attendee is an order of the interface; the basket names them (orders.transaction_id) and keeps
 * what the customer handed over for all of them in cash.
 */
export const transactions = sqliteTable('transactions', {
  id: text('id').primaryKey(),
  eventId: text('event_id')
    .notNull()
    .references(() => events.id),
  createdByUserId: text('created_by_user_id').notNull(),
  createdByName: text('created_by_name').notNull(),
  /** Cash only: what the customer handed over for the whole basket, and the change (sen). */
  amountTendered: integer('amount_tendered'),
  change: integer('change'),
  /** How often its receipt was printed (PDF or printer): the first is the original, every later one a copy. */
  receiptPrints: integer('receipt_prints').notNull().default(0),
  createdAt: integer('created_at').notNull(),
  updatedAt: integer('updated_at').notNull(),
});

export const orderItems = sqliteTable(
  'order_items',
  {
    id: text('id').primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id),
    ticketCategoryId: text('ticket_category_id')
      .notNull()
      .references(() => ticketCategories.id),
    name: text('name').notNull(),
    quantity: integer('quantity').notNull(),
    unitPrice: integer('unit_price').notNull(),
    subtotal: integer('subtotal').notNull(),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [index('order_items_order').on(t.orderId)],
);

export const participants = sqliteTable(
  'participants',
  {
    id: text('id').primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id),
    eventId: text('event_id')
      .notNull()
      .references(() => events.id),
    ticketCategoryId: text('ticket_category_id')
      .notNull()
      .references(() => ticketCategories.id),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    ticketNumber: text('ticket_number').notNull(),
    /** registered when issued; checked_in once checked in at the gate (check_ins has when and where). */
    status: text('status').notNull(),
    identityNumber: text('identity_number').notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    gender: text('gender', { enum: ['male', 'female'] }).notNull(),
    birthDate: text('birth_date').notNull(),
    formData: text('form_data', { mode: 'json' }).$type<Record<string, unknown>>().notNull(),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('participants_ticket_number').on(t.eventId, t.ticketNumber),
    index('participants_order').on(t.orderId),
  ],
);

/**
 * Check-ins at the gate: at most one per participant (the primary key), which is what makes a
 * second scan of the same ticket a refusal even when two gates scan it at the same moment.
 */
export const checkIns = sqliteTable('check_ins', {
  participantId: text('participant_id')
    .primaryKey()
    .references(() => participants.id),
  orderId: text('order_id')
    .notNull()
    .references(() => orders.id),
  eventId: text('event_id')
    .notNull()
    .references(() => events.id),
  /** When the ticket was scanned (for a replicated check-in: at the counter that scanned it). */
  checkedInAt: integer('checked_in_at').notNull(),
  /** The gate or device name; empty when none was given. */
  gate: text('gate').notNull().default(''),
  userId: text('user_id')
    .notNull()
    .references(() => users.id),
  /** The API key the scanner used, if it used one (else a login). */
  apiKeyId: text('api_key_id').references(() => apiKeys.id),
  createdAt: integer('created_at').notNull(),
});

/**
 * The gate list (sync/gate-list.ts): the central service's orders of each pulled event, read from
 * its admin order list, so that the venue's gates admit tickets sold anywhere. Read-only here: no
 * outbox job, seat, shift or report ever reads these tables. Orders this service sold itself
 * (remote_orders) are not kept here.
 */
export const mirroredOrders = sqliteTable(
  'mirrored_orders',
  {
    /** The central's order id. */
    id: text('id').primaryKey(),
    eventId: text('event_id')
      .notNull()
      .references(() => events.id),
    status: text('status').notNull(),
    paymentStatus: text('payment_status').notNull(),
    /** The central's updatedAt as sent: an order whose state and updatedAt are unchanged needs no write. */
    remoteUpdatedAt: text('remote_updated_at').notNull(),
    /** When a read of the list last saw it; a full pass that did not is taken as the order gone. */
    seenAt: integer('seen_at').notNull(),
    /** Absent from the central's list at the last full pass: refused like a cancelled order. */
    gone: integer('gone', { mode: 'boolean' }).notNull().default(false),
  },
  (t) => [index('mirrored_orders_event_seen').on(t.eventId, t.seenAt)],
);

/** The participants (tickets) of mirrored orders, by the central's ticket number. */
export const mirroredTickets = sqliteTable(
  'mirrored_tickets',
  {
    /** The central's participant id. */
    id: text('id').primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => mirroredOrders.id),
    eventId: text('event_id')
      .notNull()
      .references(() => events.id),
    /** As the central sent it, trimmed. */
    ticketNumber: text('ticket_number').notNull(),
    /** The number in capitals without spaces or dashes (shared/ticket-number.ts): what a gate's scan is compared with. */
    lookupKey: text('lookup_key').notNull(),
    name: text('name').notNull(),
    ticketCategoryId: text('ticket_category_id').notNull(),
    ticketCategoryName: text('ticket_category_name').notNull(),
    status: text('status').notNull(),
    /** Masked to its first and last 4 digits: the gate needs no more. */
    identityNumber: text('identity_number').notNull(),
    updatedAt: integer('updated_at').notNull(),
  },
  (t) => [uniqueIndex('mirrored_tickets_lookup').on(t.eventId, t.lookupKey), index('mirrored_tickets_order').on(t.orderId)],
);

/**
 * The first admission of a mirrored ticket, as check_ins is of this service's own: at most one per
 * ticket (the primary key). The central has no check-in: this is the venue's one record of it.
 */
export const mirroredCheckIns = sqliteTable('mirrored_check_ins', {
  ticketId: text('ticket_id')
    .primaryKey()
    .references(() => mirroredTickets.id),
  eventId: text('event_id')
    .notNull()
    .references(() => events.id),
  checkedInAt: integer('checked_in_at').notNull(),
  gate: text('gate').notNull().default(''),
  userId: text('user_id')
    .notNull()
    .references(() => users.id),
  apiKeyId: text('api_key_id').references(() => apiKeys.id),
  /** When the refresh that saw the ticket cancelled reported it (it was already inside). */
  cancelReportedAt: integer('cancel_reported_at'),
  createdAt: integer('created_at').notNull(),
});

/**
 * Every scan at a gate (domain/scans.ts): admitted, refused and why, or exited. Append-only (the
 * migration's triggers refuse UPDATE and DELETE). The counts the event manager watches are read
 * from here, and whether a ticket is inside now is its last admitted or exited scan.
 */
export const scans = sqliteTable(
  'scans',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    eventId: text('event_id').notNull(),
    at: integer('at').notNull(),
    direction: text('direction', { enum: ['entry', 'exit'] }).notNull(),
    outcome: text('outcome', { enum: ['admitted', 'refused', 'exited'] }).notNull(),
    /** Why it was refused (shared/schemas/scan.ts), or `reentry` for a ticket admitted again. */
    reason: text('reason'),
    /** The participant (source venue) or mirrored ticket (source central); null when none was found. */
    ticketId: text('ticket_id'),
    source: text('source', { enum: ['venue', 'central'] }),
    /** As found, or as scanned when none was. */
    ticketNumber: text('ticket_number').notNull().default(''),
    ticketCategoryId: text('ticket_category_id'),
    gate: text('gate').notNull().default(''),
    userId: text('user_id').notNull(),
    /** The API key of the device that scanned, if it used one (else a login). */
    apiKeyId: text('api_key_id'),
  },
  (t) => [index('scans_event_at').on(t.eventId, t.at), index('scans_ticket').on(t.ticketId, t.id)],
);

/**
 * Payments of an order. A counter-settled one (cash, card) is paid when made; a deferred one
 * (bank transfer, QRIS) is pending until an operator confirms it or rejects it. A rejected payment
 * stays here as history; an order has at most one payment that is not rejected.
 */
export const payments = sqliteTable(
  'payments',
  {
    id: text('id').primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id),
    method: text('method', { enum: ['cash', 'card', 'bank_transfer', 'qris'] }).notNull(),
    status: text('status', { enum: ['pending', 'paid', 'rejected'] }).notNull(),
    /** What the order cost when paid, in sen. */
    amount: integer('amount').notNull(),
    amountTendered: integer('amount_tendered'),
    change: integer('change'),
    reference: text('reference'),
    /** Cash only: what the customer paid less the total, from the counter's cash rounding (signed sen). */
    rounding: integer('rounding').notNull().default(0),
    rejectReason: text('reject_reason'),
    createdAt: integer('created_at').notNull(),
    paidAt: integer('paid_at'),
    updatedAt: integer('updated_at').notNull(),
  },
  (t) => [
    index('payments_order').on(t.orderId),
    // The sales report of a short range reads its payments here: before, it read every payment,
    // or, for an organizer, every order of its events, however short the range.
    // Partial: only a query that says status = 'paid' in its text uses it. Indexed on the status
    // too, it drove every join on a bound status ('paid' among the totals' matches) and made it slow.
    index('payments_paid')
      .on(t.paidAt)
      .where(sql`status = 'paid'`),
  ],
);

export const idempotencyKeys = sqliteTable(
  'idempotency_keys',
  {
    /** Whose key: a user id, so two devices cannot collide on each other's keys. */
    principal: text('principal').notNull(),
    key: text('key').notNull(),
    method: text('method').notNull(),
    path: text('path').notNull(),
    bodyHash: text('body_hash').notNull(),
    /** Null while the first request is still being handled. */
    statusCode: integer('status_code'),
    responseBody: text('response_body'),
    /**
     * False for the answer kept in the transaction of the request's work, before the request was
     * answered: a running request's, or, found at start-up, one that died after its work committed.
     */
    answered: integer('answered', { mode: 'boolean' }).notNull().default(true),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.principal, t.key] }), index('idempotency_created').on(t.createdAt)],
);

/**
 * How many orders each event has in each status and what they cost, kept by triggers on orders
 * (migrations 0003_order_counts_triggers, 0030): an order list's total and the totals line are then
 * a sum of a few rows, not a count of every order of the event.
 */
export const orderCounts = sqliteTable(
  'order_counts',
  {
    eventId: text('event_id').notNull(),
    status: text('status').notNull(),
    paymentStatus: text('payment_status').notNull(),
    n: integer('n').notNull(),
    /** The sum of their total_amount, in sen. */
    amount: integer('amount').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.status, t.paymentStatus] })],
);

/**
 * Each event's completed orders by the method of their paid payment: how many, and the sum of
 * their total_amount in sen. Kept by triggers on orders and payments (migration 0030), so that the
 * totals line's split by method sums a few rows instead of joining every completed order.
 */
export const orderMethodTotals = sqliteTable(
  'order_method_totals',
  {
    eventId: text('event_id').notNull(),
    /** The order's payment_status, so a totals line filtered by it stays exact. */
    paymentStatus: text('payment_status').notNull(),
    method: text('method', { enum: ['cash', 'card', 'bank_transfer', 'qris'] }).notNull(),
    n: integer('n').notNull(),
    amount: integer('amount').notNull(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.paymentStatus, t.method] })],
);

/**
 * How far the orders' search index (orders_search, orders_search_domains, order_email_domains) has
 * been fed: every order with a rowid up to `indexedThrough` is in it, kept there by the triggers
 * of migration 0032; the orders after it are fed in batches after their sale
 * (domain/search-index.ts). One row, id 1.
 */
export const ordersSearchProgress = sqliteTable(
  'orders_search_progress',
  {
    id: integer('id').primaryKey(),
    indexedThrough: integer('indexed_through').notNull(),
    /** Every order with a rowid up to this one is counted in order_grams. */
    gramsCountedThrough: integer('grams_counted_through').notNull().default(0),
  },
  (t) => [check('orders_search_progress_one_row', sql`${t.id} = 1`)],
);

/**
 * How many of an event's orders hold each piece of one or two characters in their name or e-mail
 * (ASCII letters folded, as LIKE compares them): the total of a search too short for the search
 * index, without reading the event's orders. Fed with the search index's batches, up to
 * ordersSearchProgress.gramsCountedThrough (domain/order-grams.ts; migration 0029).
 */
export const orderGrams = sqliteTable(
  'order_grams',
  {
    eventId: text('event_id').notNull(),
    gram: text('gram').notNull(),
    orders: integer('orders').notNull(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.gram] })],
);

/**
 * How many of an event's orders have each e-mail domain ("@" and what follows the first @ of the
 * e-mail, as orders_search_domains holds it), for the orders up to
 * ordersSearchProgress.indexedThrough: a search of a common domain is counted without reading each
 * order that has it (domain/search-matches.ts; migration 0032).
 */
export const orderEmailDomains = sqliteTable(
  'order_email_domains',
  {
    eventId: text('event_id').notNull(),
    domain: text('domain').notNull(),
    orders: integer('orders').notNull(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.domain] })],
);

/**
 * The sync outbox: one row per change of an order of a remote event, written in the change's own
 * transaction, sent to the remote in order per order (sync/push.ts has the state machine).
 */
export const outbox = sqliteTable(
  'outbox',
  {
    seq: integer('seq').primaryKey({ autoIncrement: true }),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id),
    kind: text('kind', { enum: CHANGE_KINDS }).notNull(),
    /** The request body to send (checkout, confirm, reject, cancel, checkin); null for create. */
    payload: text('payload', { mode: 'json' }).$type<Record<string, unknown> | null>(),
    /**
     * pending: to send · in_flight: claimed, maybe sent · unknown: maybe applied remotely, to be
     * looked up before any resend · done · skipped (never needed sending) · conflict: refused by
     * the remote, waiting for an operator.
     */
    state: text('state', { enum: ['pending', 'in_flight', 'unknown', 'done', 'skipped', 'conflict'] }).notNull(),
    /** Why a skipped job was not applied on the remote (shared/schemas/sync.ts). */
    skipReason: text('skip_reason', { enum: SKIP_REASONS }),
    idempotencyKey: text('idempotency_key').notNull(),
    /**
     * Creates only: the buyer as the remote's order list shows them (category, e-mail, name), so
     * that look-alike creates are found through an index and sent one at a time (outbox.ts, due).
     */
    lookalike: text('lookalike'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: integer('next_attempt_at').notNull(),
    /** The HTTP status of the last answer, if any (a 409 decides how an unknown is settled). */
    lastStatus: integer('last_status'),
    lastError: text('last_error'),
    createdAt: integer('created_at').notNull(),
    updatedAt: integer('updated_at').notNull(),
  },
  (t) => [
    index('outbox_order').on(t.orderId, t.seq),
    // By state, then in order: due() takes the first few open jobs without sorting the whole backlog.
    index('outbox_open').on(t.state, t.seq),
    index('outbox_lookalike').on(t.lookalike),
  ],
);

/** Local order id to the id the remote gave the same order. */
export const remoteOrders = sqliteTable('remote_orders', {
  orderId: text('order_id')
    .primaryKey()
    .references(() => orders.id),
  remoteOrderId: text('remote_order_id').notNull().unique(),
  createdAt: integer('created_at').notNull(),
});

/**
 * Ticket verification keys of other counters that replicate here (a venue hub's counters register
 * theirs): their tokens are believed as this service's own (domain/ticket-keys.ts).
 */
export const trustedTicketKeys = sqliteTable('trusted_ticket_keys', {
  /** The key's RFC 7638 thumbprint, as in the token header. */
  kid: text('kid').primaryKey(),
  /** The Ed25519 public key (JWK x). */
  x: text('x').notNull(),
  /** Who registered it (the counter's user at this service). */
  userId: text('user_id')
    .notNull()
    .references(() => users.id),
  createdAt: integer('created_at').notNull(),
});

/** Small service-wide values, such as the JWT signing secret. */
export const meta = sqliteTable('meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

/**
 * The counter's settings (settings/store.ts), one row per setting changed from its default, its
 * value as JSON; each one is checked against shared/schemas/settings.ts when read.
 */
export const settings = sqliteTable('settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

/** Where this counter replicates to (settings/remote.ts): one row at most, id 1. */
export const remoteConnection = sqliteTable(
  'remote_connection',
  {
    id: integer('id').primaryKey(),
    /** Without a trailing slash: paths are appended to it. */
    baseUrl: text('base_url').notNull(),
    /** The API key, sealed when the service was given a data key (settings/seal.ts). */
    apiKey: text('api_key').notNull(),
    /** What the summary shows of the key, kept apart so that showing it needs no decryption. */
    apiKeyShown: text('api_key_shown').notNull(),
    /** The local user who owns the pulled events. */
    ownerEmail: text('owner_email').notNull(),
  },
  (t) => [check('remote_connection_one_row', sql`${t.id} = 1`)],
);

/**
 * The audit log: who changed what, when and from which device (domain/audit.ts). Append-only
 * (migration 0008's triggers refuse UPDATE and DELETE). No foreign keys: an entry outlives
 * whatever it names, and the actor's name is copied so that it reads the same after a user changes.
 */
export const auditLog = sqliteTable(
  'audit_log',
  {
    id: text('id').primaryKey(),
    at: integer('at').notNull(),
    action: text('action').$type<AuditAction>().notNull(),
    /** Null for the CLI and the service itself. */
    actorUserId: text('actor_user_id'),
    actorName: text('actor_name'),
    credential: text('credential').$type<AuditCredential>().notNull(),
    /** The API key used (the device), if one was. */
    apiKeyId: text('api_key_id'),
    apiKeyName: text('api_key_name'),
    /** The peer's address as the service saw it; null for the CLI and the service itself. */
    address: text('address'),
    eventId: text('event_id'),
    /** What the action was done to: an order, an API key, a user, a conflict's seq. */
    subjectId: text('subject_id'),
    /** Small and typed per action (shared/schemas/audit.ts): never a secret, never a whole identity number. */
    details: text('details', { mode: 'json' }).$type<Record<string, unknown>>().notNull(),
  },
  (t) => [index('audit_log_at').on(t.at), index('audit_log_event_at').on(t.eventId, t.at)],
);

/**
 * A cashier's shift at this counter (docs/cash-sessions.md): open with a counted float, then
 * counted blind (counted), then closed with its Z report. One unclosed session per cashier (the
 * partial index). Names are copied, like the audit log's, so a report reads the same later.
 */
export const cashSessions = sqliteTable(
  'cash_sessions',
  {
    id: text('id').primaryKey(),
    cashierUserId: text('cashier_user_id')
      .notNull()
      .references(() => users.id),
    cashierName: text('cashier_name').notNull(),
    status: text('status', { enum: ['open', 'counted', 'closed'] }).notNull(),
    /** The opening float by denomination (shared/cash.ts) and its value in sen. */
    openingCount: text('opening_count', { mode: 'json' }).$type<CashCount>().notNull(),
    openingFloat: integer('opening_float').notNull(),
    openedAt: integer('opened_at').notNull(),
    /** The blind count at the close, by denomination and in sen; fixed once submitted. */
    closingCount: text('closing_count', { mode: 'json' }).$type<CashCount>(),
    countedCash: integer('counted_cash'),
    /** What the drawer should hold, fixed when the count is submitted. */
    expectedCash: integer('expected_cash'),
    countedAt: integer('counted_at'),
    closedAt: integer('closed_at'),
    /** The organizer or super admin who approved a difference beyond the tolerance, and why. */
    approvedByUserId: text('approved_by_user_id'),
    approvedByName: text('approved_by_name'),
    approvalReason: text('approval_reason'),
  },
  (t) => [
    uniqueIndex('cash_sessions_one_unclosed')
      .on(t.cashierUserId)
      .where(sql`status <> 'closed'`),
    index('cash_sessions_opened').on(t.openedAt),
  ],
);

/**
 * Money in and out of a session: sales and refunds by payment method, cash put in or taken out.
 * amount is positive; the kind says its direction. Append-only (migration triggers). Names are
 * copied so the report needs no join and reads the same after a category is renamed.
 */
export const cashEntries = sqliteTable(
  'cash_entries',
  {
    id: text('id').primaryKey(),
    sessionId: text('session_id')
      .notNull()
      .references(() => cashSessions.id),
    at: integer('at').notNull(),
    kind: text('kind', { enum: ['sale', 'refund', 'cash_in', 'cash_out'] }).notNull(),
    method: text('method', { enum: ['cash', 'card', 'bank_transfer', 'qris'] }).notNull(),
    /** The order's total for a sale or refund; the sum put in or taken out otherwise (sen). */
    amount: integer('amount').notNull(),
    /** Cash paid beyond the total (negative: less) by the rounding; a refund gives it back. */
    rounding: integer('rounding').notNull().default(0),
    orderId: text('order_id'),
    categoryName: text('category_name'),
    reference: text('reference'),
    reason: text('reason'),
    userId: text('user_id').notNull(),
    userName: text('user_name').notNull(),
  },
  (t) => [index('cash_entries_session').on(t.sessionId, t.at), index('cash_entries_at').on(t.at)],
);

/** A paid order given back: the money, its approval and the session it left from (one per order). */
export const refunds = sqliteTable(
  'refunds',
  {
    orderId: text('order_id')
      .primaryKey()
      .references(() => orders.id),
    sessionId: text('session_id').references(() => cashSessions.id),
    method: text('method', { enum: ['cash', 'card', 'bank_transfer', 'qris'] }).notNull(),
    /** What went back to the customer, in sen: the total plus the cash rounding paid. */
    amount: integer('amount').notNull(),
    reason: text('reason').notNull(),
    reference: text('reference'),
    approvedByUserId: text('approved_by_user_id').notNull(),
    approvedByName: text('approved_by_name').notNull(),
    refundedByUserId: text('refunded_by_user_id').notNull(),
    refundedByName: text('refunded_by_name').notNull(),
    at: integer('at').notNull(),
  },
  // The sales report reads the refunds given in its range.
  (t) => [index('refunds_at').on(t.at)],
);

/**
 * Z reports, numbered in sequence per counter (this database), as issued at a session's close.
 * Append-only: the migration's triggers refuse UPDATE and DELETE.
 */
export const cashReports = sqliteTable('cash_reports', {
  number: integer('number').primaryKey(),
  sessionId: text('session_id')
    .notNull()
    .unique()
    .references(() => cashSessions.id),
  issuedAt: integer('issued_at').notNull(),
  /** The report as issued (shared/schemas/cash-report.ts). */
  report: text('report', { mode: 'json' }).$type<Record<string, unknown>>().notNull(),
});

/**
 * The last number given in each of the counter's printed sequences (an invoice sequence per counter
 * name and year, Z reports, X reports): what a restore of an older backup carries over, so that no
 * number printed on paper is given twice (domain/numbering.ts).
 */
export const numberSequences = sqliteTable('number_sequences', {
  name: text('name').primaryKey(),
  last: integer('last').notNull(),
});

/**
 * X reports as issued (printed or exported) from a session not yet closed: numbered in their own
 * sequence per counter, never changed. Append-only: the migration's triggers refuse UPDATE and DELETE.
 */
export const xReports = sqliteTable(
  'x_reports',
  {
    number: integer('number').primaryKey(),
    sessionId: text('session_id')
      .notNull()
      .references(() => cashSessions.id),
    issuedAt: integer('issued_at').notNull(),
    issuedByUserId: text('issued_by_user_id').notNull(),
    issuedByName: text('issued_by_name').notNull(),
    /** The report as issued (shared/schemas/cash-session.ts). */
    report: text('report', { mode: 'json' }).$type<Record<string, unknown>>().notNull(),
  },
  (t) => [index('x_reports_session').on(t.sessionId, t.number)],
);

/**
 * The invoice of an order paid at this counter (domain/invoices.ts): its number, given in the
 * payment's own transaction in sequence per counter name and year, and who took the payment.
 * `prints` counts the invoice's prints: the first is the original, every later one a copy.
 */
export const invoices = sqliteTable(
  'invoices',
  {
    orderId: text('order_id')
      .primaryKey()
      .references(() => orders.id),
    /** INV/<counter>/<year>/<seq, six digits>, as printed. */
    number: text('number').notNull().unique(),
    counterName: text('counter_name').notNull(),
    year: integer('year').notNull(),
    seq: integer('seq').notNull(),
    cashierUserId: text('cashier_user_id').notNull(),
    cashierName: text('cashier_name').notNull(),
    issuedAt: integer('issued_at').notNull(),
    prints: integer('prints').notNull().default(0),
  },
  (t) => [uniqueIndex('invoices_sequence').on(t.counterName, t.year, t.seq)],
);

/**
 * The receipt printer's queue (printing/print-queue.ts): each job is stored before it is sent, so
 * a printer that is off or out of paper leaves it waiting, and a crash never loses it. A job is
 * sent once: one found `printing` after a crash is marked interrupted for the operator to decide.
 */
export const printJobs = sqliteTable(
  'print_jobs',
  {
    id: text('id').primaryKey(),
    /** What it is, as the counter lists it ("Invoice INV/LOKET-1/2026/000123"). */
    title: text('title').notNull(),
    /** The event whose paper it is: only those who may read the event see the job; null for a test page. */
    eventId: text('event_id'),
    /** The printer's commands (ESC/POS), as sent; the drawer's kick apart (drawerKick). */
    payload: blob('payload', { mode: 'buffer' }).notNull(),
    /**
     * The cash drawer kicked with the paper (before or after it), on the job's first try alone and
     * only within seconds of the cash being taken: never later, by itself, with nobody at the till.
     */
    drawerKick: text('drawer_kick', { enum: ['none', 'before', 'after'] }).notNull().default('none'),
    state: text('state', { enum: ['waiting', 'printing', 'printed', 'interrupted', 'cancelled'] }).notNull(),
    attempts: integer('attempts').notNull(),
    lastError: text('last_error'),
    createdByName: text('created_by_name').notNull(),
    createdAt: integer('created_at').notNull(),
    printedAt: integer('printed_at'),
  },
  (t) => [index('print_jobs_state').on(t.state, t.id)],
);


/**
 * Customer displays (domain/customer-displays.ts): a screen facing the customer registers itself
 * and shows a pairing code; an operator types the code at their counter, which pairs the display
 * with that operator. Kept so that a display stays paired across restarts.
 */
export const customerDisplays = sqliteTable(
  'customer_displays',
  {
    id: text('id').primaryKey(),
    /** SHA-256 of the display's key (base64url): the key itself is only ever with the display. */
    keyHash: text('key_hash').notNull().unique(),
    /** Six digits while unpaired; null once paired. */
    pairingCode: text('pairing_code'),
    codeExpiresAt: integer('code_expires_at').notNull(),
    /** The operator whose counter it shows; null until paired. */
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    pairedAt: integer('paired_at'),
    lastSeenAt: integer('last_seen_at'),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [index('customer_displays_code').on(t.pairingCode), index('customer_displays_user').on(t.userId)],
);

/**
 * Codes that pair a gate device (domain/gate-pairings.ts): made by an operator for one event and
 * gate, traded once by the device for a key of its own.
 */
export const gatePairings = sqliteTable('gate_pairings', {
  /** SHA-256 of the code (base64url): the code itself is only shown to whoever made it. */
  codeHash: text('code_hash').primaryKey(),
  eventId: text('event_id')
    .notNull()
    .references(() => events.id),
  gate: text('gate').notNull(),
  /** Whose rights the device's key carries (narrowed to check-in on the event). */
  userId: text('user_id')
    .notNull()
    .references(() => users.id),
  expiresAt: integer('expires_at').notNull(),
  /** The key the code was traded for; null while unused. */
  apiKeyId: text('api_key_id').references(() => apiKeys.id),
  createdAt: integer('created_at').notNull(),
});

/**
 * What gate devices admitted while offline and uploaded (app/gate-journal.ts), by the device's
 * entry id: an entry uploaded again answers what it answered first.
 */
export const gateJournalEntries = sqliteTable('gate_journal_entries', {
  id: text('id').primaryKey(),
  eventId: text('event_id')
    .notNull()
    .references(() => events.id),
  apiKeyId: text('api_key_id').references(() => apiKeys.id),
  outcome: text('outcome').notNull(),
  message: text('message'),
  receivedAt: integer('received_at').notNull(),
});
