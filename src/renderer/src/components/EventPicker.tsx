/**
 * The event the counter sells for: shown with its date and place, changed through a search list
 * (Ctrl+K, type, arrows, Enter). Events not on sale are listed with the reason.
 */
import { useEffect, useId, useRef, useState } from 'react';
import type { Event } from '#shared/schemas/event.js';
import { useEvents } from '../api/hooks';
import { dateTime } from '../format';
import { Kbd, useShortcuts } from '../keyboard';
import { listStateOf, useEnterWhenListed } from '../use-enter-when-listed';

const STATUS_NOTE: Record<Event['status'], string | undefined> = {
  published: undefined,
  draft: 'Draf: belum dijual',
  closed: 'Ditutup',
  archived: 'Diarsipkan',
};

export function useEvent(eventId: string | undefined): Event | undefined {
  return useEvents('').data?.find((e) => e.id === eventId);
}

export function EventPicker({ eventId, onChoose }: { eventId: string | undefined; onChoose: (eventId: string) => void }) {
  const event = useEvent(eventId);
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  useShortcuts({ 'Ctrl+K': () => setOpen(true) });
  const close = () => {
    setOpen(false);
    opener.current?.focus();
  };
  return (
    <div className="event-picker">
      <button ref={opener} type="button" className="event-current" aria-haspopup="listbox" aria-expanded={open} onClick={() => setOpen(!open)}>
        {event ? (
          <>
            <strong data-testid="current-event">{event.name}</strong>
            <span className="muted">
              {dateTime(event.startAt, event.timezone)} · {event.location}
            </span>
          </>
        ) : (
          <strong>Pilih acara</strong>
        )}
        <span className="event-change">
          Ganti <Kbd keys="Ctrl+K" />
        </span>
      </button>
      {(open || !eventId) && (
        <EventSearch
          onChoose={(id) => {
            onChoose(id);
            close();
          }}
          onClose={eventId ? close : undefined}
        />
      )}
    </div>
  );
}

function EventSearch({ onChoose, onClose }: { onChoose: (eventId: string) => void; onClose?: () => void }) {
  const [search, setSearch] = useState('');
  const [active, setActive] = useState(0);
  const found = useEvents(search);
  const events = found.data ?? [];
  const enter = useEnterWhenListed(`${search}\n${active}`, listStateOf(found), events[active], (event) => onChoose(event.id));
  const listId = useId();
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => input.current?.focus(), []);
  useShortcuts({ Escape: onClose });

  const onKeyDown = (key: string) => {
    if (key === 'ArrowDown') setActive((i) => Math.min(i + 1, events.length - 1));
    else if (key === 'ArrowUp') setActive((i) => Math.max(i - 1, 0));
    else if (key === 'Enter') enter.enter();
    else return false;
    return true;
  };

  return (
    <div className="event-search card">
      <input
        ref={input}
        role="combobox"
        aria-label="Cari acara"
        aria-controls={listId}
        aria-expanded="true"
        aria-activedescendant={events[active] ? `${listId}-${active}` : undefined}
        placeholder="Cari nama acara atau lokasi…"
        value={search}
        onChange={(e) => {
          // Another search, another list: the first of it is the one Enter picks.
          setSearch(e.target.value);
          setActive(0);
        }}
        onBlur={enter.cancel}
        onKeyDown={(e) => onKeyDown(e.key) && e.preventDefault()}
      />
      <ul id={listId} role="listbox" aria-label="Acara">
        {events.map((e, i) => (
          <li key={e.id} id={`${listId}-${i}`} role="option" aria-selected={i === active} className={i === active ? 'active' : undefined} onMouseDown={() => onChoose(e.id)}>
            <strong>{e.name}</strong>
            <span className="muted">
              {dateTime(e.startAt, e.timezone)} · {e.location}
              {STATUS_NOTE[e.status] && <em className="tag">{STATUS_NOTE[e.status]}</em>}
            </span>
          </li>
        ))}
        {/* Not "none found" while the list is still on its way. */}
        {found.isPending ? <li className="muted">Memuat acara…</li> : events.length === 0 && <li className="muted">Tidak ada acara yang cocok.</li>}
      </ul>
    </div>
  );
}
