/**
 * What every printed document of the counter shares (the invoice, the cash reports): A4 or an
 * 80 mm roll, and label-and-amount rows. A roll has no fixed length: its content is drawn once on
 * a page too long to fill, and the page is then cut where the content ends.
 */
import type { InvoiceLayout } from '#shared/schemas/settings.js';

export const RECEIPT_WIDTH = 226.77; // 80 mm in points

export interface Geometry {
  size: [number, number];
  margin: number;
  base: number;
  qr: number;
}

const A4: Geometry = { size: [595.28, 841.89], margin: 48, base: 10, qr: 120 };
const ROLL: Geometry = { size: [RECEIPT_WIDTH, 14_400], margin: 12, base: 8, qr: 140 };

/** Draws the content, leaving `doc.y` where it ends; renderPdf ends the document. */
export type Draw = (doc: PDFKit.PDFDocument, g: Geometry) => void;

export async function renderPdf(layout: InvoiceLayout, title: string, draw: Draw): Promise<Buffer> {
  // Loaded with the first document, not when serve starts: pdfkit alone was a sixth of a cold start.
  const { default: PDFDocument } = await import('pdfkit');
  const g = layout === 'a4' ? A4 : ROLL;
  const doc = new PDFDocument({ size: g.size, margin: g.margin, info: { Title: title } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  draw(doc, g);
  if (layout === 'receipt') cutRoll(doc, g);
  doc.end();
  return done;
}

/**
 * Shows only the top of the roll's last page, down to the content's end and a margin. pdfkit draws
 * from the page's top edge, so the page keeps its height and its media box starts lower. Drawing
 * once and cutting spares the second drawing that learning the length first would take.
 */
function cutRoll(doc: PDFKit.PDFDocument, g: Geometry): void {
  const [width, height] = g.size;
  const length = Math.ceil(doc.y + g.margin);
  Object.assign(doc.page.dictionary.data, { MediaBox: [0, height - length, width, height] });
}

/** A section heading and a row of a label on the left and its value on the right. */
export function writers(doc: PDFKit.PDFDocument, g: Geometry) {
  const width = g.size[0] - 2 * g.margin;
  const heading = (text: string) => doc.moveDown(0.6).font('Helvetica-Bold').fontSize(g.base + 1).text(text).font('Helvetica').fontSize(g.base);
  const row = (label: string, value: string, bold = false) => {
    const y = doc.y;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(g.base);
    doc.text(label, g.margin, y, { width: width * 0.55 });
    const labelBottom = doc.y;
    doc.text(value, g.margin + width * 0.55, y, { width: width * 0.45, align: 'right' });
    doc.y = Math.max(labelBottom, doc.y);
    doc.x = g.margin;
  };
  return { heading, row };
}
