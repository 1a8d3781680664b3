/**
 * The invoice PDF, fetched with the operator's credentials: saved as a file, or printed through the
 * browser's (or the Electron window's native) print dialog from a hidden frame.
 */
import type { InvoiceLayout } from '../../shared/schemas/settings.js';
import { contract } from '../../shared/contract/index.js';
import { file } from './api/client';

export const LAYOUT_LABEL: Record<InvoiceLayout, string> = { a4: 'A4', receipt: 'Struk 80 mm' };

/** Object URLs live this long: enough for a download or a print dialog to read them. */
const KEEP_URL_MS = 5 * 60_000;

async function invoiceUrl(eventId: string, orderId: string, layout: InvoiceLayout): Promise<string> {
  const pdf = await file(contract.getInvoice, { params: { idOrSlug: eventId, orderId }, query: { layout } });
  const url = URL.createObjectURL(pdf);
  setTimeout(() => URL.revokeObjectURL(url), KEEP_URL_MS);
  return url;
}

export async function downloadInvoice(eventId: string, orderId: string, layout: InvoiceLayout): Promise<void> {
  const link = document.createElement('a');
  link.href = await invoiceUrl(eventId, orderId, layout);
  link.download = `invoice-${orderId}${layout === 'receipt' ? '-struk' : ''}.pdf`;
  link.click();
}

export async function printInvoice(eventId: string, orderId: string, layout: InvoiceLayout): Promise<void> {
  const url = await invoiceUrl(eventId, orderId, layout);
  document.getElementById('invoice-print')?.remove();
  const frame = document.createElement('iframe');
  frame.id = 'invoice-print';
  frame.title = 'Invoice untuk dicetak';
  frame.className = 'print-frame';
  frame.src = url;
  frame.addEventListener('load', () => frame.contentWindow?.print(), { once: true });
  document.body.append(frame);
}
