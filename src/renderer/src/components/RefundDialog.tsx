/**
 * Refunding a paid order: a reason, a reference for money owed back by card, QRIS or transfer, and
 * a supervisor's approval (a cashier alone cannot refund). The money leaves the open shift. Given
 * from the order's detail, or from a sync conflict (a paid sale the remote refused).
 */
import type { UseMutationResult } from '@tanstack/react-query';
import { useState } from 'react';
import { METHOD_LABEL } from '#shared/labels.js';
import { fromMinor, toMinor, toMinorSigned } from '#shared/money.js';
import type { RefundBody } from '#shared/schemas/cash-session.js';
import type { OrderDetail } from '#shared/schemas/order.js';
import { Dialog } from './Dialog';
import { Field, Notice } from './Field';
import { rupiah } from '../format';
import { ApprovalFields, useApprovalForm } from './ApprovalFields';

/** What gives the refund: the order's own refund, or a conflict's. */
type RefundChange = UseMutationResult<unknown, Error, RefundBody>;

export function RefundDialog({ order, refund, onClose }: { order: OrderDetail; refund: RefundChange; onClose: () => void }) {
  const approval = useApprovalForm();
  const [reason, setReason] = useState('');
  const [reference, setReference] = useState('');
  const method = order.payment?.method ?? 'cash';
  // What leaves the drawer: the order's total with the cash rounding it was paid with (whole coins).
  const back = order.payment?.rounding ? fromMinor(toMinor(order.grandTotal) + toMinorSigned(order.payment.rounding)) : order.grandTotal;
  return (
    <Dialog title="Refund pesanan" open onClose={onClose}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          refund.mutate({ reason: reason.trim(), approval: approval.value, ...(reference.trim() && { reference: reference.trim() }) }, { onSuccess: onClose });
        }}
      >
        <p>
          {METHOD_LABEL[method]} {rupiah(back)} dikembalikan kepada pembeli dari shift Anda. Tiketnya langsung tidak berlaku di gerbang.
        </p>
        <ApprovalFields form={approval} reason={reason} onReason={setReason} />
        {method !== 'cash' && (
          <Field label="Referensi pengembalian (opsional)">{(props) => <input {...props} value={reference} onChange={(e) => setReference(e.target.value)} />}</Field>
        )}
        {refund.error && <Notice kind="error">{refund.error.message}</Notice>}
        <div className="actions">
          <button type="button" className="secondary" onClick={onClose}>
            Kembali
          </button>
          <button type="submit" className="danger" disabled={refund.isPending || !approval.complete || !reason.trim()}>
            Refund
          </button>
        </div>
      </form>
    </Dialog>
  );
}
