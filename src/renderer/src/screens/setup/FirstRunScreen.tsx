/**
 * A counter started on an empty data dir: connect it to a service (the person setting it up
 * becomes its owner and the service's events are pulled) or try it with demo data.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { contract } from '#shared/contract/index.js';
import { ConnectSetupBody } from '#shared/schemas/setup.js';
import { ApiError, api, logIn } from '../../api/client';
import { keys } from '../../api/hooks';
import { Field, Notice } from '../../components/Field';
import { serverErrorsTo } from '../../form-errors';

/** The shell's launch token: in the desktop app only its own window may set the counter up. */
const launchHeaders = (): Record<string, string> => (window.counterShell ? { 'x-launch-token': window.counterShell.launchToken } : {});

export function FirstRunScreen() {
  const [choice, setChoice] = useState<'connect' | null>(null);
  const queries = useQueryClient();
  const demo = useMutation({
    mutationFn: () => api(contract.setUpDemo, {}, launchHeaders()),
    onSuccess: () => queries.invalidateQueries({ queryKey: keys.setup }),
  });
  return (
    <div className="centered">
      <div className="first-run">
        <h1>Selamat datang di Ticket Counter</h1>
        <p className="muted">Loket ini belum diatur. Pilih cara memulai:</p>
        {choice === 'connect' ? (
          <ConnectForm onBack={() => setChoice(null)} />
        ) : (
          <div className="choices">
            <button type="button" className="choice card" autoFocus onClick={() => setChoice('connect')}>
              <strong>Hubungkan ke layanan pusat</strong>
              <span>Masukkan alamat layanan tiket dan kunci API penyelenggara. Acara dan kategori tiket diambil dari pusat, penjualan dikirim ke sana.</span>
            </button>
            <button type="button" className="choice card" disabled={demo.isPending} onClick={() => demo.mutate()}>
              <strong>Coba dengan data demo</strong>
              <span>Tiga acara contoh dan akun demo untuk mencoba berjualan. Tanpa koneksi ke layanan pusat.</span>
            </button>
          </div>
        )}
        {demo.error && <Notice kind="error">{demo.error.message}</Notice>}
      </div>
    </div>
  );
}

function ConnectForm({ onBack }: { onBack: () => void }) {
  const queries = useQueryClient();
  const form = useForm<ConnectSetupBody>({ resolver: zodResolver(ConnectSetupBody), mode: 'onTouched', defaultValues: { baseUrl: 'https://', apiKey: '', name: '', email: '', password: '' } });
  const connect = useMutation({
    mutationFn: async (body: ConnectSetupBody) => {
      await api(contract.connectSetup, { body }, launchHeaders());
      // Who just set the counter up starts selling at once, with the password just chosen.
      await logIn({ email: body.email, password: body.password });
    },
    onSuccess: () => queries.invalidateQueries({ queryKey: keys.setup }),
    onError: (error) => error instanceof ApiError && serverErrorsTo(form, error),
  });
  const { errors } = form.formState;
  return (
    <form className="card form-grid" onSubmit={form.handleSubmit((body) => connect.mutate(body))} noValidate>
      <h2 className="span-2">Hubungkan ke layanan pusat</h2>
      <Field label="Alamat layanan (base URL)" error={errors.baseUrl?.message} className="span-2">
        {(props) => <input {...props} type="url" autoFocus {...form.register('baseUrl')} />}
      </Field>
      <Field label="Kunci API penyelenggara" error={errors.apiKey?.message} hint="Dibuat di dasbor layanan: Settings › API Keys. Disimpan terenkripsi dan tidak ditampilkan lagi." className="span-2">
        {(props) => <input {...props} type="password" autoComplete="off" {...form.register('apiKey')} />}
      </Field>
      <Field label="Nama Anda" error={errors.name?.message}>
        {(props) => <input {...props} autoComplete="name" {...form.register('name')} />}
      </Field>
      <Field label="Email Anda (untuk masuk ke loket)" error={errors.email?.message}>
        {(props) => <input {...props} type="email" autoComplete="username" {...form.register('email')} />}
      </Field>
      <Field label="Kata sandi loket" error={errors.password?.message} hint="Minimal 10 karakter." className="span-2">
        {(props) => <input {...props} type="password" autoComplete="new-password" {...form.register('password')} />}
      </Field>
      {connect.error && !(connect.error instanceof ApiError && connect.error.details.length > 0) && <Notice kind="error">{connect.error.message}</Notice>}
      <div className="actions span-2">
        <button type="button" className="secondary" onClick={onBack}>
          Kembali
        </button>
        <button type="submit" className="primary" disabled={connect.isPending}>
          {connect.isPending ? 'Menghubungkan dan mengambil acara…' : 'Hubungkan'}
        </button>
      </div>
    </form>
  );
}
