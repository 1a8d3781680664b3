/**
 * API keys for the venue's peripheral devices (gate scanner, kiosk, second counter): made with a
 * name, shown once with a copy button, listed with their last use, and revoked when a device is
 * lost or retired. A key acts with the permissions of the user it is made for: the counter's owner
 * makes them for any operator (a gate scanner's for the gate's user) and sees everyone's, an
 * organizer makes its own, a cashier only sees and revokes the keys made for it (shared/roles.ts).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { CreateApiKeyBody, type ApiKeyInfo } from '#shared/schemas/apikey.js';
import { useApiKeys, useCreateApiKey, useOperators, useRevokeApiKey } from '../../api/hooks';
import { ConfirmDialog, Dialog } from '../../components/Dialog';
import { Field, Notice } from '../../components/Field';
import { dateTime } from '../../format';

/** `creates`: the operator may make keys; `forOthers`: for other operators too (the counter's owner). */
export function ApiKeysSection({ creates, forOthers }: { creates: boolean; forOthers: boolean }) {
  const keys = useApiKeys();
  const operators = useOperators(forOthers);
  const create = useCreateApiKey();
  const revoke = useRevokeApiKey();
  /** The key just made, with its name: the UI sends no Idempotency-Key, so its answer always has the key. */
  const [created, setCreated] = useState<{ key: string; name: string }>();
  const [revoking, setRevoking] = useState<ApiKeyInfo>();
  const form = useForm<CreateApiKeyBody>({ resolver: zodResolver(CreateApiKeyBody), defaultValues: { name: '' } });
  return (
    <section className="card">
      <h2>Kunci API perangkat</h2>
      <p className="muted small">
        Untuk pemindai tiket, kios, atau loket kedua yang memakai API loket ini. Kunci bertindak dengan hak akses pengguna yang memilikinya.
        {!creates && ' Kunci perangkat dibuatkan oleh pemilik loket.'}
      </p>
      {creates && (
        <form
          className="inline-form"
          noValidate
          onSubmit={form.handleSubmit((body) =>
            create.mutate(body, {
              onSuccess: (result) => {
                if (result.key !== null) setCreated({ key: result.key, name: result.info.name });
                form.reset({ name: '', userId: body.userId });
              },
            }),
          )}
        >
          <Field label="Nama perangkat" error={form.formState.errors.name?.message}>
            {(props) => <input {...props} placeholder="mis. Pemindai gerbang utara" {...form.register('name')} />}
          </Field>
          {forOthers && (
            <Field label="Untuk pengguna" error={form.formState.errors.userId?.message}>
              {(props) => (
                <select {...props} {...form.register('userId', { setValueAs: (value: string) => value || undefined })}>
                  <option value="">Saya sendiri</option>
                  {(operators.data ?? []).map((user) => (
                    <option key={user.id} value={user.id}>
                      {user.name} ({user.email})
                    </option>
                  ))}
                </select>
              )}
            </Field>
          )}
          <button type="submit" className="primary" disabled={create.isPending}>
            Buat kunci API
          </button>
        </form>
      )}
      {create.error && <Notice kind="error">{create.error.message}</Notice>}
      <table className="keys">
        <thead>
          <tr>
            <th>Nama</th>
            {forOthers && <th>Pengguna</th>}
            <th>Kunci</th>
            <th>Dibuat</th>
            <th>Terakhir dipakai</th>
            <th>Status</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {(keys.data ?? []).map((key) => (
            <tr key={key.id} data-testid={`api-key-${key.name}`}>
              <td>{key.name}</td>
              {forOthers && <td>{key.user.name}</td>}
              <td>
                <code>{key.prefix}…</code>
              </td>
              <td>{dateTime(key.createdAt)}</td>
              <td>{key.lastUsedAt ? dateTime(key.lastUsedAt) : 'belum pernah'}</td>
              <td>{key.revokedAt ? <span className="badge cancelled">Dicabut</span> : <span className="badge completed">Aktif</span>}</td>
              <td>
                {!key.revokedAt && (
                  <button type="button" className="link danger-text" onClick={() => setRevoking(key)}>
                    Cabut
                  </button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {keys.data?.length === 0 && <p className="muted">Belum ada kunci API.</p>}
      <Dialog title="Kunci API baru" open={created !== undefined} onClose={() => setCreated(undefined)}>
        {created && <ShownOnce created={created} />}
      </Dialog>
      <ConfirmDialog
        open={revoking !== undefined}
        title={`Cabut kunci "${revoking?.name ?? ''}"?`}
        confirmLabel="Ya, cabut"
        busy={revoke.isPending}
        onCancel={() => setRevoking(undefined)}
        onConfirm={() => revoking && revoke.mutate(revoking.id, { onSuccess: () => setRevoking(undefined) })}
      >
        <p>Perangkat yang memakai kunci ini langsung ditolak. Tindakan ini tidak dapat dibatalkan.</p>
        {revoke.error && <Notice kind="error">{revoke.error.message}</Notice>}
      </ConfirmDialog>
    </section>
  );
}

/** The new key in full, this once: copied to the clipboard, or selected to copy by hand. */
function ShownOnce({ created }: { created: { key: string; name: string } }) {
  const [copied, setCopied] = useState<boolean>();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(created.key);
      setCopied(true);
    } catch {
      // No clipboard on a page reached over plain HTTP on the LAN: the field is selected instead.
      (document.getElementById('new-api-key') as HTMLInputElement | null)?.select();
      setCopied(false);
    }
  };
  return (
    <div className="shown-once">
      <Notice kind="warning">Salin kunci ini sekarang. Kunci hanya ditampilkan sekali dan tidak dapat dilihat lagi.</Notice>
      <div className="copy-row">
        <input id="new-api-key" readOnly value={created.key} aria-label={`Kunci API ${created.name}`} onFocus={(e) => e.target.select()} />
        <button type="button" className="primary" autoFocus onClick={() => void copy()}>
          {copied ? 'Tersalin' : 'Salin'}
        </button>
      </div>
      {copied === false && <p className="muted small">Papan klip tidak tersedia di sini: tekan Ctrl+C untuk menyalin kunci yang sudah terpilih.</p>}
    </div>
  );
}
