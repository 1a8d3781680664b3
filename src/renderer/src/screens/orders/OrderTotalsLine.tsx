/** Under the order list: what the orders the filters find over every page sold (paid, not refunded), of how many, and by each method. */
import { METHOD_LABEL } from '#shared/labels.js';
import type { OrderTotalsQuery } from '#shared/schemas/order.js';
import { useOrderTotals } from '../../api/hooks';
import { rupiah } from '../../format';

export function OrderTotalsLine({ eventId, query }: { eventId: string; query: Partial<OrderTotalsQuery> }) {
  const totals = useOrderTotals(eventId, query).data;
  if (!totals) return null;
  return (
    <p className="totals-line" data-testid="order-totals">
      {/* What was sold and kept: paid orders not refunded. Cancelled and refunded ones are in the count only. */}
      <strong>
        {totals.completed.count} lunas · {rupiah(totals.completed.amount)}
      </strong>
      <span>dari {totals.count} pesanan</span>
      {totals.byMethod.map((m) => (
        <span key={m.method} className="muted">
          {METHOD_LABEL[m.method]} {m.count} · {rupiah(m.amount)}
        </span>
      ))}
    </p>
  );
}
