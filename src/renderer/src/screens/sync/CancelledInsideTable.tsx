/**
 * Tickets the central service cancelled after their holder was admitted here: the holder is inside
 * on a ticket no longer valid, so the staff may want to find them (which gate, when, who let them in).
 */
import type { GateListStatus } from '#shared/schemas/gate-list.js';
import { dateTime } from '../../format';

export function CancelledInsideTable({ list }: { list: GateListStatus }) {
  const { cancelledInside } = list;
  const eventName = new Map(list.events.map((e) => [e.eventId, e.eventName]));
  return (
    <>
      <h3>Dibatalkan pusat saat pemegangnya di dalam ({cancelledInside.length})</h3>
      {cancelledInside.length === 0 ? (
        <p className="muted">Tidak ada.</p>
      ) : (
        <table className="report-table" data-testid="cancelled-inside">
          <thead>
            <tr>
              <th>Tiket</th>
              <th>Nama</th>
              <th>Masuk di gerbang</th>
              <th>Masuk pada</th>
              <th>Dipindai oleh</th>
              <th>Dilaporkan</th>
            </tr>
          </thead>
          <tbody>
            {cancelledInside.map((c) => (
              <tr key={`${c.eventId}-${c.ticketNumber}`}>
                <td>
                  <code>{c.ticketNumber}</code>
                  <br />
                  <span className="muted small">{eventName.get(c.eventId) ?? c.eventId}</span>
                </td>
                <td>{c.name}</td>
                <td>{c.gate || '—'}</td>
                <td className="nowrap">{dateTime(c.checkedInAt)}</td>
                <td>{c.checkedInBy}</td>
                <td className="nowrap">{dateTime(c.reportedAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}
