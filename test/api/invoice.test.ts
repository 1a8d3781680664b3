/**
 * GET /events/{idOrSlug}/admin/orders/{orderId}/invoice: the PDF a customer takes home, for every
 * state an order is printed in and both layouts, read back with poppler the way a person reads it
 * (the text as laid out, the page size). Every rendered page is kept as a PNG under
 * test-results/invoices/ for a person to look at.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MINUTE } from '../support/clock.js';
import { expectError, expectValidation } from '../support/envelope.js';
import { makeCaller, orderBody, ordersPath } from '../support/fixtures.js';
import { startHarness, type Harness } from '../support/harness.js';
import { looksLikePdf, pdfInfo, pdfPages, pdfText, saveArtifact } from '../support/pdf.js';
import { readQr } from '../support/qr.js';
import { getBytes, invoicePath, sale, type Sale, type SaleState } from '../support/sale.js';
import { world, type World } from '../support/world.js';

// A fixed clock and an event in Jayapura (UTC+9, neither the machine's zone nor Jakarta's), so that
// every date on the invoice can be written out here and one printed in the wrong zone shows.
// The event starts 30 days after the clock: Sunday 6 December 2026, 09.00 to 14.00 in Jayapura
// (Indonesian dates as ICU writes them in full: a two-digit day, 'pukul', a dot in the time).
const START = Date.parse('2026-11-06T00:00:00Z');
const EVENT = {
  timezone: 'Asia/Jayapura',
  // The customer bears a 2.5% fee: the total (Rp 153.750) is then no other amount on the page.
  feeBearer: 'customer',
  feeRateBp: 250,
} as const;

const LAYOUTS = ['a4', 'receipt'] as const;
type Layout = (typeof LAYOUTS)[number];
const A4 = { width: 595.28, height: 841.89 };
const RECEIPT_WIDTH = 226.77; // 80 mm

const STAMPS = ['LUNAS', 'BELUM DIBAYAR', 'MENUNGGU VERIFIKASI', 'DIBATALKAN', 'KEDALUWARSA'] as const;
type Stamp = (typeof STAMPS)[number];
type PrintedState = SaleState | 'expired';

const NOT_YET_A_TICKET = 'Tiket diterbitkan setelah pembayaran lunas: invoice ini belum berlaku sebagai tiket masuk.';
const NO_TICKET = 'Pesanan ini tidak berlaku: invoice ini bukan tiket masuk.';

/** What each state prints: its stamp, the first line under "Pembayaran", and the closing line. */
const PRINTS: Record<PrintedState, { stamp: Stamp; payment: RegExp; footer: string }> = {
  paid: { stamp: 'LUNAS', payment: /^Metode\s+Tunai$/m, footer: 'Tunjukkan kode QR di pintu masuk. Simpan invoice ini sebagai bukti pembelian.' },
  unpaid: { stamp: 'BELUM DIBAYAR', payment: /^Belum ada pembayaran\.$/m, footer: NOT_YET_A_TICKET },
  verification: { stamp: 'MENUNGGU VERIFIKASI', payment: /^Metode\s+Transfer bank$/m, footer: NOT_YET_A_TICKET },
  cancelled: { stamp: 'DIBATALKAN', payment: /^Belum ada pembayaran\.$/m, footer: NO_TICKET },
  expired: { stamp: 'KEDALUWARSA', payment: /^Belum ada pembayaran\.$/m, footer: NO_TICKET },
};

/** The closing line, wrapped or not: only a paid invoice sends the customer to the gate. */
function expectFooter(text: string, state: PrintedState): void {
  const folded = text.replace(/\s+/g, ' ');
  expect(folded).toContain(PRINTS[state].footer);
  for (const other of new Set(Object.values(PRINTS).map((p) => p.footer))) {
    if (other !== PRINTS[state].footer) expect(folded).not.toContain(other);
  }
}

/** A ticket number as issued: two groups of four from the read-aloud alphabet. */
const TICKET_NUMBER = /\b[2-9A-HJKMNP-TV-Z]{4}-[2-9A-HJKMNP-TV-Z]{4}\b/;
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A line holding only `text` (centred or not). */
const lineOf = (text: string) => new RegExp(`^\\s*${escape(text)}\\s*$`, 'm');

/** A harness on the fixed clock for the whole file, with one world on the Jayapura event. */
function fixedWorld(): () => World {
  let h: Harness | undefined;
  let w: World | undefined;
  beforeAll(async () => {
    h = await startHarness({ start: START });
    w = world(h, EVENT);
  });
  afterAll(async () => {
    await h?.close();
  });
  return () => {
    if (!w) throw new Error('world used outside a test');
    return w;
  };
}

interface Invoice {
  pdf: Buffer;
  text: string;
}

