/**
 * A shift's X and Z reports on the receipt printer, against the emulated ESC/POS printer
 * (test/support): the X report of a running shift says so and carries the figures GET …/report
 * gives (blind for its cashier before the count, as on screen), the Z report of a closed one its
 * count and difference; one cut, no drawer kick; who may print one and who may not, checked
 * before whether a printer is set. The PDF renderer draws the same document.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { renderDocument } from '../../src/main/invoice/render.js';
import { cashReportDocument } from '../../src/main/invoice/cash-report-document.js';
import { contract } from '../../src/shared/contract/index.js';
import { formatRupiah, formatRupiahSigned, toMinor, toMinorSigned } from '../../src/shared/money.js';
import { approvalOf, countOf, drawer } from '../support/cash.js';
import { expectError, expectOk } from '../support/envelope.js';
import { startPrinterEmulator, type PrinterEmulator } from '../support/escpos-printer.js';
import { makeCaller, orderBody, type Caller } from '../support/fixtures.js';
import { useHarness } from '../support/harness.js';
import { call } from '../support/http.js';
import { pdfText } from '../support/pdf.js';
import { world, type World } from '../support/world.js';

/** A figure as a pattern: the label, then (past the padding) the amount as the receipt writes it. */
const rowOf = (label: string, amount: string) => new RegExp(`${label}\\s+${amount.replaceAll('.', '\\.')}(\\n|$)`);
const rupiah = (decimal: string) => formatRupiah(toMinor(decimal));

