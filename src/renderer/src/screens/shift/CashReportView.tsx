/**
 * An X or Z report on screen, on the receipt printer when one is set (PrintButtons), with its PDF
 * (printed or saved, A4 or an 80 mm receipt) and CSV. An
 * X report the cashier reads before the count shows no drawer figures and no cash sales or refunds:
 * the service leaves them out, and the screen says so.
 */
import { useMutation } from '@tanstack/react-query';
import { contract } from '#shared/contract/index.js';
import { METHOD_LABEL, cashReportTitle } from '#shared/labels.js';
import type { CashReport } from '#shared/schemas/cash-session.js';
import type { InvoiceLayout } from '#shared/schemas/settings.js';
import { file } from '../../api/client';
import { useIssueXReport } from '../../api/cash-hooks';
import { cashReportToPrinter } from '../../api/print-hooks';
import { Notice } from '../../components/Field';
import { PrintButtons, type Paper } from '../../components/PrintButtons';
import { dateTime, rupiah, signedRupiah } from '../../format';
import { printPdf, saveFile } from '../../invoice';

const when = (iso: string | null) => (iso ? dateTime(iso) : '—');
const AFTER_COUNT = 'Tampil setelah kas dihitung';

export function CashReportView({ report }: { report: CashReport }) {
  const issueX = useIssueXReport(report.sessionId);
  // Printing or exporting the X report so far issues it first: numbered and kept, like a Z report.
  const issued = async () => (report.number === null ? await issueX.mutateAsync() : report);
  const params = { sessionId: report.sessionId };
  const xReport = (r: CashReport) => (r.kind === 'X' ? r.number! : undefined);
  const nameOf = (r: CashReport) => `laporan-${r.kind.toLowerCase()}-${r.number}`;
  const pdf = async (layout: InvoiceLayout) => {
    const r = await issued();
    return { r, blob: await file(contract.getCashReportPdf, { params, query: { layout, xReport: xReport(r) } }) };
  };
  // On the receipt printer the service issues the X report itself (POST …/print).
  const paper: Paper = {
    key: `cash-report-${report.sessionId}`,
    label: `Cetak laporan ${report.kind}`,
    toPrinter: cashReportToPrinter(report.sessionId),
    printPdf: async (layout) => printPdf((await pdf(layout)).blob),
    downloadPdf: async (layout) => {
      const { r, blob } = await pdf(layout);
      saveFile(blob, `${nameOf(r)}.pdf`);
    },
  };
  const csv = useMutation({
    mutationFn: async () => {
      const r = await issued();
      saveFile(await file(contract.getCashReportCsv, { params, query: { xReport: xReport(r) } }), `${nameOf(r)}.csv`);
    },
  });
  const blind = report.expectedCash === null;
  return (
    <section className="card cash-report" aria-label="Laporan kas">
      <h2>{cashReportTitle(report)}</h2>
      <dl className="facts">
        <dt>Kasir</dt>
        <dd>{report.cashierName}</dd>
        <dt>Dibuka</dt>
        <dd>{when(report.openedAt)}</dd>
        <dt>Ditutup</dt>
        <dd>{when(report.closedAt)}</dd>
        <dt>Penjualan pertama / terakhir</dt>
        <dd>
          {when(report.firstSaleAt)} / {when(report.lastSaleAt)}
        </dd>
      </dl>
      <table className="report-table">
        <thead>
          <tr>
            <th>Metode</th>
            <th>Penjualan</th>
            <th>Refund</th>
            <th>Bersih</th>
            <th>Referensi</th>
          </tr>
        </thead>
        <tbody>
          {report.byMethod.map((m) => (
            <tr key={m.method}>
              <td>{METHOD_LABEL[m.method]}</td>
              <td>
                {m.salesCount} · {rupiah(m.salesTotal)}
              </td>
              <td>
                {m.refundsCount} · {rupiah(m.refundsTotal)}
              </td>
              <td>{signedRupiah(m.net)}</td>
              <td className="small">{m.method === 'cash' ? '' : m.references.join(', ')}</td>
            </tr>
          ))}
          <tr className="total">
            <td>{blind ? 'Semua kecuali tunai' : 'Semua'}</td>
            <td>
              {report.salesCount} · {rupiah(report.salesTotal)}
            </td>
            <td>
              {report.refundsCount} · {rupiah(report.refundsTotal)}
            </td>
            <td colSpan={2} />
          </tr>
        </tbody>
      </table>
      <h3>Per kategori</h3>
      <ul className="plain">
        {report.byCategory.map((c) => (
          <li key={c.name}>
            {c.name}: {c.count} tiket · {rupiah(c.total)}
          </li>
        ))}
        {report.byCategory.length === 0 && <li className="muted">{blind ? 'Penjualan tunai tampil setelah kas dihitung.' : 'Belum ada penjualan.'}</li>}
      </ul>
      <h3>Laci kas</h3>
      <dl className="facts">
        <dt>Modal awal</dt>
        <dd>{rupiah(report.openingFloat)}</dd>
        <dt>Kas masuk / keluar</dt>
        <dd>
          {rupiah(report.cashIn)} / {rupiah(report.cashOut)}
        </dd>
        <dt>Pembulatan tunai</dt>
        <dd>{blind ? AFTER_COUNT : signedRupiah(report.rounding)}</dd>
        <dt>Seharusnya</dt>
        <dd data-testid="expected-cash">{report.expectedCash ? signedRupiah(report.expectedCash) : AFTER_COUNT}</dd>
        <dt>Dihitung</dt>
        <dd>{report.countedCash ? rupiah(report.countedCash) : '—'}</dd>
        <dt>Selisih</dt>
        <dd data-testid="difference">{report.difference ? signedRupiah(report.difference) : '—'}</dd>
        {report.approvedBy && (
          <>
            <dt>Disetujui</dt>
            <dd>
              {report.approvedBy}: {report.approvalReason}
            </dd>
          </>
        )}
      </dl>
      <PrintButtons paper={paper}>
        <button type="button" className="secondary" disabled={csv.isPending} onClick={() => csv.mutate()}>
          Unduh CSV
        </button>
      </PrintButtons>
      {issueX.data && <Notice kind="info">{cashReportTitle(issueX.data)} diterbitkan dan tersimpan; tidak dapat diubah.</Notice>}
      {csv.error && <Notice kind="error">{csv.error.message}</Notice>}
    </section>
  );
}
