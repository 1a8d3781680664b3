/**
 * What an invoice and a basket's receipt say, as a list of blocks, apart from how they are drawn:
 * the PDF (render.ts) and a receipt printer's commands (printing/escpos.ts) draw the same blocks,
 * so that paper from either says the same thing.
 */
import type { OrderDetail } from '#shared/schemas/order.js';
import type { Transaction } from '#shared/schemas/transaction.js';
import { METHOD_LABEL } from '#shared/labels.js';
import { formatRupiah, formatRupiahSigned, toMinor, toMinorSigned } from '#shared/money.js';
import { formatDateTime } from '../domain/time.js';
import { invoiceFooter, invoiceStamp } from './text.js';

export interface InvoiceTicket {
  ticketNumber: string;
  name: string;
  categoryName: string;
  /** The signed token the QR code carries. */
  token: string;
}

export type Block =
  /** The organizer, largest. */
  | { kind: 'title'; text: string }
  /** What the paper is ("Invoice INV/…"). */
  | { kind: 'subtitle'; text: string }
  | { kind: 'text'; text: string; muted?: boolean }
  /** The order's state in a few words, large and coloured. */
  | { kind: 'stamp'; text: string; color: string }
  /** SALINAN: a reprint must not pass for the original. */
  | { kind: 'copy' }
  | { kind: 'heading'; text: string }
  /** A label on the left, its value on the right. */
  | { kind: 'row'; label: string; value: string; bold?: boolean }
  /** A QR code alone (a basket's group code). */
  | { kind: 'qr'; token: string }
  /** A ticket: its number, who and what, and its QR code. */
  | { kind: 'ticket'; ticket: InvoiceTicket }
  | { kind: 'footer'; text: string };

export interface PrintedDocument {
  title: string;
  blocks: Block[];
}

export interface InvoiceInput {
  order: OrderDetail;
  timezone: string;
  /** Where and by whom the payment was taken, for an invoice numbered here. */
  issued: { counterName: string; cashierName: string } | null;
  /** A reprint: the original was printed before (here, or where the payment was taken). */
  copy: boolean;
  buyer: { name: string; email: string; phone: string };
  tickets: InvoiceTicket[];
}

export interface BasketReceiptInput {
  basket: Transaction;
  timezone: string;
  /** A reprint: the original was printed before. */
  copy: boolean;
  /** The valid tickets, in the order of the lines. */
  tickets: InvoiceTicket[];
}

const rupiah = (decimal: string) => formatRupiah(toMinor(decimal));

/**
 * The invoice: organizer, the invoice number, event, buyer, items, totals in rupiah, the payment
 * with who took it where, a refund when there was one, a clear state stamp (and SALINAN on a
 * copy), and each valid ticket's number with its QR code.
 */
