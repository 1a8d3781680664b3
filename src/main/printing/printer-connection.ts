/**
 * Which link a job goes through, from the form of the printerAddress setting: host:port a network
 * printer (printer-link.ts), an absolute path a device file (device-link.ts), cups:<queue> the
 * system spooler (spooler-link.ts). Each throws PrinterUnavailable or PrintUncertain (print-errors.ts).
 */
import { parsePrinterAddress } from '#shared/schemas/settings.js';
import { writeToDevice } from './device-link.js';
import { PrinterUnavailable } from './print-errors.js';
import { sendOverNetwork } from './printer-link.js';
import { sendToSpooler } from './spooler-link.js';

export async function sendToPrinter(address: string, payload: Uint8Array): Promise<void> {
  const connection = parsePrinterAddress(address);
  switch (connection?.kind) {
    case 'network':
      return sendOverNetwork(connection.host, connection.port, payload);
    case 'device':
      return writeToDevice(connection.path, payload);
    case 'spooler':
      return sendToSpooler(connection.queue, payload);
    // The settings store keeps no address the rule refuses; this is for the type's sake.
    case undefined:
      throw new PrinterUnavailable(`Alamat printer ${address} tidak dikenali: perbaiki di Pengaturan → Printer struk.`);
  }
}
