/**
 * Printed things of an order: the invoice PDF and each ticket's QR image, both carrying the
 * ticket's signed token; and a basket's one receipt with every ticket. Reads the order exactly as the detail endpoint does (same access rule:
 * event:read, same expiry check). Each invoice fetched is a print, counted (domain/invoices.ts).
 */
import QRCode from 'qrcode';
import type { OrderDetail, Participant } from '#shared/schemas/order.js';
import type { InvoiceLayout } from '#shared/schemas/settings.js';
import { messages } from '#shared/messages.js';
import type { Actor } from '../domain/access.js';
import { AppError } from '../domain/errors.js';
import type { EventService } from '../domain/events.js';
import type { Expiry } from '../domain/expiry.js';
import type { Invoices } from '../domain/invoices.js';
import type { GroupCommit } from '../db/group-commit.js';
import type { OrderViews } from '../domain/order-views.js';
import type { TicketSigner } from '../domain/ticket-signing.js';
import type { SettingsStore } from '../settings/store.js';
import type { Transactions } from '../domain/transactions.js';
import { basketReceiptDocument, invoiceDocument, type InvoiceTicket } from './document.js';
import { renderDocument } from './render.js';

interface InvoiceDeps {
  events: EventService;
  views: OrderViews;
  expiry: Expiry;
  signer: TicketSigner;
  settings: SettingsStore;
  invoices: Invoices;
  groupCommit: GroupCommit;
  transactions: Transactions;
}

export type QrFormat = 'png' | 'svg';

export function createInvoiceService({ events, views, expiry, signer, settings, invoices, groupCommit, transactions }: InvoiceDeps) {
  function tokenOf(participant: Participant): string {
    return signer.signTicket({
      pid: participant.id,
      tn: participant.ticketNumber,
      eid: participant.eventId,
      cid: participant.ticketCategoryId,
      iat: Math.floor(Date.parse(participant.createdAt) / 1000),
    });
  }

  function readOrder(actor: Actor, idOrSlug: string, orderId: string) {
    const event = events.resolveFor(actor, idOrSlug, 'event:read');
    expiry.expireBeforeRead();
    const row = views.find(event, orderId);
    return { event, row, order: views.detailOf(actor, event, row) };
  }

  /** The order's tickets as printed: number, who, category and the signed token. */
  function ticketsOf(order: OrderDetail): InvoiceTicket[] {
    const categoryName = new Map(order.items.map((item) => [item.ticketCategoryId, item.name]));
    return order.participants.map((p) => ({ ticketNumber: p.ticketNumber, name: p.name, categoryName: categoryName.get(p.ticketCategoryId) ?? '', token: tokenOf(p) }));
  }

  /**
   * One receipt for a basket (every attendee, the one payment, every valid ticket's QR code),
   * counted as a print: SALINAN from the second on, whether a PDF or on the receipt printer.
   */
  function basketReceiptDocumentOf(actor: Actor, idOrSlug: string, transactionId: string) {
    const basket = transactions.get(actor, idOrSlug, transactionId);
    const event = events.resolveFor(actor, idOrSlug, 'event:read');
    const valid = basket.orders.filter((o) => o.status === 'completed');
    const copy = transactions.recordReceiptPrint(basket.id) > 1;
    return { basket, copy, document: basketReceiptDocument({ basket, timezone: event.timezone, copy, tickets: valid.flatMap(ticketsOf) }) };
  }

  async function basketReceipt(actor: Actor, idOrSlug: string, transactionId: string, layout?: InvoiceLayout) {
    const { basket, document } = basketReceiptDocumentOf(actor, idOrSlug, transactionId);
    return { pdf: await renderDocument(document, layout ?? settings.get().invoiceLayout), filename: `struk-${basket.id}.pdf` };
  }

  /**
   * The invoice as printed, counted as a print: the first is the original, every later one a copy
   * (SALINAN), whether it goes to a PDF or to the receipt printer.
   */
  async function invoiceDocumentOf(actor: Actor, idOrSlug: string, orderId: string) {
    const { event, row, order } = readOrder(actor, idOrSlug, orderId);
    const numbered = await groupCommit(() => invoices.recordPrint(order.id));
    // A paid order without a number here was paid at another counter, which printed the original.
    const copy = numbered ? numbered.prints > 1 : order.paymentStatus === 'paid';
    const document = invoiceDocument({
      order,
      timezone: event.timezone,
      issued: numbered ? { counterName: numbered.counterName, cashierName: numbered.cashierName } : null,
      copy,
      buyer: { name: row.customerName, email: row.customerEmail, phone: row.customerPhone },
      tickets: ticketsOf(order),
    });
    return { document, order, copy };
  }

  async function invoice(actor: Actor, idOrSlug: string, orderId: string, layout?: InvoiceLayout) {
    const { document, order } = await invoiceDocumentOf(actor, idOrSlug, orderId);
    const pdf = await renderDocument(document, layout ?? settings.get().invoiceLayout);
    return { pdf, filename: `invoice-${order.id}.pdf` };
  }

  /** A token's QR image, as PNG or SVG. */
  async function qrImage(token: string, format: QrFormat) {
    const options = { errorCorrectionLevel: 'M', margin: 2 } as const;
    if (format === 'svg') return { contentType: 'image/svg+xml', body: await QRCode.toString(token, { ...options, type: 'svg' }) };
    return { contentType: 'image/png', body: await QRCode.toBuffer(token, { ...options, width: 360 }) };
  }

  /** The QR image of a participant's ticket token. */
  function ticketQr(actor: Actor, idOrSlug: string, orderId: string, participantId: string, format: QrFormat) {
    const { order } = readOrder(actor, idOrSlug, orderId);
    const participant = order.participants.find((p) => p.id === participantId);
    if (!participant) throw new AppError('ORDER_NOT_FOUND', messages.participantNotFound);
    return qrImage(tokenOf(participant), format);
  }

  /** The QR image of a basket's group token: one scan for every paid ticket. */
  function basketQr(actor: Actor, idOrSlug: string, transactionId: string, format: QrFormat) {
    const { groupToken } = transactions.get(actor, idOrSlug, transactionId);
    if (!groupToken) throw new AppError('NOT_FOUND', messages.groupNotPaid);
    return qrImage(groupToken, format);
  }

  return { invoice, invoiceDocumentOf, basketReceipt, basketReceiptDocumentOf, ticketQr, basketQr };
}
export type InvoiceService = ReturnType<typeof createInvoiceService>;
