/**
 * Opening the cash drawer without a sale (change for a note, a jammed drawer): a reason and a
 * supervisor's approval, recorded in the audit log; the receipt printer kicks it open. Shown only
 * when a printer is set.
 */
import { useState } from 'react';
import { usePrinter, useOpenDrawer } from '../../api/print-hooks';
import { ApprovalFields, useApprovalForm } from '../../components/ApprovalFields';
import { Dialog } from '../../components/Dialog';
import { Notice } from '../../components/Field';

export function OpenDrawer() {
  const printer = usePrinter();
  const [asking, setAsking] = useState(false);
  const [reason, setReason] = useState('');
  const approval = useApprovalForm();
  const open = useOpenDrawer();
  if (!printer) return null;
  const close = () => {
    setAsking(false);
    setReason('');
  };
  return (
    <section className="card">
      <h2>Laci kas</h2>
      <p className="muted">Membuka laci tanpa penjualan perlu alasan dan persetujuan supervisor, dan tercatat di log audit.</p>
      {open.isSuccess && <Notice kind="success">Laci kas dibuka.</Notice>}
      <button
        type="button"
        className="secondary"
        onClick={() => {
          open.reset();
          setAsking(true);
        }}
      >
        Buka laci kas
      </button>
      <Dialog title="Buka laci kas" open={asking} onClose={close}>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            open.mutate({ reason: reason.trim(), approval: approval.value }, { onSuccess: close });
          }}
        >
          <ApprovalFields form={approval} reason={reason} onReason={setReason} />
          {open.error && <Notice kind="error">{open.error.message}</Notice>}
          <div className="actions">
            <button type="submit" className="primary" disabled={open.isPending || !approval.complete || !reason.trim()}>
              Buka laci
            </button>
          </div>
        </form>
      </Dialog>
    </section>
  );
}
