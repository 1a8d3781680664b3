/**
 * What the operator should know about the remote beyond "online": what it lacks beyond the
 * interface (and what that means at the counter), what needs doing there by hand (one line each,
 * counted), and what the last pull could not read or read with a value it did not know.
 */
import type { SyncStatus } from '#shared/schemas/sync.js';
import { Notice } from '../../components/Field';
import { dateTime } from '../../format';

const KIND = { event: 'Acara', category: 'Kategori' } as const;

export function RemoteReport({ status }: { status: SyncStatus }) {
  const { remoteLacks, notices, pullReport } = status;
  if (remoteLacks.length + notices.length + pullReport.length === 0) return null;
  return (
    <section className="card" aria-label="Catatan layanan pusat">
      <h2>Catatan layanan pusat</h2>
      {notices.map((notice) => (
        <Notice key={notice.kind} kind="warning">
          {notice.message}
        </Notice>
      ))}
      {remoteLacks.length > 0 && (
        <>
          <h3>Tidak tersedia di layanan pusat</h3>
          <ul data-testid="remote-lacks">
            {remoteLacks.map((lack) => (
              <li key={lack.capability}>
                {lack.message} <span className="muted small">(diketahui {dateTime(lack.since)})</span>
              </li>
            ))}
          </ul>
        </>
      )}
      {pullReport.length > 0 && (
        <>
          <h3>Pengambilan acara terakhir</h3>
          <table data-testid="pull-report">
            <thead>
              <tr>
                <th>Data</th>
                <th>Hasil</th>
                <th>Alasan</th>
              </tr>
            </thead>
            <tbody>
              {pullReport.map((entry) => (
                <tr key={`${entry.kind}-${entry.id}`}>
                  <td>
                    {KIND[entry.kind]} {entry.name ?? ''}
                    <br />
                    <code className="muted small">{entry.id}</code>
                  </td>
                  <td>{entry.outcome === 'skipped' ? 'Dilewati' : 'Diambil'}</td>
                  <td className="small">{entry.reason}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </section>
  );
}
