/** A session's X or Z report as CSV: one figure a line (section, label, count, amount in rupiah). */
import { METHOD_LABEL, cashReportTitle } from '#shared/labels.js';
import type { CashReport } from '#shared/schemas/cash-session.js';
import { csvOf } from './csv.js';

export function cashReportCsv(r: CashReport): string {
  const head = cashReportTitle(r);
  return csvOf([
    ['bagian', 'keterangan', 'jumlah', 'nominal'],
    ['laporan', head, null, null],
    ['laporan', `Kasir ${r.cashierName}`, null, null],
    ['laporan', `Dibuka ${r.openedAt}`, null, null],
    ['laporan', `Ditutup ${r.closedAt ?? '-'}`, null, null],
    ['laporan', `Penjualan pertama ${r.firstSaleAt ?? '-'}`, null, null],
    ['laporan', `Penjualan terakhir ${r.lastSaleAt ?? '-'}`, null, null],
    ['penjualan', 'Total', r.salesCount, r.salesTotal],
    ['refund', 'Total', r.refundsCount, r.refundsTotal],
    ...r.byMethod.flatMap((m) => [
      ['metode', `${METHOD_LABEL[m.method]}: penjualan`, m.salesCount, m.salesTotal],
      ['metode', `${METHOD_LABEL[m.method]}: refund`, m.refundsCount, m.refundsTotal],
      ['metode', `${METHOD_LABEL[m.method]}: referensi`, m.references.length, m.references.join(' ')],
    ]),
    ...r.byCategory.map((c) => ['kategori', c.name, c.count, c.total]),
    ...r.refunds.map((f) => ['refund', `${f.at} ${f.orderId} ${METHOD_LABEL[f.method]}: ${f.reason} (${f.by})`, 1, f.amount]),
    ...r.movements.map((m) => ['kas', `${m.at} ${m.kind === 'cash_in' ? 'Kas masuk' : 'Kas keluar'}: ${m.reason} (${m.by})`, 1, m.amount]),
    ['kas', 'Modal awal', null, r.openingFloat],
    ['kas', 'Kas masuk', null, r.cashIn],
    ['kas', 'Kas keluar', null, r.cashOut],
    ['kas', 'Pembulatan', null, r.rounding],
    ['kas', 'Seharusnya', null, r.expectedCash],
    ['kas', 'Dihitung', null, r.countedCash],
    ['kas', 'Selisih', null, r.difference],
    ['kas', `Disetujui ${r.approvedBy ?? '-'}`, null, r.approvalReason],
  ]);
}
