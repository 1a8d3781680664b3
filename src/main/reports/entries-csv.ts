/** Every sale, refund and cash movement between two instants as CSV, a line each, for a spreadsheet. */
import { METHOD_LABEL } from '#shared/labels.js';
import { fromMinor, fromMinorSigned } from '#shared/money.js';
import { REPORT_TIME_ZONE } from '#shared/report-days.js';
import type { CashEntryRow } from '../domain/cash-report.js';
import { toIso } from '../domain/time.js';
import { csvOf } from './csv.js';

const KIND_LABEL: Record<CashEntryRow['kind'], string> = { sale: 'Penjualan', refund: 'Refund', cash_in: 'Kas masuk', cash_out: 'Kas keluar' };

export function entriesCsv(rows: readonly { entry: CashEntryRow; cashierName: string }[]): string {
  return csvOf([
    ['waktu', 'sesi', 'kasir', 'jenis', 'metode', 'pesanan', 'kategori', 'nominal', 'pembulatan', 'referensi', 'alasan', 'oleh'],
    ...rows.map(({ entry: e, cashierName }) => [
      toIso(e.at, REPORT_TIME_ZONE),
      e.sessionId,
      cashierName,
      KIND_LABEL[e.kind],
      METHOD_LABEL[e.method],
      e.orderId,
      e.categoryName,
      fromMinor(e.amount),
      fromMinorSigned(e.rounding),
      e.reference,
      e.reason,
      e.userName,
    ]),
  ]);
}
