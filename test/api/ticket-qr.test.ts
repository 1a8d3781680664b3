/**
 * A ticket's QR code, end to end as the gate sees it: the image the service serves (PNG, SVG) and
 * the code drawn on the invoice PDF (vector squares, rasterised as a printer would) are scanned
 * with jsQR, and what they carry is checked offline with nothing but the keys of
 * GET /ticket-verification-keys: it must be that participant's genuine ticket.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { verifyTicketToken, InvalidTicketToken, type VerificationKey } from '../../src/shared/ticket-token.js';
import { expectError, expectOk } from '../support/envelope.js';
import { makeCaller } from '../support/fixtures.js';
import { claimsOf } from '../support/gate.js';
import { useHarness } from '../support/harness.js';
import { pdfPages, saveArtifact } from '../support/pdf.js';
import { qrSvgToPng, readQr } from '../support/qr.js';
import { getBytes, invoicePath, qrPath, sale, type Sale } from '../support/sale.js';
import { world, type World } from '../support/world.js';

/** Enough for the invoice's QR codes (42 mm on A4, 49 mm on the roll) to be read reliably. */
const SCAN_DPI = 150;

async function verificationKeys(w: World, key = w.organizer.key): Promise<VerificationKey[]> {
  return expectOk(await w.h.request({ url: '/ticket-verification-keys', key }));
}

/** The token in the PNG at the participant's qrCode URL. */
async function scanQrImage(w: World, qrCode: string): Promise<string> {
  const reply = await getBytes(w.h.app, qrPath(qrCode), w.organizer.key);
  expect(reply.status, reply.bytes.toString('utf8', 0, 300)).toBe(200);
  expect(reply.headers['content-type']).toBe('image/png');
  const token = readQr(reply.bytes);
  expect(token, 'no QR code found in the PNG').toBeDefined();
  return token!;
}

/** The tokens in the invoice's pages, rasterised at SCAN_DPI (one QR code per page is read). */
async function scanInvoice(w: World, orderId: string, layout: 'a4' | 'receipt'): Promise<string | undefined> {
  const reply = await getBytes(w.h.app, invoicePath(w.event.id, orderId, layout), w.organizer.key);
  expect(reply.status).toBe(200);
  const [page] = await pdfPages(reply.bytes, SCAN_DPI);
  saveArtifact('invoices', `scanned-${layout}-${SCAN_DPI}dpi.png`, page!);
  return readQr(page!);
}

describe('ticket QR codes', () => {
  const harness = useHarness();
  let w: World;
  let paid: Sale;

  beforeEach(async () => {
    w = world(harness());
    paid = await sale(w, 'paid');
  });

  it('publishes one Ed25519 verification key, to any authenticated caller', async () => {
    const keys = await verificationKeys(w);
    expect(keys).toHaveLength(1);
    expect(keys[0]).toEqual({ kid: expect.any(String), kty: 'OKP', crv: 'Ed25519', x: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/), alg: 'EdDSA' });
    const stranger = makeCaller(w.h.services, 'staff');
    expect(await verificationKeys(w, stranger.key)).toEqual(keys);
    expectError(await w.h.request({ url: '/ticket-verification-keys' }), 401, 'UNAUTHENTICATED');
  });

  it("the PNG at the participant's qrCode URL scans to a token that verifies offline as that ticket", async () => {
    const [participant] = paid.order.participants;
    const token = await scanQrImage(w, participant.qrCode);
    const keys = await verificationKeys(w);
    expect(await verifyTicketToken(token, keys, w.event.id)).toEqual(claimsOf(participant));
    // At another event's gate the same ticket is refused.
    const other = world(w.h);
    await expect(verifyTicketToken(token, keys, other.event.id)).rejects.toBeInstanceOf(InvalidTicketToken);
  });

  it('the SVG form carries the same token', async () => {
    const [participant] = paid.order.participants;
    const reply = await getBytes(w.h.app, qrPath(participant.qrCode, 'svg'), w.organizer.key);
    expect(reply.status).toBe(200);
    expect(reply.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(readQr(qrSvgToPng(reply.bytes.toString('utf8')))).toBe(await scanQrImage(w, participant.qrCode));
  });

  it.each(['a4', 'receipt'] as const)("the invoice's %s vector QR code scans at 150 dpi to the same, verifiable token", async (layout) => {
    const [participant] = paid.order.participants;
    const token = await scanInvoice(w, paid.order.id, layout);
    expect(token, 'no QR code found on the rasterised invoice').toBeDefined();
    expect(token).toBe(await scanQrImage(w, participant.qrCode));
    expect(await verifyTicketToken(token!, await verificationKeys(w), w.event.id)).toEqual(claimsOf(participant));
  });

  it('gives every ticket its own token, and the same token on every print', async () => {
    const other = await sale(w, 'paid');
    const first = paid.order.participants[0];
    const second = other.order.participants[0];
    expect(second.ticketNumber).not.toBe(first.ticketNumber);
    const [a, b] = [await scanQrImage(w, first.qrCode), await scanQrImage(w, second.qrCode)];
    expect(a).not.toBe(b);
    expect(await scanQrImage(w, first.qrCode)).toBe(a);
    expect(await scanInvoice(w, other.order.id, 'a4')).toBe(b);
    const keys = await verificationKeys(w);
    expect(await verifyTicketToken(b, keys, w.event.id)).toEqual(claimsOf(second));
  });

  describe('errors', () => {
    const qr = () => qrPath(paid.order.participants[0].qrCode);

    it('401 UNAUTHENTICATED without credentials', async () => {
      expectError(await w.h.request({ url: qr() }), 401, 'UNAUTHENTICATED');
    });

    it('403 FORBIDDEN without access to the event; event:read is enough', async () => {
      const stranger = makeCaller(w.h.services, 'staff');
      expectError(await w.h.request({ url: qr(), key: stranger.key }), 403, 'FORBIDDEN');
      const reader = makeCaller(w.h.services, 'staff', { eventId: w.event.id, permission: 'event:read' });
      expect((await getBytes(w.h.app, qr(), reader.key)).status).toBe(200);
    });

    it('404 ORDER_NOT_FOUND for an unknown participant and for one of another order', async () => {
      const unknown = qr().replace(paid.order.participants[0].id, '01JZZZZZZZZZZZZZZZZZZZZZZZ');
      expectError(await w.h.request({ url: unknown, key: w.organizer.key }), 404, 'ORDER_NOT_FOUND');
      const other = await sale(w, 'paid');
      const foreign = qr().replace(paid.order.participants[0].id, other.order.participants[0].id);
      expectError(await w.h.request({ url: foreign, key: w.organizer.key }), 404, 'ORDER_NOT_FOUND');
    });

    it('400 VALIDATION_FAILED for an unknown format', async () => {
      const error = expectError(await w.h.request({ url: `${qr()}?format=jpeg`, key: w.organizer.key }), 400, 'VALIDATION_FAILED');
      expect(error.details?.map((d) => d.field)).toContain('format');
    });
  });
});
