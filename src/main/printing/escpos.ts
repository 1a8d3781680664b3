/**
 * A printed document (invoice/document.ts) as a receipt printer's ESC/POS commands, with the
 * well-kept encoder of the point-of-sale project: the organizer and the state large, label and
 * amount rows across the roll, SALINAN reversed on a copy, each ticket's QR code printed by the
 * printer itself, a cut; and the cash drawer's kick.
 */
import ReceiptPrinterEncoder from '@point-of-sale/receipt-printer-encoder';
import type { Settings } from '#shared/schemas/settings.js';
import type { Block, PrintedDocument } from '../invoice/document.js';

export interface EncodeOptions {
  paperWidth: Settings['printerPaperWidth'];
  codepage: Settings['printerCodepage'];
}

type QrOptions = { model: 2; size: number; errorlevel: 'm' };

/** Characters a line in the printer's standard font (12 dots wide) on each roll. */
const COLUMNS: Record<Settings['printerPaperWidth'], number> = { 80: 48, 58: 32 };
/**
 * Dots per QR module on each roll: a ticket token (about 370 characters, version 14 at level M,
 * 73 modules) stays inside 80 mm's 576 dots at 6 and 58 mm's 384 at 4.
 */
const QR_MODULE: Record<Settings['printerPaperWidth'], number> = { 80: 6, 58: 4 };

export function encodeDocument({ blocks }: PrintedDocument, options: EncodeOptions): Uint8Array {
  const columns = COLUMNS[options.paperWidth];
  const encoder = new ReceiptPrinterEncoder({ language: 'esc-pos', columns, feedBeforeCut: 4 });
  encoder.initialize().codepage(options.codepage);
  const qr = { model: 2, size: QR_MODULE[options.paperWidth], errorlevel: 'm' } as const;
  for (const block of blocks) write(encoder, block, columns, qr);
  encoder.cut('partial');
  return encoder.encode();
}

/** The drawer kicked: nothing printed, nothing cut. The queue sends it before or after a cash payment's receipt (print-queue.ts). */
export function encodeDrawerKick(): Uint8Array {
  return new ReceiptPrinterEncoder({ language: 'esc-pos' }).initialize().pulse().encode();
}

function write(encoder: ReceiptPrinterEncoder, block: Block, columns: number, qr: QrOptions): void {
  switch (block.kind) {
    case 'title':
      encoder.align('center').bold(true).size(1, 2).line(block.text).size(1, 1).bold(false).align('left');
      return;
    case 'subtitle':
      encoder.bold(true).line(block.text).bold(false);
      return;
    case 'text':
      encoder.line(block.text);
      return;
    case 'stamp':
      encoder.newline().align('center').bold(true).size(1, 2).line(block.text).size(1, 1).bold(false).align('left');
      return;
    case 'copy':
      encoder.align('center').bold(true).invert(true).line(' SALINAN ').invert(false).bold(false).align('left');
      return;
    case 'heading':
      encoder.newline().bold(true).line(block.text).bold(false).rule();
      return;
    case 'row': {
      // The value keeps its width (an amount is never broken); the label wraps beside it.
      const valueWidth = Math.min(Math.max(block.value.length, 1), columns - 12);
      encoder.bold(Boolean(block.bold));
      encoder.table(
        [
          { width: columns - valueWidth - 1, align: 'left' },
          { width: valueWidth, align: 'right', marginLeft: 1 },
        ],
        [[block.label, block.value]],
      );
      encoder.bold(false);
      return;
    }
    case 'qr':
      encoder.align('center').qrcode(block.token, qr).align('left');
      return;
    case 'ticket':
      encoder.newline().align('center').bold(true).size(2, 2).line(block.ticket.ticketNumber).size(1, 1).bold(false);
      encoder.line(`${block.ticket.name} · ${block.ticket.categoryName}`).qrcode(block.ticket.token, qr).align('left');
      return;
    case 'footer':
      encoder.newline().line(block.text);
  }
}