describe("printing a shift's X and Z reports on a network ESC/POS printer", () => {
  const harness = useHarness('file');
  let printer: PrinterEmulator;
  let w: World;
  let cashier: Caller;

  beforeAll(async () => {
    printer = await startPrinterEmulator();
  });
  afterAll(() => printer.close());

  beforeEach(() => {
    const h = harness();
    w = world(h, { name: 'Konser Senja' });
    cashier = makeCaller(h.services, 'staff', { eventId: w.event.id, permission: 'event:update' });
    // The drawer would open before a cash receipt: a report opens it never.
    h.services.settings.update({ printerAddress: printer.address, drawerKick: 'before', counterName: 'LOKET-SENJA' });
  });

  const printReport = (sessionId: string, by: Caller) => harness().request({ ...call(contract.printCashReport, { params: { sessionId }, body: {} }), key: by.key });
  const readReport = async (sessionId: string, by: Caller) => expectOk(await harness().request({ ...call(contract.getCashReport, { params: { sessionId } }), key: by.key }));
  const sellInCash = async (by: Caller) => {
    const h = harness();
    const order = expectOk(await h.request({ method: 'POST', url: `/events/${w.event.id}/admin/orders`, key: by.key, body: orderBody(w.event) }), 201);
    expectOk(await h.request({ ...call(contract.checkout, { params: { idOrSlug: w.event.id, orderId: order.id }, body: { method: 'cash', amountTendered: order.totalAmount } }), key: by.key }));
    return order as { totalAmount: string };
  };
  /** The receipts printed since `before`, once the queue has nothing left to send. */
  const printedSince = async (before: number) => {
    await harness().services.printQueue.idle();
    return printer.receipts().slice(before);
  };
  const xReportsIssued = () => (harness().services.database.sqlite.prepare('select count(*) as n from x_reports').get() as { n: number }).n;

  it('prints the X report of a running shift with the report’s figures, then the Z report with the count and the difference', async () => {
    const h = harness();
    const shift = drawer(h, cashier);
    await shift.open({ n100000: 2 });
    const order = await sellInCash(cashier);
    expectOk(await shift.move('cash_in', '50000', 'Tambah uang kembalian'), 201);
    await h.services.printQueue.idle();
    const kicks = printer.drawerKicks();

    // A supervisor's X report: the drawer's figures, exactly as GET …/report gives them.
    let before = printer.receipts().length;
    const job = expectOk(await printReport(shift.sessionId, w.organizer), 201);
    expect(job).toMatchObject({ state: 'waiting', title: expect.stringMatching(/^Laporan X No\. \d+ · /) });
    const number = Number(/No\. (\d+)/.exec(job.title)![1]);
    const [x] = await printedSince(before);
    const running = await readReport(shift.sessionId, w.organizer);
    const issued = expectOk(await h.request({ ...call(contract.getCashReport, { params: { sessionId: shift.sessionId }, query: { xReport: number } }), key: w.organizer.key }));
    expect(running.expectedCash).toBe(issued.expectedCash);
    expect(toMinor(running.expectedCash)).toBe(20_000_000 + toMinor(order.totalAmount) + 5_000_000);
    expect(x!.text).toContain('LOKET-SENJA');
    expect(x!.lines.find((l) => l.text.trim() === 'LAPORAN X')).toMatchObject({ bold: true, tall: true });
    expect(x!.text).toContain(`Laporan X No. ${number}`);
    expect(x!.text).toContain('Shift berjalan: BUKAN penutupan.');
    expect(x!.text).not.toContain('LAPORAN Z');
    expect(x!.text).toMatch(rowOf('Kasir', cashier.user.name));
    expect(x!.text).toMatch(rowOf('Modal awal', rupiah(running.openingFloat)));
    expect(x!.text).toMatch(rowOf('Penjualan tunai \\(1\\)', rupiah(running.byMethod[0].salesTotal)));
    expect(x!.text).toMatch(rowOf('Kas masuk', rupiah(running.cashIn)));
    expect(x!.text).toContain('Tambah uang kembalian');
    expect(x!.text).toMatch(rowOf('Seharusnya di laci', rupiah(running.expectedCash)));
    expect(x!.text).toMatch(rowOf('Tunai \\(1\\)', rupiah(running.byMethod[0].salesTotal)));
    expect(x!.text).not.toContain('Dihitung');
    expect(x!.cuts).toBe(1);
    expect(x!.drawerKicks).toBe(0);
    expect(x!.qrCodes).toEqual([]);
    expect(printer.unknown()).toEqual([]);

    // The cashier's own before the count: blind on paper as on screen.
    before = printer.receipts().length;
    expectOk(await printReport(shift.sessionId, cashier), 201);
    const [blind] = await printedSince(before);
    expect(blind!.text).toContain('LAPORAN X');
    expect(blind!.text).toMatch(rowOf('Seharusnya di laci', '-'));
    expect(blind!.text).not.toContain(rupiah(running.expectedCash));
    expect(blind!.text).toContain('Angka tunai tampil setelah kas dihitung.');

    // The count Rp 1.000 short: the supervisor approves, the shift closes with its Z report.
    const counted = expectOk(await shift.count(countOf(toMinor(running.expectedCash) - 100_000)));
    expect(counted.approvalRequired).toBe(true);
    const closed = expectOk(await shift.approve(approvalOf(w.organizer), 'Kurang seribu'));
    const z = await readReport(shift.sessionId, cashier);
    expect(z).toMatchObject({ kind: 'Z', number: closed.session.reportNumber, difference: '-1000.00' });

    before = printer.receipts().length;
    const zJob = expectOk(await printReport(shift.sessionId, cashier), 201);
    expect(zJob.title).toBe(`Laporan Z No. ${z.number} · ${cashier.user.name}`);
    const [printed] = await printedSince(before);
    expect(printed!.lines.find((l) => l.text.trim() === 'LAPORAN Z')).toMatchObject({ bold: true, tall: true });
    expect(printed!.text).not.toContain('LAPORAN X');
    expect(printed!.text).toMatch(rowOf('Seharusnya di laci', rupiah(z.expectedCash)));
    expect(printed!.text).toMatch(rowOf('Dihitung', rupiah(z.countedCash)));
    expect(printed!.text).toMatch(rowOf('Selisih', formatRupiahSigned(toMinorSigned(z.difference))));
    expect(printed!.text).toContain('-Rp 1.000');
    expect(printed!.text).toMatch(rowOf('Disetujui', w.organizer.user.name));
    expect(printed!.text).toContain('Alasan: Kurang seribu');
    expect(printed!.cuts).toBe(1);
    expect(printed!.drawerKicks).toBe(0);
    // Not one of the three reports opened the drawer.
    expect(printer.drawerKicks()).toBe(kicks);

    // Its cashier and the supervisor see the jobs in the queue.
    for (const by of [cashier, w.organizer]) {
      const listed = expectOk(await h.request({ ...call(contract.listPrintJobs, {}), key: by.key })) as { id: string; state: string }[];
      expect(listed.find((j) => j.id === zJob.id)).toMatchObject({ state: 'printed' });
    }
  });

  it('is for whoever may read the shift, checked before whether a printer is set', async () => {
    const h = harness();
    const shift = drawer(h, cashier);
    await shift.open({ n50000: 2 });
    const gate = makeCaller(h.services, 'staff', { eventId: w.event.id, permission: 'event:checkin' });
    const other = makeCaller(h.services, 'staff', { eventId: w.event.id, permission: 'event:update' });
    const issuedBefore = xReportsIssued();
    const jobsBefore = expectOk(await h.request({ ...call(contract.listPrintJobs, {}), key: w.organizer.key })).length;

    for (const stranger of [gate, other]) expectError(await printReport(shift.sessionId, stranger), 403, 'FORBIDDEN');
    expectError(await printReport('01JZZZZZZZZZZZZZZZZZZZZZZZ', cashier), 404, 'NOT_FOUND');

    // No printer: a stranger still learns only that it may not; the cashier hears what the other print endpoints say.
    h.services.settings.update({ printerAddress: '' });
    for (const stranger of [gate, other]) expectError(await printReport(shift.sessionId, stranger), 403, 'FORBIDDEN');
    const refused = await printReport(shift.sessionId, cashier);
    expectError(refused, 409, 'INVALID_STATE');
    const order = await w.createOrder();
    await w.checkout(order, { method: 'card', reference: 'EDC 7' });
    const invoiceRefused = await h.request({ ...call(contract.printInvoice, { params: { idOrSlug: w.event.id, orderId: order.id }, body: {} }), key: w.organizer.key });
    expectError(invoiceRefused, 409, 'INVALID_STATE');
    expect(refused.body.message).toBe(invoiceRefused.body.message);
    expect(refused.body.message).toMatch(/Belum ada printer struk/);
    // Nothing was issued nor queued for any of them.
    expect(xReportsIssued()).toBe(issuedBefore);
    expect(expectOk(await h.request({ ...call(contract.listPrintJobs, {}), key: w.organizer.key })).length).toBe(jobsBefore);

    // It takes nothing: a body with fields is refused.
    h.services.settings.update({ printerAddress: printer.address });
    expectError(await h.request({ method: 'POST', url: `/cash-sessions/${shift.sessionId}/print`, key: cashier.key, body: { copies: 2 } }), 400, 'VALIDATION_FAILED');
  });

  it('the PDF renderer draws the same document, on a roll and on A4', async () => {
    const h = harness();
    const shift = drawer(h, cashier);
    await shift.open({ n100000: 1 });
    await sellInCash(cashier);
    const report = await readReport(shift.sessionId, w.organizer);
    const document = cashReportDocument(report, 'LOKET-SENJA');
    for (const layout of ['receipt', 'a4'] as const) {
      const text = await pdfText(await renderDocument(document, layout));
      expect(text).toContain('LAPORAN X');
      expect(text).toContain('LOKET-SENJA');
      expect(text).toMatch(rowOf('Seharusnya di laci', rupiah(report.expectedCash)));
    }
  });
});
