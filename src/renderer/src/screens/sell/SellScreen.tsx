/**
 * The home screen: a walk-in sale from the form to the ticket in the customer's hand. The event and
 * the category stay as they were for the next customer; everything else starts empty.
 */
import { useCallback, useState } from 'react';
import type { SyncStatus } from '#shared/schemas/sync.js';
import { useOrder, useTickets } from '../../api/hooks';
import { EventPicker, useEvent } from '../../components/EventPicker';
import { AwaitingVerification } from './AwaitingVerification';
import { ShiftPrompt } from './ShiftPrompt';
import { DoneStep } from './DoneStep';
import { PaymentStep } from './PaymentStep';
import { SaleForm } from './SaleForm';

interface Sale {
  eventId: string;
  orderId: string;
  customer: string;
}

export function SellScreen({
  eventId,
  onChooseEvent,
  status,
  onShowAwaiting,
  onOpenShift,
}: {
  eventId: string | undefined;
  onChooseEvent: (eventId: string) => void;
  status: SyncStatus | undefined;
  /** Opens the list of the event's sales awaiting verification. */
  onShowAwaiting: () => void;
  onOpenShift: () => void;
}) {
  const event = useEvent(eventId);
  const tickets = useTickets(eventId);
  const [categoryId, setCategoryId] = useState<string>();
  const [sale, setSale] = useState<Sale>();
  // Each customer gets a fresh form: the key remounts it empty.
  const [customerNo, setCustomerNo] = useState(0);
  const order = useOrder(sale?.eventId, sale?.orderId).data;
  const next = useCallback(() => {
    setSale(undefined);
    setCustomerNo((n) => n + 1);
  }, []);
  const choose = (id: string) => {
    if (id !== eventId) setCategoryId(undefined);
    onChooseEvent(id);
    next();
  };

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
        onCreated={(created, customer) => setSale({ eventId: event.id, orderId: created.id, customer })}
      />
    ) : (
      <p className="muted">Memuat kategori tiket…</p>
    );
  else if (!order) step = <p className="muted">Memuat pesanan…</p>;
  else if (order.paymentStatus === 'paid') step = <DoneStep order={order} onNext={next} />;
  else step = <PaymentStep order={order} customer={sale.customer} onCancelled={next} onLater={next} />;

  return (
    <div className="sell">
      <EventPicker eventId={eventId} onChoose={choose} />
      <ShiftPrompt onOpenShift={onOpenShift} />
      {event && <AwaitingVerification eventId={event.id} onShow={onShowAwaiting} />}
      {step}
    </div>
  );
}
