/**
 * Closing a shift: the blind count by denomination (the expected cash is not shown before it),
 * then expected, counted and the difference; beyond the tolerance, a supervisor approves with
 * e-mail, approval PIN and a reason.
 */
import { useState } from 'react';
import { countTotal, type CashCount } from '#shared/cash.js';
import { formatRupiah } from '#shared/money.js';
import type { CashSession, CountResult } from '#shared/schemas/cash-session.js';
import { useApproveSession, useCountSession } from '../../api/cash-hooks';
import { Notice } from '../../components/Field';
import { rupiah, signedRupiah } from '../../format';
import { ApprovalFields, useApprovalForm } from '../../components/ApprovalFields';
import { DenominationCount } from './DenominationCount';

/** Once closed the session is no longer current: the Shift screen then shows its Z report. */
export function CloseShift({ session }: { session: CashSession }) {
  const [counting, setCounting] = useState(false);
  const [count, setCount] = useState<CashCount>({});
  // The count is sent once and is then fixed: its button first asks, with the sum counted.
  const [confirming, setConfirming] = useState(false);
  const [result, setResult] = useState<CountResult>();
  const submit = useCountSession(session.id);
  if (session.status === 'counted' || result?.approvalRequired) return <Approve session={session} result={result} />;
  if (!counting)
    return (
      <section className="card">
        <h2>Tutup shift</h2>
        <p className="muted">Hitung uang di laci tanpa melihat jumlah yang seharusnya; setelah dikirim, hitungan tidak dapat diubah.</p>
        <div className="actions">
          <button type="button" className="danger" onClick={() => setCounting(true)}>
            Tutup shift (hitung kas)
          </button>
        </div>
      </section>
    );
  return (
    <section className="card">
      <h2>Hitung kas</h2>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (confirming) submit.mutate({ count }, { onSuccess: setResult });
          else setConfirming(true);
        }}
      >
        <DenominationCount
          legend="Uang di laci"
          value={count}
          onChange={(changed) => {
            setCount(changed);
            setConfirming(false);
          }}
        />
        {confirming && (
          <Notice kind="warning">
            <strong>{formatRupiah(countTotal(count))}</strong> dihitung, kirim? Setelah dikirim, hitungan tidak dapat diubah.
          </Notice>
        )}
        {submit.error && <Notice kind="error">{submit.error.message}</Notice>}
        <div className="actions">
          <button type="button" className="secondary" onClick={() => (confirming ? setConfirming(false) : setCounting(false))}>
            {confirming ? 'Hitung lagi' : 'Kembali'}
          </button>
          {/* Keyed by the step, so that the question's button takes the focus from the first. */}
          <button key={String(confirming)} type="submit" className="primary" autoFocus={confirming} disabled={submit.isPending}>
            {confirming ? 'Ya, kirim hitungan' : 'Kirim hitungan'}
          </button>
        </div>
      </form>
    </section>
  );
}

function Approve({ session, result }: { session: CashSession; result?: CountResult }) {
  const approval = useApprovalForm();
  const [reason, setReason] = useState('');
  const approve = useApproveSession(session.id);
  return (
    <section className="card" aria-label="Persetujuan selisih">
      <h2>Selisih perlu persetujuan</h2>
      {result && (
        <p data-testid="count-result">
          Seharusnya {signedRupiah(result.expectedCash)}, dihitung {rupiah(result.countedCash)}: selisih <strong>{signedRupiah(result.difference)}</strong> (toleransi{' '}
          {rupiah(result.tolerance)}).
        </p>
      )}
      <form
        onSubmit={(e) => {
          e.preventDefault();
          approve.mutate({ approval: approval.value, reason: reason.trim() });
        }}
      >
        <ApprovalFields form={approval} reason={reason} onReason={setReason} />
        {approve.error && <Notice kind="error">{approve.error.message}</Notice>}
        <div className="actions">
          <button type="submit" className="primary" disabled={approve.isPending || !approval.complete || !reason.trim()}>
            Setujui dan tutup shift
          </button>
        </div>
      </form>
    </section>
  );
}