export function invoiceDocument(input: InvoiceInput): PrintedDocument {
  const { order } = input;
  const blocks: Block[] = [];
  const text = (value: string) => blocks.push({ kind: 'text', text: value });
  const heading = (value: string) => blocks.push({ kind: 'heading', text: value });
  const row = (label: string, value: string, bold = false) => blocks.push({ kind: 'row', label, value, bold });

  blocks.push({ kind: 'title', text: order.organizerName });
  blocks.push({ kind: 'subtitle', text: order.invoiceNumber ? `Invoice ${order.invoiceNumber}` : 'Invoice' });
  text(`Pesanan ${order.id}`);
  text(`Dibuat ${formatDateTime(order.createdAt, input.timezone)}`);
  blocks.push({ kind: 'stamp', ...invoiceStamp(order.status, order.paymentStatus) });
  if (input.copy) blocks.push({ kind: 'copy' });

  heading('Acara');
  text(order.eventName);
  text(order.eventLocation);
  text(`Mulai: ${formatDateTime(order.eventStartAt, input.timezone)}`);
  text(`Selesai: ${formatDateTime(order.eventEndAt, input.timezone)}`);

  heading('Pembeli');
  text(input.buyer.name);
  text(input.buyer.email);
  text(input.buyer.phone);

  heading('Rincian');
  for (const item of order.items) row(`${item.quantity} × ${item.name} @ ${rupiah(item.unitPrice)}`, rupiah(item.subtotal));
  row('Subtotal', rupiah(order.subtotal));
  row('Biaya layanan', rupiah(order.feeTotal));
  if (order.grandTotal === order.subtotal && toMinor(order.feeTotal) > 0) row('  (ditanggung penyelenggara)', '');
  row('Total', rupiah(order.grandTotal), true);

  heading('Pembayaran');
  const { payment } = order;
  if (payment) {
    row('Metode', METHOD_LABEL[payment.method]);
    if (payment.amountTendered) row('Tunai diterima', rupiah(payment.amountTendered));
    if (payment.rounding && toMinorSigned(payment.rounding) !== 0) row('Pembulatan tunai', formatRupiahSigned(toMinorSigned(payment.rounding)));
    if (payment.change) row('Kembalian', rupiah(payment.change));
    if (payment.reference) row('Referensi', payment.reference);
    if (payment.paidAt) row('Lunas pada', formatDateTime(payment.paidAt, input.timezone));
  } else {
    text('Belum ada pembayaran.');
  }
  if (input.issued) {
    row('Kasir', input.issued.cashierName);
    row('Loket', input.issued.counterName);
  }

  const { refund } = order;
  if (refund) {
    heading('Pengembalian dana');
    row('Dikembalikan', rupiah(refund.amount), true);
    row('Metode', METHOD_LABEL[refund.method]);
    if (refund.reference) row('Referensi', refund.reference);
    row('Alasan', refund.reason);
    row('Pada', formatDateTime(refund.refundedAt, input.timezone));
    row('Disetujui oleh', refund.approvedBy);
    row('Diproses oleh', refund.refundedBy);
  }

  if (input.tickets.length > 0) heading('Tiket');
  for (const ticket of input.tickets) {
    // A cancelled order's ticket is void: its number is named, its QR code is not printed to be scanned.
    if (order.status === 'cancelled') text(`${ticket.ticketNumber} · ${ticket.name} · tidak berlaku`);
    else blocks.push({ kind: 'ticket', ticket });
  }
  blocks.push({ kind: 'footer', text: invoiceFooter(order.status, order.paymentStatus) });
  return { title: `Invoice ${order.invoiceNumber ?? order.id}`, blocks };
}

/**
 * One receipt for a basket: the event, every attendee's ticket with its invoice number and amount,
 * the total, the one payment (cash handed over and the change), the group's QR code (one scan for
 * all) and every ticket's own. Each ticket's own invoice stays the numbered document; this is what
 * the family takes home together.
 */
export function basketReceiptDocument({ basket, timezone, copy, tickets }: BasketReceiptInput): PrintedDocument {
  const blocks: Block[] = [];
  const text = (value: string) => blocks.push({ kind: 'text', text: value });
  const heading = (value: string) => blocks.push({ kind: 'heading', text: value });
  const row = (label: string, value: string, bold = false) => blocks.push({ kind: 'row', label, value, bold });
  const first = basket.orders[0]!;
  const nameOf = new Map(basket.attendees.map((a) => [a.orderId, a.name]));

  blocks.push({ kind: 'title', text: first.organizerName });
  blocks.push({ kind: 'subtitle', text: `Struk transaksi · ${basket.attendees.length} peserta` });
  text(`Transaksi ${basket.id}`);
  text(`Dibuat ${formatDateTime(basket.createdAt, timezone)} oleh ${basket.createdBy}`);
  if (copy) blocks.push({ kind: 'copy' });

  heading('Acara');
  text(first.eventName);
  text(first.eventLocation);
  text(`Mulai: ${formatDateTime(first.eventStartAt, timezone)}`);

  heading('Peserta');
  for (const order of basket.orders) {
    const state = order.status === 'cancelled' ? ' (batal)' : '';
    row(`${nameOf.get(order.id)} · ${order.items[0]?.name ?? ''}${state}`, rupiah(order.grandTotal));
    if (order.invoiceNumber) blocks.push({ kind: 'text', text: `  Invoice ${order.invoiceNumber}`, muted: true });
  }
  row('Total', rupiah(basket.totalAmount), true);

  heading('Pembayaran');
  const payment = basket.orders.find((o) => o.status !== 'cancelled')?.payment;
  if (payment) row('Metode', METHOD_LABEL[payment.method]);
  if (basket.amountTendered) row('Tunai diterima', rupiah(basket.amountTendered));
  if (basket.change) row('Kembalian', rupiah(basket.change));
  if (!payment) text('Belum ada pembayaran.');

  if (basket.groupToken) {
    heading('QR rombongan: satu pindai untuk semua tiket');
    blocks.push({ kind: 'qr', token: basket.groupToken });
  }
  if (tickets.length > 0) heading('Tiket');
  for (const ticket of tickets) blocks.push({ kind: 'ticket', ticket });
  return { title: `Struk transaksi ${basket.id}`, blocks };
}
