/** The sales report as CSV: one figure a line (section, label, count, amount in rupiah). */
import { METHOD_LABEL, OTHER_COUNTER } from '#shared/labels.js';
import type { SalesReport } from '#shared/schemas/sales-report.js';
import { csvOf } from './csv.js';

export function salesReportCsv(r: SalesReport): string {
  return csvOf([
    ['bagian', 'keterangan', 'jumlah', 'nominal'],
    ['laporan', `Dari ${r.from}`, null, null],
    ['laporan', `Sampai ${r.to}`, null, null],
    ['penjualan', 'Total', r.sales.count, r.sales.amount],
    ['refund', 'Total', r.refunds.count, r.refunds.amount],
    ['bersih', 'Penjualan dikurangi refund', null, r.net],
    ...r.byDay.map((d) => ['hari', d.day, d.count, d.amount]),
    ...r.byHour.filter((h) => h.count > 0).map((h) => ['jam', `${String(h.hour).padStart(2, '0')}.00`, h.count, h.amount]),
    ...r.byMethod.flatMap((m) => [
      ['metode', `${METHOD_LABEL[m.method]}: penjualan`, m.count, m.amount],
      ['metode', `${METHOD_LABEL[m.method]}: refund`, m.refundsCount, m.refundsAmount],
    ]),
    ...r.byCategory.map((c) => ['kategori', `${c.eventName} / ${c.categoryName}`, c.count, c.amount]),
    ...r.byCashier.map((c) => ['kasir', c.cashierName ?? OTHER_COUNTER, c.count, c.amount]),
    ...r.refundList.map((f) => ['refund', `${f.at} ${f.orderId} ${METHOD_LABEL[f.method]}: ${f.reason} (${f.refundedBy}, disetujui ${f.approvedBy})`, 1, f.amount]),
  ]);
}
