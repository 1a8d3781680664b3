/** A supervisor's approval typed at the counter: an organizer's or the owner's e-mail and password, and why. */
import { useState } from 'react';
import { Field } from './Field';

export function useApprovalForm() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  return { email, setEmail, password, setPassword, value: { email: email.trim(), password }, complete: Boolean(email.trim() && password) };
}

export function ApprovalFields({ form, reason, onReason }: { form: ReturnType<typeof useApprovalForm>; reason: string; onReason: (reason: string) => void }) {
  return (
    <div className="approval">
      <Field label="Alasan">{(props) => <input {...props} value={reason} onChange={(e) => onReason(e.target.value)} />}</Field>
      <Field label="Email supervisor (organizer atau pemilik loket)">
        {(props) => <input {...props} type="email" autoComplete="off" value={form.email} onChange={(e) => form.setEmail(e.target.value)} />}
      </Field>
      <Field label="Kata sandi supervisor">
        {(props) => <input {...props} type="password" autoComplete="off" value={form.password} onChange={(e) => form.setPassword(e.target.value)} />}
      </Field>
    </div>
  );
}
