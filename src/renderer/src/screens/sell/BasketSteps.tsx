/**
 * A basket's payment and its Done screen: one payment for every attendee (the same form as a
 * single sale's), then the group's QR code (one scan at the gate for all), every ticket number with
 * its own QR code, the change once, one receipt with every ticket (Alt+P; by itself on a receipt
 * printer when set, with each ticket's own slip after it when set so), and each ticket's invoice to
 * print alone.
 */
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { contract, pathOf } from '#shared/contract/index.js';
import type { InvoiceLayout } from '#shared/schemas/settings.js';
import type { Transaction } from '#shared/schemas/transaction.js';
import { useBasketCancel, useBasketCheckout, useBasketVerification } from '../../api/basket-hooks';
import { useInvoiceLayout } from '../../api/hooks';
import { basketReceiptToPrinter, orderReceiptToPrinter, usePrinter } from '../../api/print-hooks';
import { ConfirmDialog } from '../../components/Dialog';
import { Notice } from '../../components/Field';
import { PrintButtons } from '../../components/PrintButtons';
import { TicketQr } from '../../components/TicketQr';
import { rupiah } from '../../format';
import { downloadReceipt, printInvoice, printReceipt } from '../../invoice';
import { Kbd, useShortcuts } from '../../keyboard';
import { Checkout, Verification } from './PaymentStep';

export function BasketPaymentStep({ basket, onCancelled, onLater, onOpenShift }: { basket: Transaction; onCancelled: () => void; onLater: () => void; onOpenShift: () => void }) {
  const [cancelling, setCancelling] = useState(false);
  useShortcuts({ Escape: () => setCancelling(true) }, { enabled: !cancelling });
  const pay = useBasketCheckout(basket);
  const verification = useBasketVerification(basket);
  const cancel = useBasketCancel(basket);
  const live = basket.orders.filter((o) => o.status !== 'cancelled');
  const nameOf = new Map(basket.attendees.map((a) => [a.orderId, a.name]));
  return (
    <div className="pay">
      <section className="card">
        <h2>Pembayaran transaksi</h2>
        <ol className="basket-lines" aria-label="Peserta">
          {live.map((o) => (
            <li key={o.id}>
              <span>
                <strong>{nameOf.get(o.id)}</strong> · {o.items[0]?.name}
              </span>
              <span className="nowrap">{rupiah(o.grandTotal)}</span>
            </li>
          ))}
        </ol>
        <p className="basket-total">
          <span>Total {live.length} peserta</span> <strong data-testid="order-total">{rupiah(basket.totalAmount)}</strong>
        </p>
      </section>
      <section className="card pay-main">
        {basket.status === 'verification_pending' ? (
          <Verification payment={live[0]?.payment ?? null} total={basket.totalAmount} verification={verification} onLater={onLater} />
        ) : (
          <Checkout total={basket.totalAmount} pay={pay} onOpenShift={onOpenShift} />
        )}
        <div className="cancel-row">
          <button type="button" className="link danger-text" onClick={() => setCancelling(true)}>
            Batalkan transaksi <Kbd keys="Esc" />
          </button>
        </div>
      </section>
      <ConfirmDialog
        open={cancelling}
        title="Batalkan transaksi ini?"
        confirmLabel="Ya, batalkan transaksi"
        busy={cancel.isPending}
        onCancel={() => setCancelling(false)}
        onConfirm={() => cancel.mutate({ reason: 'Dibatalkan di loket sebelum dibayar' }, { onSuccess: onCancelled })}
      >
        <p>Transaksi {live.length} peserta belum dibayar. Membatalkannya melepas semua kursinya, dan NIK para peserta dapat dipakai lagi.</p>
        {cancel.error && <Notice kind="error">{cancel.error.message}</Notice>}
      </ConfirmDialog>
    </div>
  );
}

/** Where the basket's group QR image is served, as an absolute URL on this page's own service. */
const groupQrUrl = (basket: Transaction) => new URL(pathOf(contract.getTransactionQr.path, { idOrSlug: basket.eventId, transactionId: basket.id }), window.location.origin).href;

export function BasketDoneStep({ basket, onNext }: { basket: Transaction; onNext: () => void }) {
  const [layout] = useInvoiceLayout();
  const printer = usePrinter();
  // One ticket's invoice alone: on the receipt printer when there is one, else through the print dialog.
  const print = useMutation({
    mutationFn: async (orderId: string): Promise<unknown> =>
      printer ? orderReceiptToPrinter({ eventId: basket.eventId, id: orderId })() : printInvoice(basket.eventId, orderId, layout),
  });
  const paid = basket.orders.filter((o) => o.paymentStatus === 'paid' && o.status === 'completed');
  const receipt = {
    key: `basket:${basket.id}`,
    label: 'Cetak struk semua tiket',
    // Each attendee's own slip too, when the counter is set to.
    toPrinter: basketReceiptToPrinter(basket, printer?.printerTicketSlips ? paid.map((o) => o.id) : []),
    printPdf: (chosen: InvoiceLayout) => printReceipt(basket.eventId, basket.id, chosen),
    downloadPdf: (chosen: InvoiceLayout) => downloadReceipt(basket.eventId, basket.id, chosen),
  };
  return (
    <div className="basket-done card">
      <div className="basket-done-head">
        <p className="stamp paid">LUNAS · {paid.length} tiket</p>
        {basket.change && Number(basket.change) > 0 && (
          <p className="change-back" data-testid="change-back">
            Kembalian <strong>{rupiah(basket.change)}</strong>
          </p>
        )}
      </div>
      <div className="basket-tickets">
        {basket.groupToken && (
          <div className="basket-ticket group" data-testid="group-qr">
            <p className="ticket-number">Rombongan</p>
            <p>Satu pindai untuk {paid.length} tiket</p>
            <TicketQr qrCode={groupQrUrl(basket)} label={`Kode QR rombongan ${paid.length} tiket`} size={120} />
            <p className="muted small">Di gerbang: semua yang belum masuk</p>
          </div>
        )}
        {paid.map((order) => {
          const participant = order.participants[0]!;
          return (
            <div key={order.id} className="basket-ticket" data-testid="basket-ticket">
              <p className="ticket-number">{participant.ticketNumber}</p>
              <p>
                {participant.name} · {order.items[0]?.name}
              </p>
              <TicketQr qrCode={participant.qrCode} label={`Kode QR tiket ${participant.ticketNumber}`} size={120} />
              <p className="muted small">Invoice {order.invoiceNumber}</p>
              <button type="button" className="secondary" disabled={print.isPending} onClick={() => print.mutate(order.id)}>
                Cetak tiket ini
              </button>
            </div>
          );
        })}
      </div>
      {print.error && <Notice kind="error">{print.error.message}</Notice>}
      <div className="done-actions">
        <PrintButtons paper={receipt} justPaid />
        <button type="button" className="primary big" autoFocus onClick={onNext}>
          Pelanggan berikutnya <Kbd keys="Enter" />
        </button>
      </div>
    </div>
  );
}
