/**
 * A receipt printer on a local device file: USB through the kernel's printer driver (/dev/usb/lp0)
 * or a serial port (/dev/ttyUSB0, /dev/ttyS0, its speed set outside the app: docs/printers.md). The
 * job's bytes are written and the file closed. A device answers no status: a job it took whole
 * counts as sent.
 */
import { constants } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import { PrinterUnavailable, PrintUncertain, SEND_DEADLINE_MS } from './print-errors.js';

/**
 * Not 'w' (O_CREAT): a device that is not there must not become a plain file that "prints". A
 * serial port opened does not become the app's controlling terminal.
 */
const FLAGS = constants.O_WRONLY | constants.O_NOCTTY;

/**
 * Devices whose last job outlived its deadline and is still blocked in the system. Such a write
 * cannot be called off: it holds one of Node's few file threads until the device moves again or is
 * unplugged, so the device is not opened again before then.
 */
const blocked = new Set<string>();

export async function writeToDevice(path: string, payload: Uint8Array): Promise<void> {
  if (blocked.has(path)) throw new PrinterUnavailable(`Printer ${path} masih tertahan cetakan sebelumnya: periksa kertas, tutup dan kabelnya.`);
  const progress = { opened: false };
  const job = write(path, payload, progress);
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), SEND_DEADLINE_MS);
  });
  try {
    if ((await Promise.race([job, late])) !== 'late') return;
  } finally {
    clearTimeout(timer);
  }
  blocked.add(path);
  // The file is closed when the write ends, whenever that is (write() closes it).
  void job.catch(() => undefined).finally(() => blocked.delete(path));
  if (!progress.opened) throw new PrinterUnavailable(`Printer ${path} tidak dapat dibuka dalam ${SEND_DEADLINE_MS / 1000} detik.`);
  throw new PrintUncertain(`Printer ${path} berhenti menerima data: mungkin sudah tercetak sebagian.`);
}

async function write(path: string, payload: Uint8Array, progress: { opened: boolean }): Promise<void> {
  let file: FileHandle;
  try {
    file = await open(path, FLAGS);
  } catch (error) {
    throw new PrinterUnavailable(whyNotOpened(path, error));
  }
  progress.opened = true;
  // Only a device (or a pipe, as a print server's) is a printer: never a file of the counter's.
  const kind = await file.stat().catch(() => undefined);
  if (!kind?.isCharacterDevice() && !kind?.isFIFO()) {
    await file.close().catch(() => undefined);
    throw new PrinterUnavailable(`${path} bukan perangkat printer (misalnya /dev/usb/lp0): perbaiki alamatnya di Pengaturan → Printer struk.`);
  }
  let written = 0;
  try {
    while (written < payload.length) written += (await file.write(payload, written)).bytesWritten;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? String(error);
    // Nothing taken yet: nothing printed, so the job may go again.
    if (written === 0) throw new PrinterUnavailable(`Printer ${path} tidak menerima cetakan (${code}).`);
    throw new PrintUncertain(`Printer ${path} berhenti menerima data (${code}): mungkin sudah tercetak sebagian.`);
  } finally {
    // The bytes are the device's by now; a failed close says nothing of them.
    await file.close().catch(() => undefined);
  }
}

/** What the operator can do about a device that did not open. */
function whyNotOpened(path: string, error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  switch (code) {
    case 'ENOENT':
    case 'ENODEV':
    case 'ENXIO':
      return `Printer ${path} tidak ditemukan: pastikan printer menyala dan kabelnya tercolok.`;
    case 'EACCES':
    case 'EPERM':
      return `Tidak ada izin menulis ke ${path}: tambahkan pengguna ke grup lp (USB) atau dialout (serial), lalu keluar dan masuk lagi.`;
    case 'EBUSY':
      return `Printer ${path} sedang dipakai program lain (misalnya CUPS): lepaskan dulu dari program itu.`;
    default:
      return `Printer ${path} tidak dapat dibuka (${code ?? String(error)}).`;
  }
}
