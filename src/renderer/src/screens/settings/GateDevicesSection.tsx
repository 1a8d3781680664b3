/**
 * The gate app's devices (docs/gate.md): a steward's phone or a handheld scanner is paired for one
 * event and one gate by a QR code (or its short code) made here, and unpaired here by revoking its
 * key, which stops it at its next request. Shown to those who make device keys (shared/roles.ts).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { GatePairingBody, type GatePairing } from '#shared/schemas/gate-device.js';
import type { ApiKeyInfo } from '#shared/schemas/apikey.js';
import { useCreateGatePairing } from '../../api/gate-device-hooks';
import { useApiKeys, useEvents, useRevokeApiKey } from '../../api/hooks';
import { ConfirmDialog, Dialog } from '../../components/Dialog';
import { Field, Notice } from '../../components/Field';
import { dateTime } from '../../format';

/** How often the devices are listed again while a pairing code is shown: the device it pairs shows up by itself. */
const DEVICES_POLL_MS = 3000;

/** A paired gate device: an API key made for one event and gate. */
type Paired = ApiKeyInfo & { gate: NonNullable<ApiKeyInfo['gate']> };

export function GateDevicesSection() {
  const events = useEvents('');
  const create = useCreateGatePairing();
  const revoke = useRevokeApiKey();
  const [pairing, setPairing] = useState<GatePairing>();
  const keys = useApiKeys(pairing ? DEVICES_POLL_MS : undefined);
  const [unpairing, setUnpairing] = useState<Paired>();
  const form = useForm<GatePairingBody>({ resolver: zodResolver(GatePairingBody), defaultValues: { event: '', gate: '' } });
  const devices = (keys.data ?? []).flatMap(({ gate, ...key }) => (gate !== null && key.revokedAt === null ? [{ ...key, gate }] : []));
  const eventName = (id: string) => events.data?.find((event) => event.id === id)?.name ?? id;
  return (
    <section className="card" aria-labelledby="gate-devices-title">
      <h2 id="gate-devices-title">Perangkat gerbang</h2>
      <p className="muted small">
        Ponsel, tablet, atau pemindai genggam petugas gerbang memakai aplikasi gerbang di <code>/gate</code>. Pasangkan satu perangkat untuk satu acara dan satu gerbang:
        perangkat hanya dapat memeriksa tiket acara itu.
      </p>
      <form className="inline-form" noValidate onSubmit={form.handleSubmit((body) => create.mutate(body, { onSuccess: setPairing }))}>
        <Field label="Acara" error={form.formState.errors.event?.message}>
          {(props) => (
            <select {...props} {...form.register('event')}>
              <option value="">Pilih acara…</option>
              {(events.data ?? []).map((event) => (
                <option key={event.id} value={event.id}>
                  {event.name}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label="Nama gerbang" error={form.formState.errors.gate?.message}>
          {(props) => <input {...props} placeholder="mis. Gerbang Utara" {...form.register('gate')} />}
        </Field>
        <button type="submit" className="primary" disabled={create.isPending}>
          Pasangkan perangkat
        </button>
      </form>
      {create.error && <Notice kind="error">{create.error.message}</Notice>}
      {devices.length > 0 ? (
        <table data-testid="gate-devices">
          <thead>
            <tr>
              <th>Gerbang</th>
              <th>Acara</th>
              <th>Dipasangkan</th>
              <th>Terakhir dipakai</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {devices.map((device) => (
              <tr key={device.id}>
                <td>{device.gate.gate}</td>
                <td>{eventName(device.gate.eventId)}</td>
                <td>{dateTime(device.createdAt)}</td>
                <td>{device.lastUsedAt ? dateTime(device.lastUsedAt) : 'belum pernah'}</td>
                <td>
                  <button type="button" className="link danger-text" onClick={() => setUnpairing(device)}>
                    Putuskan
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className="muted">Belum ada perangkat gerbang terpasang.</p>
      )}
      <Dialog title="Pasangkan perangkat gerbang" open={pairing !== undefined} onClose={() => setPairing(undefined)}>
        {pairing && <PairingCode pairing={pairing} />}
      </Dialog>
      <ConfirmDialog
        open={unpairing !== undefined}
        title={`Putuskan perangkat ${unpairing?.gate.gate ?? ''}?`}
        confirmLabel="Ya, putuskan"
        busy={revoke.isPending}
        onCancel={() => setUnpairing(undefined)}
        onConfirm={() => unpairing && revoke.mutate(unpairing.id, { onSuccess: () => setUnpairing(undefined) })}
      >
        <p>Perangkat ini ditolak pada permintaan berikutnya dan harus dipasangkan lagi.</p>
        {revoke.error && <Notice kind="error">{revoke.error.message}</Notice>}
      </ConfirmDialog>
    </section>
  );
}

/** The code as a QR the device's camera opens, and as text to type; for the first LAN address this instance listens on. */
function PairingCode({ pairing }: { pairing: GatePairing }) {
  const url = pairing.pairUrls[0];
  const [image, setImage] = useState<string>();
  const [drawFailed, setDrawFailed] = useState(false);
  useEffect(() => {
    if (!url) return;
    QRCode.toDataURL(url, { margin: 2, width: 280, errorCorrectionLevel: 'M' }).then(setImage, (error: unknown) => {
      console.error(error);
      setDrawFailed(true);
    });
  }, [url]);
  return (
    <div className="gate-pairing">
      <p>
        {pairing.eventName} · <strong>{pairing.gate}</strong>
      </p>
      {url ? (
        <>
          {image && <img src={image} width={280} height={280} alt={`Kode QR pemasangan ${pairing.gate}`} />}
          {drawFailed && <Notice kind="warning">Kode QR tidak dapat digambar di sini: ketik kodenya di perangkat.</Notice>}
          <p className="small">
            Pindai dengan kamera ponsel, atau buka <code>{url.split('#')[0]}</code> dan ketik kodenya:
          </p>
        </>
      ) : (
        <Notice kind="warning">
          Loket ini hanya dapat dijangkau dari komputer ini. Atur Alamat layanan ke alamat jaringan (LAN) di bagian Loket, lalu mulai ulang, agar ponsel gerbang dapat
          terhubung. Kode di bawah berlaku di halaman <code>/gate</code> loket ini.
        </Notice>
      )}
      <p className="pairing-code" data-testid="gate-pairing-code">
        {pairing.code}
      </p>
      <p className="muted small">Berlaku sekali, sampai {dateTime(pairing.expiresAt)}.</p>
    </div>
  );
}
