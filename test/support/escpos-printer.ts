/**
 * A network receipt printer on loopback, for tests: a TCP server on port 0 that takes raw ESC/POS
 * the way an 80 mm thermal printer on port 9100 does, and decodes the subset the counter sends
 * (text with its bold, size, reverse and alignment; QR codes; cuts; drawer kicks; feeds) into
 * printed receipts. It answers DLE EOT status requests, and can be switched off (connections
 * refused), offline (cover open: status says so) or out of paper. Its decoder reads raw bytes too
 * (decodeEscPos: what a device file or a spooler was given). Written from the ESC/POS command
 * reference, not from the service's code.
 */
import { createServer, type Server, type Socket } from 'node:net';
import QRCode from 'qrcode';

/** A line as it came out: its text, and whether it was bold, double height or reversed. */
export interface PrintedLine {
  text: string;
  bold: boolean;
  tall: boolean;
  wide: boolean;
  reversed: boolean;
  /** A QR code printed here, between the lines: its data. */
  qr?: string;
}

/** One receipt: from the first byte of a job to its cut. */
export interface Receipt {
  lines: PrintedLine[];
  /** The QR codes printed, their data as text. */
  qrCodes: string[];
  cuts: number;
  drawerKicks: number;
  /** Every line's text joined, for reading. */
  text: string;
}

/** The upper half of code page 858 (Latin-1 with the euro), as printers map it. */
const CP858_HIGH =
  'ÇüéâäàåçêëèïîìÄÅÉæÆôöòûùÿÖÜø£Ø×ƒáíóúñÑªº¿®¬½¼¡«»░▒▓│┤ÁÂÀ©╣║╗╝¢¥┐└┴┬├─┼ãÃ╚╔╩╦╠═╬¤ðÐÊËÈ€ÍÎÏ┘┌█▄¦Ì▀ÓßÔÒõÕµþÞÚÛÙýÝ¯´\u00ad±‗¾¶§÷¸°¨·¹³²■\u00a0';

export interface PrinterEmulator {
  address: string;
  port: number;
  /** The receipts cut so far, in order. */
  receipts(): Receipt[];
  /** Every byte received, in order (for the raw view). */
  bytes(): Buffer;
  /** Every drawer kick, with a receipt or alone. */
  drawerKicks(): number;
  /** Commands it did not know: a test expects none. */
  unknown(): string[];
  /** Off: connections are refused. On again: it listens on the same port. */
  power(on: boolean): Promise<void>;
  /** Cover open or paper out: status says so, and what is sent meanwhile is not printed. */
  setOffline(offline: boolean): void;
  setPaperOut(out: boolean): void;
  close(): Promise<void>;
}

export async function startPrinterEmulator(): Promise<PrinterEmulator> {
  const receipts: Receipt[] = [];
  const unknown: string[] = [];
  const all: Buffer[] = [];
  let kicks = 0;
  let offline = false;
  let paperOut = false;
  let server: Server | undefined;
  const sockets = new Set<Socket>();
  let port = 0;

  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server = createServer((socket) => {
        sockets.add(socket);
        socket.on('close', () => sockets.delete(socket));
        const decoder = createDecoder({
          status: (n) => socket.write(Uint8Array.of(statusByte(n, offline, paperOut))),
          printing: () => !offline && !paperOut,
          cut: (receipt) => receipts.push(receipt),
          kick: () => (kicks += 1),
          unknown: (what) => unknown.push(what),
        });
        socket.on('data', (data: Buffer) => {
          all.push(data);
          decoder.feed(data);
        });
        socket.on('error', () => undefined);
      });
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        const address = server!.address();
        port = typeof address === 'object' && address ? address.port : port;
        resolve();
      });
    });

  const shut = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      if (!server) return resolve();
      server.close(() => resolve());
      server = undefined;
    });

  await listen();
  return {
    get address() {
      return `127.0.0.1:${port}`;
    },
    get port() {
      return port;
    },
    receipts: () => [...receipts],
    bytes: () => Buffer.concat(all),
    drawerKicks: () => kicks,
    unknown: () => [...unknown],
    power: (on) => (on ? listen() : shut()),
    setOffline: (value) => {
      offline = value;
    },
    setPaperOut: (value) => {
      paperOut = value;
    },
    close: shut,
  };
}

