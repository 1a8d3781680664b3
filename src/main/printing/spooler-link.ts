/**
 * A receipt printer behind the system's spooler (CUPS), through a raw queue: the job's bytes are
 * piped to `lp -d <queue> -o raw`, which hands them on untouched. Once lp says CUPS has the job, it
 * counts as sent: CUPS keeps it in its own queue until the printer takes it.
 */
import { spawn } from 'node:child_process';
import { PrinterUnavailable, PrintUncertain, SEND_DEADLINE_MS } from './print-errors.js';

/** Enough of lp's complaint for the operator. */
const STDERR_KEPT = 500;

export function sendToSpooler(queue: string, payload: Uint8Array): Promise<void> {
  return new Promise((resolve, reject) => {
    // No shell: the queue's name is one argument, whatever it holds.
    const lp = spawn('lp', ['-d', queue, '-o', 'raw'], { stdio: ['pipe', 'ignore', 'pipe'] });
    let stderr = '';
    let settled = false;
    const settle = (error?: Error) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      if (error) reject(error);
      else resolve();
    };
    const deadline = setTimeout(() => {
      settle(new PrintUncertain(`lp tidak selesai dalam ${SEND_DEADLINE_MS / 1000} detik: cetakan mungkin sudah masuk antrean CUPS ${queue}.`));
      lp.kill();
    }, SEND_DEADLINE_MS);
    lp.stderr.setEncoding('utf8').on('data', (text: string) => {
      stderr = (stderr + text).slice(0, STDERR_KEPT);
    });
    lp.on('error', (error: NodeJS.ErrnoException) =>
      settle(new PrinterUnavailable(error.code === 'ENOENT' ? 'Perintah lp tidak ditemukan: pasang CUPS (paket cups-client) di komputer ini.' : `lp tidak dapat dijalankan (${error.message}).`)),
    );
    // lp that refuses exits without reading it all; its exit code tells.
    lp.stdin.on('error', () => undefined);
    // lp cancels the job it made before it exits with an error: nothing is left in CUPS to print.
    lp.on('close', (code, signal) =>
      settle(code === 0 ? undefined : new PrinterUnavailable(`CUPS tidak menerima cetakan untuk antrean ${queue}: ${stderr.trim() || `lp berhenti (${code ?? signal})`}`)),
    );
    lp.stdin.end(payload);
  });
}
