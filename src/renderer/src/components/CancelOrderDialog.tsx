import { useState, type ReactNode } from 'react';
import { useCancelOrder } from '../api/hooks';
import { ConfirmDialog } from './Dialog';
import { Field, Notice } from './Field';

/**
 * Asks before cancelling an unpaid order, then cancels it. With `reason` the order is cancelled for
 * that reason; without, the operator may write one.
 */
export function CancelOrderDialog({
  order,
  open,
  onClose,
  onCancelled,
  reason,
  children,
}: {
  order: { eventId: string; id: string };
  open: boolean;
  onClose: () => void;
  onCancelled: () => void;
  reason?: string;
  children: ReactNode;
}) {
  const cancel = useCancelOrder(order);
  const [written, setWritten] = useState('');
  const given = reason ?? written.trim();
  return (
    <ConfirmDialog
      open={open}
      title="Batalkan pesanan ini?"
      confirmLabel="Ya, batalkan pesanan"
      busy={cancel.isPending}
      onCancel={onClose}
      onConfirm={() => cancel.mutate(given ? { reason: given } : {}, { onSuccess: onCancelled })}
    >
      {children}
      {reason === undefined && (
        <Field label="Alasan (opsional)">{(props) => <input {...props} value={written} onChange={(e) => setWritten(e.target.value)} />}</Field>
      )}
      {cancel.error && <Notice kind="error">{cancel.error.message}</Notice>}
    </ConfirmDialog>
  );
}
