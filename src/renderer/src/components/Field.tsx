import { useId, type ReactNode } from 'react';

/**
 * A labelled form control with its error (from the shared schema or the service) or its hint beneath:
 * the control is given its id and aria wiring through the render prop.
 */
export function Field({
  label,
  error,
  hint,
  children,
  className,
}: {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  children: (props: { id: string; 'aria-invalid': boolean; 'aria-describedby': string }) => ReactNode;
  className?: string;
}) {
  const id = useId();
  const noteId = `${id}-note`;
  return (
    <div className={['field', error ? 'invalid' : '', className ?? ''].join(' ').trim()}>
      <label htmlFor={id}>{label}</label>
      {children({ id, 'aria-invalid': Boolean(error), 'aria-describedby': noteId })}
      <div id={noteId} className={error ? 'field-error' : 'field-hint'} role={error ? 'alert' : undefined}>
        {error ?? hint}
      </div>
    </div>
  );
}

/** A message for the screen, not for one field: a refusal, a warning or a success. */
export function Notice({ kind, children }: { kind: 'error' | 'warning' | 'success' | 'info'; children: ReactNode }) {
  return (
    <div className={`notice ${kind}`} role={kind === 'error' ? 'alert' : 'status'}>
      {children}
    </div>
  );
}
