/** The counter's own rules: its name on invoice numbers, how long an unpaid order holds its seat, the offline allotment, the invoice printed, the cash rounding and the drawer's tolerance. */
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { InvoiceLayout, SettingsPatch, type Settings } from '#shared/schemas/settings.js';
import { useSaveSettings, useSettings } from '../../api/hooks';
import { Field, Notice } from '../../components/Field';
import { LAYOUT_LABEL } from '../../invoice';
import { CASH_ROUNDING_STEPS } from '#shared/cash.js';
import { formatRupiah } from '#shared/money.js';

/** The settings an operator's screen changes, each required in the form. */
const CounterRules = SettingsPatch.pick({ counterName: true, holdWindowMinutes: true, offlineAllotmentPercent: true, invoiceLayout: true, cashRoundingRupiah: true, cashToleranceRupiah: true }).required();
type CounterRules = z.infer<typeof CounterRules>;
const pickRules = ({ counterName, holdWindowMinutes, offlineAllotmentPercent, invoiceLayout, cashRoundingRupiah, cashToleranceRupiah }: Settings): CounterRules => ({
  counterName,
  holdWindowMinutes,
  offlineAllotmentPercent,
  invoiceLayout,
  cashRoundingRupiah,
  cashToleranceRupiah,
});

export function CounterSection({ editable }: { editable: boolean }) {
  const settings = useSettings();
  const save = useSaveSettings();
  // The stored values arrive (and come back after a save) while the operator may be typing: what
  // was typed stays. Network, limits and backups are set where they take effect (docs/operations.md).
  const form = useForm<CounterRules>({ resolver: zodResolver(CounterRules), values: settings.data && pickRules(settings.data), resetOptions: { keepDirtyValues: true } });
  const { errors } = form.formState;
  return (
    <section className="card">
      <h2>Pengaturan loket</h2>
      <form className="form-grid three" noValidate onSubmit={form.handleSubmit((values) => save.mutate(values))}>
        <fieldset disabled={!editable} className="contents">
          <Field
            label="Nama loket"
            error={errors.counterName?.message}
            hint={
              <>
                Bagian dari nomor invoice: <span className="nowrap">INV/LOKET-1/2026/000123</span>
              </>
            }
          >
            {(props) => <input {...props} maxLength={20} {...form.register('counterName')} />}
          </Field>
          <Field label="Batas waktu bayar (menit)" error={errors.holdWindowMinutes && 'Antara 1 dan 1440 menit'} hint="Pesanan belum dibayar melepas kursinya setelah ini.">
            {(props) => <input {...props} type="number" min={1} max={1440} {...form.register('holdWindowMinutes', { valueAsNumber: true })} />}
          </Field>
          <Field label="Jatah offline (%)" error={errors.offlineAllotmentPercent && 'Antara 0 dan 100'} hint="Bagian sisa kursi yang boleh dijual saat pusat tidak terjangkau.">
            {(props) => <input {...props} type="number" min={0} max={100} {...form.register('offlineAllotmentPercent', { valueAsNumber: true })} />}
          </Field>
          <Field label="Ukuran invoice bawaan">
            {(props) => (
              <select {...props} {...form.register('invoiceLayout')}>
                {InvoiceLayout.options.map((layout) => (
                  <option key={layout} value={layout}>
                    {LAYOUT_LABEL[layout]}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field label="Pembulatan tunai" hint="Yang dibayar tunai dibulatkan ke pecahan terdekat, paling kecil Rp 100 (koin terkecil di laci); total pesanan tetap.">
            {(props) => (
              <select {...props} {...form.register('cashRoundingRupiah', { valueAsNumber: true })}>
                {CASH_ROUNDING_STEPS.map((step) => (
                  <option key={step} value={step}>
                    {step === 0 ? 'Koin terkecil (Rp 100)' : formatRupiah(step * 100)}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field label="Toleransi selisih kas (Rp)" error={errors.cashToleranceRupiah && 'Antara 0 dan 10.000.000'} hint="Selisih hitungan kas di atas ini perlu persetujuan supervisor.">
            {(props) => <input {...props} type="number" min={0} {...form.register('cashToleranceRupiah', { valueAsNumber: true })} />}
          </Field>
        </fieldset>
        {editable ? (
          <div className="actions span-3">
            {save.isSuccess && !form.formState.isDirty && <Notice kind="success">Pengaturan disimpan.</Notice>}
            {save.error && <Notice kind="error">{save.error.message}</Notice>}
            <button type="submit" className="primary" disabled={save.isPending || !form.formState.isDirty}>
              Simpan pengaturan
            </button>
          </div>
        ) : (
          <p className="muted small span-3">Hanya pemilik loket (super admin) yang dapat mengubah pengaturan loket.</p>
        )}
      </form>
    </section>
  );
}
