import { InvoiceLayout } from '#shared/schemas/settings.js';
import { LAYOUT_LABEL } from '../invoice';

/** A4 or an 80 mm receipt, for whatever is printed next (an invoice, a cash report). */
export function LayoutSelect({ value, onChange }: { value: InvoiceLayout; onChange: (layout: InvoiceLayout) => void }) {
  return (
    <label className="inline">
      Ukuran{' '}
      <select value={value} onChange={(e) => onChange(InvoiceLayout.parse(e.target.value))}>
        {InvoiceLayout.options.map((l) => (
          <option key={l} value={l}>
            {LAYOUT_LABEL[l]}
          </option>
        ))}
      </select>
    </label>
  );
}
