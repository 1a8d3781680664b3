/** Masuk or Keluar; Keluar only where the event lets a ticket come in again (the instance says so with the counts). */
import { useEffect } from 'react';
import { mode, type Mode } from '../check/mode';
import { useStore } from '../store';
import { texts } from '../texts';

const MODES: [Mode, string][] = [
  ['entry', texts.entry],
  ['exit', texts.exit],
];

export function ModeSwitch({ reentryAllowed }: { reentryAllowed: boolean }) {
  const current = useStore(mode);
  // Re-entry switched off meanwhile: the gate admits again.
  useEffect(() => {
    if (!reentryAllowed) mode.set('entry');
  }, [reentryAllowed]);
  if (!reentryAllowed) return null;
  return (
    <div className="modes" role="group" aria-label={texts.modeLabel}>
      {MODES.map(([value, label]) => (
        <button key={value} type="button" className={`mode ${value}`} aria-pressed={current === value} onClick={() => mode.set(value)}>
          {label}
        </button>
      ))}
    </div>
  );
}
