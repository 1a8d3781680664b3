/**
 * The event's ticket categories as radio cards (arrow keys move between them): price, seats left,
 * what may still be sold offline when the remote is unreachable, the sale window, and for a
 * category that cannot be sold now, why.
 */
import type { UseFormRegisterReturn } from 'react-hook-form';
import { messages } from '#shared/messages.js';
import type { Event } from '#shared/schemas/event.js';
import type { TicketCategory } from '#shared/schemas/ticket.js';
import { dateTime, rupiah } from '../../format';

/** Why a category cannot be sold now, or undefined when it can. */
export function whyNotOnSale(ticket: TicketCategory, event: Event, now: number, offlineLeft: number | undefined): string | undefined {
  if (event.status !== 'published') return messages.eventNotPublished;
  if (ticket.status !== 'active') return 'Tidak dijual';
  if (now < Date.parse(ticket.saleStartAt)) return `Dijual mulai ${dateTime(ticket.saleStartAt, event.timezone)}`;
  if (now >= Date.parse(ticket.saleEndAt)) return 'Penjualan sudah berakhir';
  if (ticket.isSoldOut && ticket.sold < ticket.quota) {
    // Every seat left is held by an unpaid order: it may come back when the hold lapses.
    return ticket.holdLapsesAt ? `Sedang ditahan pembeli lain; kursi kembali paling cepat ${dateTime(ticket.holdLapsesAt, event.timezone)}` : 'Sedang ditahan pembeli lain (menunggu verifikasi)';
  }
  if (ticket.isSoldOut) return 'Habis terjual';
  if (offlineLeft === 0) return 'Jatah offline habis: tunggu koneksi pulih';
  return undefined;
}

const seatsLeftOf = (ticket: TicketCategory) => ticket.available ?? Math.max(0, ticket.quota - ticket.sold);

export function CategoryPicker({
  event,
  tickets,
  selected,
  register,
  error,
  offlineLeft,
}: {
  event: Event;
  tickets: TicketCategory[];
  selected: string | undefined;
  register: UseFormRegisterReturn;
  error?: string;
  /** Per category, what may still be sold offline; only while the remote is unreachable. */
  offlineLeft?: Map<string, number>;
}) {
  const now = Date.now();
  return (
    <fieldset className={error ? 'categories invalid' : 'categories'} aria-describedby="category-error">
      <legend>
        Kategori tiket <span className="muted small">(↑ ↓ untuk memilih)</span>
      </legend>
      {tickets.map((ticket) => {
        const left = offlineLeft?.get(ticket.id);
        const reason = whyNotOnSale(ticket, event, now, left);
        return (
          <label key={ticket.id} className={['category', reason ? 'off' : '', selected === ticket.id ? 'chosen' : ''].join(' ')} data-testid={`category-${ticket.name}`}>
            <input type="radio" value={ticket.id} disabled={Boolean(reason)} {...register} />
            <span className="category-body">
              <span className="category-head">
                <strong>{ticket.name}</strong>
                <span className="price">{rupiah(ticket.price)}</span>
              </span>
              <span className="category-facts">
                <span>Sisa {seatsLeftOf(ticket).toLocaleString('id-ID')} dari {ticket.quota.toLocaleString('id-ID')}</span>
                {left !== undefined && <span className="offline-left">Jatah offline: {left}</span>}
                <span className="muted">s.d. {dateTime(ticket.saleEndAt, event.timezone)}</span>
              </span>
              {reason && <span className="reason">{reason}</span>}
            </span>
          </label>
        );
      })}
      {tickets.length === 0 && <p className="muted">Acara ini belum punya kategori tiket.</p>}
      <div id="category-error" className="field-error" role={error ? 'alert' : undefined}>
        {error}
      </div>
    </fieldset>
  );
}
