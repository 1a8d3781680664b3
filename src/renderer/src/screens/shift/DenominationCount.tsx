/**
 * A drawer counted by denomination: how many of each note and coin, and the running total, the
 * same sum the service records (shared/cash.ts). Tab or Enter moves from one to the next; Enter
 * on the last goes to the form's button, so that no Enter sends a count half typed.
 */
import type { KeyboardEvent } from 'react';
import { DENOMINATIONS, countTotal, type CashCount } from '#shared/cash.js';
import { formatRupiah } from '#shared/money.js';

/** Enter in a count field: the next field, or after the last the form's own button. */
function moveOnEnter(event: KeyboardEvent<HTMLInputElement>): void {
  if (event.key !== 'Enter') return;
  event.preventDefault();
  const fields = [...(event.currentTarget.closest('fieldset')?.querySelectorAll('input') ?? [])];
  const next = fields[fields.indexOf(event.currentTarget) + 1] ?? event.currentTarget.form?.querySelector<HTMLButtonElement>('button[type="submit"]');
  next?.focus();
}

const label = (d: (typeof DENOMINATIONS)[number]) => `${d.kind === 'note' ? 'Uang kertas' : 'Koin'} ${formatRupiah(d.rupiah * 100)}`;

export function DenominationCount({ value, onChange, legend }: { value: CashCount; onChange: (count: CashCount) => void; legend: string }) {
  return (
    <fieldset className="denominations">
      <legend>{legend}</legend>
      {DENOMINATIONS.map((d, i) => (
        <label key={d.key} className="denomination">
          <span>{label(d)}</span>
          <input
            type="number"
            min={0}
            max={100000}
            inputMode="numeric"
            aria-label={`Jumlah ${label(d)}`}
            autoFocus={i === 0}
            value={value[d.key] ?? ''}
            onChange={(e) => onChange({ ...value, [d.key]: e.target.value === '' ? undefined : Math.max(0, Math.floor(Number(e.target.value))) })}
            onKeyDown={moveOnEnter}
          />
        </label>
      ))}
      <div className="denomination-total" aria-live="polite">
        Jumlah <strong data-testid="count-total">{formatRupiah(countTotal(value))}</strong>
      </div>
    </fieldset>
  );
}
