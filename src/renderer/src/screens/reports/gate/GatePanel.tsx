/**
 * Gerbang: the doors of one event as its manager watches them during the day: how many are inside
 * now, admitted, refused (and why) and scanned out, per gate, category and quarter hour, read
 * again every few seconds while shown; and whether a ticket that went out may come back in.
 */
import { useState } from 'react';
import { SCAN_REASON_LABEL } from '#shared/labels.js';
import type { GateCounts } from '#shared/schemas/scan.js';
import { useGateCounts } from '../../../api/gate-hooks';
import { Notice } from '../../../components/Field';
import { Tile } from '../Tile';
import { categoryRows, gateRows, quarterRows } from './gate-rows';
import { ReentryToggle } from './ReentryToggle';
import { TallyTable } from './TallyTable';

/** Two hours of quarters, unless asked for the whole day. */
const QUARTERS_SHOWN = 8;

export function GatePanel({ eventId, eventName }: { eventId: string | undefined; eventName: string | undefined }) {
  const counts = useGateCounts(eventId);
  const c = counts.data;
  return (
    <section className="gate-panel" aria-label="Gerbang">
      <div className="card gate-head">
        <div>
          <h2>Gerbang{eventName && ` · ${eventName}`}</h2>
          <p className="muted small">
            {eventId ? `Dari pindaian di gerbang, diperbarui otomatis setiap beberapa detik${c ? ` (terakhir ${timeOf(counts.dataUpdatedAt)})` : ''}.` : 'Pilih acara (di Jual, atau di filter Acara di atas) untuk melihat gerbangnya.'}
          </p>
        </div>
        {c && eventId && <ReentryToggle eventId={eventId} allowed={c.reentryAllowed} mayChange={c.mayChangeSettings} />}
      </div>
      {counts.error && <Notice kind="error">Hitungan gerbang tidak dapat dibaca: {counts.error.message}</Notice>}
      {c && <GateFigures counts={c} />}
    </section>
  );
}

function GateFigures({ counts: c }: { counts: GateCounts }) {
  const [allQuarters, setAllQuarters] = useState(false);
  const quarters = quarterRows(c);
  return (
    <>
      <div className="tiles gate-tiles">
        <Tile big label="Di dalam sekarang" value={String(c.insideNow)} note="Tiket yang terakhir dipindai masuk" testId="gate-inside" />
        <Tile label="Masuk" value={String(c.admitted)} note="Termasuk masuk kembali" testId="gate-admitted" />
        <Tile label="Ditolak" value={String(c.refused)} note="Pindaian yang ditolak" testId="gate-refused" />
        <Tile label="Keluar" value={String(c.exited)} note="Pindai keluar" testId="gate-exited" />
      </div>
      {c.admitted + c.refused + c.exited === 0 ? (
        <p className="empty muted">Belum ada pindaian di gerbang untuk acara ini.</p>
      ) : (
        <div className="report-tables gate-tables">
          <section className="card" aria-label="Alasan penolakan">
            <h3>Alasan penolakan</h3>
            {c.refusedWhy.length === 0 ? (
              <p className="muted">Tidak ada pindaian yang ditolak.</p>
            ) : (
              <table className="report-table">
                <tbody>
                  {c.refusedWhy.map((r) => (
                    <tr key={r.reason}>
                      <td>{SCAN_REASON_LABEL[r.reason]}</td>
                      <td>{r.count}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </section>
          <TallyTable title="Per gerbang" rows={gateRows(c)} />
          <TallyTable title="Per kategori" rows={categoryRows(c)} />
          <TallyTable
            title="Per 15 menit"
            rows={allQuarters ? quarters : quarters.slice(0, QUARTERS_SHOWN)}
            footer={
              quarters.length > QUARTERS_SHOWN && (
                <button type="button" className="link" onClick={() => setAllQuarters(!allQuarters)}>
                  {allQuarters ? 'Tampilkan 2 jam terakhir' : `Tampilkan semua (${quarters.length})`}
                </button>
              )
            }
          />
        </div>
      )}
    </>
  );
}

const timeOf = (ms: number) => new Date(ms).toLocaleTimeString('id-ID', { hour: '2-digit', minute: '2-digit', second: '2-digit' });
