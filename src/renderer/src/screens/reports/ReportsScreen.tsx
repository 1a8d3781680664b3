/**
 * Laporan: sales between two days (today by default) for the supervisor closing a day or a
 * festival, and for a cashier its own sales. The service decides what each role sees; the screen
 * says which view it is, draws the day's shape, and exports the same figures as CSV. Beneath, the
 * gates of the event in the filter, or else of the counter's current event.
 */
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { contract } from '#shared/contract/index.js';
import { addDays, daysRange, reportDayOf } from '#shared/report-days.js';
import type { SalesReport } from '#shared/schemas/sales-report.js';
import { file } from '../../api/client';
import { useEvents } from '../../api/hooks';
import { useSalesReport } from '../../api/report-hooks';
import { Notice } from '../../components/Field';
import { rupiah, signedRupiah } from '../../format';
import { saveFile } from '../../invoice';
import { GatePanel } from './gate/GatePanel';
import { SalesCharts } from './SalesCharts';
import { SalesTables } from './SalesTables';
import { Tile } from './Tile';

const SCOPE_NOTE: Record<SalesReport['scope'], string> = {
  all: 'Semua penjualan loket ini.',
  own_events: 'Penjualan acara Anda.',
  own_sales: 'Penjualan dan refund Anda sendiri.',
};

/** Quick ranges, ending today. */
const PRESETS = [
  { label: 'Hari ini', days: 1 },
  { label: '7 hari', days: 7 },
  { label: '30 hari', days: 30 },
];

export function ReportsScreen({ currentEventId }: { currentEventId: string | undefined }) {
  const today = reportDayOf(Date.now());
  const [firstDay, setFirstDay] = useState(today);
  const [lastDay, setLastDay] = useState(today);
  const [eventId, setEventId] = useState('');
  const backwards = firstDay > lastDay;
  const query = { ...daysRange(firstDay, backwards ? firstDay : lastDay), ...(eventId && { eventId }) };
  const report = useSalesReport(query);
  const events = useEvents('').data ?? [];
  const csv = useMutation({ mutationFn: async () => saveFile(await file(contract.getSalesReportCsv, { query }), `penjualan-${firstDay}-${lastDay}.csv`) });
  const r = report.data;
  const gateEventId = eventId || currentEventId;

  return (
    <div className="reports">
      <div className="filters card">
        <h2>Laporan penjualan</h2>
        <label className="inline">
          Dari <input type="date" value={firstDay} max={today} onChange={(e) => e.target.value && setFirstDay(e.target.value)} />
        </label>
        <label className="inline">
          Sampai <input type="date" value={lastDay} max={today} onChange={(e) => e.target.value && setLastDay(e.target.value)} />
        </label>
        <span className="row-actions">
          {PRESETS.map((p) => (
            <button
              key={p.label}
              type="button"
              className="secondary"
              onClick={() => {
                setFirstDay(addDays(today, 1 - p.days));
                setLastDay(today);
              }}
            >
              {p.label}
            </button>
          ))}
        </span>
        <label className="inline">
          Acara
          <select value={eventId} onChange={(e) => setEventId(e.target.value)}>
            <option value="">Semua acara</option>
            {events.map((event) => (
              <option key={event.id} value={event.id}>
                {event.name}
              </option>
            ))}
          </select>
        </label>
        <button type="button" className="secondary push-right" disabled={!r || csv.isPending} onClick={() => csv.mutate()}>
          Unduh CSV
        </button>
      </div>
      {backwards && <Notice kind="warning">Tanggal “Sampai” sebelum “Dari”: laporan menampilkan hari “Dari” saja. Ubah salah satunya.</Notice>}
      {(report.error ?? csv.error) && <Notice kind="error">{(report.error ?? csv.error)!.message}</Notice>}
      {r && (
        <>
          <p className="muted">{SCOPE_NOTE[r.scope]} Waktu menurut WIB.</p>
          <div className="tiles" aria-busy={report.isFetching}>
            <Tile label="Penjualan" value={rupiah(r.sales.amount)} note={`${r.sales.count} tiket`} testId="report-sales" />
            <Tile label="Refund" value={rupiah(r.refunds.amount)} note={`${r.refunds.count} tiket`} testId="report-refunds" />
            <Tile label="Bersih" value={signedRupiah(r.net)} note="Penjualan dikurangi refund" testId="report-net" />
          </div>
          {r.sales.count === 0 && r.refunds.count === 0 ? <p className="empty muted">Belum ada penjualan pada rentang ini.</p> : <SalesCharts report={r} />}
          <SalesTables report={r} />
        </>
      )}
      <GatePanel eventId={gateEventId} eventName={events.find((event) => event.id === gateEventId)?.name} />
    </div>
  );
}
