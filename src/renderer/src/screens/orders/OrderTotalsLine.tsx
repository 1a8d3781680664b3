/** Under the order list: how many orders the filters find over every page, and what was taken by each method. */
import { METHOD_LABEL } from '#shared/labels.js';
import type { OrderTotalsQuery } from '#shared/schemas/order.js';
import { useOrderTotals } from '../../api/hooks';
import { rupiah } from '../../format';

export function OrderTotalsLine({ eventId, query }: { eventId: string; query: Partial<OrderTotalsQuery> }) {
  const totals = useOrderTotals(eventId, query).data;
  if (!totals) return null;
  return (
    <p className="totals-line" data-testid="order-totals">
      <strong>
        {totals.count} pesanan · {rupiah(totals.amount)}
      </strong>
      <span>
        Selesai {totals.completed.count} · {rupiah(totals.completed.amount)}
      </span>
      {totals.byMethod.map((m) => (
        <span key={m.method} className="muted">
          {METHOD_LABEL[m.method]} {m.count} · {rupiah(m.amount)}
        </span>
      ))}
    </p>
  );
}
