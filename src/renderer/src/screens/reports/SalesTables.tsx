/** The exact figures of the sales report: by method, category and cashier, and each refund. */
import { METHOD_LABEL, OTHER_COUNTER } from '#shared/labels.js';
import type { SalesReport } from '#shared/schemas/sales-report.js';
import { dateTime, rupiah } from '../../format';

const figure = (f: { count: number; amount: string }) => `${f.count} · ${rupiah(f.amount)}`;

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
                <td className="nowrap">{figure(m)}</td>
                <td className="nowrap">{figure({ count: m.refundsCount, amount: m.refundsAmount })}</td>
              </tr>
            ))}
            <tr className="total">
              <td>Semua</td>
              <td className="nowrap">{figure(report.sales)}</td>
              <td className="nowrap">{figure(report.refunds)}</td>
            </tr>
          </tbody>
        </table>
      </section>
      <section className="card" aria-label="Per kategori">
        <h3>Per kategori</h3>
        <table className="report-table">
          <tbody>
            {report.byCategory.map((c) => (
              <tr key={c.ticketCategoryId}>
                <td>
                  {c.categoryName}
                  <br />
                  <span className="muted small">{c.eventName}</span>
                </td>
                <td className="nowrap">{figure(c)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <section className="card" aria-label="Per kasir">
        <h3>Per kasir</h3>
        <table className="report-table">
          <tbody>
            {report.byCashier.map((c) => (
              <tr key={c.cashierUserId ?? ''}>
                <td>{c.cashierName ?? OTHER_COUNTER}</td>
                <td className="nowrap">{figure(c)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
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
