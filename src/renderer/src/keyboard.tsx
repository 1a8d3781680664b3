/**
 * Keyboard shortcuts: an operator at a busy counter sells without the mouse. Each shortcut is shown
 * next to what it does (<Kbd>), and is live while that part of the screen is shown. Parts register
 * scopes on a stack: the newest scope that knows a key handles it, and a modal scope (a dialog)
 * keeps every key from the screen beneath it.
 */
import { useEffect, useLayoutEffect, useRef, type MutableRefObject } from 'react';

type Handlers = Record<string, (() => void) | undefined>;
interface Scope {
  handlers: MutableRefObject<Handlers>;
  modal: boolean;
}

const scopes: Scope[] = [];

/** "F1", "Escape", "Alt+T": modifiers first, then the key (letters by their key cap, not the layout). */
function shortcutOf(event: KeyboardEvent): string {
  const key = /^Key[A-Z]$/.test(event.code) ? event.code.slice(3) : /^Digit\d$/.test(event.code) ? event.code.slice(5) : event.key;
  return `${event.ctrlKey ? 'Ctrl+' : ''}${event.altKey ? 'Alt+' : ''}${key}`;
}

function onKey(event: KeyboardEvent): void {
  if (event.defaultPrevented || event.repeat) return;
  const pressed = shortcutOf(event);
  for (let i = scopes.length - 1; i >= 0; i--) {
    const scope = scopes[i]!;
    const handler = scope.handlers.current[pressed];
    if (handler) {
      event.preventDefault();
      handler();
      return;
    }
    if (scope.modal) return;
  }
}

/** Puts a scope on the stack; returns what takes it off again. */
function enter(handlers: MutableRefObject<Handlers>, modal: boolean): () => void {
  const scope: Scope = { handlers, modal };
  if (scopes.length === 0) window.addEventListener('keydown', onKey);
  scopes.push(scope);
  return () => {
    scopes.splice(scopes.indexOf(scope), 1);
    if (scopes.length === 0) window.removeEventListener('keydown', onKey);
  };
}

/**
 * A modal scope registers in a layout effect, the others in a passive one: React runs a child's
 * effects before its parent's, so a dialog shown together with its contents would otherwise stack
 * its modal scope above their shortcuts, and keep them from them. Layout effects all run before
 * passive ones. Both hooks run on every render; only the one for this kind of scope registers.
 */
export function useShortcuts(handlers: Handlers, { enabled = true, modal = false } = {}): void {
  const current = useRef(handlers);
  useLayoutEffect(() => {
    current.current = handlers;
  });
  useLayoutEffect(() => (enabled && modal ? enter(current, true) : undefined), [enabled, modal]);
  useEffect(() => (enabled && !modal ? enter(current, false) : undefined), [enabled, modal]);
}

export function Kbd({ keys }: { keys: string }) {
  return (
    <kbd className="kbd" aria-hidden="true">
      {keys}
    </kbd>
  );
}
