/** Cash put in (a change top-up) or taken out (a safe drop) of the open shift, with a reason. */
import { useState } from 'react';
import { fromMinor } from '#shared/money.js';
import { useMoveCash } from '../../api/cash-hooks';
import { Field, Notice } from '../../components/Field';
import { parseCashInput } from '../sell/cash';

const REASONS = { cash_in: 'Tambah uang kembalian', cash_out: 'Setor ke brankas' } as const;

export function CashMovementForm({ sessionId }: { sessionId: string }) {
  const [kind, setKind] = useState<'cash_in' | 'cash_out'>('cash_out');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState<string>(REASONS.cash_out);
  const move = useMoveCash(sessionId);
  const minor = parseCashInput(amount);
  return (
    <section className="card">
      <h2>Kas masuk / keluar</h2>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (minor === undefined) return;
          move.mutate({ kind, amount: fromMinor(minor), reason: reason.trim() }, { onSuccess: () => setAmount('') });
        }}
      >
        <div className="row">
          <Field label="Jenis">
            {(props) => (
              <select
                {...props}
                value={kind}
                onChange={(e) => {
                  const next = e.target.value === 'cash_in' ? 'cash_in' : 'cash_out';
                  setKind(next);
                  setReason(REASONS[next]);
                }}
              >
                <option value="cash_out">Kas keluar (setor ke brankas)</option>
                <option value="cash_in">Kas masuk (tambah kembalian)</option>
              </select>
            )}
          </Field>
          <Field label="Jumlah" error={amount && minor === undefined ? 'Tulis jumlah seperti 100.000' : undefined}>
            {(props) => <input {...props} inputMode="numeric" autoComplete="off" value={amount} onChange={(e) => setAmount(e.target.value)} />}
          </Field>
          <Field label="Alasan">{(props) => <input {...props} value={reason} onChange={(e) => setReason(e.target.value)} />}</Field>
        </div>
        {move.error && <Notice kind="error">{move.error.message}</Notice>}
        {move.isSuccess && <Notice kind="success">Dicatat.</Notice>}
        <div className="actions">
          <button type="submit" className="secondary" disabled={move.isPending || minor === undefined || !reason.trim()}>
            Catat
          </button>
        </div>
      </form>
    </section>
  );
}
