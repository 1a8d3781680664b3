import { z } from 'zod';
import { CASH_ROUNDING_STEPS } from '../cash.js';
import { messages } from '../messages.js';
import { isQris } from '../qris.js';

export const OfflineAllotmentPercent = z.number().int().min(0).max(100);
export const InvoiceLayout = z.enum(['a4', 'receipt']);
export type InvoiceLayout = z.infer<typeof InvoiceLayout>;

/** An origin a browser names in its Origin header: scheme, host and port, nothing else. */
const Origin = z.url({ protocol: /^https?$/ }).refine((url) => URL.canParse(url) && new URL(url).origin === url, 'harus berupa origin saja, misalnya https://kios.contoh.id');
const PerMinute = z.number().int().min(10).max(1_000_000);

/**
 * The counter's name as its invoice numbers carry it (INV/LOKET-1/2026/000123): capitals, digits
 * and single dashes, nothing a slash-separated number or a file name would misread.
 */
export const CounterName = z
  .string()
  .max(20, { error: 'paling banyak 20 karakter' })
  .regex(/^[A-Z0-9]+(-[A-Z0-9]+)*$/, { error: 'hanya huruf besar, angka dan tanda hubung, misalnya LOKET-1' });

/** Where serve listens: an IPv4 or IPv6 address, or a host name; nothing a shell or URL would read otherwise. */
export const ListenHost = z.union([z.ipv4(), z.ipv6(), z.hostname()], { error: 'harus berupa alamat IP atau nama host, misalnya 192.168.1.20' });

/** How the counter reaches its receipt printer (printing/printer-connection.ts sends through it). */
export type PrinterConnection = { kind: 'network'; host: string; port: number } | { kind: 'device'; path: string } | { kind: 'spooler'; queue: string };

/**
 * A printer's device under /dev, by the names the kernel gives printers: a USB printer (lp0,
 * usb/lp0), a serial port (ttyS0, ttyUSB0, ttyACM0), Bluetooth serial (rfcomm0), macOS serial
 * (cu.* or tty.*). Never memory, a disk or a file: the service may run as root.
 */
const PRINTER_DEVICE = /^\/dev\/(?:[\w.-]+\/)*(?:lp\d+|tty(?:S|USB|ACM)\d+|rfcomm\d+|(?:cu|tty)\.[\w-][\w.-]*)$/;

/**
 * The printer an address names: `cups:<queue>` a raw queue of the system spooler, a printer's
 * device path (PRINTER_DEVICE), otherwise host:port on the network; undefined when none of them.
 */
export function parsePrinterAddress(address: string): PrinterConnection | undefined {
  if (address.startsWith('cups:')) {
    const queue = address.slice('cups:'.length);
    // A name as CUPS makes them: letters, digits, _ - and . (no space, slash or #), and not
    // beginning with a dash, which lp would read as an option.
    return /^\w[\w.-]*$/.test(queue) ? { kind: 'spooler', queue } : undefined;
  }
  if (address.startsWith('/')) return PRINTER_DEVICE.test(address) && !address.includes('/..') ? { kind: 'device', path: address } : undefined;
  const at = address.lastIndexOf(':');
  const host = address.slice(0, at);
  const port = Number(address.slice(at + 1));
  const valid = at > 0 && /^\d{1,5}$/.test(address.slice(at + 1)) && port >= 1 && port <= 65_535 && ListenHost.safeParse(host).success;
  return valid ? { kind: 'network', host, port } : undefined;
}

/** Where the receipt printer is (one of parsePrinterAddress's forms); empty for none. */
export const PrinterAddress = z
  .string()
  .trim()
  .max(260)
  .refine(
    (value) => value === '' || parsePrinterAddress(value) !== undefined,
    'harus kosong, host:port printer jaringan (192.168.1.50:9100), path perangkat (/dev/usb/lp0) atau cups:NamaAntrean',
  );

