/**
 * The pictures of the sales report: sales by hour (when the counter is busy), by day over a range
 * of days, and the share of each payment method. Tables beside them give the exact figures.
 */
import { Bar, BarChart, CartesianGrid, Cell, Pie, PieChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { toMinor } from '#shared/money.js';
import { METHOD_LABEL } from '#shared/labels.js';
import type { SalesReport } from '#shared/schemas/sales-report.js';
import { rupiah, wholePercents } from '../../format';

const BAR = '#1f6feb';
/** The hours shown even when nothing sold in them: 08.00 to 21.00. */
const OPENS = 8;
const CLOSES = 21;
const METHOD_COLOR = { cash: '#1a7f37', card: '#1f6feb', qris: '#9a6700', bank_transfer: '#8250df' } as const;
const shortDay = new Intl.DateTimeFormat('id-ID', { day: 'numeric', month: 'short', timeZone: 'UTC' });
/** "1,2 jt": an axis has little room. */
const compact = new Intl.NumberFormat('id-ID', { notation: 'compact', maximumFractionDigits: 1 });
const asRupiah = (value: unknown) => rupiah((Number(value) / 100).toFixed(2));

function Chart({ title, children, legend }: { title: string; children: React.ReactElement; legend?: React.ReactNode }) {
  return (
    <figure className="chart card" aria-label={title}>
      <figcaption>{title}</figcaption>
      <ResponsiveContainer width="100%" height={220}>
        {children}
      </ResponsiveContainer>
      {legend}
    </figure>
  );
}

/** Bars of sales amounts (in sen, shown as rupiah) by `label`. */
function SalesBars({ data }: { data: { label: string; amount: number; count: number }[] }) {
  return (
    <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 8 }}>
      <CartesianGrid strokeDasharray="3 3" vertical={false} />
      <XAxis dataKey="label" tick={{ fontSize: 12 }} interval="preserveStartEnd" />
      <YAxis tickFormatter={(v: number) => compact.format(v / 100)} tick={{ fontSize: 12 }} width={48} />
      <Tooltip formatter={(value, _name, item) => [`${asRupiah(value)} · ${(item.payload as { count: number }).count} tiket`, 'Penjualan']} />
      <Bar dataKey="amount" fill={BAR} isAnimationActive={false} />
    </BarChart>
  );
}

export function SalesCharts({ report }: { report: SalesReport }) {
  const hours = report.byHour.map((h) => ({ label: String(h.hour).padStart(2, '0'), amount: toMinor(h.amount), count: h.count }));
  // A venue's usual opening hours, widened to every hour sold in: a day's shape, not a night of zeros.
  const sold = hours.flatMap((h, i) => (h.count > 0 ? [i] : []));
  const busyHours = hours.slice(Math.min(OPENS, ...sold), Math.max(CLOSES, ...sold) + 1);
  const days = report.byDay.map((d) => ({ label: shortDay.format(new Date(`${d.day}T00:00:00Z`)), amount: toMinor(d.amount), count: d.count }));
  const methods = report.byMethod.filter((m) => m.count > 0).map((m) => ({ name: METHOD_LABEL[m.method], method: m.method, amount: toMinor(m.amount), count: m.count }));
  // The slices' labels add up to 100%.
  const shares = wholePercents(methods.map((m) => m.amount));
  if (report.sales.count === 0) return null;
  return (
    <div className="charts">
      <Chart title="Penjualan per jam">
        <SalesBars data={busyHours} />
      </Chart>
      {days.length > 1 && (
        <Chart title="Penjualan per hari">
          <SalesBars data={days} />
        </Chart>
      )}
      <Chart
        title="Metode pembayaran"
        legend={
          <ul className="chart-legend">
            {methods.map((m) => (
              <li key={m.method}>
                <span className="swatch" style={{ background: METHOD_COLOR[m.method] }} />
                {m.name}
              </li>
            ))}
          </ul>
        }
      >
        <PieChart>
          {/* Names below, shares by the slices: a long name beside a slice was cut off at the card's edge. */}
          {/* A white edge parts two slices; one slice, the whole circle, would show it as a seam. */}
          <Pie
            data={methods}
            dataKey="amount"
            nameKey="name"
            outerRadius={70}
            stroke={methods.filter((m) => m.amount > 0).length > 1 ? '#fff' : 'none'}
            label={({ index }) => `${shares[index ?? 0]}%`}
            isAnimationActive={false}
          >
            {methods.map((m) => (
              <Cell key={m.method} fill={METHOD_COLOR[m.method]} />
            ))}
          </Pie>
          <Tooltip formatter={(value) => asRupiah(value)} />
        </PieChart>
      </Chart>
    </div>
  );
}
