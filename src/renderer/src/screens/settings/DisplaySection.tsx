/**
 * The customer display: pairing a screen facing the customer with this operator's counter (the
 * code it shows, typed here), the displays paired, and what the venue shows on them while a
 * payment is awaited (its QRIS code and its transfer instructions, set by the counter's owner).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { SettingsPatch, type Settings } from '#shared/schemas/settings.js';
import { usePairDisplay, usePairedDisplays, useUnpairDisplay } from '../../api/display-hooks';
import { useSaveSettings, useSettings } from '../../api/hooks';
import { Field, Notice } from '../../components/Field';
import { dateTime } from '../../format';

const PaymentRules = SettingsPatch.pick({ qrisPayload: true, transferInstructions: true }).required();
type PaymentRules = z.infer<typeof PaymentRules>;
const pickRules = ({ qrisPayload, transferInstructions }: Settings): PaymentRules => ({ qrisPayload, transferInstructions });

export function DisplaySection({ editable }: { editable: boolean }) {
  return (
    <section className="card">
      <h2>Layar pelanggan</h2>
      <p className="muted">
        Buka <code>/display</code> dari loket ini di tablet atau monitor yang menghadap pelanggan (di aplikasi desktop: layar kedua), lalu masukkan kode yang tampil di sana.
      </p>
      <Pairing />
      <PaymentDetails editable={editable} />
    </section>
  );
}

function Pairing() {
  const [code, setCode] = useState('');
  const displays = usePairedDisplays();
  const pair = usePairDisplay();
  const unpair = useUnpairDisplay();
  return (
    <>
      <form
        className="inline-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          pair.mutate(code.trim(), { onSuccess: () => setCode('') });
        }}
      >
        <Field label="Kode layar pelanggan" error={pair.error?.message}>
          {(props) => <input {...props} inputMode="numeric" maxLength={6} placeholder="6 angka" value={code} onChange={(e) => setCode(e.target.value)} />}
        </Field>
        <button type="submit" className="primary" disabled={pair.isPending}>
          Hubungkan
        </button>
      </form>
      {displays.error && <Notice kind="error">{displays.error.message}</Notice>}
      {unpair.error && <Notice kind="error">{unpair.error.message}</Notice>}
      {(displays.data?.length ?? 0) > 0 && (
        <table data-testid="paired-displays">
          <thead>
            <tr>
              <th>Terhubung sejak</th>
              <th>Terakhir terlihat</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {displays.data!.map((display) => (
              <tr key={display.id}>
                <td>{dateTime(display.pairedAt)}</td>
                <td>{display.lastSeenAt ? dateTime(display.lastSeenAt) : '–'}</td>
                <td>
                  <button type="button" className="link" disabled={unpair.isPending} onClick={() => unpair.mutate(display.id)}>
                    Putuskan
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}

/** The venue's QRIS code and transfer instructions, shown to the customer while such a payment is awaited. */
function PaymentDetails({ editable }: { editable: boolean }) {
  const settings = useSettings();
  const save = useSaveSettings();
  const form = useForm<PaymentRules>({ resolver: zodResolver(PaymentRules), values: settings.data && pickRules(settings.data), resetOptions: { keepDirtyValues: true } });
  const { errors } = form.formState;
  return (
    <form className="form-grid" noValidate onSubmit={form.handleSubmit((values) => save.mutate(values))}>
      <fieldset disabled={!editable} className="contents">
        <Field label="Kode QRIS statis (teks)" error={errors.qrisPayload?.message} hint="Teks hasil pindai kode QRIS merchant; layar pelanggan menampilkannya dengan nominal yang harus dibayar.">
          {(props) => <textarea {...props} rows={3} placeholder="000201010211…6304ABCD" {...form.register('qrisPayload')} />}
        </Field>
        <Field label="Petunjuk transfer" error={errors.transferInstructions?.message} hint="Bank, nomor rekening dan atas nama, seperti yang dibaca pelanggan.">
          {(props) => <textarea {...props} rows={3} placeholder="BCA 123 456 7890 a.n. PT Konser Nusantara" {...form.register('transferInstructions')} />}
        </Field>
      </fieldset>
      <div className="actions">
        {save.isSuccess && !form.formState.isDirty && <Notice kind="success">Data pembayaran disimpan.</Notice>}
        {save.error && <Notice kind="error">{save.error.message}</Notice>}
        {editable && (
          <button type="submit" className="primary" disabled={save.isPending || !form.formState.isDirty}>
            Simpan data pembayaran
          </button>
        )}
      </div>
    </form>
  );
}
