/**
 * A supervisor's approval typed at the counter: an organizer's or the owner's e-mail and approval
 * PIN (docs/cash-sessions.md, Approvals), and why. The PIN is kept only while the dialog is open.
 */
import { useState } from 'react';
import { Field } from './Field';

export function useApprovalForm() {
  const [email, setEmail] = useState('');
  const [pin, setPin] = useState('');
  return { email, setEmail, pin, setPin, value: { email: email.trim(), pin }, complete: Boolean(email.trim() && pin) };
}

export function ApprovalFields({ form, reason, onReason }: { form: ReturnType<typeof useApprovalForm>; reason: string; onReason: (reason: string) => void }) {
  return (
    <div className="approval">
      <Field label="Alasan">{(props) => <input {...props} value={reason} onChange={(e) => onReason(e.target.value)} />}</Field>
      <Field label="Email supervisor (organizer atau pemilik loket)">
        {(props) => <input {...props} type="email" autoComplete="off" value={form.email} onChange={(e) => form.setEmail(e.target.value)} />}
      </Field>
      <Field label="PIN persetujuan supervisor">
        {(props) => <input {...props} type="password" inputMode="numeric" autoComplete="off" value={form.pin} onChange={(e) => form.setPin(e.target.value)} />}
      </Field>
    </div>
  );
}
