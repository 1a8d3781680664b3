/**
 * The counter's receipt printer, against an emulated network ESC/POS printer (test/support): a
 * cash sale's receipt says what the invoice says, its QR code is the ticket's own token, the
 * drawer is kicked and the paper cut once; a reprint says SALINAN and opens nothing; a printer
 * that is off or out of paper leaves the jobs waiting, and they print once each, in order, when
 * it is back; who may print and who may not.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { contract } from '../../src/shared/contract/index.js';
import { formatRupiah, fromMinor, toMinor } from '../../src/shared/money.js';
import { verifyTicketToken } from '../../src/shared/ticket-token.js';
import { expectError, expectList, expectOk } from '../support/envelope.js';
import { startPrinterEmulator, type PrinterEmulator } from '../support/escpos-printer.js';
import { approvalOf } from '../support/cash.js';
import { makeCaller, orderBody, type Caller } from '../support/fixtures.js';
import { useHarness } from '../support/harness.js';
import { call } from '../support/http.js';
import { world, type World } from '../support/world.js';

describe('printing receipts on a network ESC/POS printer', () => {
  const harness = useHarness('file');
  let printer: PrinterEmulator;
  let w: World;

  beforeAll(async () => {
    printer = await startPrinterEmulator();
  });
  afterAll(() => printer.close());

  beforeEach(() => {
    const h = harness();
    w = world(h, { name: 'Konser Senja' });
    h.services.settings.update({ printerAddress: printer.address, drawerKick: 'before' });
  });

  const print = (order: { id: string }, caller: Caller = w.organizer) =>
    harness().request({ ...call(contract.printInvoice, { params: { idOrSlug: w.event.id, orderId: order.id }, body: {} }), key: caller.key });
  const jobs = async () => expectOk(await harness().request({ ...call(contract.listPrintJobs, {}), key: w.organizer.key })) as { id: string; title: string; state: string; lastError: string | null }[];
  /** The receipts printed since `before`, once the queue has nothing left to send. */
  const printedSince = async (before: number) => {
    await harness().services.printQueue.idle();
    return printer.receipts().slice(before);
  };

  it("prints a cash sale's receipt: the invoice's text, the ticket's token as QR, one drawer kick, one cut", async () => {
    const before = printer.receipts().length;
    const order = await w.createOrder({ registration: { name: 'Ayu Lestari' } });
    // A note larger than the total, as a customer hands it over.
    const tendered = (Math.floor(toMinor(order.totalAmount) / 5_000_000) + 1) * 5_000_000;
    const paid = await w.checkout(order, { method: 'cash', amountTendered: fromMinor(tendered) });
    const job = expectOk(await print(order), 201);
    expect(job).toMatchObject({ state: 'waiting', title: `Invoice ${paid.invoiceNumber}` });

    const [receipt] = await printedSince(before);
    expect(receipt).toBeDefined();
    expect(receipt!.text).toContain('LUNAS');
    expect(receipt!.text).toContain(`Invoice ${paid.invoiceNumber}`);
    expect(receipt!.text).toContain('Konser Senja');
    expect(receipt!.text).toContain('Ayu Lestari');
    const rupiah = (minor: number) => formatRupiah(minor).replaceAll('.', '\\.');
    expect(receipt!.text).toMatch(new RegExp(`Total\\s+${rupiah(toMinor(order.totalAmount))}`));
    expect(receipt!.text).toMatch(new RegExp(`Tunai diterima\\s+${rupiah(tendered)}`));
    expect(receipt!.text).toMatch(new RegExp(`Kembalian\\s+${rupiah(tendered - toMinor(order.totalAmount))}`));
    expect(receipt!.text).toContain('1 × ');
    expect(receipt!.text).not.toContain('SALINAN');
    expect(receipt!.lines.find((l) => l.text.trim() === 'LUNAS')).toMatchObject({ bold: true, tall: true });
    // The QR code printed is the ticket's own signed token, for the gate.
    const ticketNumber = paid.participants[0].ticketNumber;
    expect(receipt!.qrCodes).toHaveLength(1);
    const keys = expectOk(await harness().request({ ...call(contract.listTicketKeys, {}), key: w.organizer.key }));
    expect((await verifyTicketToken(receipt!.qrCodes[0]!, keys, w.event.id)).tn).toBe(ticketNumber);
    expect(receipt!.drawerKicks).toBe(1);
    expect(receipt!.cuts).toBe(1);
    expect(printer.unknown()).toEqual([]);
    expect((await jobs()).find((j) => j.id === job.id)).toMatchObject({ state: 'printed', lastError: null });
  });

  it('a reprint says SALINAN and opens no drawer; a card sale opens none either', async () => {
    const before = printer.receipts().length;
    const cash = await w.sell();
    expectOk(await print(cash), 201);
    expectOk(await print(cash), 201);
    const card = await w.createOrder();
    await w.checkout(card, { method: 'card', reference: 'EDC 1' });
    expectOk(await print(card), 201);
    const [original, copy, byCard] = await printedSince(before);
    expect(original!.text).not.toContain('SALINAN');
    expect(copy!.lines.find((l) => l.text.trim() === 'SALINAN')).toMatchObject({ reversed: true });
    expect([original!.drawerKicks, copy!.drawerKicks, byCard!.drawerKicks]).toEqual([1, 0, 0]);
  });

  it("prints a basket's one receipt: every attendee, the group's QR and each ticket's; the drawer once", async () => {
    const h = harness();
    const before = printer.receipts().length;
    const lines = ['Ayah Lestari', 'Ibu Lestari'].map((name) => ({ ticketCategoryId: w.event.tickets[0]!.id, registration: orderBody(w.event, { registration: { name } }).registration }));
    const made = expectOk(await h.request({ ...call(contract.createTransaction, { params: { idOrSlug: w.event.id }, body: { eventId: w.event.id, lines } }), key: w.organizer.key }), 201);
    const paid = expectOk(await h.request({ ...call(contract.checkoutTransaction, { params: { idOrSlug: w.event.id, transactionId: made.id }, body: { method: 'cash', amountTendered: made.totalAmount } }), key: w.organizer.key }));
    const printBasket = () => h.request({ ...call(contract.printTransactionReceipt, { params: { idOrSlug: w.event.id, transactionId: made.id }, body: {} }), key: w.organizer.key });
    expectOk(await printBasket(), 201);
    expectOk(await printBasket(), 201);
    const [original, copy] = await printedSince(before);
    expect(original!.text).toContain('Struk transaksi · 2 peserta');
    for (const name of ['Ayah Lestari', 'Ibu Lestari']) expect(original!.text).toContain(name);
    expect(original!.qrCodes).toEqual([paid.groupToken, ...paid.orders.map(() => expect.any(String))]);
    expect([original!.drawerKicks, copy!.drawerKicks]).toEqual([1, 0]);
    expect(original!.text).not.toContain('SALINAN');
    expect(copy!.text).toContain('SALINAN');

    // Each ticket's own slip after it (printerTicketSlips): originals, but the basket's cash was
    // taken once, and its receipt opened the drawer for it.
    for (const order of paid.orders) expectOk(await print(order), 201);
    const slips = await printedSince(before + 2);
    expect(slips.map((slip) => [slip.text.includes('SALINAN'), slip.drawerKicks])).toEqual([
      [false, 0],
      [false, 0],
    ]);
  });

  it('a printer that is off keeps the jobs waiting; back on, each prints once, in order, and opens no drawer', async () => {
    const before = printer.receipts().length;
    const kicks = printer.drawerKicks();
    await printer.power(false);
    const sold = [await w.sell(), await w.sell(), await w.sell()];
    for (const order of sold) expectOk(await print(order), 201);
    await harness().services.printQueue.idle();
    const waiting = (await jobs()).filter((j) => j.state === 'waiting');
    expect(waiting).toHaveLength(3);
    expect(waiting[0]!.lastError).toMatch(/tidak dapat dihubungi/);

    await printer.power(true);
    expectOk(await harness().request({ ...call(contract.retryPrintJob, { params: { jobId: waiting[0]!.id }, body: {} }), key: w.organizer.key }));
    const printed = await printedSince(before);
    expect(printed.map((r) => r.text.match(/Invoice (INV\S+)/)?.[1])).toEqual(sold.map((o) => o.invoiceNumber));
    expect((await jobs()).filter((j) => j.state !== 'printed' && j.state !== 'cancelled')).toEqual([]);
    // The drawer opens only at the moment the cash is taken: never later, by itself, with nobody at the till.
    expect(printed.map((r) => r.drawerKicks)).toEqual([0, 0, 0]);
    expect(printer.drawerKicks()).toBe(kicks);
  });

  it('a drawer that could not open at once is never opened later: the job says so', async () => {
    const kicks = printer.drawerKicks();
    await printer.power(false);
    const shift = harness().services;
    const organizer = shift.apiKeys.authenticate(w.organizer.key)!;
    shift.printing.kickForCash(organizer, 'Kas masuk');
    await shift.printQueue.idle();
    const [kick] = (await jobs()).filter((j) => j.title.startsWith('Laci kas dibuka'));
    expect(kick).toMatchObject({ state: 'cancelled', lastError: expect.stringMatching(/Laci tidak dibuka/) });
    await printer.power(true);
    await shift.printQueue.idle();
    expect(printer.drawerKicks()).toBe(kicks);
  });

  it('out of paper: the job waits saying so, and prints once the roll is changed', async () => {
    const before = printer.receipts().length;
    printer.setPaperOut(true);
    const order = await w.sell();
    const job = expectOk(await print(order), 201);
    await harness().services.printQueue.idle();
    expect((await jobs()).find((j) => j.id === job.id)).toMatchObject({ state: 'waiting', lastError: expect.stringMatching(/Kertas printer habis/) });
    expect(await printedSince(before)).toEqual([]);
    printer.setPaperOut(false);
    expectOk(await harness().request({ ...call(contract.retryPrintJob, { params: { jobId: job.id }, body: {} }), key: w.organizer.key }));
    expect(await printedSince(before)).toHaveLength(1);
  });

  it('a waiting job can be cancelled: it never prints', async () => {
    const before = printer.receipts().length;
    printer.setOffline(true);
    const job = expectOk(await print(await w.sell()), 201);
    await harness().services.printQueue.idle();
    expectOk(await harness().request({ ...call(contract.cancelPrintJob, { params: { jobId: job.id }, body: {} }), key: w.organizer.key }));
    printer.setOffline(false);
    expectError(await harness().request({ ...call(contract.retryPrintJob, { params: { jobId: job.id }, body: {} }), key: w.organizer.key }), 409, 'INVALID_STATE');
    // The queue goes on with the next job, past the cancelled one.
    const next = await w.sell({ registration: { name: 'Sesudah Batal' } });
    expectOk(await print(next), 201);
    const printed = await printedSince(before);
    expect(printed).toHaveLength(1);
    expect(printed[0]!.text).toContain('Sesudah Batal');
  });

  it("a venue device with read access prints; a gate's key and a stranger cannot", async () => {
    const h = harness();
    const before = printer.receipts().length;
    const order = await w.sell();
    const kiosk = makeCaller(h.services, 'staff', { eventId: w.event.id, permission: 'event:read' });
    const gate = makeCaller(h.services, 'staff', { eventId: w.event.id, permission: 'event:checkin' });
    const stranger = makeCaller(h.services, 'organizer');
    const job = expectOk(await print(order, kiosk), 201);
    expectError(await print(order, gate), 403, 'FORBIDDEN');
    expectError(await print(order, stranger), 403, 'FORBIDDEN');
    const printed = await printedSince(before);
    expect(printed).toHaveLength(1);
    // A kiosk prints the cash sale's receipt but opens no drawer: that is for those who sell.
    expect(printed[0]!.drawerKicks).toBe(0);
    // Another organizer sells here too, but sees nothing of this event's jobs, and cannot touch them.
    const theirs = expectOk(await h.request({ ...call(contract.listPrintJobs, {}), key: stranger.key })) as { id: string }[];
    expect(theirs.map((j) => j.id)).not.toContain(job.id);
    expectError(await h.request({ ...call(contract.cancelPrintJob, { params: { jobId: job.id }, body: {} }), key: stranger.key }), 404, 'NOT_FOUND');
  });

  it('says so when no printer is set, and counts no print', async () => {
    const h = harness();
    h.services.settings.update({ printerAddress: '' });
    const order = await w.sell();
    const refused = await print(order);
    expectError(refused, 409, 'INVALID_STATE');
    expect(refused.body.message).toMatch(/Belum ada printer struk/);
    expectError(await h.request({ ...call(contract.testPrint, { body: {} }), key: w.organizer.key }), 409, 'INVALID_STATE');
    // The first PDF is still the original.
    h.services.settings.update({ printerAddress: printer.address });
    const before = printer.receipts().length;
    expectOk(await print(order), 201);
    expect((await printedSince(before))[0]!.text).not.toContain('SALINAN');
  });

  it('refuses what it does not do: several copies, a job that is no ULID', async () => {
    const order = await w.sell();
    const copies = await harness().request({ method: 'POST', url: `/events/${w.event.id}/admin/orders/${order.id}/print`, key: w.organizer.key, body: { copies: 2 } });
    expectError(copies, 400, 'VALIDATION_FAILED');
    expectError(await harness().request({ method: 'POST', url: '/print-jobs/xyz/retry', key: w.organizer.key, body: {} }), 400, 'VALIDATION_FAILED');
  });

  it('prints a test page', async () => {
    const before = printer.receipts().length;
    const job = expectOk(await harness().request({ ...call(contract.testPrint, { body: {} }), key: w.organizer.key }), 201);
    expect(job.title).toBe('Tes printer');
    const [page] = await printedSince(before);
    expect(page!.text).toContain('Tes printer struk');
    expect(page!.text).toContain('ÀÉÎÕÜ àéîõü × ·');
    expect(page!.qrCodes).toEqual(['TES LOKET-1']);
  });
  // Last: once a shift is open here, a cash sale needs one (the tests above sell without).
  it('opens the drawer for cash put in or taken out, and for a supervisor with a reason (audited)', async () => {
    const h = harness();
    const kicks = printer.drawerKicks();
    const session = expectOk(await h.request({ ...call(contract.openCashSession, { body: { openingCount: { n50000: 2 } } }), key: w.organizer.key }), 201);
    expectOk(await h.request({ ...call(contract.moveCash, { params: { sessionId: session.id }, body: { kind: 'cash_in', amount: '20000', reason: 'Tambah uang kecil' } }), key: w.organizer.key }), 201);
    await h.services.printQueue.idle();
    expect(printer.drawerKicks()).toBe(kicks + 1);

    const open = (approval: { email: string; pin: string }) =>
      h.request({ ...call(contract.openCashDrawer, { body: { reason: 'Tukar uang kecil', approval } }), key: w.organizer.key });
    expectError(await open({ ...approvalOf(w.organizer), pin: '135790' }), 403, 'APPROVAL_REFUSED');
    expectOk(await open(approvalOf(w.organizer)), 201);
    await h.services.printQueue.idle();
    expect(printer.drawerKicks()).toBe(kicks + 2);
    expect(printer.receipts().at(-1)?.text ?? '').not.toContain('Tukar uang kecil');
    // In the counter's own part of the log, which its owner reads.
    const owner = makeCaller(h.services, 'super_admin');
    const logged = expectList(await h.request({ url: '/audit-log?action=cash_drawer.opened', key: owner.key })).data;
    expect(logged.map((e: { details: unknown }) => e.details)).toEqual([{ reason: 'Tukar uang kecil', approvedBy: w.organizer.user.email }]);
  });
});
