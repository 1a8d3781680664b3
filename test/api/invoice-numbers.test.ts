/**
 * Invoices a venue can file: the number an order is given when it is paid here (in sequence per
 * counter name and year, distinct and consecutive under parallel payments), the cashier and the
 * counter named, SALINAN on every print after the first, and the refund on a refunded order's
 * invoice. The PDFs are read back with poppler, as a person reads them.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createGroupCommit } from '../../src/main/db/group-commit.js';
import { createInvoices } from '../../src/main/domain/invoices.js';
import { contract } from '../../src/shared/contract/index.js';
import { approvalOf } from '../support/cash.js';
import { HOUR } from '../support/clock.js';
import { expectOk, expectValidation } from '../support/envelope.js';
import { makeCaller, orderPath } from '../support/fixtures.js';
import { startHarness, tempDir, type Harness } from '../support/harness.js';
import { call } from '../support/http.js';
import { pdfPages, pdfText, saveArtifact } from '../support/pdf.js';
import { readQr } from '../support/qr.js';
import { getBytes, invoicePath } from '../support/sale.js';
import { runCli } from '../support/serve.js';
import { exactCash, world, type World } from '../support/world.js';

/** 09.00 in Jakarta on a Friday in November 2026. */
const START = Date.parse('2026-11-06T02:00:00Z');

/** The invoice's text as printed (each fetch is a print), with its whitespace folded to single spaces. */
async function printed(w: World, orderId: string, layout: 'a4' | 'receipt', artifact?: string): Promise<string> {
  const reply = await getBytes(w.h.app, invoicePath(w.event.id, orderId, layout), w.organizer.key);
  expect(reply.status).toBe(200);
  if (artifact) (await pdfPages(reply.bytes, 80)).forEach((png, i) => saveArtifact('invoices', `${artifact}-${layout}-page${i + 1}.png`, png));
  return (await pdfText(reply.bytes)).replace(/\s+/g, ' ');
}

const isCopy = (text: string) => / SALINAN /.test(` ${text} `);

/** A fresh harness for every test, on the fixed clock. */
function useFixedHarness(): () => Harness {
  let current: Harness | undefined;
  beforeEach(async () => {
    current = await startHarness({ start: START });
  });
  afterEach(async () => {
    await current?.close();
  });
  return () => current!;
}

