/**
 * A handheld scanner is a keyboard: it types what it reads and presses Enter. Keys typed with the
 * focus anywhere but in a field are gathered and scanned on Enter, whatever button has the focus;
 * what is typed in a field (the ticket number field) is that field's own form's to send.
 */
import { useEffect, useRef } from 'react';

/** A scanner types a code in one go: keys after a pause this long begin another code. */
const PAUSE_MS = 1000;

const inField = (target: EventTarget | null) =>
  target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement || (target instanceof HTMLElement && target.isContentEditable);

export function useKeyboardWedge(onScan: (text: string) => void): void {
  const handler = useRef(onScan);
  useEffect(() => {
    handler.current = onScan;
  });
  useEffect(() => {
    let typed = '';
    let last = -Infinity;
    const onKey = (event: KeyboardEvent) => {
      if (inField(event.target) || event.ctrlKey || event.metaKey || event.altKey) return;
      if (event.key === 'Enter') {
        if (!typed) return;
        // The code's Enter: a focused button (the mode switch, the camera) is not pressed by it.
        event.preventDefault();
        const text = typed;
        typed = '';
        handler.current(text);
        return;
      }
      if (event.key.length !== 1) return;
      if (event.timeStamp - last > PAUSE_MS) typed = '';
      typed += event.key;
      last = event.timeStamp;
    };
    // Capture: seen before a focused button acts on the Enter.
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, []);
}
