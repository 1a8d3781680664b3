/**
 * A handheld barcode scanner is a keyboard: it types what it reads and presses Enter. A ticket's
 * QR code scanned anywhere on the counter is told from typing by its shape (a signed ticket token);
 * a ticket number (a barcode of it) by its shape and its speed, since a person types numbers too.
 * Either is taken out of whatever field had the focus, and handed on.
 */
import { useEffect, useRef } from 'react';
import { isTicketNumber } from '#shared/ticket-number.js';

/** header.payload.signature in base64url, the header being JSON ("eyJ" is "{\"" encoded): what a ticket's QR code holds. */
const TICKET_TOKEN = /^eyJ[\w-]{7,}\.[\w-]{20,}\.[\w-]{20,}$/;
/** What a token can have been so far: no one types this by hand, so any other key ends the candidate. */
const TOKEN_SO_FAR = /^(e|ey|eyJ[\w.-]*)$/;

/**
 * Keys this close together come from a scanner: one types a key every few milliseconds, a person
 * one every 80 ms or more. Event times are when the keys were pressed, however busy the page.
 */
const SCANNER_GAP_MS = 35;

/**
 * A ticket number, scanned: with a letter in it, so that a scanned run of digits (an EDC's
 * reference, a voucher) typed into a field stays what it is.
 */
const scannedNumber = (text: string) => isTicketNumber(text) && /[A-Z]/.test(text);

/** What was scanned: a ticket's signed token (its QR code), or a ticket number. */
export type Scanned = { kind: 'token'; text: string } | { kind: 'number'; text: string };

/** The field a scan began in and its value then, to give it back once it is a scan. */
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

export function useTicketScanner(onScan: (scanned: Scanned) => void): void {
  const handler = useRef(onScan);
  useEffect(() => {
    handler.current = onScan;
  });
  useEffect(() => {
    // What may be a token being typed, and where it began. Told by its shape alone, not by speed:
    // a busy page may take its time over each key, however fast the scanner types.
    let candidate: { text: string; start: Start } | undefined;
    // The keys typed at a scanner's speed so far, and where they began.
    let burst: { text: string; start: Start; last: number } | undefined;
    const scan = (event: KeyboardEvent, start: Start, scanned: Scanned) => {
      // A scan: no form submits, no dialog button is pressed, the field is as it was.
      event.preventDefault();
      event.stopImmediatePropagation();
      restore(start);
      handler.current(scanned);
    };
    const onKey = (event: KeyboardEvent) => {
      const gap = burst === undefined ? Infinity : event.timeStamp - burst.last;
      const fast = gap >= 0 && gap <= SCANNER_GAP_MS;
      if (event.key === 'Enter') {
        if (candidate && TICKET_TOKEN.test(candidate.text)) scan(event, candidate.start, { kind: 'token', text: candidate.text });
        else if (fast && scannedNumber(burst!.text.toUpperCase())) scan(event, burst!.start, { kind: 'number', text: burst!.text.toUpperCase() });
        candidate = burst = undefined;
        return;
      }
      if (event.key.length !== 1) return;
      if (fast) burst = { ...burst!, text: `${burst!.text}${event.key}`, last: event.timeStamp };
      else burst = { text: event.key, start: startOf(event.target), last: event.timeStamp };
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
