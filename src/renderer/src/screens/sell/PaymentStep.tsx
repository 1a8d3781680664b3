/**
 * Taking the money: cash (amount tendered, quick amounts, the change shown large), card (the EDC
 * approval code), or a bank transfer / QRIS that waits for the operator to see it arrive and
 * confirm or reject it. Escape cancels the order, after asking.
 */
import { useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { METHOD_LABEL } from '#shared/labels.js';
import { formatRupiah, fromMinor, toMinor } from '#shared/money.js';
import type { OrderDetail } from '#shared/schemas/order.js';
import type { BasketCheckoutBody, Payment, PaymentMethod } from '#shared/schemas/payment.js';
import { useCheckout, usePaymentVerification, useSettings } from '../../api/hooks';
import { isCashAmount, roundCash } from '#shared/cash.js';
import { messages } from '#shared/messages.js';
import { qrisForAmount } from '#shared/qris.js';
import { CancelOrderDialog } from '../../components/CancelOrderDialog';
import { OrderSummary } from '../../components/OrderSummary';
import { QrisCode } from '../../components/QrisCode';
import { Field, Notice } from '../../components/Field';
import { rupiah } from '../../format';
import { Kbd, useShortcuts } from '../../keyboard';
import { cashInputOf, parseCashInput, quickAmounts } from './cash';
import { ShiftPrompt } from './ShiftPrompt';

const METHODS: { method: PaymentMethod; key: string }[] = [
  { method: 'cash', key: 'Alt+T' },
  { method: 'card', key: 'Alt+K' },
  { method: 'bank_transfer', key: 'Alt+B' },
  { method: 'qris', key: 'Alt+Q' },
];

/** The order's own state decides what shows: a paid one leaves this step (SellScreen). */
export function PaymentStep({
  order,
  customer,
  onCancelled,
  onLater,
  onOpenShift,
}: {
  order: OrderDetail;
  customer: string;
  onCancelled: () => void;
  onLater: () => void;
  onOpenShift: () => void;
}) {
  const [cancelling, setCancelling] = useState(false);
  useShortcuts({ Escape: () => setCancelling(true) }, { enabled: !cancelling });
  const pay = useCheckout(order);
  const verification = usePaymentVerification(order);

  return (
    <div className="pay">
      <section className="card">
        <h2>Pembayaran</h2>
        <OrderSummary order={order} customer={customer} />
      </section>
      <section className="card pay-main">
        {order.status === 'verification_pending' ? (
          <Verification payment={order.payment} total={order.grandTotal} verification={verification} onLater={onLater} />
        ) : (
          <Checkout total={order.grandTotal} pay={pay} onOpenShift={onOpenShift} />
        )}
        <div className="cancel-row">
          <button type="button" className="link danger-text" onClick={() => setCancelling(true)}>
            Batalkan pesanan <Kbd keys="Esc" />
          </button>
        </div>
      </section>
      <CancelOrderDialog order={order} open={cancelling} onClose={() => setCancelling(false)} onCancelled={onCancelled} reason="Dibatalkan di loket sebelum dibayar">
        <p>
          Pesanan {customer} belum dibayar. Membatalkannya melepas kursinya dan NIK pembeli dapat dipakai lagi.
        </p>
      </CancelOrderDialog>
    </div>
  );
}

/** How a payment is sent: one order's checkout, or a basket's. */
export interface Payer {
  mutate(body: BasketCheckoutBody): void;
  error: Error | null;
  isPending: boolean;
}

/** The payment form for `total` (an order's, or a basket's); cash chosen with no open shift says so there. */
export function Checkout({ total, pay, onOpenShift }: { total: string; pay: Payer; onOpenShift: () => void }) {
  // Cash is paid rounded by the counter's setting (shared/cash.ts, as the service rounds it).
  const due = roundCash(toMinor(total), useSettings().data?.cashRoundingRupiah ?? 0);
  const [method, setMethod] = useState<PaymentMethod>('cash');
  const [tendered, setTendered] = useState('');
  const [reference, setReference] = useState('');
  const payButton = useRef<HTMLButtonElement>(null);
  useShortcuts(Object.fromEntries(METHODS.map((m) => [m.key, () => setMethod(m.method)])));

  const cash = parseCashInput(tendered);
  // The drawer holds nothing below a Rp 100 coin: it can neither take nor give less (shared/cash.ts).
  const notCoins = cash !== undefined && !isCashAmount(cash);
  const short = method === 'cash' && (cash === undefined || notCoins || cash < due);
  const submit = () => {
    if (short) return;
    const body: BasketCheckoutBody =
      method === 'cash' ? { method, amountTendered: fromMinor(cash!) } : { method, ...(reference.trim() ? { reference: reference.trim() } : {}) };
    pay.mutate(body);
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      noValidate
    >
      <fieldset className="methods">
        <legend>Metode pembayaran</legend>
        {METHODS.map((m) => (
          <label key={m.method} className={method === m.method ? 'method chosen' : 'method'}>
            <input type="radio" name="method" value={m.method} checked={method === m.method} onChange={() => setMethod(m.method)} />
            {METHOD_LABEL[m.method]} <Kbd keys={m.key} />
          </label>
        ))}
      </fieldset>
      {method === 'cash' && <ShiftPrompt onOpenShift={onOpenShift} />}
      {method === 'cash' ? (
        <div className="cash">
          <Field label="Uang diterima" error={tendered && cash === undefined ? 'Tulis jumlah seperti 100.000' : undefined}>
            {(props) => <input {...props} key="cash" className="amount" inputMode="numeric" autoFocus autoComplete="off" value={tendered} onChange={(e) => setTendered(e.target.value)} />}
          </Field>
          <div className="quick" aria-label="Jumlah cepat">
            {quickAmounts(due).map((amount, i) => (
              <button
                key={amount}
                type="button"
                className="secondary"
                onClick={() => {
                  // The amount is chosen: Enter now pays, as it does from the amount field (the
                  // button is enabled by this very amount, hence rendered before it is focused).
                  flushSync(() => setTendered(cashInputOf(amount)));
                  payButton.current?.focus();
                }}
              >
                {i === 0 ? 'Uang pas' : formatRupiah(amount)}
              </button>
            ))}
          </div>
          <div className={short && cash !== undefined ? 'change short' : 'change'} data-testid="change" aria-live="polite">
            {cash === undefined ? (
              <span className="muted">Kembalian muncul di sini</span>
            ) : notCoins ? (
              <span>{messages.notCashAmount}</span>
            ) : cash >= due ? (
              <>
                <span>Kembalian</span> <strong>{formatRupiah(cash - due)}</strong>
              </>
            ) : (
              <>
                <span>Kurang</span> <strong>{formatRupiah(due - cash)}</strong>
              </>
            )}
          </div>
          {due !== toMinor(total) && <p className="muted small">Dibayar tunai dibulatkan: {formatRupiah(due)}</p>}
        </div>
      ) : (
        <Field
          label={method === 'card' ? 'Kode approval EDC (opsional)' : method === 'qris' ? 'ID transaksi QRIS (opsional)' : 'Referensi transfer (opsional)'}
          hint={method === 'card' ? undefined : 'Pesanan menunggu verifikasi sampai uang terlihat masuk.'}
        >
          {(props) => <input {...props} key={method} autoFocus autoComplete="off" value={reference} onChange={(e) => setReference(e.target.value)} />}
        </Field>
      )}
      {method === 'qris' && <CounterQris total={total} />}
      {pay.error && <Notice kind="error">{pay.error.message}</Notice>}
      <div className="actions">
        <button ref={payButton} type="submit" className="primary big" disabled={short || pay.isPending}>
          {method === 'cash' || method === 'card' ? 'Bayar' : 'Catat, tunggu verifikasi'} <Kbd keys="Enter" />
        </button>
      </div>
    </form>
  );
}

/**
 * QRIS chosen: the merchant's code with the amount, on the counter's own screen the moment it is
 * chosen (the customer display shows it too once the payment is recorded); where no code is set,
 * where to set it.
 */
function CounterQris({ total }: { total: string }) {
  const payload = useSettings().data?.qrisPayload;
  if (payload === undefined) return null;
  if (!payload) return <Notice kind="warning">{messages.qrisNotSet}</Notice>;
  return <QrisCode payload={qrisForAmount(payload, toMinor(total))} total={total} size={240} testId="counter-qris" />;
}

/** A transfer or QRIS payment (of an order, or a basket) the operator has yet to see arrive. */
export function Verification({
  payment,
  total,
  verification,
  onLater,
}: {
  payment: Pick<Payment, 'method' | 'reference'> | null;
  total: string;
  verification: ReturnType<typeof usePaymentVerification>;
  onLater: () => void;
}) {
  useShortcuts({ 'Alt+Y': verification.confirm, 'Alt+N': verification.reject, 'Alt+L': onLater });
  // Focus rests on the heading, not on a button: confirming money is a deliberate Alt+Y (or a
  // click), never the Enter that recorded the transfer pressed once more.
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="verification">
      <h2 ref={heading} tabIndex={-1}>
        Menunggu verifikasi
      </h2>
      <p>
        {payment && METHOD_LABEL[payment.method]} sebesar <strong>{rupiah(total)}</strong>
        {payment?.reference && <> (ref. {payment.reference})</>}.{' '}
        {payment?.method === 'qris' ? 'Periksa aplikasi QRIS' : 'Periksa mutasi rekening'}, lalu konfirmasi.
      </p>
      {verification.error && <Notice kind="error">{verification.error.message}</Notice>}
      <div className="actions">
        <button type="button" className="primary" disabled={verification.confirming} onClick={verification.confirm}>
          Pembayaran diterima <Kbd keys="Alt+Y" />
        </button>
        <button type="button" className="secondary" disabled={verification.rejecting} onClick={verification.reject}>
          Tolak <Kbd keys="Alt+N" />
        </button>
        <button type="button" className="secondary" onClick={onLater}>
          Verifikasi nanti, layani berikutnya <Kbd keys="Alt+L" />
        </button>
      </div>
    </div>
  );
}
