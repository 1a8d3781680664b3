/** A ticket number typed by hand (a torn or wet QR code): sent by its own form, the field then empty for the next. */
import { useState, type FormEvent } from 'react';
import { texts } from '../texts';

export function ManualEntry({ onScan }: { onScan: (text: string) => void }) {
  const [typed, setTyped] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!typed.trim()) return;
    onScan(typed);
    setTyped('');
  };
  return (
    <form className="manual" onSubmit={submit}>
      <label htmlFor="ticket-number">{texts.numberLabel}</label>
      <div className="row">
        <input
          id="ticket-number"
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          placeholder={texts.numberPlaceholder}
          autoCapitalize="characters"
          autoComplete="off"
          autoCorrect="off"
          spellCheck={false}
          enterKeyHint="go"
        />
        <button type="submit" className="primary">
          {texts.check}
        </button>
      </div>
    </form>
  );
}
