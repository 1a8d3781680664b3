/** The exact figures of the sales report: by method, category and cashier, and each refund. */
import { METHOD_LABEL, OTHER_COUNTER } from '#shared/labels.js';
import type { SalesReport } from '#shared/schemas/sales-report.js';
import { dateTime, rupiah } from '../../format';

/** How many and how much; on two lines when the column is narrow (a season's amounts are long). */
const figure = (f: { count: number; amount: string }) => (
  <>
    <span className="nowrap">{f.count} ·</span> <span className="nowrap">{rupiah(f.amount)}</span>
  </>
);

export function SalesTables({ report }: { report: SalesReport }) {
  return (
    <div className="report-tables">
      <section className="card" aria-label="Per metode pembayaran">
        <h3>Per metode pembayaran</h3>
        <table className="report-table">
          <thead>
            <tr>
              <th>Metode</th>
              <th>Penjualan</th>
              <th>Refund</th>
            </tr>
          </thead>
          <tbody>
            {report.byMethod.map((m) => (
              <tr key={m.method}>
                <td>{METHOD_LABEL[m.method]}</td>
                <td>{figure(m)}</td>
                <td>{figure({ count: m.refundsCount, amount: m.refundsAmount })}</td>
              </tr>
            ))}
            <tr className="total">
              <td>Semua</td>
              <td>{figure(report.sales)}</td>
              <td>{figure(report.refunds)}</td>
            </tr>
          </tbody>
        </table>
      </section>
      <FigureTable
        title="Per kategori"
        rows={report.byCategory.map((c) => ({ key: c.ticketCategoryId, label: c.categoryName, note: c.eventName, figure: c }))}
      />
      <FigureTable title="Per kasir" rows={report.byCashier.map((c) => ({ key: c.cashierUserId ?? '', label: c.cashierName ?? OTHER_COUNTER, figure: c }))} />
      {report.refundList.length > 0 && (
        <section className="card wide" aria-label="Refund">
          <h3>Refund</h3>
          <table className="report-table">
            <thead>
              <tr>
                <th>Waktu</th>
                <th>Kategori</th>
                <th>Metode</th>
                <th>Nominal</th>
                <th>Alasan</th>
                <th>Oleh / disetujui</th>
              </tr>
            </thead>
            <tbody>
              {report.refundList.map((f) => (
                <tr key={f.orderId}>
                  <td className="nowrap">{dateTime(f.at, report.timeZone)}</td>
                  <td>
                    {f.categoryName}
                    <br />
                    <span className="muted small">{f.eventName}</span>
                  </td>
                  <td>{METHOD_LABEL[f.method]}</td>
                  <td>{rupiah(f.amount)}</td>
                  <td>{f.reason}</td>
                  <td>
                    {f.refundedBy} / {f.approvedBy}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
    </div>
  );
}

/** A titled table of figures, a line each: what it is (and of what, small), how many and how much. */
function FigureTable({ title, rows }: { title: string; rows: { key: string; label: string; note?: string; figure: { count: number; amount: string } }[] }) {
  return (
    <section className="card" aria-label={title}>
      <h3>{title}</h3>
      <table className="report-table">
        <tbody>
          {rows.map((row) => (
            <tr key={row.key}>
              <td>
                {row.label}
                {row.note && (
                  <>
                    <br />
                    <span className="muted small">{row.note}</span>
                  </>
                )}
              </td>
              <td>{figure(row.figure)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
