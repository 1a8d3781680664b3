import { and, eq, sql } from 'drizzle-orm';
import type { CreateOrderBody, OrderCreated, OrderDetail } from '#shared/schemas/order.js';
import { maskIdentityNumber } from '#shared/identity-number.js';
import { messages } from '#shared/messages.js';
import { feeFor } from '#shared/fees.js';
import { fromMinor } from '#shared/money.js';
import type { Db } from '../db/connection.js';
import type { GroupCommit } from '../db/group-commit.js';
import { orderItems, orders, ticketCategories, users } from '../db/schema.js';
import type { Actor } from './access.js';
import type { Approvals } from './approvals.js';
import type { AuditLog } from './audit.js';
import type { CashSessions } from './cash-sessions.js';
import type { Clock } from './clock.js';
import { AppError, fieldError } from './errors.js';
import type { EventRow, EventService } from './events.js';
import type { Expiry } from './expiry.js';
import type { Invoices } from './invoices.js';
import type { OfflineGate, OrderJournal } from './journal.js';
import { newId } from './ids.js';
import { eventSummary, orderBase, type OrderRow, type OrderViews } from './order-views.js';
import type { Seats } from './seats.js';
import { hashGeneratedSecret, newGeneratedPassword } from './secrets.js';
import { normaliseEmail } from './users.js';

export interface OrderDeps {
  db: Db;
  clock: Clock;
  events: EventService;
  views: OrderViews;
  seats: Seats;
  expiry: Expiry;
  groupCommit: GroupCommit;
  journal: OrderJournal;
  gate: OfflineGate;
  audit: AuditLog;
  drawer: CashSessions;
  approvals: Approvals;
  invoices: Invoices;
}

