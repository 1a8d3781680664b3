/**
 * The operator's own password: changed with the current one; every other login of the account
 * ends (the counter's other tablets log in again), this one goes on with the new login.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { messages } from '#shared/messages.js';
import { ChangePasswordBody } from '#shared/schemas/auth.js';
import { changePassword } from '../../api/client';
import { EmptyingForm } from '../../components/EmptyingForm';
import { Field } from '../../components/Field';

/** The body, and the new password typed twice: a typo would lock the operator out. */
const PasswordForm = ChangePasswordBody.extend({ repeated: z.string() }).refine((form) => form.repeated === form.newPassword, {
  path: ['repeated'],
  message: 'Kata sandi baru tidak sama',
});
type PasswordForm = z.infer<typeof PasswordForm>;
const EMPTY: PasswordForm = { currentPassword: '', newPassword: '', repeated: '' };

export function AccountSection() {
  const form = useForm<PasswordForm>({ resolver: zodResolver(PasswordForm), defaultValues: EMPTY });
  const change = useMutation({ mutationFn: ({ currentPassword, newPassword }: PasswordForm) => changePassword({ currentPassword, newPassword }) });
  const { errors } = form.formState;
  return (
    <section className="card">
      <h2>Akun saya</h2>
      <EmptyingForm form={form} mutation={change} empty={EMPTY} success={messages.passwordChanged} submit="Ganti kata sandi">
        <Field label="Kata sandi saat ini" error={errors.currentPassword?.message}>
          {(props) => <input {...props} type="password" autoComplete="current-password" {...form.register('currentPassword')} />}
        </Field>
        <Field label="Kata sandi baru" error={errors.newPassword?.message} hint="Minimal 10 karakter.">
          {(props) => <input {...props} type="password" autoComplete="new-password" {...form.register('newPassword')} />}
        </Field>
        <Field label="Ulangi kata sandi baru" error={errors.repeated?.message}>
          {(props) => <input {...props} type="password" autoComplete="new-password" {...form.register('repeated')} />}
        </Field>
      </EmptyingForm>
    </section>
  );
}
