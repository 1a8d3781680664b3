/**
 * The sale is paid: the ticket number to read out, its QR code, the invoice's number, the change
 * to hand back, the invoice to print or save, and the next customer (Enter) with the event and category kept.
 */
import { toMinor } from '#shared/money.js';
import type { OrderDetail } from '#shared/schemas/order.js';
import { InvoiceButtons } from '../../components/InvoiceButtons';
import { TicketQr } from '../../components/TicketQr';
import { rupiah } from '../../format';
import { Kbd } from '../../keyboard';

export function DoneStep({ order, onNext }: { order: OrderDetail; onNext: () => void }) {
  const participant = order.participants[0];
  const payment = order.payment;
  const change = payment?.change ? toMinor(payment.change) : 0;
  return (
    <div className="done card">
      <div className="done-ticket">
        <p className="stamp paid">LUNAS</p>
        {participant && (
          <>
            <p className="muted">Nomor tiket</p>
            <p className="ticket-number" data-testid="ticket-number">
              {participant.ticketNumber}
            </p>
            <p>
              {participant.name} · {order.items[0]?.name}
            </p>
          </>
        )}
        {order.invoiceNumber && (
          <p className="muted small" data-testid="invoice-number">
            Invoice {order.invoiceNumber}
          </p>
        )}
        {change > 0 && payment?.change && (
          <p className="change-back" data-testid="change-back">
            Kembalian <strong>{rupiah(payment.change)}</strong>
          </p>
        )}
      </div>
      {participant && <TicketQr qrCode={participant.qrCode} label={`Kode QR tiket ${participant.ticketNumber}`} />}
      <div className="done-actions">
        <InvoiceButtons order={order} justPaid />
        <button type="button" className="primary big" autoFocus onClick={onNext}>
          Pelanggan berikutnya <Kbd keys="Enter" />
        </button>
      </div>
    </div>
  );
}
