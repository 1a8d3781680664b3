/**
 * Daftar gerbang: the tickets the central service sold (its web shop, other counters) that this
 * instance keeps so the venue's gates admit them once, online or not. Per event, how many are
 * ready and how fresh the list is; a button to read it all now, before the doors open; and the
 * tickets the central cancelled while their holder was already inside.
 */
import type { GateListEvent, GateListStatus } from '#shared/schemas/gate-list.js';
import { useGateList, usePullGateList } from '../../api/gate-hooks';
import { Notice } from '../../components/Field';
import { dateTime } from '../../format';
import { CancelledInsideTable } from './CancelledInsideTable';

export function GateListSection() {
  const list = useGateList();
  const pull = usePullGateList();
  const g = list.data;
  return (
    <section className="card" aria-label="Daftar gerbang">
      <div className="section-head">
        <h2>Daftar gerbang</h2>
        <button type="button" className="primary" disabled={!g?.active || pull.isPending} onClick={() => pull.mutate()}>
          {pull.isPending ? 'Menarik daftar gerbang…' : 'Tarik daftar gerbang sekarang'}
        </button>
      </div>
      <p className="muted small">
        Tiket yang dijual layanan pusat (situs, loket lain) dibaca ke sini agar gerbang menerimanya sekali, juga saat layanan pusat tidak terjangkau. Pesanan baru dibaca
        beberapa kali per menit; seluruh daftar dibaca ulang berkala untuk mengetahui pembatalan.
      </p>
      {list.error && <Notice kind="error">Status daftar gerbang tidak dapat dibaca: {list.error.message}</Notice>}
      {g?.fault && <Notice kind="error">Pembaruan daftar gerbang gagal di loket ini: {g.fault}</Notice>}
      {g && !g.active && <p data-testid="gate-list-off">Loket ini tidak menyimpan daftar gerbang: {g.why}</p>}
      {g && g.events.length > 0 && <GateListEvents events={g.events} />}
      {g?.active && g.events.length === 0 && <p className="muted">Belum ada acara dari layanan pusat. Tarik daftar gerbang untuk mengambil acaranya lebih dulu.</p>}
      {pull.error && <Notice kind="error">Daftar gerbang tidak dapat ditarik: {pull.error.message}</Notice>}
      {pull.data && !pull.isPending && <PullResult list={pull.data} />}
      {g && <CancelledInsideTable list={g} />}
    </section>
  );
}

function GateListEvents({ events }: { events: GateListEvent[] }) {
  const when = (iso: string | null) => (iso ? dateTime(iso) : 'belum pernah');
  return (
    <table className="report-table" data-testid="gate-list">
      <thead>
        <tr>
          <th>Acara</th>
          <th>Siap di gerbang</th>
          <th>Ditolak</th>
          <th>Terakhir dibaca penuh</th>
          <th>Pesanan baru terakhir dibaca</th>
          <th>Keadaan</th>
        </tr>
      </thead>
      <tbody>
        {events.map((e) => (
          <tr key={e.eventId}>
            <td>{e.eventName}</td>
            <td data-testid="gate-list-ready">
              <strong>{e.ready}</strong> tiket
            </td>
            <td>{e.refused} tiket</td>
            <td className="nowrap">{when(e.lastFullAt)}</td>
            <td className="nowrap">{when(e.lastNewAt)}</td>
            <td className="small">
              <EventState event={e} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** How the event's list stands: reading, waiting to retry (and why), or fine. */
function EventState({ event: e }: { event: GateListEvent }) {
  const lines = [
    e.fullPassPage !== null && `Pembacaan penuh berjalan (halaman ${e.fullPassPage})`,
    e.retryAt !== null && `Dicoba lagi ${dateTime(e.retryAt, undefined, { seconds: true })}`,
    e.lastError,
    e.skipped > 0 && `${e.skipped} pesanan/tiket dilewati (tidak terbaca atau nomornya bentrok)`,
  ].filter(Boolean);
  if (lines.length === 0) return <span className="muted">Baik</span>;
  return (
    <ul className="plain">
      {lines.map((line) => (
        <li key={String(line)} className={line === e.lastError ? 'danger-text' : undefined}>
          {line}
        </li>
      ))}
    </ul>
  );
}

/** What the last pull brought: every ready ticket, or the events it could not read. */
function PullResult({ list }: { list: GateListStatus }) {
  const failed = list.events.filter((e) => e.lastError !== null);
  const ready = list.events.reduce((sum, e) => sum + e.ready, 0);
  if (failed.length > 0) return <Notice kind="warning">Daftar gerbang belum lengkap: {failed.map((e) => `${e.eventName} (${e.lastError})`).join('; ')}</Notice>;
  return (
    <Notice kind="success">
      Daftar gerbang selesai ditarik: {ready} tiket layanan pusat siap di gerbang ({list.events.length} acara).
    </Notice>
  );
}
