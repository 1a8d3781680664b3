/**
 * A session's X or Z report as a PDF, A4 or an 80 mm roll like the invoice: the session, sales by
 * payment method and category, refunds, cash in and out, and the drawer (expected, counted,
 * difference) with who approved it.
 */
import type { InvoiceLayout } from '#shared/schemas/settings.js';
import type { CashReport } from '#shared/schemas/cash-session.js';
import { METHOD_LABEL, cashReportTitle } from '#shared/labels.js';
import { formatRupiah, formatRupiahSigned, toMinor, toMinorSigned } from '#shared/money.js';
import { REPORT_TIME_ZONE } from '#shared/report-days.js';
import { formatDateTime } from '../domain/time.js';
import { renderPdf, writers, type Geometry } from './pdf-layout.js';

const rupiah = (decimal: string | null) => (decimal === null ? '—' : formatRupiah(toMinor(decimal)));
const signed = (decimal: string | null) => (decimal === null ? '—' : formatRupiahSigned(toMinorSigned(decimal)));
const when = (iso: string | null) => (iso === null ? '—' : formatDateTime(iso, REPORT_TIME_ZONE));


export function renderCashReport(report: CashReport, layout: InvoiceLayout): Promise<Buffer> {
  return renderPdf(layout, cashReportTitle(report), (doc, g) => draw(doc, report, g));
}

function draw(doc: PDFKit.PDFDocument, r: CashReport, g: Geometry): void {
  const { heading, row } = writers(doc, g);
  doc.font('Helvetica-Bold').fontSize(g.base + 6).text(cashReportTitle(r));
  doc.font('Helvetica').fontSize(g.base).text(`Dicetak ${when(r.issuedAt)}`);
  if (r.kind === 'X') doc.fillColor('#9a6700').text('Sesi masih berjalan: angka dapat berubah.').fillColor('black');

  heading('Sesi kas');
  row('Kasir', r.cashierName);
  row('Dibuka', when(r.openedAt));
  row('Ditutup', when(r.closedAt));
  row('Penjualan pertama', when(r.firstSaleAt));
  row('Penjualan terakhir', when(r.lastSaleAt));

  heading('Penjualan');
  // A blind X report counts the other methods only (domain/cash-report.ts).
  const blind = r.expectedCash === null;
  if (blind) doc.fillColor('#57606a').text('Tanpa tunai: tampil setelah kas dihitung.').fillColor('black');
  row(`Penjualan (${r.salesCount})`, rupiah(r.salesTotal), true);
  row(`Refund (${r.refundsCount})`, rupiah(r.refundsTotal));
  for (const m of r.byMethod) {
    row(`${METHOD_LABEL[m.method]} (${m.salesCount})`, rupiah(m.salesTotal));
    if (m.refundsCount > 0) row(`  refund (${m.refundsCount})`, `-${rupiah(m.refundsTotal)}`);
    if (m.method !== 'cash' && m.references.length > 0) doc.fontSize(g.base - 1).fillColor('#57606a').text(`Referensi: ${m.references.join(', ')}`).fillColor('black').fontSize(g.base);
  }

  heading('Per kategori');
  for (const c of r.byCategory) row(`${c.name} (${c.count})`, rupiah(c.total));
  if (r.byCategory.length === 0) doc.text(blind ? 'Penjualan tunai tampil setelah kas dihitung.' : 'Belum ada penjualan.');

  if (r.refunds.length > 0) heading('Refund');
  for (const f of r.refunds) row(`${when(f.at)} ${METHOD_LABEL[f.method]}: ${f.reason}`, `-${rupiah(f.amount)}`);

  heading('Laci kas');
  row('Modal awal', rupiah(r.openingFloat));
  for (const m of r.movements) row(`${m.kind === 'cash_in' ? 'Kas masuk' : 'Kas keluar'}: ${m.reason}`, `${m.kind === 'cash_in' ? '' : '-'}${rupiah(m.amount)}`);
  row('Pembulatan tunai', blind ? '—' : signed(r.rounding));
  // Negative when more went out than the drawer should hold (cash outs are not checked: the count is blind).
  row('Seharusnya', signed(r.expectedCash), true);
  row('Dihitung', rupiah(r.countedCash), true);
  row('Selisih', signed(r.difference), true);
  if (r.approvedBy) row(`Disetujui ${r.approvedBy}`, r.approvalReason ?? '');

  doc.moveDown(2).fontSize(g.base - 1).fillColor('#57606a').text('Tanda tangan kasir: ____________        Tanda tangan supervisor: ____________');
}
