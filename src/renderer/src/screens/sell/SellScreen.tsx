/**
 * The home screen: a walk-in sale from the form to the ticket in the customer's hand, for one
 * attendee or a basket of several paid once. The event and the category stay as they were for the
 * next customer; everything else starts empty.
 */
import { useCallback, useEffect, useState } from 'react';
import type { SyncStatus } from '#shared/schemas/sync.js';
import { useOrder, useTickets } from '../../api/hooks';
import { EventPicker, useEvent } from '../../components/EventPicker';
import { useBasket } from '../../api/basket-hooks';
import { useShowOnDisplay } from '../../api/display-hooks';
import { Notice } from '../../components/Field';
import { AwaitingVerification } from './AwaitingVerification';
import { BasketDoneStep, BasketPaymentStep } from './BasketSteps';
import type { DraftLine } from './BasketLines';
import { customerView } from './customer-view';
import { ShiftPrompt } from './ShiftPrompt';
import { DoneStep } from './DoneStep';
import { PaymentStep } from './PaymentStep';
import { SaleForm } from './SaleForm';

/** The sale under way: one order, or a basket of several. */
export type Sale = { eventId: string; orderId: string; customer: string } | { eventId: string; transactionId: string };

export function SellScreen({
  eventId,
  onChooseEvent,
  sale,
  onSale,
  status,
  onShowAwaiting,
  onOpenShift,
}: {
  eventId: string | undefined;
  onChooseEvent: (eventId: string) => void;
  /** Kept by the workspace: a payment left for another screen (F2, a scanned ticket) is there on coming back. */
  sale: Sale | undefined;
  onSale: (sale: Sale | undefined) => void;
  status: SyncStatus | undefined;
  /** Opens the list of the event's sales awaiting verification. */
  onShowAwaiting: () => void;
  onOpenShift: () => void;
}) {
  // A sale under way is shown under its own event: one answered after the operator chose another
  // (its request was on its way) was shown under the other, the header naming one event, the
  // payment the other's. The event chosen stays the current one for the next customer.
  const shownEventId = sale?.eventId ?? eventId;
  const event = useEvent(shownEventId);
  const tickets = useTickets(shownEventId);
  const [categoryId, setCategoryId] = useState<string>();
  // Each customer gets a fresh form: the key remounts it empty.
  const [customerNo, setCustomerNo] = useState(0);
  const order = useOrder(sale?.eventId, sale && 'orderId' in sale ? sale.orderId : undefined).data;
  const basket = useBasket(sale && 'transactionId' in sale ? { eventId: sale.eventId, id: sale.transactionId } : undefined).data;
  // The basket's attendees added so far: kept across the form's remounts, one per attendee.
  const [lines, setLines] = useState<DraftLine[]>([]);
  const next = useCallback(() => {
    onSale(undefined);
    setLines([]);
    setCustomerNo((n) => n + 1);
  }, [onSale]);
  const choose = (id: string) => {
    if (id !== eventId) setCategoryId(undefined);
    onChooseEvent(id);
    next();
  };
  // A sale kept while the operator was on another screen may have been cancelled there (or
  // lapsed): its payment is not asked for again.
  const ended = (sale && 'orderId' in sale ? order : basket)?.status === 'cancelled';
  useEffect(() => {
    if (ended) next();
  }, [ended, next]);

  const displayFailure = useShowOnDisplay(
    customerView({ eventName: event?.name, draft: lines, basket: sale && 'transactionId' in sale ? basket : undefined, order: sale && 'orderId' in sale && order ? { detail: order, customer: sale.customer } : undefined }),
  );

  let step;
  if (!event) step = null;
  else if (!sale)
    step = tickets.data ? (
      <SaleForm
        key={`${event.id}-${customerNo}`}
        event={event}
        tickets={tickets.data}
        status={status}
        categoryId={categoryId}
        onCategory={setCategoryId}
        onCreated={(created, customer) => onSale({ eventId: event.id, orderId: created.id, customer })}
        lines={lines}
        onLines={setLines}
        onBasketCreated={(created) => onSale({ eventId: event.id, transactionId: created.id })}
      />
    ) : (
      <p className="muted">Memuat kategori tiket…</p>
    );
  else if ('transactionId' in sale) {
    if (!basket) step = <p className="muted">Memuat transaksi…</p>;
    else if (basket.status === 'completed') step = <BasketDoneStep basket={basket} onNext={next} />;
    else step = <BasketPaymentStep basket={basket} onCancelled={next} onLater={next} onOpenShift={onOpenShift} />;
  } else if (!order) step = <p className="muted">Memuat pesanan…</p>;
  else if (order.paymentStatus === 'paid') step = <DoneStep order={order} onNext={next} />;
  else step = <PaymentStep order={order} customer={sale.customer} onCancelled={next} onLater={next} onOpenShift={onOpenShift} />;

  return (
    <div className="sell">
      <EventPicker eventId={shownEventId} onChoose={choose} />
      {/* At payment it is said at the choice of cash, where the cashier looks (Checkout). */}
      {!sale && <ShiftPrompt onOpenShift={onOpenShift} />}
      {event && <AwaitingVerification eventId={event.id} onShow={onShowAwaiting} />}
      {displayFailure && <Notice kind="error">Layar pelanggan tidak diperbarui: {displayFailure.message}</Notice>}
      {step}
    </div>
  );
}
