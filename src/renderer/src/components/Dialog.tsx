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
    if (open && !dialog.open) dialog.showModal();
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
 * Asks before something that cannot be undone. The safe choice has the focus, so an Enter pressed
 * out of habit keeps things as they are.
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
      <div className="confirm-text">{children}</div>
      <div className="actions">
        <button type="button" className="secondary" autoFocus onClick={onCancel}>
          {cancelLabel}
        </button>
        <button type="button" className="danger" disabled={busy} onClick={onConfirm}>
          {confirmLabel}
        </button>
      </div>
    </Dialog>
  );
}
