import type { OrderDetail } from '#shared/schemas/order.js';
import type { InvoiceLayout } from '#shared/schemas/settings.js';
import { orderReceiptToPrinter } from '../api/print-hooks';
import { downloadInvoice, printInvoice } from '../invoice';
import { PrintButtons } from './PrintButtons';

/** Print or save the order's invoice (PrintButtons); right after its payment (`justPaid`), by itself when set. */
export function InvoiceButtons({ order, justPaid = false }: { order: OrderDetail; justPaid?: boolean }) {
  const paper = {
    key: `order:${order.id}`,
    label: 'Cetak invoice',
    toPrinter: orderReceiptToPrinter(order),
    printPdf: (layout: InvoiceLayout) => printInvoice(order.eventId, order.id, layout),
    downloadPdf: (layout: InvoiceLayout) => downloadInvoice(order.eventId, order.id, layout),
  };
  return <PrintButtons paper={paper} justPaid={justPaid} />;
}
