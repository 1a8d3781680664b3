/**
 * The basket being built: a line per attendee added so far (who, which ticket, what it costs), each
 * removable before payment, and the running total: with the attendee still in the form, who is paid
 * with them. A line the service refused is marked with why.
 */
import { formatRupiah } from '#shared/money.js';
import type { BasketLine } from '#shared/schemas/transaction.js';

/** A line as the counter keeps it before the basket is sent: with what the screen shows of it. */
export interface DraftLine extends BasketLine {
  categoryName: string;
  /** What the customer pays for it (the price, and the service fee when the customer bears it), in sen. */
  amount: number;
}

export function BasketLines({
  lines,
  inForm,
  refused,
  onRemove,
  locked = false,
}: {
  lines: DraftLine[];
  /** What the attendee still in the form costs, when it is paid with the basket (sen). */
  inForm?: number;
  refused?: { index: number; message: string };
  onRemove: (index: number) => void;
  /** The basket is on its way: no line is removed from it now. */
  locked?: boolean;
}) {
  if (lines.length === 0) return null;
  const total = lines.reduce((sum, line) => sum + line.amount, inForm ?? 0);
  const attendees = lines.length + (inForm === undefined ? 0 : 1);
  return (
    <section className="basket card" aria-label="Transaksi">
      <h2>
        Transaksi: {lines.length} peserta
      </h2>
      <ol className="basket-lines">
        {lines.map((line, i) => (
          <li key={line.registration.identityNumber} className={refused?.index === i ? 'refused' : undefined}>
            <span>
              <strong>{line.registration.name}</strong> · {line.categoryName}
              {refused?.index === i && <span className="reason"> {refused.message}</span>}
            </span>
            <span className="nowrap">{formatRupiah(line.amount)}</span>
            <button type="button" className="icon" aria-label={`Hapus peserta ${i + 1}`} disabled={locked} onClick={() => onRemove(i)}>
              ×
            </button>
          </li>
        ))}
      </ol>
      <p className="basket-total">
        <span>Total {attendees} peserta{inForm === undefined ? '' : ' (dengan yang di formulir)'}</span> <strong data-testid="basket-total">{formatRupiah(total)}</strong>
      </p>
    </section>
  );
}
