/**
 * A handheld barcode scanner is a keyboard: it types what it reads and presses Enter. A ticket's
 * QR code scanned anywhere on the counter is told from typing by its shape (a signed ticket token),
 * taken out of whatever field had the focus, and handed on.
 */
import { useEffect, useRef } from 'react';

/** header.payload.signature in base64url, the header being JSON ("eyJ" is "{\"" encoded): what a ticket's QR code holds. */
const TICKET_TOKEN = /^eyJ[\w-]{7,}\.[\w-]{20,}\.[\w-]{20,}$/;
/** What a token can have been so far: no one types this by hand, so any other key ends the candidate. */
const TOKEN_SO_FAR = /^(e|ey|eyJ[\w.-]*)$/;

/** The field the token began in and its value then, to give it back once it is a scan. */
interface Start {
  field: HTMLInputElement | HTMLTextAreaElement | undefined;
  value: string;
}

function startOf(target: EventTarget | null): Start {
  const field = target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement ? target : undefined;
  return { field, value: field?.value ?? '' };
}

/** Puts the field's value back as React sees a change (its own setter, then an input event). */
function restore({ field, value }: Start): void {
  if (!field) return;
  const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field) as object, 'value')?.set;
  setter?.call(field, value);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

export function useTicketScanner(onToken: (token: string) => void): void {
  const handler = useRef(onToken);
  useEffect(() => {
    handler.current = onToken;
  });
  useEffect(() => {
    // What may be a token being typed, and where it began. Told by its shape alone, not by speed:
    // a busy page may take its time over each key, however fast the scanner types.
    let candidate: { text: string; start: Start } | undefined;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Enter') {
        if (candidate && TICKET_TOKEN.test(candidate.text)) {
          // A scan: no form submits, no dialog button is pressed, the field is as it was.
          event.preventDefault();
          event.stopImmediatePropagation();
          restore(candidate.start);
          handler.current(candidate.text);
        }
        candidate = undefined;
        return;
      }
      if (event.key.length !== 1) return;
      const next = candidate && `${candidate.text}${event.key}`;
      if (candidate && next && TOKEN_SO_FAR.test(next)) candidate.text = next;
      // The key is seen before the field takes it: the field's value now is its value before the token.
      else candidate = event.key === 'e' ? { text: 'e', start: startOf(event.target) } : undefined;
    };
    // Capture: seen before any field or shortcut acts on the Enter.
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, []);
}
