import { toMinor } from '#shared/money.js';
import type { OrderDetail } from '#shared/schemas/order.js';
import { rupiah } from '../format';

/** The order as the customer hears it read out: who, what, and what it costs. */
export function OrderSummary({ order, customer }: { order: OrderDetail; customer: string }) {
  const item = order.items[0];
  return (
    <dl className="summary">
      <dt>Pembeli</dt>
      <dd>{customer}</dd>
      {item && (
        <>
          <dt>Tiket</dt>
          <dd>
            {item.quantity} × {item.name} @ {rupiah(item.unitPrice)}
          </dd>
        </>
      )}
      <dt>Subtotal</dt>
      <dd>{rupiah(order.subtotal)}</dd>
      <dt>Biaya layanan</dt>
      <dd>
        {rupiah(order.feeTotal)}
        {order.grandTotal === order.subtotal && toMinor(order.feeTotal) > 0 && <span className="muted small"> (ditanggung penyelenggara)</span>}
      </dd>
      <dt className="total">Total</dt>
      <dd className="total" data-testid="order-total">
        {rupiah(order.grandTotal)}
      </dd>
    </dl>
  );
}