/** Fetches the invoice, which must be a PDF named after the order, reads its text and keeps its pages as PNGs. */
async function invoice(w: World, orderId: string, layout: Layout, artifact: string): Promise<Invoice> {
  const reply = await getBytes(w.h.app, invoicePath(w.event.id, orderId, layout), w.organizer.key);
  expect(reply.status, reply.bytes.toString('utf8', 0, 300)).toBe(200);
  expect(reply.headers['content-type']).toBe('application/pdf');
  expect(reply.headers['content-disposition']).toBe(`inline; filename="invoice-${orderId}.pdf"`);
  expect(Number(reply.headers['content-length'])).toBe(reply.bytes.length);
  expect(looksLikePdf(reply.bytes)).toBe(true);
  const pages = await pdfPages(reply.bytes, 80);
  pages.forEach((png, i) => saveArtifact('invoices', `${artifact}-${layout}-page${i + 1}.png`, png));
  return { pdf: reply.bytes, text: await pdfText(reply.bytes) };
}

/** The text every invoice holds whatever its state: order, event with its dates, buyer, amounts. */
function expectCommonText(text: string, w: World, s: Sale): void {
  expect(text).toContain(`Pesanan ${s.order.id}`);
  expect(text).toMatch(lineOf(w.event.name));
  expect(text).toMatch(lineOf(w.event.location));
  // The receipt wraps long lines: compare with the whitespace folded.
  const folded = text.replace(/\s+/g, ' ');
  expect(folded).toContain('Mulai: Minggu, 06 Desember 2026 pukul 09.00 WIT');
  expect(folded).toContain('Selesai: Minggu, 06 Desember 2026 pukul 14.00 WIT');
  expect(text).toMatch(lineOf(s.registration.name));
  expect(text).toMatch(lineOf(s.registration.email));
  expect(text).toMatch(lineOf(s.registration.phone));
  expect(text).toMatch(/^1 × .+ @ Rp 150\.000\s+Rp 150\.000$/m);
  expect(text).toMatch(/^Subtotal\s+Rp 150\.000$/m);
  expect(text).toMatch(/^Biaya layanan\s+Rp 3\.750$/m);
  expect(text).toMatch(/^Total\s+Rp 153\.750$/m);
}

/** Exactly one state stamp, the expected one. */
function expectStamp(text: string, stamp: Stamp): void {
  expect(STAMPS.filter((s) => lineOf(s).test(text))).toEqual([stamp]);
}

