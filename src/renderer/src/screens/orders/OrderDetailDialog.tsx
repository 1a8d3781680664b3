/**
 * One order in full: its items and totals, the ticket with its holder, the payment; and what may
 * still be done with it: reprint the invoice, confirm or reject a pending transfer, cancel it
 * while unpaid, refund it once paid, check its ticket in at the counter.
 */
import { useState } from 'react';
import { METHOD_LABEL, ORDER_STATUS_LABEL, isRefunded, paymentLabelOf } from '#shared/labels.js';
import { CANCELLABLE_STATUSES, type OrderDetail } from '#shared/schemas/order.js';
import type { OrderToOpen } from '../../scanned-ticket';
import { useRefund } from '../../api/cash-hooks';
import { useCounterCheckIn, useOrder, usePaymentVerification } from '../../api/hooks';
import { CancelOrderDialog } from '../../components/CancelOrderDialog';
import { Dialog } from '../../components/Dialog';
import { Notice } from '../../components/Field';
import { InvoiceButtons } from '../../components/InvoiceButtons';
import { OrderSummary } from '../../components/OrderSummary';
import { RefundDialog } from '../../components/RefundDialog';
import { TicketQr } from '../../components/TicketQr';
import { dateTime, longDate, rupiah } from '../../format';
import { Kbd, useShortcuts } from '../../keyboard';
import { useOneAtATime } from '../../api/one-at-a-time';

/** The ticket at the gate, by the participant's status. */
const GATE_LABEL: Record<string, string> = { checked_in: 'Sudah masuk (check-in)', refunded: 'Tidak berlaku: dikembalikan (refund)' };

interface OrderDetailProps {
  listed: OrderToOpen;
  timezone?: string;
  onClose: () => void;
  /** Lists every order of the basket this one was sold in. */
  onShowBasket: (transactionId: string) => void;
}

export function OrderDetailDialog({ listed, timezone, onClose, onShowBasket }: OrderDetailProps) {
  const order = useOrder(listed.eventId, listed.id);
  const data = order.data;
  return (
    <Dialog title={`Pesanan ${listed.customerName}`} open onClose={onClose} wide>
      {order.error && <Notice kind="error">{order.error.message}</Notice>}
      {data && (
        <div className="order-detail">
          <div className="order-state">
            <span className={`badge ${data.status}`}>{ORDER_STATUS_LABEL[data.status]}</span>
            <span className={`badge ${isRefunded(data) ? 'cancelled' : data.paymentStatus}`}>{paymentLabelOf(data)}</span>
            <span className="muted small">
              {/* The invoice number is what a customer and a supervisor name an order by; the id stays on hover. */}
              {data.eventName} · dibuat {dateTime(data.createdAt, timezone)}
              {data.invoiceNumber && (
                <>
                  {' '}
                  · <span title={data.id}>{data.invoiceNumber}</span>
                </>
              )}
            </span>
            {data.transactionId && (
              <button type="button" className="link" onClick={() => onShowBasket(data.transactionId!)}>
                Bagian dari transaksi: tampilkan semua peserta
              </button>
            )}
          </div>
          <div className="detail-columns">
            <section>
              <h3>Rincian</h3>
              <OrderSummary order={data} customer={listed.customerEmail ? `${listed.customerName} (${listed.customerEmail})` : listed.customerName} />
              <h3>Pembayaran</h3>
              <PaymentFacts order={data} timezone={timezone} />
            </section>
            <section>
              <h3>Tiket</h3>
              {data.participants.length === 0 && (
                <p className="muted">
                  {data.status === 'cancelled' ? 'Pesanan dibatalkan: tidak ada tiket.' : 'Tiket terbit setelah pembayaran lunas.'}
                </p>
              )}
              {data.participants.map((p) => (
                <div key={p.id} className="participant">
                  {/* A refunded ticket is void: no code that a gate would only refuse. */}
                  {data.refund ? <p className="void-ticket">Tiket tidak berlaku: direfund</p> : <TicketQr qrCode={p.qrCode} label={`Kode QR tiket ${p.ticketNumber}`} size={120} />}
                  <dl className="facts">
                    <dt>No. tiket</dt>
                    <dd className="ticket-number small-number">{p.ticketNumber}</dd>
                    <dt>Gerbang</dt>
                    <dd data-testid="participant-status">{GATE_LABEL[p.status] ?? 'Belum masuk'}</dd>
                    <dt>Nama</dt>
                    <dd>{p.name}</dd>
                    <dt>NIK</dt>
                    <dd>{p.identityNumber}</dd>
                    <dt>Lahir</dt>
                    <dd>
                      {longDate(p.birthDate)} · {p.gender === 'female' ? 'Perempuan' : 'Laki-laki'}
                    </dd>
                    <dt>Kontak</dt>
                    <dd>
                      {p.phone} · {p.email}
                    </dd>
                  </dl>
                </div>
              ))}
            </section>
          </div>
          <OrderActions order={data} />
        </div>
      )}
    </Dialog>
  );
}

