/**
 * Shift (Shift, F5): open one with the float counted by denomination, put cash in or take it out,
 * close it with a blind count, and read the X report while open, the Z reports once closed.
 */
import { useState } from 'react';
import type { CashCount } from '#shared/cash.js';
import type { CashSession } from '#shared/schemas/cash-session.js';
import { useCashReport, useCashSessions, useCurrentSession, useOpenSession } from '../../api/cash-hooks';
import { Notice } from '../../components/Field';
import { dateTime, rupiah } from '../../format';
import { CashMovementForm } from './CashMovementForm';
import { OpenDrawer } from './OpenDrawer';
import { CashReportView } from './CashReportView';
import { CloseShift } from './CloseShift';
import { DenominationCount } from './DenominationCount';

export function ShiftScreen() {
  const current = useCurrentSession();
  const closed = useCashSessions().data?.filter((s) => s.status === 'closed');
  // A report chosen from the list, else the open shift's X report, else the latest Z report (the
  // one just issued after a close).
  const [shown, setShown] = useState<string>();
  const session = current.data;
  const report = useCashReport(shown ?? session?.id ?? closed?.[0]?.id);
  if (current.isPending) return <p className="muted">Memuat shift…</p>;
  return (
    <div className="shift">
      <div className="shift-main">
        {current.error && <Notice kind="error">{current.error.message}</Notice>}
        {session ? <OpenShift session={session} /> : <OpenForm onOpen={() => setShown(undefined)} />}
        {closed && closed.length > 0 && <PastSessions sessions={closed} onShow={setShown} />}
      </div>
      {report.data && <CashReportView report={report.data} />}
    </div>
  );
}

function OpenForm({ onOpen }: { onOpen: () => void }) {
  const [count, setCount] = useState<CashCount>({});
  const open = useOpenSession();
  return (
    <section className="card">
      <h2>Buka shift</h2>
      <p className="muted">Hitung modal awal di laci per pecahan. Pembayaran tunai hanya diterima selama shift Anda terbuka.</p>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          onOpen();
          open.mutate({ openingCount: count });
        }}
      >
        <DenominationCount legend="Modal awal" value={count} onChange={setCount} />
        {open.error && <Notice kind="error">{open.error.message}</Notice>}
        <div className="actions">
          <button type="submit" className="primary" disabled={open.isPending}>
            Buka shift
          </button>
        </div>
      </form>
    </section>
  );
}

function OpenShift({ session }: { session: CashSession }) {
  return (
    <>
      <section className="card">
        <h2>Shift {session.cashierName}</h2>
        <p>
          Dibuka {dateTime(session.openedAt)} dengan modal {rupiah(session.openingFloat)}.{' '}
          {session.status === 'counted' && <strong>Kas sudah dihitung: menunggu persetujuan supervisor.</strong>}
        </p>
      </section>
      {session.status === 'open' && <CashMovementForm sessionId={session.id} />}
      {session.status === 'open' && <OpenDrawer />}
      <CloseShift session={session} />
    </>
  );
}

function PastSessions({ sessions, onShow }: { sessions: CashSession[]; onShow: (sessionId: string) => void }) {
  return (
    <section className="card">
      <h2>Laporan Z</h2>
      <ul className="plain">
        {sessions.slice(0, 10).map((s) => (
          <li key={s.id}>
            <button type="button" className="link" onClick={() => onShow(s.id)}>
              No. {s.reportNumber} · {s.cashierName} · {s.closedAt && dateTime(s.closedAt)}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