describe('invoice PDF', () => {
  const current = fixedWorld();
  const sales = {} as Record<SaleState, Sale>;

  beforeAll(async () => {
    const w = current();
    for (const state of ['paid', 'unpaid', 'verification', 'cancelled'] as const) sales[state] = await sale(w, state);
  });

  describe.each(LAYOUTS)('%s layout', (layout) => {
    it('of a cash sale: LUNAS, the payment with change, and the ticket with its number and holder', async () => {
      const w = current();
      const s = sales.paid;
      const { text } = await invoice(w, s.order.id, layout, 'paid');
      expectCommonText(text, w, s);
      expectStamp(text, 'LUNAS');
      expect(text).toMatch(PRINTS.paid.payment);
      expectFooter(text, 'paid');
      expect(text).toMatch(/^Tunai diterima\s+Rp 200\.000$/m);
      // Rp 153.750 is Rp 153.800 in coins (docs/cash-sessions.md, Money rules).
      expect(text).toMatch(/^Kembalian\s+Rp 46\.200$/m);
      // Made and paid at the fixed clock, which did not move.
      const folded = text.replace(/\s+/g, ' ');
      expect(folded).toContain('Dibuat Jumat, 06 November 2026 pukul 09.00 WIT');
      expect(folded).toContain('Lunas pada Jumat, 06 November 2026 pukul 09.00 WIT');
      const [participant] = s.order.participants;
      expect(participant.ticketNumber).toMatch(TICKET_NUMBER);
      expect(text).toMatch(lineOf('Tiket'));
      expect(text).toMatch(lineOf(participant.ticketNumber));
      expect(text).toMatch(lineOf(`${participant.name} · ${s.order.items[0].name}`));
    });

    it.each(['unpaid', 'verification', 'cancelled'] as const)('of a %s order: its stamp, and no ticket section', async (state) => {
      const w = current();
      const s = sales[state];
      const { text } = await invoice(w, s.order.id, layout, state);
      expectCommonText(text, w, s);
      expectStamp(text, PRINTS[state].stamp);
      expect(text).toMatch(PRINTS[state].payment);
      expectFooter(text, state);
      expect(text).not.toMatch(lineOf('Tiket'));
      expect(text).not.toMatch(TICKET_NUMBER);
      expect(text).not.toMatch(/^Kembalian/m);
    });

    it('is one page of the layout’s size', async () => {
      const w = current();
      const info = await pdfInfo((await invoice(w, sales.paid.order.id, layout, 'paid')).pdf);
      expect(info.pages).toBe(1);
      if (layout === 'a4') {
        expect({ width: info.width, height: info.height }).toEqual(A4);
      } else {
        expect(info.width).toBe(RECEIPT_WIDTH);
        // The roll is cut where the content ends: longer than the text and the QR code, far shorter than A4.
        expect(info.height).toBeGreaterThan(300);
        expect(info.height).toBeLessThan(A4.height);
      }
    });
  });

  it('draws no QR code on an invoice without tickets', async () => {
    const w = current();
    for (const layout of LAYOUTS) {
      const { pdf } = await invoice(w, sales.unpaid.order.id, layout, 'unpaid');
      const [page] = await pdfPages(pdf, 150);
      expect(readQr(page!), layout).toBeUndefined();
    }
  });

  it('is the same document for the event slug as for its id', async () => {
    const w = current();
    const id = sales.paid.order.id;
    // Both are reprints (SALINAN) whichever test printed the original, this one included.
    await getBytes(w.h.app, invoicePath(w.event.id, id, 'a4'), w.organizer.key);
    const byId = await getBytes(w.h.app, invoicePath(w.event.id, id, 'a4'), w.organizer.key);
    const bySlug = await getBytes(w.h.app, invoicePath(w.event.slug, id, 'a4'), w.organizer.key);
    expect(bySlug.status).toBe(200);
    // pdfkit stamps the creation time (whole seconds of the real clock) into the file: compare the text.
    expect(await pdfText(bySlug.bytes)).toBe(await pdfText(byId.bytes));
  });

  it('takes the layout from the counter settings when none is asked for', async () => {
    const w = current();
    const width = async () => pdfInfo((await getBytes(w.h.app, invoicePath(w.event.id, sales.paid.order.id), w.organizer.key)).bytes);
    expect((await width()).width).toBe(A4.width);
    w.h.services.settings.update({ invoiceLayout: 'receipt' });
    try {
      expect((await width()).width).toBe(RECEIPT_WIDTH);
    } finally {
      w.h.services.settings.update({ invoiceLayout: 'a4' });
    }
  });

  describe('errors', () => {
    const path = () => invoicePath(current().event.id, sales.paid.order.id);

    it('401 UNAUTHENTICATED without credentials', async () => {
      expectError(await current().h.request({ url: path() }), 401, 'UNAUTHENTICATED');
    });

    it('403 FORBIDDEN without access to the event; event:read is enough', async () => {
      const w = current();
      const stranger = makeCaller(w.h.services, 'staff');
      expectError(await w.h.request({ url: path(), key: stranger.key }), 403, 'FORBIDDEN');
      const reader = makeCaller(w.h.services, 'staff', { eventId: w.event.id, permission: 'event:read' });
      expect((await getBytes(w.h.app, path(), reader.key)).status).toBe(200);
    });

    it('404 ORDER_NOT_FOUND for an unknown order and for an order of another event', async () => {
      const w = current();
      const unknown = invoicePath(w.event.id, '01JZZZZZZZZZZZZZZZZZZZZZZZ');
      expectError(await w.h.request({ url: unknown, key: w.organizer.key }), 404, 'ORDER_NOT_FOUND');
      const other = world(w.h, EVENT);
      const created = await other.postOrder(orderBody(other.event));
      expect(created.status).toBe(201);
      const foreign = invoicePath(w.event.id, created.body.data.id);
      expectError(await w.h.request({ url: foreign, key: w.organizer.key }), 404, 'ORDER_NOT_FOUND');
    });

    it('404 EVENT_NOT_FOUND for an unknown event', async () => {
      const w = current();
      expectError(await w.h.request({ url: invoicePath('no-such-event', sales.paid.order.id), key: w.organizer.key }), 404, 'EVENT_NOT_FOUND');
    });

    it.each(['A4', 'letter', ''])('400 VALIDATION_FAILED for layout=%o', async (layout) => {
      const w = current();
      expectValidation(await w.h.request({ url: invoicePath(w.event.id, sales.paid.order.id, layout), key: w.organizer.key }), 'layout');
    });
  });
});

describe('invoice of an expired order', () => {
  const current = fixedWorld();

  it.each(LAYOUTS)('%s: KEDALUWARSA once the hold window has passed unpaid', async (layout) => {
    const w = current();
    const s = await sale(w, 'unpaid');
    // Past the default 15-minute hold: the invoice read itself expires the order.
    w.h.clock.advance(16 * MINUTE);
    const { text } = await invoice(w, s.order.id, layout, 'expired');
    expectCommonText(text, w, s);
    expectStamp(text, 'KEDALUWARSA');
    expect(text).toMatch(PRINTS.expired.payment);
    expectFooter(text, 'expired');
    expect(text).not.toMatch(TICKET_NUMBER);
    const detail = await w.h.request({ url: `${ordersPath(w.event.id)}/${s.order.id}`, key: w.organizer.key });
    expect(detail.body.data).toMatchObject({ status: 'cancelled', paymentStatus: 'expired' });
  });
});