/** The rule of each setting, once: the settings add their defaults, a patch takes them as they are. */
const RULES = {
  /** How long an unpaid order holds its seat before it expires. */
  holdWindowMinutes: z.number().int().min(1).max(24 * 60),
  /** The invoice layout printed when none is asked for. */
  invoiceLayout: InvoiceLayout,
  /** Share of the seats the remote had left at the last pull that this counter may sell offline. */
  offlineAllotmentPercent: OfflineAllotmentPercent,
  /**
   * Where serve listens when not told (--host): loopback only by default; a LAN address makes the
   * counter reachable by the venue's devices (LAN mode, docs/lan-and-devices.md).
   */
  listenHost: ListenHost,
  /** The port serve listens on when not told (--port); fixed, so that devices are set up once. */
  listenPort: z.number().int().min(1).max(65_535),
  /** Web origins allowed to call this service from a browser (CORS); none by default. */
  corsOrigins: z.array(Origin).max(20),
  /** Requests per minute one API key or login may make from the LAN. */
  requestsPerMinutePerKey: PerMinute,
  /** Requests per minute one LAN address may make without credentials. */
  requestsPerMinutePerAddress: PerMinute,
  /** How often serve writes an online backup into backups/ (0: never). */
  backupIntervalMinutes: z.number().int().min(0).max(7 * 24 * 60),
  /** How many of those backups are kept, the oldest deleted first. */
  backupsKept: z.number().int().min(1).max(1000),
  /** What a cash payment is rounded to, in rupiah (0: none); the order's total stays as it is. */
  cashRoundingRupiah: z.union(CASH_ROUNDING_STEPS.map((step) => z.literal(step))),
  /** A closing count may differ from the expected cash by this much (rupiah) without a supervisor's approval. */
  cashToleranceRupiah: z.number().int().min(0).max(10_000_000),
  /** The name this counter's invoice numbers carry; a new name starts its own sequence. */
  counterName: CounterName,
  /** Where receipts print (printing/): a network ESC/POS printer's host:port, a device path or cups:<queue>; empty for none (PDF and the print dialog). */
  printerAddress: PrinterAddress,
  /** The roll's width: 80 mm (48 characters a line) or 58 mm (32). */
  printerPaperWidth: z.union([z.literal(80), z.literal(58)]),
  /** The printer's character table for letters beyond ASCII. */
  printerCodepage: z.enum(['cp858', 'cp437']),
  /** Print the receipt by itself after a payment at this counter. */
  printerAutoPrint: z.boolean(),
  /** A basket's receipt comes with a slip of its own for each ticket, for each attendee to hold. */
  printerTicketSlips: z.boolean(),
  /** When the printer kicks the cash drawer on a cash payment's receipt: before it prints, after, or never. */
  drawerKick: z.enum(['before', 'after', 'none']),
  /** The venue's static QRIS code as scanned (text); the customer display shows it with the amount written in. Empty: none. */
  qrisPayload: z
    .string()
    .trim()
    .max(512)
    .refine((value) => value === '' || isQris(value), messages.qrisInvalid),
  /** How to pay by transfer (bank, account, holder), for the customer display. Empty: none. */
  transferInstructions: z.string().trim().max(300),
};

/** The counter's own settings (the settings store, shared by the service, the CLI and the UI). */
export const Settings = z.object({
  holdWindowMinutes: RULES.holdWindowMinutes.default(15),
  invoiceLayout: RULES.invoiceLayout.default('a4'),
  offlineAllotmentPercent: RULES.offlineAllotmentPercent.default(25),
  listenHost: RULES.listenHost.default('127.0.0.1'),
  listenPort: RULES.listenPort.default(8787),
  corsOrigins: RULES.corsOrigins.default([]),
  requestsPerMinutePerKey: RULES.requestsPerMinutePerKey.default(600),
  requestsPerMinutePerAddress: RULES.requestsPerMinutePerAddress.default(120),
  backupIntervalMinutes: RULES.backupIntervalMinutes.default(60),
  backupsKept: RULES.backupsKept.default(24),
  cashRoundingRupiah: RULES.cashRoundingRupiah.default(0),
  cashToleranceRupiah: RULES.cashToleranceRupiah.default(0),
  counterName: RULES.counterName.default('LOKET-1'),
  printerAddress: RULES.printerAddress.default(''),
  printerPaperWidth: RULES.printerPaperWidth.default(80),
  printerCodepage: RULES.printerCodepage.default('cp858'),
  printerAutoPrint: RULES.printerAutoPrint.default(false),
  printerTicketSlips: RULES.printerTicketSlips.default(false),
  drawerKick: RULES.drawerKick.default('before'),
  qrisPayload: RULES.qrisPayload.default(''),
  transferInstructions: RULES.transferInstructions.default(''),
});
export type Settings = z.infer<typeof Settings>;

/** A change to some settings; the fields carry no defaults, so a missing one stays as it is. */
export const SettingsPatch = z.strictObject(RULES).partial();
export type SettingsPatch = z.infer<typeof SettingsPatch>;
