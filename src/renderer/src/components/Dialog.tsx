import { useEffect, useRef, type ReactNode } from 'react';
import { useShortcuts } from '../keyboard';

/**
 * A modal on the native <dialog>: the browser keeps focus inside it and the page inert behind it.
 * While it is open its keys are the only ones live (a modal shortcut scope), Escape closing it.
 */
export function Dialog({ title, open, onClose, children, wide = false }: { title: string; open: boolean; onClose: () => void; children: ReactNode; wide?: boolean }) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      // The browser focuses the first focusable element, the × in the head: start instead where
      // the operator types (the first field) or at the body's chosen button.
      dialog.querySelector<HTMLElement>('.dialog-body :is(input, select, textarea), .dialog-body [data-autofocus]')?.focus();
    }
    if (!open && dialog.open) dialog.close();
  }, [open]);
  useShortcuts({ Escape: onClose }, { enabled: open, modal: true });
  return (
    <dialog
      ref={ref}
      className={wide ? 'dialog wide' : 'dialog'}
      aria-label={title}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      {open && (
        <>
          <header className="dialog-head">
            <h2>{title}</h2>
            <button type="button" className="icon" aria-label="Tutup" onClick={onClose}>
              ×
            </button>
          </header>
          <div className="dialog-body">{children}</div>
        </>
      )}
    </dialog>
  );
}

/**
 * Asks before something that cannot be undone. Without a field, the safe choice has the focus, so
 * an Enter pressed out of habit keeps things as they are; with one, Enter there confirms.
 */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  onConfirm,
  onCancel,
  busy = false,
  cancelLabel = 'Kembali',
}: {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  busy?: boolean;
  cancelLabel?: string;
}) {
  return (
    <Dialog title={title} open={open} onClose={onCancel}>
      {/* Enter in a field (a reason) confirms; on the focused safe button it only goes back. */}
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (!busy) onConfirm();
        }}
      >
        <div className="confirm-text">{children}</div>
        <div className="actions">
          <button type="button" className="secondary" data-autofocus onClick={onCancel}>
            {cancelLabel}
          </button>
          <button type="submit" className="danger" disabled={busy}>
            {confirmLabel}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