export function createOrderService({ db, clock, events, views, seats, expiry, groupCommit, journal, gate, audit }: OrderDeps) {
  /** Refuses a sale the event or category does not allow right now (409 SALE_CLOSED). */
  function assertOnSale(event: EventRow, category: typeof ticketCategories.$inferSelect, now: number) {
    if (event.status !== 'published') throw new AppError('SALE_CLOSED', messages.eventNotPublished);
    if (event.remoteMissing || category.remoteMissing) throw new AppError('SALE_CLOSED', messages.goneFromRemote);
    if (category.status !== 'active') throw new AppError('SALE_CLOSED', messages.categoryInactive);
    if (now < category.saleStartAt) throw new AppError('SALE_CLOSED', messages.saleNotStarted);
    if (now >= category.saleEndAt) throw new AppError('SALE_CLOSED', messages.saleEnded);
  }

  // The sale is the hot path: its statements are prepared once (a query built and prepared per
  // call costs more CPU than the insert itself). They run inside whatever transaction is open.
  const ph = sql.placeholder;
  const categoryOfEvent = db
    .select()
    .from(ticketCategories)
    .where(and(eq(ticketCategories.id, ph('categoryId')), eq(ticketCategories.eventId, ph('eventId'))))
    .prepare();
  const liveOrderOfIdentity = db
    .select({ id: orders.id })
    .from(orders)
    // The literal (not a bound 'cancelled') lets SQLite use the partial unique index without
    // preparing the statement again on every call.
    .where(and(eq(orders.eventId, ph('eventId')), eq(orders.identityNumber, ph('identityNumber')), sql`${orders.status} <> 'cancelled'`))
    .prepare();
  const userByEmail = db.select({ id: users.id }).from(users).where(eq(users.email, ph('email'))).prepare();
  const insertUser = db
    .insert(users)
    .values({
      id: ph('id'),
      email: ph('email'),
      name: ph('name'),
      role: 'customer',
      passwordHash: ph('passwordHash'),
      createdAt: ph('now'),
      updatedAt: ph('now'),
    })
    .prepare();
  const insertOrder = db
    .insert(orders)
    .values({
      id: ph('id'),
      eventId: ph('eventId'),
      ticketCategoryId: ph('ticketCategoryId'),
      buyerUserId: ph('buyerUserId'),
      status: ph('status'),
      paymentStatus: ph('paymentStatus'),
      subtotal: ph('subtotal'),
      feeTotal: ph('feeTotal'),
      totalAmount: ph('totalAmount'),
      customerName: ph('customerName'),
      customerEmail: ph('customerEmail'),
      customerPhone: ph('customerPhone'),
      customerGender: ph('customerGender'),
      customerBirthDate: ph('customerBirthDate'),
      identityNumber: ph('identityNumber'),
      formData: ph('formData'),
      transactionId: ph('transactionId'),
      expiresAt: ph('expiresAt'),
      cancelledAt: null,
      cancelReason: null,
      createdAt: ph('createdAt'),
      updatedAt: ph('updatedAt'),
    })
    .prepare();
  const insertOrderItem = db
    .insert(orderItems)
    .values({
      id: ph('id'),
      orderId: ph('orderId'),
      ticketCategoryId: ph('ticketCategoryId'),
      name: ph('name'),
      quantity: 1,
      unitPrice: ph('price'),
      subtotal: ph('price'),
      createdAt: ph('now'),
    })
    .prepare();

  /** The customer's user: matched by e-mail, or created with a password returned only this once. */
  function matchOrCreateBuyer(registration: CreateOrderBody['registration'], now: number) {
    const email = normaliseEmail(registration.email);
    const existing = userByEmail.get({ email });
    if (existing) return { userId: existing.id, isExistingUser: true, generatedPassword: null };
    const generatedPassword = newGeneratedPassword();
    const userId = newId(now);
    insertUser.run({ id: userId, email, name: registration.name, passwordHash: hashGeneratedSecret(generatedPassword), now });
    return { userId, isExistingUser: false, generatedPassword };
  }

  /** The sale itself, alone or as a basket's line; the caller has resolved the event and opened the transaction. */
  function createIn(actor: Actor, event: EventRow, body: CreateOrderBody, transactionId: string | null = null): OrderCreated {
    const { registration } = body;
    const now = clock();
    const category = categoryOfEvent.get({ categoryId: body.ticketCategoryId, eventId: event.id });
    if (!category) throw fieldError('ticketCategoryId', messages.ticketCategoryNotFound);
    assertOnSale(event, category, now);

    const taken = liveOrderOfIdentity.get({ eventId: event.id, identityNumber: registration.identityNumber });
    if (taken) {
      throw new AppError('IDENTITY_NUMBER_REGISTERED', messages.identityNumberRegistered, [
        { field: 'registration.identityNumber', message: messages.identityNumberRegistered },
      ]);
    }

    if (!gate.maySell(category)) {
      throw new AppError('SOLD_OUT', messages.offlineAllotmentUsed, [{ field: 'ticketCategoryId', message: messages.offlineAllotmentUsed }]);
    }
    if (!seats.hold(category.id, now)) {
      throw new AppError('SOLD_OUT', messages.soldOut, [{ field: 'ticketCategoryId', message: messages.soldOut }]);
    }

    const buyer = matchOrCreateBuyer(registration, now);
    const fee = feeFor(event, category.price);
    const row: OrderRow = {
      id: newId(now),
      eventId: event.id,
      ticketCategoryId: category.id,
      buyerUserId: buyer.userId,
      status: 'payment_pending',
      paymentStatus: 'unpaid',
      subtotal: category.price,
      feeTotal: fee.feeTotal,
      totalAmount: category.price + fee.chargedToCustomer,
      customerName: registration.name,
      customerEmail: normaliseEmail(registration.email),
      customerPhone: registration.phone,
      customerGender: registration.gender,
      customerBirthDate: registration.birthDate,
      identityNumber: registration.identityNumber,
      formData: registration.formData ?? {},
      transactionId,
      expiresAt: expiry.holdUntil(now),
      cancelledAt: null,
      cancelReason: null,
      createdAt: now,
      updatedAt: now,
    };
    insertOrder.run(row);
    insertOrderItem.run({ id: newId(now), orderId: row.id, ticketCategoryId: category.id, name: category.name, price: category.price, now });
    journal.record(row, 'create', null);
    audit.record(actor, 'order.created', {
      eventId: event.id,
      subjectId: row.id,
      details: {
        ticketCategoryName: category.name,
        total: fromMinor(row.totalAmount),
        customerName: row.customerName,
        identityNumber: maskIdentityNumber(row.identityNumber),
      },
    });

    // Object.assign, not a spread: see orderBase.
    return Object.assign(orderBase(row, event), eventSummary(event), {
      participants: [],
      createdUserId: buyer.userId,
      isExistingUser: buyer.isExistingUser,
      generatedPassword: buyer.generatedPassword,
    });
  }

  /** The event a sale's path names, where the actor may sell, and which the sale's body names too. */
  function eventToSellIn(actor: Actor, idOrSlug: string, eventId: string): EventRow {
    const event = events.resolveFor(actor, idOrSlug, 'event:update');
    if (eventId !== event.id) throw fieldError('eventId', messages.eventIdMismatch);
    return event;
  }

  /**
   * A sale, committed together with the other sales that arrive at the same moment (see
   * group-commit.ts): what the HTTP listener uses, so that ten counters selling at once share
   * one disk flush instead of queueing for ten. Same checks, same errors, same result. The event
   * is read in the group's transaction too: a read outside one begins and ends a read transaction
   * of its own, which under load cost several times the same read inside.
   */
  async function create(actor: Actor, idOrSlug: string, body: CreateOrderBody): Promise<OrderCreated> {
    return groupCommit(() => {
      const event = eventToSellIn(actor, idOrSlug, body.eventId);
      expiry.expireDue();
      return createIn(actor, event, body);
    });
  }

  function get(actor: Actor, idOrSlug: string, orderId: string): OrderDetail {
    const event = events.resolveFor(actor, idOrSlug, 'event:read');
    expiry.expireBeforeRead();
    return views.detailOf(actor, event, views.find(event, orderId));
  }

  return { create, createIn, eventToSellIn, get };
}
export type OrderService = ReturnType<typeof createOrderService>;