describe('invoice numbers', () => {
  const harness = useFixedHarness();

  it('are given at payment, in sequence per counter; unpaid, pending and cancelled orders have none', async () => {
    const h = harness();
    const w = world(h);
    const first = await w.sell();
    const second = await w.sell();
    expect(first.invoiceNumber).toBe(`INV/LOKET-1/2026/000001`);
    expect(second.invoiceNumber).toBe(`INV/LOKET-1/2026/000002`);
    // The detail read later carries the same number.
    expect((await w.detail(first)).invoiceNumber).toBe(first.invoiceNumber);

    const unpaid = await w.createOrder();
    expect((await w.detail(unpaid)).invoiceNumber).toBeNull();
    const cancelled = await w.cancel(await w.createOrder());
    expect(cancelled.invoiceNumber).toBeNull();
    // A transfer is numbered when it is confirmed, not when it is announced.
    const transfer = await w.checkout(await w.createOrder(), { method: 'bank_transfer', reference: 'BCA 1' });
    expect(transfer.invoiceNumber).toBeNull();
    const card = await w.checkout(await w.createOrder(), { method: 'card', reference: 'EDC 9' });
    expect(card.invoiceNumber).toBe(`INV/LOKET-1/2026/000003`);
    expect((await w.confirm(transfer)).invoiceNumber).toBe(`INV/LOKET-1/2026/000004`);
  });

  it('start a sequence of their own under a new counter name', async () => {
    const h = harness();
    const w = world(h);
    expect((await w.sell()).invoiceNumber).toBe(`INV/LOKET-1/2026/000001`);
    const owner = makeCaller(h.services, 'super_admin');
    expectOk(await h.request({ ...call(contract.changeSettings, { body: { counterName: 'LOKET-2' } }), key: owner.key }));
    expect((await w.sell()).invoiceNumber).toBe(`INV/LOKET-2/2026/000001`);
    expectOk(await h.request({ ...call(contract.changeSettings, { body: { counterName: 'LOKET-1' } }), key: owner.key }));
    expect((await w.sell()).invoiceNumber).toBe(`INV/LOKET-1/2026/000002`);
  });

  it('are distinct and consecutive for payments made at the same moment', async () => {
    const h = harness();
    const w = world(h);
    const orders = [];
    for (let i = 0; i < 25; i++) orders.push(await w.createOrder());
    // Sent together: they are paid in one group commit, each in its own savepoint.
    const paid = await Promise.all(orders.map((order) => w.checkout(order, exactCash(order))));
    const numbers = paid.map((order) => order.invoiceNumber as string);
    expect(new Set(numbers).size).toBe(25);
    expect([...numbers].sort()).toEqual(Array.from({ length: 25 }, (_, i) => `INV/LOKET-1/2026/${String(i + 1).padStart(6, '0')}`));
    // One refused in between (too little cash) takes no number: the next one follows on.
    const short = await w.createOrder();
    expectValidation(await w.postAction(short, 'checkout', { method: 'cash', amountTendered: '1' }), 'amountTendered');
    expect((await w.checkout(short, exactCash(short))).invoiceNumber).toBe(`INV/LOKET-1/2026/000026`);
  });

  it('go back with a payment rolled back after taking one: the next payment takes the same number', async () => {
    const h = harness();
    const w = world(h);
    const [first, second] = [await w.createOrder(), await w.createOrder()];
    const { db } = h.services.database;
    // The payment's transaction as the transitions run it: one group commit, a savepoint each.
    const run = createGroupCommit(db);
    const invoices = createInvoices(db, () => 'LOKET-9');
    const cashier = { userId: w.organizer.user.id, name: w.organizer.user.name, role: 'organizer', credential: 'api_key' } as const;
    const failed = run(() => {
      invoices.assign(first.id, cashier, h.clock());
      throw new Error('the payment fails after its number was taken');
    });
    const next = run(() => invoices.assign(second.id, cashier, h.clock()));
    await expect(failed).rejects.toThrow('the payment fails');
    expect(await next).toBe('INV/LOKET-9/2026/000001');
    expect(invoices.of(first.id)).toBeUndefined();
  });

  it('start again at 1 when the year turns at the counter (Jakarta), not in UTC', async () => {
    // 23.30 on 31 December in Jakarta, 16.30 in UTC.
    const h = await startHarness({ start: Date.parse('2026-12-31T16:30:00Z') });
    try {
      const w = world(h);
      expect((await w.sell()).invoiceNumber).toBe('INV/LOKET-1/2026/000001');
      expect((await w.sell()).invoiceNumber).toBe('INV/LOKET-1/2026/000002');
      // 00.30 on 1 January in Jakarta; still 2026 in UTC.
      h.clock.advance(HOUR);
      expect((await w.sell()).invoiceNumber).toBe('INV/LOKET-1/2027/000001');
    } finally {
      await h.close();
    }
  });

  it('are not given to a payment replayed from another counter (it names the ticket that counter printed)', async () => {
    const h = harness();
    const w = world(h);
    const order = await w.createOrder();
    const replayed = await w.checkout(order, { ...exactCash(order), ticketNumber: 'K7QM-4X9P' });
    expect(replayed.participants[0].ticketNumber).toBe('K7QM-4X9P');
    expect(replayed.invoiceNumber).toBeNull();
    // The original was printed where the payment was taken: every print here is a copy.
    const text = await printed(w, order.id, 'a4');
    expect(text).toContain('LUNAS');
    expect(isCopy(text)).toBe(true);
    expect(text).not.toContain('Kasir');
  });

  it('settings set --counter-name on the command line names the counter, and refuses a name the number cannot carry', async () => {
    const dir = tempDir();
    try {
      expect((await runCli(['settings', 'set', '--data-dir', dir.path, '--counter-name', 'LOKET-3'])).code).toBe(0);
      expect(JSON.parse((await runCli(['settings', '--data-dir', dir.path])).stdout).counterName).toBe('LOKET-3');
      const refused = await runCli(['settings', 'set', '--data-dir', dir.path, '--counter-name', 'Loket 3']);
      expect(refused.code).toBe(2);
      expect(refused.stderr).toContain('counterName');
    } finally {
      dir.remove();
    }
  });
});

