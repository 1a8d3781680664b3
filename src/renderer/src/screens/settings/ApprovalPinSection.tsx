/**
 * A supervisor's approval PIN (docs/cash-sessions.md, Approvals): what it types at a cashier's
 * counter to approve a refund or a drawer. Set on its own login, confirmed with its password; the
 * PIN logs in nowhere, so the cashier's machine never holds a supervisor's login.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { contract } from '#shared/contract/index.js';
import { messages } from '#shared/messages.js';
import { SetApprovalPinBody } from '#shared/schemas/auth.js';
import { api } from '../../api/client';
import { EmptyingForm } from '../../components/EmptyingForm';
import { Field } from '../../components/Field';

/** The body, and the PIN typed twice: a typo would leave the supervisor unable to approve. */
const PinForm = SetApprovalPinBody.extend({ repeated: z.string() }).refine((form) => form.repeated === form.pin, { path: ['repeated'], message: 'PIN tidak sama' });
type PinForm = z.infer<typeof PinForm>;
const EMPTY: PinForm = { currentPassword: '', pin: '', repeated: '' };

export function ApprovalPinSection() {
  const form = useForm<PinForm>({ resolver: zodResolver(PinForm), defaultValues: EMPTY });
  const save = useMutation({ mutationFn: ({ currentPassword, pin }: PinForm) => api(contract.setApprovalPin, { body: { currentPassword, pin } }) });
  const { errors } = form.formState;
  return (
    <section className="card">
      <h2>PIN persetujuan</h2>
      <p className="muted">Diketik di loket kasir untuk menyetujui refund atau selisih kas. PIN tidak bisa dipakai untuk masuk.</p>
      <EmptyingForm form={form} mutation={save} empty={EMPTY} success={messages.approvalPinSet} submit="Simpan PIN">
        <Field label="Kata sandi saat ini" error={errors.currentPassword?.message}>
          {(props) => <input {...props} type="password" autoComplete="current-password" {...form.register('currentPassword')} />}
        </Field>
        <Field label="PIN baru" error={errors.pin?.message} hint="6 sampai 12 angka.">
          {(props) => <input {...props} type="password" inputMode="numeric" autoComplete="off" {...form.register('pin')} />}
        </Field>
        <Field label="Ulangi PIN" error={errors.repeated?.message}>
          {(props) => <input {...props} type="password" inputMode="numeric" autoComplete="off" {...form.register('repeated')} />}
        </Field>
      </EmptyingForm>
    </section>
  );
}
