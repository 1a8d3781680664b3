import { and, asc, count, desc, eq, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type {
  CreateOrderBody,
  OrderCreated,
  OrderDetail,
  OrderListItem,
  OrderListQuery,
  Participant,
} from '../../shared/schemas/order.js';
import type { PageMeta } from '../../shared/schemas/common.js';
import { messages } from '../../shared/messages.js';
import { fromMinor } from '../../shared/money.js';
import type { Db } from '../db/connection.js';
import { orderItems, orders, participants, ticketCategories, users } from '../db/schema.js';
import type { Actor } from './access.js';
import type { Clock } from './clock.js';
import { AppError, fieldError } from './errors.js';
import type { EventRow, EventService } from './events.js';
import { feeFor } from './fees.js';
import { newId } from './ids.js';
import { likePattern, pageMeta } from './paging.js';
import { hashGeneratedSecret, newGeneratedPassword } from './secrets.js';
import { toIso } from './time.js';
import { normaliseEmail } from './users.js';

export type OrderRow = typeof orders.$inferSelect;
type ParticipantRow = typeof participants.$inferSelect;

/** Where a participant's QR image is served; the HTTP layer knows its own address. */
export interface Links {
  participantQr(participant: ParticipantRow): string;
}

function orderBase(row: OrderRow, event: EventRow) {
  const at = (ms: number) => toIso(ms, event.timezone);
  return {
    id: row.id,
    buyerUserId: row.buyerUserId,
    eventId: row.eventId,
    eventName: event.name,
    status: row.status,
    paymentStatus: row.paymentStatus,
    totalAmount: fromMinor(row.totalAmount),
    createdAt: at(row.createdAt),
    updatedAt: at(row.updatedAt),
  };
}

function eventSummary(event: EventRow) {
  return {
    eventLocation: event.location,
    eventMapsLink: event.mapsLink,
    eventStartAt: toIso(event.startAt, event.timezone),
    eventEndAt: toIso(event.endAt, event.timezone),
    organizerName: event.organizerName,
  };
}

export function createOrderService(db: Db, events: EventService, links: Links, clock: Clock) {
  function toParticipantDto(row: ParticipantRow, event: EventRow): Participant {
    return {
      id: row.id,
      orderId: row.orderId,
      eventId: row.eventId,
      ticketCategoryId: row.ticketCategoryId,
      userId: row.userId,
      ticketNumber: row.ticketNumber,
      qrCode: links.participantQr(row),
      status: row.status,
      identityNumber: row.identityNumber,
      name: row.name,
      email: row.email,
      phone: row.phone,
      gender: row.gender,
      birthDate: row.birthDate,
      formData: row.formData,
      createdAt: toIso(row.createdAt, event.timezone),
    };
  }

  function participantsOf(orderIds: string[], event: EventRow): Map<string, Participant[]> {
    const byOrder = new Map<string, Participant[]>();
    if (orderIds.length === 0) return byOrder;
    const rows = db.select().from(participants).where(inArray(participants.orderId, orderIds)).all();
    for (const row of rows) {
      const list = byOrder.get(row.orderId) ?? [];
      list.push(toParticipantDto(row, event));
      byOrder.set(row.orderId, list);
    }
    return byOrder;
  }

  /** Refuses a sale the event or category does not allow right now (409 SALE_CLOSED). */
  function assertOnSale(event: EventRow, category: typeof ticketCategories.$inferSelect, now: number) {
    if (event.status !== 'published') throw new AppError('SALE_CLOSED', messages.eventNotPublished);
    if (category.status !== 'active') throw new AppError('SALE_CLOSED', messages.categoryInactive);
    if (now < category.saleStartAt) throw new AppError('SALE_CLOSED', messages.saleNotStarted);
    if (now >= category.saleEndAt) throw new AppError('SALE_CLOSED', messages.saleEnded);
  }

  /** The customer's user: matched by e-mail, or created with a password returned only this once. */
  function matchOrCreateBuyer(tx: Db, registration: CreateOrderBody['registration'], now: number) {
    const email = normaliseEmail(registration.email);
    const existing = tx.select({ id: users.id }).from(users).where(eq(users.email, email)).get();
    if (existing) return { userId: existing.id, isExistingUser: true, generatedPassword: null };
    const generatedPassword = newGeneratedPassword();
    const userId = newId(now);
    tx.insert(users)
      .values({
        id: userId,
        email,
        name: registration.name,
        role: 'customer',
        passwordHash: hashGeneratedSecret(generatedPassword),
        createdAt: now,
        updatedAt: now,
      })
      .run();
    return { userId, isExistingUser: false, generatedPassword };
  }

  function create(actor: Actor, idOrSlug: string, body: CreateOrderBody): OrderCreated {
    const event = events.resolveFor(actor, idOrSlug, 'event:update');
    if (body.eventId !== event.id) throw fieldError('eventId', messages.eventIdMismatch);
    const { registration } = body;

    return db.transaction(
      (tx) => {
        const now = clock();
        const category = tx
          .select()
          .from(ticketCategories)
          .where(and(eq(ticketCategories.id, body.ticketCategoryId), eq(ticketCategories.eventId, event.id)))
          .get();
        if (!category) throw fieldError('ticketCategoryId', messages.ticketCategoryNotFound);
        assertOnSale(event, category, now);

        const taken = tx
          .select({ id: orders.id })
          .from(orders)
          .where(
            and(
              eq(orders.eventId, event.id),
              eq(orders.identityNumber, registration.identityNumber),
              ne(orders.status, 'cancelled'),
            ),
          )
          .get();
        if (taken) {
          throw new AppError('IDENTITY_NUMBER_REGISTERED', messages.identityNumberRegistered, [
            { field: 'registration.identityNumber', message: messages.identityNumberRegistered },
          ]);
        }

        // The hold: one conditional update, so the quota holds however many sales race for it.
        const held = tx
          .update(ticketCategories)
          .set({ held: sql`${ticketCategories.held} + 1`, updatedAt: now })
          .where(
            and(
              eq(ticketCategories.id, category.id),
              sql`${ticketCategories.sold} + ${ticketCategories.held} < ${ticketCategories.quota}`,
            ),
          )
          .run().changes;
        if (held === 0) {
          throw new AppError('SOLD_OUT', messages.soldOut, [{ field: 'ticketCategoryId', message: messages.soldOut }]);
        }

        const buyer = matchOrCreateBuyer(tx, registration, now);
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
          createdAt: now,
          updatedAt: now,
        };
        tx.insert(orders).values(row).run();
        tx.insert(orderItems)
          .values({
            id: newId(now),
            orderId: row.id,
            ticketCategoryId: category.id,
            name: category.name,
            quantity: 1,
            unitPrice: category.price,
            subtotal: category.price,
            createdAt: now,
          })
          .run();

        return {
          ...orderBase(row, event),
          ...eventSummary(event),
          participants: [],
          createdUserId: buyer.userId,
          isExistingUser: buyer.isExistingUser,
          generatedPassword: buyer.generatedPassword,
        };
      },
      { behavior: 'immediate' },
    );
  }

  const SORT_COLUMNS = { createdAt: orders.createdAt, totalAmount: orders.totalAmount } as const;

  function list(actor: Actor, idOrSlug: string, query: OrderListQuery): { data: OrderListItem[]; meta: PageMeta } {
    const event = events.resolveFor(actor, idOrSlug, 'event:read');
    const filters: (SQL | undefined)[] = [eq(orders.eventId, event.id)];
    if (query.status) filters.push(eq(orders.status, query.status));
    if (query.paymentStatus) filters.push(eq(orders.paymentStatus, query.paymentStatus));
    if (query.search) {
      const pattern = likePattern(query.search);
      filters.push(
        or(sql`${orders.customerName} like ${pattern} escape '\\'`, sql`${orders.customerEmail} like ${pattern} escape '\\'`),
      );
    }
    const where = and(...filters);
    const total = db.select({ n: count() }).from(orders).where(where).get()?.n ?? 0;
    const direction = query.order === 'asc' ? asc : desc;
    const rows = db
      .select({ order: orders, categoryName: ticketCategories.name })
      .from(orders)
      .innerJoin(ticketCategories, eq(ticketCategories.id, orders.ticketCategoryId))
      .where(where)
      .orderBy(direction(SORT_COLUMNS[query.sort]), direction(orders.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit)
      .all();
    const people = participantsOf(
      rows.map((r) => r.order.id),
      event,
    );
    const data = rows.map(({ order, categoryName }) => ({
      ...orderBase(order, event),
      customerName: order.customerName,
      customerEmail: order.customerEmail,
      ticketCategoryName: categoryName,
      participants: people.get(order.id) ?? [],
    }));
    return { data, meta: pageMeta(query, total) };
  }

  /** The order of this event, or 404: an order of another event is not found here either. */
  function find(event: EventRow, orderId: string): OrderRow {
    const row = db
      .select()
      .from(orders)
      .where(and(eq(orders.id, orderId), eq(orders.eventId, event.id)))
      .get();
    if (!row) throw new AppError('ORDER_NOT_FOUND', messages.orderNotFound);
    return row;
  }

  function detailOf(event: EventRow, row: OrderRow): OrderDetail {
    const items = db.select().from(orderItems).where(eq(orderItems.orderId, row.id)).all();
    return {
      ...orderBase(row, event),
      ...eventSummary(event),
      eventBanner: event.bannerUrl,
      subtotal: fromMinor(row.subtotal),
      feeTotal: fromMinor(row.feeTotal),
      grandTotal: fromMinor(row.totalAmount),
      items: items.map((item) => ({
        id: item.id,
        orderId: item.orderId,
        ticketCategoryId: item.ticketCategoryId,
        name: item.name,
        quantity: item.quantity,
        unitPrice: fromMinor(item.unitPrice),
        subtotal: fromMinor(item.subtotal),
        createdAt: toIso(item.createdAt, event.timezone),
      })),
      participants: participantsOf([row.id], event).get(row.id) ?? [],
    };
  }

  function get(actor: Actor, idOrSlug: string, orderId: string): OrderDetail {
    const event = events.resolveFor(actor, idOrSlug, 'event:read');
    return detailOf(event, find(event, orderId));
  }

  return { create, list, get };
}
export type OrderService = ReturnType<typeof createOrderService>;
