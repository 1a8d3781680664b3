/**
 * Refunding a paid order: a reason, a reference for money owed back by card, QRIS or transfer, and
 * a supervisor's approval (a cashier alone cannot refund). The money leaves the open shift.
 */
import { useState } from 'react';
import { METHOD_LABEL } from '#shared/labels.js';
import type { OrderDetail } from '#shared/schemas/order.js';
import { useRefund } from '../../api/cash-hooks';
import { Dialog } from '../../components/Dialog';
import { Field, Notice } from '../../components/Field';
import { rupiah } from '../../format';
import { ApprovalFields, useApprovalForm } from '../shift/ApprovalFields';

export function RefundDialog({ order, open, onClose }: { order: OrderDetail; open: boolean; onClose: () => void }) {
  const refund = useRefund(order);
  const approval = useApprovalForm();
  const [reason, setReason] = useState('');
  const [reference, setReference] = useState('');
  const method = order.payment?.method ?? 'cash';
  return (
    <Dialog title="Refund pesanan" open={open} onClose={onClose}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          refund.mutate({ reason: reason.trim(), approval: approval.value, ...(reference.trim() && { reference: reference.trim() }) }, { onSuccess: onClose });
        }}
      >
        <p>
          {METHOD_LABEL[method]} {rupiah(order.grandTotal)} dikembalikan kepada pembeli dari shift Anda. Tiketnya langsung tidak berlaku di gerbang.
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
