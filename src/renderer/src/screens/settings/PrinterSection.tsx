/**
 * The receipt printer: where it is (a network ESC/POS printer's host:port, a device path or a CUPS
 * raw queue), its roll and character table, whether receipts print by themselves and when the cash
 * drawer opens; a test page; and the queue, where a job waiting for a printer that is off or out of
 * paper says why, with retry and cancel.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { SettingsPatch, type Settings } from '#shared/schemas/settings.js';
import type { PrintJob } from '#shared/schemas/printing.js';
import { useSaveSettings, useSettings } from '../../api/hooks';
import { usePrintJobChange, usePrintJobs, useTestPrint } from '../../api/print-hooks';
import { Field, Notice } from '../../components/Field';
import { dateTime } from '../../format';

const PrinterRules = SettingsPatch.pick({ printerAddress: true, printerPaperWidth: true, printerCodepage: true, printerAutoPrint: true, printerTicketSlips: true, drawerKick: true }).required();
type PrinterRules = z.infer<typeof PrinterRules>;
const pickRules = ({ printerAddress, printerPaperWidth, printerCodepage, printerAutoPrint, printerTicketSlips, drawerKick }: Settings): PrinterRules => ({
  printerAddress,
  printerPaperWidth,
  printerCodepage,
  printerAutoPrint,
  printerTicketSlips,
  drawerKick,
});

const DRAWER_LABEL: Record<Settings['drawerKick'], string> = { before: 'Sebelum struk tercetak', after: 'Setelah struk tercetak', none: 'Tidak pernah' };
const JOB_STATE_LABEL: Record<PrintJob['state'], string> = {
  waiting: 'Menunggu printer',
  printing: 'Sedang dicetak',
  printed: 'Tercetak',
  interrupted: 'Terputus',
  cancelled: 'Dibatalkan',
};

export function PrinterSection({ editable }: { editable: boolean }) {
  const settings = useSettings();
  const save = useSaveSettings();
  const form = useForm<PrinterRules>({ resolver: zodResolver(PrinterRules), values: settings.data && pickRules(settings.data), resetOptions: { keepDirtyValues: true } });
  const { errors } = form.formState;
  const configured = Boolean(settings.data?.printerAddress);
  const test = useTestPrint();
  return (
    <section className="card">
      <h2>Printer struk</h2>
      <form className="form-grid three" noValidate onSubmit={form.handleSubmit((values) => save.mutate(values))}>
        <fieldset disabled={!editable} className="contents">
          <Field
            label="Alamat printer (host:port), path perangkat atau cups:antrean"
            error={errors.printerAddress?.message}
            hint="Printer ESC/POS di jaringan (host:port, biasanya port 9100), di USB atau port serial (path perangkat), atau antrean CUPS mode raw (cups:NamaAntrean). Kosongkan untuk mencetak lewat PDF."
          >
            {(props) => <input {...props} placeholder="192.168.1.50:9100, /dev/usb/lp0 atau cups:NamaAntrean" {...form.register('printerAddress')} />}
          </Field>
          <Field label="Lebar kertas">
            {(props) => (
              <select {...props} {...form.register('printerPaperWidth', { valueAsNumber: true })}>
                <option value={80}>80 mm</option>
                <option value={58}>58 mm</option>
              </select>
            )}
          </Field>
          <Field label="Huruf di struk" hint="Bila huruf beraksen atau simbol tercetak salah di halaman tes, coba pilihan lain.">
            {(props) => (
              <select {...props} {...form.register('printerCodepage')}>
                <option value="cp858">Umum: Epson dan sejenisnya (cp858)</option>
                <option value="cp437">Printer lama (cp437)</option>
              </select>
            )}
          </Field>
          <Field label="Buka laci kas (pembayaran tunai)">
            {(props) => (
              <select {...props} {...form.register('drawerKick')}>
                {Object.entries(DRAWER_LABEL).map(([value, label]) => (
                  <option key={value} value={value}>
                    {label}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <label className="check span-2">
            <input type="checkbox" {...form.register('printerAutoPrint')} /> Cetak struk otomatis setelah pembayaran
          </label>
          <label className="check span-2">
            <input type="checkbox" {...form.register('printerTicketSlips')} /> Transaksi: cetak juga tiap tiket sebagai struk sendiri
          </label>
        </fieldset>
        <div className="actions span-3">
          {save.isSuccess && !form.formState.isDirty && <Notice kind="success">Pengaturan printer disimpan.</Notice>}
          {save.error && <Notice kind="error">{save.error.message}</Notice>}
          {test.error && <Notice kind="error">{test.error.message}</Notice>}
          <button type="button" className="secondary" disabled={!configured || form.formState.isDirty || test.isPending} onClick={() => test.mutate()}>
            Cetak halaman tes
          </button>
          {editable && (
            <button type="submit" className="primary" disabled={save.isPending || !form.formState.isDirty}>
              Simpan printer
            </button>
          )}
        </div>
      </form>
      {configured && <PrintQueue />}
    </section>
  );
}

/** The jobs not printed yet, oldest first, then the last printed; a waiting one says why. */
function PrintQueue() {
  const jobs = usePrintJobs(true);
  const change = usePrintJobChange();
  if (jobs.error) return <Notice kind="error">{jobs.error.message}</Notice>;
  const listed = jobs.data ?? [];
  return (
    <>
      <h3>Antrean printer</h3>
      {listed.length === 0 ? (
        <p className="muted">Belum ada yang dicetak.</p>
      ) : (
        <table data-testid="print-queue">
          <thead>
            <tr>
              <th>Cetakan</th>
              <th>Status</th>
              <th>Keterangan</th>
              <th>Tindakan</th>
            </tr>
          </thead>
          <tbody>
            {listed.map((job) => (
              <tr key={job.id}>
                <td>
                  {job.title}
                  <br />
                  <span className="muted small">
                    {dateTime(job.createdAt)} · {job.createdBy}
                  </span>
                </td>
                <td>
                  <span className={`badge job-${job.state}`}>{JOB_STATE_LABEL[job.state]}</span>
                </td>
                <td className="small">{job.lastError}</td>
                <td className="row-actions">
                  {(job.state === 'waiting' || job.state === 'interrupted') && (
                    <>
                      <button type="button" className="secondary" disabled={change.isPending} onClick={() => change.mutate({ jobId: job.id, action: 'retry' })}>
                        Kirim ulang
                      </button>
                      <button type="button" className="link" disabled={change.isPending} onClick={() => change.mutate({ jobId: job.id, action: 'cancel' })}>
                        Batalkan
                      </button>
                    </>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {change.error && <Notice kind="error">{change.error.message}</Notice>}
    </>
  );
}
