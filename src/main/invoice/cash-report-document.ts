/**
 * A shift's X or Z report as a printed document (blocks, document.ts), for the receipt printer and
 * as its PDF (cash-report-pdf.ts), so that paper and PDF say the same: the counter, LAPORAN X (a shift still running: not a close) or LAPORAN Z (the close), the
 * cashier and the times, the drawer (float, cash sales and refunds, cash in and out, the rounding,
 * expected; counted and the difference once counted), the totals by payment method as the Shift
 * screen shows them, each refund, and the categories. Every figure is the report's own (domain/cash-report.ts): nothing is
 * computed here, only picked and formatted. A cashier's own X report before the count is blind
 * on paper as on screen: the drawer's figures print as "-".
 */
import type { CashReport } from '#shared/schemas/cash-session.js';
import { METHOD_LABEL, cashReportTitle } from '#shared/labels.js';
import { formatRupiah, formatRupiahSigned, toMinor, toMinorSigned } from '#shared/money.js';
import { REPORT_TIME_ZONE } from '#shared/report-days.js';
import type { Block, PrintedDocument } from './document.js';

/** What a figure the report leaves out prints as (ASCII: receipt code pages have no dash "—"). */
const NONE = '-';
const rupiah = (decimal: string | null) => (decimal === null ? NONE : formatRupiah(toMinor(decimal)));
const signed = (decimal: string | null) => (decimal === null ? NONE : formatRupiahSigned(toMinorSigned(decimal)));
const minus = (decimal: string) => (toMinor(decimal) === 0 ? formatRupiah(0) : `-${formatRupiah(toMinor(decimal))}`);
/** "30 Sep 2026, 18.22 WIB": short enough to sit beside its label on either roll. */
const SHORT_TIME = new Intl.DateTimeFormat('id-ID', { timeZone: REPORT_TIME_ZONE, day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZoneName: 'short' });
const when = (iso: string) => SHORT_TIME.format(new Date(iso));

export function cashReportDocument(report: CashReport, counterName: string): PrintedDocument {
  const blocks: Block[] = [];
  const text = (value: string, muted = false) => blocks.push(muted ? { kind: 'text', text: value, muted } : { kind: 'text', text: value });
  const heading = (value: string) => blocks.push({ kind: 'heading', text: value });
  const row = (label: string, value: string, bold = false) => blocks.push({ kind: 'row', label, value, bold });
  const closing = report.kind === 'Z';
  // The cashier's own X report before the count: the service left the cash out (expectedCash null).
  const blind = report.expectedCash === null;
  const cash = report.byMethod.find((m) => m.method === 'cash');
  /** Each cash in or out under its total: why, and who when not the shift's cashier. */
  const movements = (kind: 'cash_in' | 'cash_out') => {
    for (const m of report.movements.filter((m) => m.kind === kind)) {
      row(`  ${m.reason}${m.by === report.cashierName ? '' : ` (${m.by})`}`, kind === 'cash_in' ? rupiah(m.amount) : minus(m.amount));
    }
  };

  blocks.push({ kind: 'title', text: counterName });
  blocks.push({ kind: 'stamp', text: `LAPORAN ${report.kind}`, color: closing ? '#1a7f37' : '#9a6700' });
  blocks.push({ kind: 'subtitle', text: `${cashReportTitle(report)} · ${report.cashierName}` });
  row(closing ? 'Diterbitkan' : 'Dicetak', when(report.issuedAt));
  if (!closing) {
    // Short lines: they stay whole on a 58 mm roll (32 characters).
    text('Shift berjalan: BUKAN penutupan.');
    text('Angkanya masih dapat berubah.');
  }

  heading('Shift');
  row('Kasir', report.cashierName);
  row('Dibuka', when(report.openedAt));
  row('Ditutup', report.closedAt === null ? 'belum' : when(report.closedAt));
  row('Penjualan pertama', report.firstSaleAt === null ? NONE : when(report.firstSaleAt));
  row('Penjualan terakhir', report.lastSaleAt === null ? NONE : when(report.lastSaleAt));
  if (report.status === 'counted') text('Kas sudah dihitung: menunggu persetujuan supervisor.');

  heading('Laci kas');
  if (blind) text('Angka tunai tampil setelah kas dihitung.', true);
  row('Modal awal', rupiah(report.openingFloat));
  row(`Penjualan tunai (${blind ? NONE : (cash?.salesCount ?? 0)})`, blind ? NONE : rupiah(cash?.salesTotal ?? '0'));
  row(`Refund tunai (${blind ? NONE : (cash?.refundsCount ?? 0)})`, blind ? NONE : minus(cash?.refundsTotal ?? '0'));
  row('Kas masuk', rupiah(report.cashIn));
  movements('cash_in');
  row('Kas keluar', minus(report.cashOut));
  movements('cash_out');
  row('Pembulatan tunai', blind ? NONE : signed(report.rounding));
  // Negative when more went out than the drawer should hold (cash outs are not checked: the count is blind).
  row('Seharusnya di laci', signed(report.expectedCash), true);
  if (report.countedCash !== null) {
    row('Dihitung', rupiah(report.countedCash), true);
    row('Selisih', signed(report.difference), true);
  }
  if (report.approvedBy) {
    row('Disetujui', report.approvedBy);
    if (report.approvalReason) text(`Alasan: ${report.approvalReason}`);
  }

  heading('Per metode pembayaran');
  for (const m of report.byMethod) {
    row(`${METHOD_LABEL[m.method]} (${m.salesCount})`, rupiah(m.salesTotal));
    if (m.refundsCount > 0) row(`  Refund (${m.refundsCount})`, minus(m.refundsTotal));
    row('  Bersih', signed(m.net));
    if (m.method !== 'cash' && m.references.length > 0) text(`  Referensi: ${m.references.join(', ')}`, true);
  }
  if (report.byMethod.length === 0) text(blind ? 'Penjualan tunai tampil setelah kas dihitung.' : 'Belum ada penjualan.', true);
  row(`${blind ? 'Semua kecuali tunai' : 'Semua penjualan'} (${report.salesCount})`, rupiah(report.salesTotal), true);
  row(`Semua refund (${report.refundsCount})`, minus(report.refundsTotal));

  // Each refund given, on its own line: what the totals above add up.
  if (report.refunds.length > 0) heading('Refund');
  for (const f of report.refunds) {
    row(`${when(f.at)} ${METHOD_LABEL[f.method]}`, minus(f.amount));
    text(`  ${f.reason}${f.by === report.cashierName ? '' : ` (${f.by})`}`, true);
  }

  if (report.byCategory.length > 0) heading('Per kategori');
  for (const c of report.byCategory) row(`${c.name} (${c.count})`, rupiah(c.total));

  if (closing) {
    heading('Tanda tangan');
    text('Kasir:      ____________________');
    text('Supervisor: ____________________');
  }
  blocks.push({ kind: 'footer', text: closing ? `Laporan Z: penutupan shift ${report.cashierName}.` : 'Laporan X: bukan penutupan shift.' });
  return { title: `${cashReportTitle(report)} · ${report.cashierName}`, blocks };
}
