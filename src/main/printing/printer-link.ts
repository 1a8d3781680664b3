/**
 * Talking to a network receipt printer: raw ESC/POS over TCP (port 9100). Before a job the printer
 * is asked its state with DLE EOT (real-time status, answered even while it cannot print): offline
 * (cover open, feeding) or out of paper leaves the job waiting. After the job the same question
 * again: its answer comes once the printer has taken everything before it, which is when the job
 * counts as sent. A printer that never answers status is printed to all the same.
 */
import { Socket } from 'node:net';

/** DLE EOT n: 1 the printer's state, 4 the paper roll's (ESC/POS real-time status). */
const STATUS = { printer: Uint8Array.of(0x10, 0x04, 1), paper: Uint8Array.of(0x10, 0x04, 4) };
const OFFLINE = 0x08;
const PAPER_END = 0x60;
/** How long a status answer may take; a printer that does not speak status is silent. */
const STATUS_WAIT_MS = 1500;
const CONNECT_WAIT_MS = 3000;

/** Why a job could not be sent, in words for the operator. */
export class PrinterUnavailable extends Error {}

export async function sendToPrinter(address: string, payload: Uint8Array): Promise<void> {
  const at = address.lastIndexOf(':');
  const link = await connect(address.slice(0, at), Number(address.slice(at + 1)));
  try {
    const printer = await link.ask(STATUS.printer);
    // Out of paper a printer goes offline too: the roll's sensor says which it is.
    const paper = printer === undefined ? undefined : await link.ask(STATUS.paper);
    if (paper !== undefined && (paper & PAPER_END) !== 0) throw new PrinterUnavailable('Kertas printer habis: ganti gulungan kertasnya.');
    if (printer !== undefined && (printer & OFFLINE) !== 0) throw new PrinterUnavailable('Printer offline: tutup printer terbuka atau kertas sedang diumpankan.');
    link.write(payload);
    // Answered after everything before it was taken; without status support, the socket's close says it.
    if (printer !== undefined && (await link.ask(STATUS.printer)) === undefined) throw new PrinterUnavailable('Printer berhenti menjawab saat mencetak.');
  } finally {
    await link.close();
  }
}

interface Link {
  /** Sends a status request; its one-byte answer, or undefined when none comes in time. */
  ask(request: Uint8Array): Promise<number | undefined>;
  write(bytes: Uint8Array): void;
  close(): Promise<void>;
}

function connect(host: string, port: number): Promise<Link> {
  return new Promise((resolve, reject) => {
    const socket = new Socket();
    const answers: number[] = [];
    let waiting: ((byte: number) => void) | undefined;
    let failure: Error | undefined;
    socket.setTimeout(CONNECT_WAIT_MS, () => socket.destroy(new PrinterUnavailable(`Printer ${host}:${port} tidak menjawab.`)));
    socket.on('data', (data: Buffer) => {
      answers.push(...data);
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
            if (failure) return answered(undefined);
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
            if (answers.length > 0) waiting(answers.shift()!);
          }),
        write: (bytes) => {
          if (failure) throw failure;
          socket.write(bytes);
        },
        close: () =>
          new Promise((closed) => {
            if (socket.destroyed) return closed();
            socket.end(() => closed());
            socket.once('close', () => closed());
          }),
      });
    });
  });
}
