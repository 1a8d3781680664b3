/**
 * A printed document as a PDF (pdfkit), on A4 or an 80 mm roll for receipt printers: each block of
 * document.ts drawn in turn, the state stamp large and coloured, SALINAN framed under it, each
 * ticket's QR code as vector squares.
 */
import QRCode from 'qrcode';
import type { InvoiceLayout } from '#shared/schemas/settings.js';
import { RECEIPT_WIDTH, renderPdf, writers, type Geometry } from './pdf-layout.js';
import type { Block, InvoiceTicket, PrintedDocument } from './document.js';

export function renderDocument({ title, blocks }: PrintedDocument, layout: InvoiceLayout): Promise<Buffer> {
  return renderPdf(layout, title, (doc, g) => {
    const draw = drawer(doc, g);
    for (const block of blocks) draw(block);
  });
}

/** Draws one block where the previous one ended. */
function drawer(doc: PDFKit.PDFDocument, g: Geometry): (block: Block) => void {
  const { heading, row } = writers(doc, g);
  const plain = () => doc.fillColor('black').font('Helvetica').fontSize(g.base);
  return (block) => {
    switch (block.kind) {
      case 'title':
        doc.font('Helvetica-Bold').fontSize(g.base + 6).text(block.text);
        return;
      case 'subtitle':
        doc.font('Helvetica-Bold').fontSize(g.base + 2).text(block.text);
        plain();
        return;
      case 'text':
        if (block.muted) doc.fontSize(g.base - 1).fillColor('#57606a');
        doc.text(block.text);
        plain();
        return;
      case 'stamp':
        doc.moveDown(0.5).font('Helvetica-Bold').fontSize(g.base + 8).fillColor(block.color).text(block.text, { align: 'center' });
        plain();
        return;
      case 'copy':
        drawCopyMark(doc, g);
        plain();
        return;
      case 'heading':
        heading(block.text);
        return;
      case 'row':
        row(block.label, block.value, block.bold);
        return;
      case 'qr':
        drawQrBlock(doc, g, block.token);
        return;
      case 'ticket':
        drawTicket(doc, g, block.ticket);
        return;
      case 'footer':
        doc.moveDown().fontSize(g.base - 1).fillColor('#57606a').text(block.text);
        plain();
    }
  };
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
function drawTicket(doc: PDFKit.PDFDocument, g: Geometry, ticket: InvoiceTicket): void {
  if (doc.y + g.qr + 40 > g.size[1] - g.margin) doc.addPage();
  doc.font('Helvetica-Bold').fontSize(g.base + 2).text(ticket.ticketNumber);
  doc.font('Helvetica').fontSize(g.base).text(`${ticket.name} · ${ticket.categoryName}`);
  drawQrBlock(doc, g, ticket.token);
}

/** A QR code where the text goes on (centred on a receipt roll), and the text below it. */
function drawQrBlock(doc: PDFKit.PDFDocument, g: Geometry, token: string): void {
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
