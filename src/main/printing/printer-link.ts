/**
 * Talking to a network receipt printer: raw ESC/POS over TCP (port 9100). Before a job the printer
 * is asked its state with DLE EOT (real-time status, answered even while it cannot print): offline
 * (cover open, feeding) or out of paper leaves the job waiting. After the job the same question
 * again: its answer comes once the printer has taken everything before it, which is when the job
 * counts as sent. A printer that never answers status is printed to all the same.
 */
import { Socket } from 'node:net';
import { PrinterUnavailable, PrintUncertain, SEND_DEADLINE_MS } from './print-errors.js';

/** DLE EOT n: 1 the printer's state, 4 the paper roll's (ESC/POS real-time status). */
const STATUS = { printer: Uint8Array.of(0x10, 0x04, 1), paper: Uint8Array.of(0x10, 0x04, 4) };
/** Every status byte has bits 1 and 4 set and bits 0 and 7 clear: anything else is not an answer. */
const isStatus = (byte: number) => (byte & 0x93) === 0x12;
const OFFLINE = 0x08;
const PAPER_END = 0x60;
/** How long a status answer may take; a printer that does not speak status is silent. */
const STATUS_WAIT_MS = 1500;
const CONNECT_WAIT_MS = 3000;
const CLOSE_GRACE_MS = 2000;

export async function sendOverNetwork(host: string, port: number, payload: Uint8Array): Promise<void> {
  const link = await connect(host, port);
  const deadline = setTimeout(() => link.abort(), SEND_DEADLINE_MS);
  try {
    const printer = await link.ask(STATUS.printer);
    // Out of paper a printer goes offline too: the roll's sensor says which it is.
    const paper = printer === undefined ? undefined : await link.ask(STATUS.paper);
    const problem = trouble(printer, paper);
    if (problem) throw new PrinterUnavailable(problem);
    if (!link.write(payload)) throw new PrinterUnavailable('Printer memutus sambungan sebelum menerima cetakan.');
    const after = printer === undefined ? undefined : await link.ask(STATUS.printer);
    if (printer !== undefined && (after === undefined || (after & OFFLINE) !== 0)) {
      throw new PrintUncertain('Printer berhenti saat mencetak (kertas habis atau tutup terbuka?): mungkin sudah tercetak sebagian.');
    }
    if (link.failed()) throw new PrintUncertain('Sambungan ke printer terputus saat mencetak: mungkin sudah tercetak.');
  } finally {
    clearTimeout(deadline);
    await link.close();
  }
}

/** Why the printer cannot print now, from its status answers; undefined when it can (or does not say). */
function trouble(printer: number | undefined, paper: number | undefined): string | undefined {
  if (paper !== undefined && (paper & PAPER_END) !== 0) return 'Kertas printer habis: ganti gulungan kertasnya.';
  if (printer !== undefined && (printer & OFFLINE) !== 0) return 'Printer offline: tutup printer terbuka atau kertas sedang diumpankan.';
  return undefined;
}

interface Link {
  /** Sends a status request; its one-byte answer, or undefined when none comes in time. */
  ask(request: Uint8Array): Promise<number | undefined>;
  /** Writes the bytes; false when the connection is already gone. */
  write(bytes: Uint8Array): boolean;
  failed(): boolean;
  abort(): void;
  close(): Promise<void>;
}

function connect(host: string, port: number): Promise<Link> {
  return new Promise((resolve, reject) => {
    const socket = new Socket();
    let answers: number[] = [];
    let waiting: ((byte: number) => void) | undefined;
    let failure: Error | undefined;
    socket.setTimeout(CONNECT_WAIT_MS, () => socket.destroy(new PrinterUnavailable(`Printer ${host}:${port} tidak menjawab.`)));
    socket.on('data', (data: Buffer) => {
      answers.push(...data.filter(isStatus));
      if (waiting && answers.length > 0) waiting(answers.shift()!);
    });
    socket.on('error', (error: Error) => {
      failure = error instanceof PrinterUnavailable ? error : new PrinterUnavailable(`Printer ${host}:${port} tidak dapat dihubungi (${error.message}).`);
      reject(failure);
    });
    socket.connect(port, host, () => {
      socket.setTimeout(0);
      resolve({
        ask: (request) =>
          new Promise((answered) => {
            if (failure || socket.destroyed) return answered(undefined);
            // A late answer to an earlier question is not this one's.
            answers = [];
            const timer = setTimeout(() => {
              waiting = undefined;
              answered(undefined);
            }, STATUS_WAIT_MS);
            waiting = (byte) => {
              clearTimeout(timer);
              waiting = undefined;
              answered(byte);
            };
            socket.write(request);
          }),
        write: (bytes) => {
          if (failure || socket.destroyed) return false;
          socket.write(bytes);
          return true;
        },
        failed: () => failure !== undefined,
        abort: () => socket.destroy(new PrinterUnavailable(`Printer ${host}:${port} berhenti menerima data.`)),
        close: () =>
          new Promise((closed) => {
            if (socket.destroyed) return closed();
            const grace = setTimeout(() => socket.destroy(), CLOSE_GRACE_MS);
            socket.once('close', () => {
              clearTimeout(grace);
              closed();
            });
            socket.end();
          }),
      });
    });
  });
}