/** DLE EOT n's answer: bits 1 and 4 always set; offline is bit 3 of n=1, paper end bits 5 and 6 of n=4 (and bit 5 of n=2). */
function statusByte(n: number, offline: boolean, paperOut: boolean): number {
  const fixed = 0x12;
  if (n === 1) return fixed | (offline || paperOut ? 0x08 : 0);
  if (n === 2) return fixed | (paperOut ? 0x20 : 0) | (offline ? 0x04 : 0);
  if (n === 4) return fixed | (paperOut ? 0x60 : 0);
  return fixed;
}

/** Bytes sent some other way than to the emulator, as it would print them; what asked for status, and what it did not know. */
export function decodeEscPos(bytes: Uint8Array): { receipts: Receipt[]; statusRequests: number; unknown: string[] } {
  const decoded = { receipts: [] as Receipt[], statusRequests: 0, unknown: [] as string[] };
  createDecoder({
    status: () => (decoded.statusRequests += 1),
    printing: () => true,
    cut: (receipt) => decoded.receipts.push(receipt),
    kick: () => undefined,
    unknown: (what) => decoded.unknown.push(what),
  }).feed(Buffer.from(bytes));
  return decoded;
}

interface DecoderHooks {
  status(n: number): void;
  printing(): boolean;
  cut(receipt: Receipt): void;
  kick(): void;
  unknown(what: string): void;
}

/** A streaming ESC/POS decoder: bytes may arrive split anywhere. */
function createDecoder(hooks: DecoderHooks) {
  let pending = Buffer.alloc(0);
  let style = { bold: false, tall: false, wide: false, reversed: false };
  /** The styles any character of the line was printed in: a style is switched off before the line feed. */
  let seen = { bold: false, tall: false, wide: false, reversed: false };
  let line = '';
  let current: Omit<Receipt, 'text'> = { lines: [], qrCodes: [], cuts: 0, drawerKicks: 0 };
  let qrData = '';

  const endLine = () => {
    current.lines.push({ text: line, ...seen });
    line = '';
    seen = { bold: false, tall: false, wide: false, reversed: false };
  };
  const text = (byte: number) => {
    line += byte < 0x80 ? String.fromCharCode(byte) : CP858_HIGH[byte - 0x80];
    // A space is printed in the style too, but says nothing of the text's.
    if (byte === 0x20) return;
    seen = { bold: seen.bold || style.bold, tall: seen.tall || style.tall, wide: seen.wide || style.wide, reversed: seen.reversed || style.reversed };
  };

  /** How many bytes the command at `at` takes, or 0 when more must arrive first. */
  function command(buf: Buffer, at: number): number {
    const need = (n: number) => (buf.length - at >= n ? n : 0);
    const b = buf[at]!;
    const next = buf[at + 1];
    if (b === 0x0a) {
      if (hooks.printing()) endLine();
      return 1;
    }
    if (b === 0x0d) return 1;
    if (b === 0x10) {
      if (!need(3)) return 0;
      if (next === 0x04) hooks.status(buf[at + 2]!);
      else hooks.unknown(`DLE ${next}`);
      return 3;
    }
    if (b === 0x1b) {
      if (next === undefined) return 0;
      switch (next) {
        case 0x40: // ESC @: initialize
          style = { bold: false, tall: false, wide: false, reversed: false };
          return 2;
        case 0x45: // ESC E n: bold
          if (!need(3)) return 0;
          style.bold = (buf[at + 2]! & 1) === 1;
          return 3;
        case 0x4d: // ESC M n: font
        case 0x74: // ESC t n: code page
        case 0x61: // ESC a n: alignment
        case 0x2d: // ESC - n: underline
        case 0x64: // ESC d n: feed n lines
        case 0x4a: // ESC J n: feed n dots
        case 0x33: // ESC 3 n: line spacing
          return need(3);
        case 0x32: // ESC 2: default line spacing
          return 2;
        case 0x70: // ESC p m t1 t2: pulse the drawer
          if (!need(5)) return 0;
          if (hooks.printing()) {
            current.drawerKicks += 1;
            hooks.kick();
          }
          return 5;
        default:
          hooks.unknown(`ESC ${next.toString(16)}`);
          return 2;
      }
    }
    if (b === 0x1c) {
      if (next === undefined) return 0;
      if (next === 0x2e) return 2; // FS .: cancel Kanji mode
      hooks.unknown(`FS ${next.toString(16)}`);
      return 2;
    }
    if (b === 0x1d) {
      if (next === undefined) return 0;
      switch (next) {
        case 0x21: {
          // GS ! n: character size (high nibble width, low nibble height, each less one)
          if (!need(3)) return 0;
          const n = buf[at + 2]!;
          style.wide = n >> 4 > 0;
          style.tall = (n & 0x0f) > 0;
          return 3;
        }
        case 0x42: // GS B n: reverse
          if (!need(3)) return 0;
          style.reversed = (buf[at + 2]! & 1) === 1;
          return 3;
        case 0x56: {
          // GS V m [n]: cut; m 0/1 (48/49) alone, 65/66 with a feed
          if (!need(3)) return 0;
          const m = buf[at + 2]!;
          const length = m === 65 || m === 66 ? need(4) : 3;
          if (!length) return 0;
          if (!hooks.printing()) return length;
          if (line) endLine();
          current.cuts += 1;
          hooks.cut({ ...current, text: current.lines.map((l) => l.text).join('\n') });
          current = { lines: [], qrCodes: [], cuts: 0, drawerKicks: 0 };
          return length;
        }
        case 0x28: {
          // GS ( k pL pH cn fn ...: 2D codes; fn 80 stores the QR data, fn 81 prints it
          if (!need(5)) return 0;
          const size = buf[at + 3]! + 256 * buf[at + 4]!;
          if (!need(5 + size)) return 0;
          const cn = buf[at + 5];
          const fn = buf[at + 6];
          if (buf[at + 2] !== 0x6b || cn !== 0x31) hooks.unknown(`GS ( ${buf[at + 2]!.toString(16)}`);
          else if (fn === 0x50) qrData = buf.subarray(at + 8, at + 5 + size).toString('latin1');
          else if (fn === 0x51 && hooks.printing()) {
            current.qrCodes.push(qrData);
            current.lines.push({ text: '', bold: false, tall: false, wide: false, reversed: false, qr: qrData });
          }
          return 5 + size;
        }
        default:
          hooks.unknown(`GS ${next.toString(16)}`);
          return 2;
      }
    }
    if (hooks.printing()) text(b);
    return 1;
  }

  return {
    feed(data: Buffer) {
      pending = Buffer.concat([pending, data]);
      let at = 0;
      while (at < pending.length) {
        const taken = command(pending, at);
        if (taken === 0) break;
        at += taken;
      }
      pending = pending.subarray(at);
    },
  };
}

