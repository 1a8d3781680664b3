import { useEffect, useState } from 'react';
import type { Event } from '../../../shared/schemas/event.js';
import type { TicketCategory } from '../../../shared/schemas/ticket.js';
import { formatRupiah, toMinor } from '../../../shared/money.js';
import { api, ApiError } from '../api';

/** The events this operator may sell for, and the ticket categories of the chosen one. */
export function EventsScreen() {
  const [events, setEvents] = useState<Event[]>([]);
  const [selected, setSelected] = useState<string>();
  const [tickets, setTickets] = useState<TicketCategory[]>([]);
  const [error, setError] = useState<string>();

  useEffect(() => {
    api<Event[]>('/events?ownerId=me&status=published&sort=startAt&order=asc&limit=100')
      .then((list) => {
        setEvents(list);
        setSelected((current) => current ?? list[0]?.id);
      })
      .catch((failure: unknown) => setError(failure instanceof ApiError ? failure.message : String(failure)));
  }, []);

  useEffect(() => {
    if (!selected) return;
    api<TicketCategory[]>(`/events/${selected}/tickets`)
      .then(setTickets)
      .catch((failure: unknown) => setError(failure instanceof ApiError ? failure.message : String(failure)));
  }, [selected]);

  const event = events.find((e) => e.id === selected);
  return (
    <section className="card">
      <label>
        Acara
        <select value={selected ?? ''} onChange={(e) => setSelected(e.target.value)}>
          {events.map((e) => (
            <option key={e.id} value={e.id}>
              {e.name}
            </option>
          ))}
        </select>
      </label>
      {error && <p className="error" role="alert">{error}</p>}
      {event && (
        <p className="muted">
          {event.location} · {new Date(event.startAt).toLocaleString('id-ID', { timeZone: event.timezone })}
        </p>
      )}
      <table>
        <thead>
          <tr>
            <th>Kategori</th>
            <th>Harga</th>
            <th>Terjual / kuota</th>
            <th>Status</th>
          </tr>
        </thead>
        <tbody>
          {tickets.map((t) => (
            <tr key={t.id}>
              <td>{t.name}</td>
              <td>{formatRupiah(toMinor(t.price))}</td>
              <td>
                {t.sold} / {t.quota}
              </td>
              <td>{t.isSoldOut ? 'Habis' : 'Tersedia'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