describe('the printed invoice', () => {
  const harness = useFixedHarness();

  it('names the number, the cashier and the counter, and cash received and change; a reprint in any layout says SALINAN', async () => {
    const h = harness();
    const w = world(h);
    const cashier = makeCaller(h.services, 'staff', { eventId: w.event.id, permission: 'event:update' });
    const order = await w.createOrder();
    const params = { idOrSlug: w.event.id, orderId: order.id };
    const paid = expectOk(await h.request({ ...call(contract.checkout, { params, body: { method: 'cash', amountTendered: '200000' } }), key: cashier.key }));
    expect(paid.invoiceNumber).toBe('INV/LOKET-1/2026/000001');

    const original = await printed(w, order.id, 'receipt', 'numbered-original');
    expect(original).toContain('Invoice INV/LOKET-1/2026/000001');
    expect(original).toContain(`Pesanan ${order.id}`);
    expect(original).toContain('Tunai diterima Rp 200.000');
    expect(original).toContain('Kembalian Rp 50.000');
    expect(original).toContain(`Kasir ${cashier.user.name}`);
    expect(original).toContain('Loket LOKET-1');
    expect(isCopy(original)).toBe(false);

    for (const layout of ['a4', 'receipt'] as const) {
      const copy = await printed(w, order.id, layout, 'numbered-copy');
      expect(isCopy(copy)).toBe(true);
      expect(copy).toContain('Invoice INV/LOKET-1/2026/000001');
    }
    const row = h.services.database.sqlite.prepare('select prints from invoices where order_id = ?').get(order.id) as { prints: number };
    expect(row.prints).toBe(3);
  });

  it('of an order not yet paid has no number and is never a copy', async () => {
    const h = harness();
    const w = world(h);
    const order = await w.createOrder();
    for (const layout of ['a4', 'a4', 'receipt'] as const) {
      const text = await printed(w, order.id, layout);
      expect(text).toContain('BELUM DIBAYAR');
      expect(text).not.toContain('INV/');
      expect(isCopy(text)).toBe(false);
    }
  });

  it('of a refunded order shows the refund: amount, method, reason, reference, when and who approved it; its ticket is void', async () => {
    const h = harness();
    const w = world(h);
    const order = await w.createOrder();
    const paid = await w.checkout(order, { method: 'card', reference: 'EDC 104233' });
    const ticket = paid.participants[0].ticketNumber as string;
    await printed(w, order.id, 'a4');
    h.clock.advance(2 * HOUR);
    const params = { idOrSlug: w.event.id, orderId: order.id };
    const body = { reason: 'Acara bentrok', reference: 'VOID-77', approval: approvalOf(w.organizer) };
    const refunded = expectOk(await h.request({ ...call(contract.refundOrder, { params, body }), key: w.organizer.key }));
    expect(refunded.invoiceNumber).toBe(paid.invoiceNumber);

    for (const layout of ['a4', 'receipt'] as const) {
      const text = await printed(w, order.id, layout, 'refunded');
      expect(text).toContain('DIKEMBALIKAN (REFUND)');
      expect(isCopy(text)).toBe(true);
      expect(text).toContain(`Invoice ${paid.invoiceNumber}`);
      expect(text).toContain('Pengembalian dana');
      expect(text).toContain('Dikembalikan Rp 150.000');
      expect(text).toContain('Referensi VOID-77');
      expect(text).toContain('Alasan Acara bentrok');
      // Paid at 09.00, refunded at 11.00 in Jakarta.
      expect(text).toContain('Pada Jumat, 06 November 2026 pukul 11.00 WIB');
      expect(text).toContain(`Disetujui oleh ${w.organizer.user.name}`);
      expect(text).toContain(`Diproses oleh ${w.organizer.user.name}`);
      expect(text).toContain(`${ticket} · ${paid.participants[0].name} · tidak berlaku`);
    }
    // A void ticket is not printed to be scanned.
    const reply = await getBytes(h.app, `${orderPath(w.event.id, order.id)}/invoice?layout=a4`, w.organizer.key);
    expect(readQr((await pdfPages(reply.bytes, 150))[0]!)).toBeUndefined();
  });
});