/**
 * The receipt as the paper shows it, for a person to look at: a page of the roll's width with each
 * line in a monospace font in its style, and each QR code drawn where it was printed.
 */
export async function receiptHtml(receipt: Receipt, columns = 48): Promise<string> {
  const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const rows: string[] = [];
  for (const line of receipt.lines) {
    if (line.qr !== undefined) {
      rows.push(`<div class="qr"><img src="${await QRCode.toDataURL(line.qr, { errorCorrectionLevel: 'M', margin: 1, width: 220 })}"></div>`);
      continue;
    }
    const classes = [line.bold && 'bold', line.tall && 'tall', line.wide && 'wide'].filter(Boolean).join(' ');
    // Reversed is the text's own: the spaces that centre it stay white.
    const [, lead = '', body = '', trail = ''] = /^(\s*)(.*?)(\s*)$/.exec(line.text) ?? [];
    const text = line.reversed ? `${lead}<span class="reversed">${escape(body)}</span>${trail}` : escape(line.text);
    rows.push(`<div class="${classes}">${text || '&nbsp;'}</div>`);
  }
  const style = `body { margin: 0; background: #ddd; } .paper { width: ${columns}ch; margin: 12px auto; padding: 16px 12px 32px; background: #fff; font: 15px/1.35 'DejaVu Sans Mono', monospace; white-space: pre; box-shadow: 0 1px 4px rgba(0,0,0,.3); }
    .bold { font-weight: 700; } .tall { transform: scaleY(2); transform-origin: top; margin-bottom: 1.35em; } .reversed { background: #000; color: #fff; } .qr { text-align: center; margin: 6px 0; }
    .cut { border-top: 2px dashed #999; margin-top: 18px; text-align: center; color: #999; font-size: 11px; }`;
  return `<!doctype html><meta charset="utf-8"><style>${style}</style><div class="paper">${rows.join('')}<div class="cut">✂ dipotong${receipt.drawerKicks ? ' · laci kas dibuka' : ''}</div></div>`;
}
