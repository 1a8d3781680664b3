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
import { ApiError, changePassword } from '../../api/client';
import { Field, Notice } from '../../components/Field';
import { serverErrorsTo } from '../../form-errors';

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
      <form
        className="form-grid three"
        noValidate
        onSubmit={form.handleSubmit((values) =>
          change.mutate(values, {
            onSuccess: () => form.reset(EMPTY),
            onError: (error) => error instanceof ApiError && serverErrorsTo(form, error),
          }),
        )}
      >
        <Field label="Kata sandi saat ini" error={errors.currentPassword?.message}>
          {(props) => <input {...props} type="password" autoComplete="current-password" {...form.register('currentPassword')} />}
        </Field>
        <Field label="Kata sandi baru" error={errors.newPassword?.message} hint="Minimal 10 karakter.">
          {(props) => <input {...props} type="password" autoComplete="new-password" {...form.register('newPassword')} />}
        </Field>
        <Field label="Ulangi kata sandi baru" error={errors.repeated?.message}>
          {(props) => <input {...props} type="password" autoComplete="new-password" {...form.register('repeated')} />}
        </Field>
        <div className="actions span-3">
          {change.isSuccess && <Notice kind="success">{messages.passwordChanged}.</Notice>}
          {change.error && !(change.error instanceof ApiError && change.error.details.length > 0) && <Notice kind="error">{change.error.message}</Notice>}
          <button type="submit" className="primary" disabled={change.isPending}>
            Ganti kata sandi
          </button>
        </div>
      </form>
    </section>
  );
}
