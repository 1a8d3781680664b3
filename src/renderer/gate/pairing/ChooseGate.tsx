/** A key not made for one gate: the steward picks the event (of those the key may check in) and names the gate. */
import { useState, type FormEvent } from 'react';
import type { GateEvent } from '#shared/schemas/gate-device.js';
import { texts } from '../texts';

export function ChooseGate({ events, gate: suggested, onChosen, onBack }: { events: GateEvent[]; gate: string; onChosen: (event: GateEvent, gate: string) => void; onBack: () => void }) {
  const [eventId, setEventId] = useState(events[0]?.id);
  const [gate, setGate] = useState(suggested);
  const [problem, setProblem] = useState<string>();
  const submit = (submitted: FormEvent) => {
    submitted.preventDefault();
    const event = events.find((candidate) => candidate.id === eventId);
    if (!event) return;
    if (!gate.trim()) return setProblem(texts.gateRequired);
    onChosen(event, gate.trim());
  };
  return (
    <form className="card" onSubmit={submit}>
      <h2>{texts.chooseTitle}</h2>
      <fieldset className="events">
        <legend>{texts.eventLabel}</legend>
        {events.map((event) => (
          <label key={event.id} className="choice">
            <input type="radio" name="event" value={event.id} checked={eventId === event.id} onChange={() => setEventId(event.id)} />
            {event.name}
          </label>
        ))}
      </fieldset>
      <label htmlFor="gate-name">{texts.gateLabel}</label>
      <input id="gate-name" value={gate} onChange={(changed) => setGate(changed.target.value)} placeholder={texts.gatePlaceholder} autoComplete="off" />
      {problem && (
        <p className="problem" role="alert">
          {problem}
        </p>
      )}
      <button type="submit" className="primary wide">
        {texts.start}
      </button>
      <button type="button" className="secondary wide" onClick={onBack}>
        {texts.back}
      </button>
    </form>
  );
}
