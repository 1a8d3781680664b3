/**
 * A titled table of gate tallies, a line each: what it is, then admitted (with a bar, so the busy
 * gate or quarter stands out at a glance), refused and exited.
 */
import type { ReactNode } from 'react';

export interface Tally {
  admitted: number;
  refused: number;
  exited: number;
}

export interface TallyRow extends Tally {
  key: string;
  label: string;
  /** Beneath the label, small: the day of a quarter hour. */
  note?: string;
}

export function TallyTable({ title, rows, footer }: { title: string; rows: TallyRow[]; footer?: ReactNode }) {
  const most = Math.max(1, ...rows.map((row) => row.admitted));
  return (
    <section className="card" aria-label={title}>
      <h3>{title}</h3>
      <table className="report-table tally-table">
        <thead>
          <tr>
            <th />
            <th>Masuk</th>
            <th>Ditolak</th>
            <th>Keluar</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key}>
              <td>
                {row.label}
                {row.note && <span className="muted small nowrap"> · {row.note}</span>}
              </td>
              <td>
                <span className="tally-bar">
                  <span className="figure">{row.admitted}</span>
                  <span className="track" aria-hidden="true">
                    <span className="fill" style={{ width: `${(row.admitted / most) * 100}%` }} />
                  </span>
                </span>
              </td>
              <td className={row.refused > 0 ? 'danger-text' : undefined}>{row.refused}</td>
              <td>{row.exited}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {footer}
    </section>
  );
}