function PaymentFacts({ order, timezone }: { order: OrderDetail; timezone?: string }) {
  const payment = order.payment;
  if (!payment) return <p className="muted">Belum ada pembayaran.</p>;
  return (
    <dl className="facts">
      {order.invoiceNumber && (
        <>
          <dt>No. invoice</dt>
          <dd data-testid="invoice-number">{order.invoiceNumber}</dd>
        </>
      )}
      <dt>Metode</dt>
      <dd>{METHOD_LABEL[payment.method]}</dd>
      {payment.amountTendered && (
        <>
          <dt>Tunai diterima</dt>
          <dd>{rupiah(payment.amountTendered)}</dd>
        </>
      )}
      {payment.change && (
        <>
          <dt>Kembalian</dt>
          <dd>{rupiah(payment.change)}</dd>
        </>
      )}
      {payment.reference && (
        <>
          <dt>Referensi</dt>
          <dd>{payment.reference}</dd>
        </>
      )}
      <dt>{payment.paidAt ? 'Lunas' : 'Dicatat'}</dt>
      <dd>{dateTime(payment.paidAt ?? payment.createdAt, timezone)}</dd>
      {order.refund && (
        <>
          <dt>Refund</dt>
          <dd data-testid="refund">
            {rupiah(order.refund.amount)} pada {dateTime(order.refund.refundedAt, timezone)}: {order.refund.reason} (disetujui {order.refund.approvedBy})
          </dd>
        </>
      )}
    </dl>
  );
}

function OrderActions({ order }: { order: OrderDetail }) {
  const [cancelling, setCancelling] = useState(false);
  const [refunding, setRefunding] = useState(false);
  const refundable = order.status === 'completed';
  const verification = usePaymentVerification(order);
  const refund = useRefund(order);
  const verifying = order.status === 'verification_pending';
  const cancellable = CANCELLABLE_STATUSES.includes(order.status);
  // A paid ticket not yet used may be checked in here: its holder enters by the counter.
  const entering = order.status === 'completed' ? order.participants.find((p) => p.status === 'registered') : undefined;
  const checkIn = useCounterCheckIn(order);
  // Once: Alt+K pressed again while the first is on its way sent a second, refused as already used.
  const startCheckIn = useOneAtATime();
  const enter = entering && (() => startCheckIn(checkIn, entering.ticketNumber));
  useShortcuts({
    'Alt+Y': verifying ? verification.confirm : undefined,
    'Alt+N': verifying ? verification.reject : undefined,
    'Alt+B': cancellable ? () => setCancelling(true) : undefined,
    'Alt+R': refundable ? () => setRefunding(true) : undefined,
    'Alt+K': enter,
  });
  return (
    <div className="order-actions">
      <InvoiceButtons order={order} />
      <div className="state-actions">
        {verifying && (
          <>
            <button type="button" className="primary" disabled={verification.confirming} onClick={verification.confirm}>
              Konfirmasi pembayaran <Kbd keys="Alt+Y" />
            </button>
            <button type="button" className="secondary" disabled={verification.rejecting} onClick={verification.reject}>
              Tolak pembayaran <Kbd keys="Alt+N" />
            </button>
          </>
        )}
        {cancellable && (
          <button type="button" className="danger" onClick={() => setCancelling(true)}>
            Batalkan pesanan <Kbd keys="Alt+B" />
          </button>
        )}
        {enter && (
          <button type="button" className="secondary" disabled={checkIn.isPending} onClick={enter}>
            Check-in di loket <Kbd keys="Alt+K" />
          </button>
        )}
        {refundable && (
          <button type="button" className="danger" onClick={() => setRefunding(true)}>
            Refund <Kbd keys="Alt+R" />
          </button>
        )}
      </div>
      {refunding && <RefundDialog order={order} refund={refund} onClose={() => setRefunding(false)} />}
      {verification.error && <Notice kind="error">{verification.error.message}</Notice>}
      {checkIn.error && <Notice kind="error">{checkIn.error.message}</Notice>}
      <CancelOrderDialog order={order} open={cancelling} onClose={() => setCancelling(false)} onCancelled={() => setCancelling(false)}>
        <p>Kursinya dilepas dan NIK pembeli dapat dipakai lagi. Pesanan yang dibatalkan tidak dapat dibayar.</p>
      </CancelOrderDialog>
    </div>
  );
}
