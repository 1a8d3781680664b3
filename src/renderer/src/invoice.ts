/**
 * The invoice PDF (and the cash reports), fetched with the operator's credentials: saved as a file, or printed through the
 * browser's (or the Electron window's native) print dialog from a hidden frame.
 */
import type { InvoiceLayout } from '#shared/schemas/settings.js';
import { contract } from '#shared/contract/index.js';
import { file } from './api/client';

export const LAYOUT_LABEL: Record<InvoiceLayout, string> = { a4: 'A4', receipt: 'Struk 80 mm' };

/** Object URLs live this long: enough for a download or a print dialog to read them. */
const KEEP_URL_MS = 5 * 60_000;

function urlOf(blob: Blob): string {
  const url = URL.createObjectURL(blob);
  setTimeout(() => URL.revokeObjectURL(url), KEEP_URL_MS);
  return url;
}

const invoiceOf = (eventId: string, orderId: string, layout: InvoiceLayout) => file(contract.getInvoice, { params: { idOrSlug: eventId, orderId }, query: { layout } });

/** Saves a fetched file under `name`. */
export function saveFile(blob: Blob, name: string): void {
  const link = document.createElement('a');
  link.href = urlOf(blob);
  link.download = name;
  link.click();
}

/** Opens the print dialog for a fetched PDF. */
export function printPdf(pdf: Blob): void {
  const url = urlOf(pdf);
  document.getElementById('invoice-print')?.remove();
  const frame = document.createElement('iframe');
  frame.id = 'invoice-print';
  frame.title = 'Invoice untuk dicetak';
  frame.className = 'print-frame';
  frame.src = url;
  frame.addEventListener('load', () => frame.contentWindow?.print(), { once: true });
  document.body.append(frame);
}

export async function downloadInvoice(eventId: string, orderId: string, layout: InvoiceLayout): Promise<void> {
  saveFile(await invoiceOf(eventId, orderId, layout), `invoice-${orderId}${layout === 'receipt' ? '-struk' : ''}.pdf`);
}

/** A basket's one receipt, every ticket on it. */
const receiptOf = (eventId: string, transactionId: string, layout: InvoiceLayout) =>
  file(contract.getTransactionReceipt, { params: { idOrSlug: eventId, transactionId }, query: { layout } });

export const printReceipt = async (eventId: string, transactionId: string, layout: InvoiceLayout) => printPdf(await receiptOf(eventId, transactionId, layout));

export const downloadReceipt = async (eventId: string, transactionId: string, layout: InvoiceLayout) =>
  saveFile(await receiptOf(eventId, transactionId, layout), `struk-${transactionId}${layout === 'receipt' ? '-80mm' : ''}.pdf`);

export async function printInvoice(eventId: string, orderId: string, layout: InvoiceLayout): Promise<void> {
  printPdf(await invoiceOf(eventId, orderId, layout));
}
