/**
 * One receipt for a basket: the event, every attendee's ticket with its invoice number and amount,
 * the total, the one payment (cash handed over and the change), the group's QR code (one scan for
 * all) and every ticket's own. Each
 * ticket's own invoice stays the numbered document; this is what the family takes home together.
 */
import type { Transaction } from '#shared/schemas/transaction.js';
import type { InvoiceLayout } from '#shared/schemas/settings.js';
import { METHOD_LABEL } from '#shared/labels.js';
import { formatRupiah, toMinor } from '#shared/money.js';
import { formatDateTime } from '../domain/time.js';
import { renderPdf, writers } from './pdf-layout.js';
import { drawQrBlock, drawTicket, type InvoiceTicket } from './render.js';

const rupiah = (decimal: string) => formatRupiah(toMinor(decimal));

export interface BasketReceiptInput {
  basket: Transaction;
  timezone: string;
  /** The valid tickets, in the order of the lines. */
  tickets: InvoiceTicket[];
}

export function renderBasketReceipt({ basket, timezone, tickets }: BasketReceiptInput, layout: InvoiceLayout): Promise<Buffer> {
  return renderPdf(layout, `Struk transaksi ${basket.id}`, (doc, g) => {
    const { heading, row } = writers(doc, g);
    const first = basket.orders[0]!;
    const nameOf = new Map(basket.attendees.map((a) => [a.orderId, a.name]));
    doc.font('Helvetica-Bold').fontSize(g.base + 6).text(first.organizerName);
    doc.fontSize(g.base + 2).text(`Struk transaksi · ${basket.attendees.length} peserta`);
    doc.font('Helvetica').fontSize(g.base).text(`Transaksi ${basket.id}`);
    doc.text(`Dibuat ${formatDateTime(basket.createdAt, timezone)} oleh ${basket.createdBy}`);

    heading('Acara');
    doc.text(first.eventName);
    doc.text(first.eventLocation);
    doc.text(`Mulai: ${formatDateTime(first.eventStartAt, timezone)}`);

    heading('Peserta');
    for (const order of basket.orders) {
      const state = order.status === 'cancelled' ? ' (batal)' : '';
      row(`${nameOf.get(order.id)} · ${order.items[0]?.name ?? ''}${state}`, rupiah(order.grandTotal));
      if (order.invoiceNumber) doc.fontSize(g.base - 1).fillColor('#57606a').text(`  Invoice ${order.invoiceNumber}`).fillColor('black').fontSize(g.base);
    }
    row('Total', rupiah(basket.totalAmount), true);

    heading('Pembayaran');
    const payment = basket.orders.find((o) => o.status !== 'cancelled')?.payment;
    if (payment) row('Metode', METHOD_LABEL[payment.method]);
    if (basket.amountTendered) row('Tunai diterima', rupiah(basket.amountTendered));
    if (basket.change) row('Kembalian', rupiah(basket.change));
    if (!payment) doc.text('Belum ada pembayaran.');

    if (basket.groupToken) {
      heading('QR rombongan: satu pindai untuk semua tiket');
      drawQrBlock(doc, g, basket.groupToken);
    }
    if (tickets.length > 0) heading('Tiket');
    for (const ticket of tickets) drawTicket(doc, g, ticket);
    const end = doc.y;
    doc.end();
    return end;
  });
}
