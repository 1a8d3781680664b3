/**
 * The remote this counter replicates to: its base URL and the organizer's API key, entered once and
 * afterwards shown masked. "Uji koneksi" tells an unreachable address from a refused key.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { RemoteSettingsBody, type ConnectionCheck, type SyncStatus } from '#shared/schemas/sync.js';
import { ApiError } from '../../api/client';
import { useCheckRemote, useSaveRemote } from '../../api/hooks';
import { Field, Notice } from '../../components/Field';
import { serverErrorsTo } from '../../form-errors';

const RemoteForm = RemoteSettingsBody.omit({ ownerEmail: true });
type RemoteForm = z.infer<typeof RemoteForm>;

const CHECK_TEXT: Record<ConnectionCheck['result'], string> = {
  ok: 'Terhubung: alamat dan kunci API diterima.',
  unauthorized: 'Alamat terjangkau, tetapi kunci API ditolak (401).',
  unreachable: 'Alamat tidak dapat dihubungi. Periksa alamat dan jaringan.',
  error: 'Layanan menjawab dengan kesalahan.',
};

export function RemoteSection({ status, editable }: { status: SyncStatus | undefined; editable: boolean }) {
  const remote = status?.remote;
  const form = useForm<RemoteForm>({ resolver: zodResolver(RemoteForm), mode: 'onTouched', defaultValues: { baseUrl: remote?.baseUrl ?? 'https://', apiKey: '' } });
  const check = useCheckRemote();
  const save = useSaveRemote();
  const { errors } = form.formState;
  const onError = (error: Error) => error instanceof ApiError && serverErrorsTo(form, error);
  const saved = save.isSuccess && !form.formState.isDirty;
  return (
    <section className="card" id="remote">
      <h2>Koneksi ke layanan pusat</h2>
      <p data-testid="remote-summary">
        {remote ? (
          <>
            Terhubung ke <code>{remote.baseUrl}</code> dengan kunci <code>{remote.apiKey}</code> (pemilik acara di loket ini: {remote.ownerEmail}).
          </>
        ) : (
          'Belum terhubung: penjualan hanya tersimpan di loket ini.'
        )}
      </p>
      {editable ? (
        <form
          className="form-grid"
          noValidate
          onSubmit={form.handleSubmit((body) =>
            save.mutate(body, {
              onSuccess: () => form.reset({ baseUrl: body.baseUrl, apiKey: '' }),
              onError,
            }),
          )}
        >
          <Field label="Alamat layanan (base URL)" error={errors.baseUrl?.message}>
            {(props) => <input {...props} type="url" {...form.register('baseUrl')} />}
          </Field>
          <Field label={remote ? 'Kunci API baru' : 'Kunci API'} error={errors.apiKey?.message} hint="Ditampilkan sekali saat dibuat di layanan pusat; di sini disimpan terenkripsi.">
            {(props) => <input {...props} type="password" autoComplete="off" autoFocus={status?.state === 'auth_required'} {...form.register('apiKey')} />}
          </Field>
          <div className="actions span-2">
            {check.data && (
              <Notice kind={check.data.result === 'ok' ? 'success' : 'error'}>
                {CHECK_TEXT[check.data.result]}
                {/* The service's own refusal says why; a transport error (fetch failed, ECONNREFUSED) says nothing to an operator. */}
                {check.data.result === 'unauthorized' || check.data.result === 'error' ? <span className="muted small"> ({check.data.detail})</span> : null}
              </Notice>
            )}
            {saved && <Notice kind="success">Koneksi disimpan; sinkronisasi berjalan.</Notice>}
            {(check.error ?? save.error) && <Notice kind="error">{(check.error ?? save.error)!.message}</Notice>}
            <button type="button" className="secondary" disabled={check.isPending} onClick={form.handleSubmit((body) => check.mutate(body, { onError }))}>
              {check.isPending ? 'Menguji…' : 'Uji koneksi'}
            </button>
            <button type="submit" className="primary" disabled={save.isPending}>
              Simpan
            </button>
          </div>
        </form>
      ) : (
        <p className="muted small">Hanya pemilik loket (super admin) yang dapat mengubah koneksi.</p>
      )}
    </section>
  );
}
