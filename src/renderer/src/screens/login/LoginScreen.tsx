import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { messages } from '#shared/messages.js';
import { LoginBody } from '#shared/schemas/auth.js';
import { logIn } from '../../api/client';
import { Field, Notice } from '../../components/Field';
import { useEndNotice } from '../../session';

/** The demo counter's cashier login, offered where the demo data is present. */
const DEMO_CASHIER = { email: 'kasir@demo.test', password: 'demo-kasir' };

export function LoginScreen({ demo }: { demo: boolean }) {
  const form = useForm<LoginBody>({ resolver: zodResolver(LoginBody), defaultValues: { email: '', password: '' } });
  const login = useMutation({ mutationFn: logIn });
  const ended = useEndNotice();
  const { errors } = form.formState;
  return (
    <div className="centered">
      <form className="card login" onSubmit={form.handleSubmit((body) => login.mutate(body))} noValidate>
        <h1>Masuk ke loket</h1>
        {ended && <Notice kind="warning">{ended}</Notice>}
        <Field label="Email" error={errors.email && messages.emailFormat}>
          {(props) => <input {...props} type="email" autoComplete="username" autoFocus {...form.register('email')} />}
        </Field>
        <Field label="Kata sandi" error={errors.password && 'Kata sandi wajib diisi'}>
          {(props) => <input {...props} type="password" autoComplete="current-password" {...form.register('password')} />}
        </Field>
        {login.error && <Notice kind="error">{login.error.message}</Notice>}
        <button type="submit" className="primary" disabled={login.isPending}>
          {login.isPending ? 'Memeriksa…' : 'Masuk'}
        </button>
        {demo && (
          <p className="muted small">
            Loket demo: masuk sebagai kasir <code>{DEMO_CASHIER.email}</code> / <code>{DEMO_CASHIER.password}</code>.{' '}
            <button type="button" className="link" onClick={() => login.mutate(DEMO_CASHIER)}>
              Masuk sebagai kasir demo
            </button>
          </p>
        )}
      </form>
    </div>
  );
}
