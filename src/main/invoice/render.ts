/**
 * The invoice PDF (pdfkit): organizer, the invoice number, event, buyer, items, totals in rupiah,
 * the payment with who took it where, a refund when there was one, a clear state stamp (and
 * SALINAN on a copy), and each valid ticket's number with its QR code. Two layouts: A4, and an
 * 80 mm roll for receipt printers. Texts in Indonesian.
 */
import QRCode from 'qrcode';
import type { OrderDetail } from '#shared/schemas/order.js';
import type { InvoiceLayout } from '#shared/schemas/settings.js';
import { formatRupiah, formatRupiahSigned, toMinor, toMinorSigned } from '#shared/money.js';
import { METHOD_LABEL } from '#shared/labels.js';
import { formatDateTime } from '../domain/time.js';
import { RECEIPT_WIDTH, renderPdf, writers, type Geometry } from './pdf-layout.js';
import { invoiceFooter, invoiceStamp } from './text.js';

export interface InvoiceTicket {
  ticketNumber: string;
  name: string;
  categoryName: string;
  /** The signed token the QR code carries. */
  token: string;
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

const rupiah = (decimal: string) => formatRupiah(toMinor(decimal));

export function renderInvoice(input: InvoiceInput, layout: InvoiceLayout): Promise<Buffer> {
  return renderPdf(layout, `Invoice ${input.order.invoiceNumber ?? input.order.id}`, (doc, g) => draw(doc, input, g));
}

/**
 * The QR code as vector squares: sharper on a thermal printer than a bitmap, and several times
 * cheaper than encoding a PNG for every ticket.
 */
function drawQr(doc: PDFKit.PDFDocument, token: string, x: number, y: number, width: number): void {
  const { size, data } = QRCode.create(token, { errorCorrectionLevel: 'M' }).modules;
  const quiet = 2;
  const cell = width / (size + 2 * quiet);
  for (let row = 0; row < size; row++) {
    for (let col = 0; col < size; col++) {
      if (data[row * size + col]) doc.rect(x + (col + quiet) * cell, y + (row + quiet) * cell, cell, cell);
    }
  }
  doc.fillColor('black').fill();
}

/** A ticket: its number, who and what, and its QR code (on a new page when this one is full). */
export function drawTicket(doc: PDFKit.PDFDocument, g: Geometry, ticket: InvoiceTicket): void {
  if (doc.y + g.qr + 40 > g.size[1] - g.margin) doc.addPage();
  doc.font('Helvetica-Bold').fontSize(g.base + 2).text(ticket.ticketNumber);
  doc.font('Helvetica').fontSize(g.base).text(`${ticket.name} · ${ticket.categoryName}`);
  drawQrBlock(doc, g, ticket.token);
}

/** A QR code where the text goes on (centred on a receipt roll), and the text below it. */
export function drawQrBlock(doc: PDFKit.PDFDocument, g: Geometry, token: string): void {
  const narrow = g.size[0] === RECEIPT_WIDTH;
  drawQr(doc, token, narrow ? (g.size[0] - g.qr) / 2 : g.margin, doc.y + 4, g.qr);
  doc.y += g.qr + 10;
}

/** SALINAN in a frame under the state stamp: a reprint must not pass for the original. */
function drawCopyMark(doc: PDFKit.PDFDocument, g: Geometry): void {
  const text = 'SALINAN';
  doc.font('Helvetica-Bold').fontSize(g.base + 4);
  const width = doc.widthOfString(text) + 4 * g.base;
  const height = doc.currentLineHeight() + g.base / 2;
  const top = doc.y + 2;
  doc.lineWidth(1.5).strokeColor('#57606a').rect((g.size[0] - width) / 2, top, width, height).stroke();
  doc.fillColor('#57606a').text(text, g.margin, top + g.base / 4 + 1, { width: g.size[0] - 2 * g.margin, align: 'center' });
  doc.y = top + height + 2;
}

/** Draws the invoice and ends the document; returns where the content ended. */
function draw(doc: PDFKit.PDFDocument, input: InvoiceInput, g: Geometry): number {
  const { order } = input;
  const { heading, row } = writers(doc, g);

  doc.font('Helvetica-Bold').fontSize(g.base + 6).text(order.organizerName);
  doc.fontSize(g.base + 2).text(order.invoiceNumber ? `Invoice ${order.invoiceNumber}` : 'Invoice');
  doc.font('Helvetica').fontSize(g.base).text(`Pesanan ${order.id}`);
  doc.text(`Dibuat ${formatDateTime(order.createdAt, input.timezone)}`);

  const stamp = invoiceStamp(order.status, order.paymentStatus);
  doc.moveDown(0.5).font('Helvetica-Bold').fontSize(g.base + 8).fillColor(stamp.color).text(stamp.text, { align: 'center' });
  if (input.copy) drawCopyMark(doc, g);
  doc.fillColor('black').font('Helvetica').fontSize(g.base);

  heading('Acara');
  doc.text(order.eventName);
  doc.text(order.eventLocation);
  doc.text(`Mulai: ${formatDateTime(order.eventStartAt, input.timezone)}`);
  doc.text(`Selesai: ${formatDateTime(order.eventEndAt, input.timezone)}`);

  heading('Pembeli');
  doc.text(input.buyer.name);
  doc.text(input.buyer.email);
  doc.text(input.buyer.phone);

  heading('Rincian');
  for (const item of order.items) row(`${item.quantity} × ${item.name} @ ${rupiah(item.unitPrice)}`, rupiah(item.subtotal));
  row('Subtotal', rupiah(order.subtotal));
  row('Biaya layanan', rupiah(order.feeTotal));
  if (order.grandTotal === order.subtotal && toMinor(order.feeTotal) > 0) row('  (ditanggung penyelenggara)', '');
  row('Total', rupiah(order.grandTotal), true);

  heading('Pembayaran');
  const { payment } = input.order;
  if (payment) {
    row('Metode', METHOD_LABEL[payment.method]);
    if (payment.amountTendered) row('Tunai diterima', rupiah(payment.amountTendered));
    if (payment.rounding && toMinorSigned(payment.rounding) !== 0) row('Pembulatan tunai', formatRupiahSigned(toMinorSigned(payment.rounding)));
    if (payment.change) row('Kembalian', rupiah(payment.change));
    if (payment.reference) row('Referensi', payment.reference);
    if (payment.paidAt) row('Lunas pada', formatDateTime(payment.paidAt, input.timezone));
  } else {
    doc.text('Belum ada pembayaran.');
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
    if (order.status === 'cancelled') {
      doc.text(`${ticket.ticketNumber} · ${ticket.name} · tidak berlaku`);
      continue;
    }
    drawTicket(doc, g, ticket);
  }

  doc.moveDown().fontSize(g.base - 1).fillColor('#57606a').text(invoiceFooter(order.status, order.paymentStatus));
  const end = doc.y;
  doc.end();
  return end;
}
