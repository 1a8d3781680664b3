/**
 * A full day at one counter: a shift opened with a float, thirty sales in four methods with cash
 * rounding, a change top-up and a safe drop, refunds, a blind count within the tolerance; then a
 * second shift counted beyond it and approved. Every figure of each Z report is checked against an
 * independent recount from the orders, payments and refunds tables, never from the session's own
 * entries.
 */
import { describe, expect, it } from 'vitest';
import { contract } from '../../src/shared/contract/index.js';
import { fromMinor, fromMinorSigned, toMinor } from '../../src/shared/money.js';
import { approvalOf, countOf, drawer } from '../support/cash.js';
import { MINUTE } from '../support/clock.js';
import { expectError, expectOk, expectValidation } from '../support/envelope.js';
import { makeCaller, orderBody, orderPath, ticketInput, type Caller } from '../support/fixtures.js';
import { checkInPath } from '../support/gate.js';
import { useHarness, type Harness } from '../support/harness.js';
import { call } from '../support/http.js';
import { pdfText } from '../support/pdf.js';
import { getBytes } from '../support/sale.js';
import { world, type World } from '../support/world.js';

const METHODS = ['cash', 'card', 'qris', 'bank_transfer'] as const;
const FLOAT = { n50000: 2, n10000: 5, c500: 4 }; // Rp 152.000

interface Recount {
  salesCount: number;
  salesTotal: number;
  byMethod: Map<string, { count: number; total: number; refunds: number; refundsTotal: number; references: string[] }>;
  byCategory: Map<string, { count: number; total: number }>;
  refundsCount: number;
  refundsTotal: number;
  /** Cash into the drawer from sales and out by refunds, rounding included. */
  cashNet: number;
  rounding: number;
  firstPaidAt: number;
  lastPaidAt: number;
}

/** The session's figures from the orders, payments and refunds of `orderIds` alone. */
function recount(h: Harness, orderIds: string[]): Recount {
  const marks = orderIds.map(() => '?').join(',');
  const sales = h.services.database.sqlite
    .prepare(
      `select o.id, o.total_amount as total, p.method, p.rounding, p.paid_at as paidAt, p.reference, c.name as category
       from orders o join payments p on p.order_id = o.id and p.status = 'paid' join ticket_categories c on c.id = o.ticket_category_id
       where o.id in (${marks})`,
    )
    .all(...orderIds) as { id: string; total: number; method: string; rounding: number; paidAt: number; reference: string | null; category: string }[];
  const refunds = h.services.database.sqlite.prepare(`select order_id as orderId, method, amount, reference from refunds where order_id in (${marks})`).all(...orderIds) as {
    orderId: string;
    method: string;
    amount: number;
    reference: string | null;
  }[];
  const byMethod: Recount['byMethod'] = new Map();
  const line = (method: string) => byMethod.get(method) ?? byMethod.set(method, { count: 0, total: 0, refunds: 0, refundsTotal: 0, references: [] }).get(method)!;
  const byCategory: Recount['byCategory'] = new Map();
  let cashNet = 0;
  let rounding = 0;
  for (const sale of sales) {
    const m = line(sale.method);
    m.count += 1;
    m.total += sale.total;
    if (sale.reference) m.references.push(sale.reference);
    const c = byCategory.get(sale.category) ?? { count: 0, total: 0 };
    byCategory.set(sale.category, { count: c.count + 1, total: c.total + sale.total });
    if (sale.method === 'cash') {
      cashNet += sale.total + sale.rounding;
      rounding += sale.rounding;
    }
  }
  let refundsTotal = 0;
  for (const refund of refunds) {
    const sale = sales.find((s) => s.id === refund.orderId)!;
    const m = line(refund.method);
    m.refunds += 1;
    m.refundsTotal += sale.total;
    if (refund.reference) m.references.push(refund.reference);
    refundsTotal += sale.total;
    if (refund.method === 'cash') {
      cashNet -= refund.amount;
      rounding -= sale.rounding;
    }
  }
  const paidAt = sales.map((s) => s.paidAt);
  return {
    salesCount: sales.length,
    salesTotal: sales.reduce((sum, s) => sum + s.total, 0),
    byMethod,
    byCategory,
    refundsCount: refunds.length,
    refundsTotal,
    cashNet,
    rounding,
    firstPaidAt: Math.min(...paidAt),
    lastPaidAt: Math.max(...paidAt),
  };
}

/** Every figure of the report against the recount. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
function expectReportEqualsRecount(report: any, r: Recount, cash: { float: number; cashIn: number; cashOut: number; counted: number }) {
  const expected = cash.float + r.cashNet + cash.cashIn - cash.cashOut;
  expect(report).toMatchObject({
    kind: 'Z',
    salesCount: r.salesCount,
    salesTotal: fromMinor(r.salesTotal),
    refundsCount: r.refundsCount,
    refundsTotal: fromMinor(r.refundsTotal),
    cashIn: fromMinor(cash.cashIn),
    cashOut: fromMinor(cash.cashOut),
    rounding: fromMinorSigned(r.rounding),
    openingFloat: fromMinor(cash.float),
    expectedCash: fromMinor(expected),
    countedCash: fromMinor(cash.counted),
    difference: fromMinorSigned(cash.counted - expected),
  });
  expect(Date.parse(report.firstSaleAt)).toBe(r.firstPaidAt);
  expect(Date.parse(report.lastSaleAt)).toBe(r.lastPaidAt);
  const methods = Object.fromEntries(
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    report.byMethod.map((m: any) => [m.method, { count: m.salesCount, total: toMinor(m.salesTotal), refunds: m.refundsCount, refundsTotal: toMinor(m.refundsTotal), references: [...m.references].sort() }]),
  );
  expect(methods).toEqual(Object.fromEntries([...r.byMethod].map(([method, m]) => [method, { ...m, references: [...m.references].sort() }])));
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const categories = Object.fromEntries(report.byCategory.map((c: any) => [c.name, { count: c.count, total: toMinor(c.total) }]));
  expect(categories).toEqual(Object.fromEntries(r.byCategory));
}

describe('a day at the counter', () => {
  const harness = useHarness();

  function setUp() {
    const h = harness();
    const now = h.clock();
    const w = world(h, { tickets: [ticketInput(now, { name: 'Reguler', price: '23125' }), ticketInput(now, { name: 'VIP', price: '151750' })] });
    const cashier = makeCaller(h.services, 'staff', { eventId: w.event.id, permission: 'event:update' });
    h.services.settings.update({ cashRoundingRupiah: 500, cashToleranceRupiah: 1000 });
    return { h, w, cashier };
  }

  /** One sale by the cashier in `method`; answers the paid detail. */
  async function sale(h: Harness, w: World, cashier: Caller, method: (typeof METHODS)[number], i: number) {
    const post = (url: string, body: unknown) => h.request({ method: 'POST', url, key: cashier.key, body });
    const category = w.event.tickets[i % 3 === 0 ? 1 : 0]!;
    const order = expectOk(await post(`/events/${w.event.id}/admin/orders`, { eventId: w.event.id, ticketCategoryId: category.id, registration: registrationFor(i) }), 201);
    const params = { idOrSlug: w.event.id, orderId: order.id };
    h.clock.advance(5 * MINUTE);
    if (method === 'cash') return expectOk(await h.request({ ...call(contract.checkout, { params, body: { method, amountTendered: '200000' } }), key: cashier.key }));
    if (method === 'card') return expectOk(await h.request({ ...call(contract.checkout, { params, body: { method, reference: `EDC-${i}` } }), key: cashier.key }));
    expectOk(await h.request({ ...call(contract.checkout, { params, body: { method } }), key: cashier.key }));
    return expectOk(await h.request({ ...call(contract.confirmPayment, { params, body: { reference: `${method.toUpperCase()}-${i}` } }), key: cashier.key }));
  }

  const registrationFor = (i: number) => ({
    name: `Pembeli ${i}`,
    email: `pembeli.${i}@customer.example`,
    phone: `+6281200000${String(i).padStart(3, '0')}`,
    gender: 'female',
    birthDate: '1990-05-17',
    identityNumber: String(3171000000100000 + i),
  });

  it('balances: the Z reports equal a recount of orders, payments and refunds, within and beyond the tolerance', async () => {
    const { h, w, cashier } = setUp();
    const shift = drawer(h, cashier);
    const session = await shift.open(FLOAT);
    expect(session).toMatchObject({ status: 'open', openingFloat: '152000.00', cashierName: cashier.user.name, reportNumber: null });

    // Another cashier of the counter without a shift cannot take cash, and is told how to open one.
    const other = makeCaller(h.services, 'staff', { eventId: w.event.id, permission: 'event:update' });
    const unpaid = expectOk(await h.request({ method: 'POST', url: `/events/${w.event.id}/admin/orders`, key: other.key, body: { eventId: w.event.id, ticketCategoryId: w.event.tickets[0]!.id, registration: registrationFor(99) } }), 201);
    const refused = await h.request({ ...call(contract.checkout, { params: { idOrSlug: w.event.id, orderId: unpaid.id }, body: { method: 'cash', amountTendered: '50000' } }), key: other.key });
    expectError(refused, 409, 'CASH_SESSION_REQUIRED');
    expect(refused.body.message).toMatch(/Buka sesi kas/);

    const orders: string[] = [];
    for (let i = 0; i < 30; i++) {
      const paid = await sale(h, w, cashier, METHODS[i % 4]!, i);
      orders.push(paid.id);
      if (i === 0) expect(paid.payment).toMatchObject({ amount: '151750.00', rounding: '250.00', amountTendered: '200000.00', change: '48000.00' });
      if (i === 4) expect(paid.payment).toMatchObject({ amount: '23125.00', rounding: '-125.00', change: '177000.00' });
      if (i === 10) expectOk(await shift.move('cash_in', '20000', 'Tambah uang kembalian'), 201);
      if (i === 20) expectOk(await shift.move('cash_out', '100000', 'Setor ke brankas'), 201);
    }

    // Refunds: refused without an approval, with a wrong one and with a cashier's; then approved.
    const organizerCaller = { user: h.services.users.findById(w.organizer.user.id)!, key: w.organizer.key };
    const refund = (orderId: string, body: unknown) => h.request({ ...call(contract.refundOrder, { params: { idOrSlug: w.event.id, orderId }, body: body as never }), key: cashier.key });
    expectValidation(await refund(orders[0]!, { reason: 'Salah kategori' }), 'approval');
    expectError(await refund(orders[0]!, { reason: 'Salah kategori', approval: approvalOf(organizerCaller, 'wrong password') }), 403, 'APPROVAL_REFUSED');
    expectError(await refund(orders[0]!, { reason: 'Salah kategori', approval: approvalOf(cashier) }), 403, 'APPROVAL_REFUSED');
    expect((await w.detail({ id: orders[0]!, eventId: w.event.id })).status).toBe('completed');
    const refundedCash = expectOk(await refund(orders[0]!, { reason: 'Salah kategori', approval: approvalOf(organizerCaller) }));
    expect(refundedCash).toMatchObject({ status: 'cancelled', paymentStatus: 'paid', refund: { method: 'cash', amount: '152000.00', reason: 'Salah kategori', approvedBy: organizerCaller.user.name } });
    const refundedCard = expectOk(await refund(orders[1]!, { reason: 'Acara bentrok', reference: 'VOID-77', approval: approvalOf(organizerCaller) }));
    expect(refundedCard.refund).toMatchObject({ method: 'card', reference: 'VOID-77' });
    expectError(await refund(orders[1]!, { reason: 'lagi', approval: approvalOf(organizerCaller) }), 409, 'INVALID_STATE');

    // The refunded ticket is void at the gate at once.
    const gate = await h.request({ method: 'POST', url: checkInPath(w.event.id), key: cashier.key, body: { ticketNumber: refundedCash.participants[0].ticketNumber } });
    expectError(gate, 409, 'INVALID_STATE');
    expect(gate.body.message).toMatch(/refund/);

    // The cashier's X report hides the drawer; the organizer's shows it.
    const blindX = expectOk(await shift.report());
    expect(blindX).toMatchObject({ kind: 'X', number: null, expectedCash: null });
    expect(blindX.byMethod.map((m: { method: string }) => m.method)).not.toContain('cash');
    const r1 = recount(h, orders);
    // Nor do its totals give the drawer away: they count the other methods only.
    const nonCash = [...r1.byMethod].filter(([method]) => method !== 'cash').map(([, line]) => line);
    expect(blindX).toMatchObject({
      salesCount: nonCash.reduce((n, line) => n + line.count, 0),
      salesTotal: fromMinor(nonCash.reduce((n, line) => n + line.total, 0)),
      refundsTotal: fromMinor(nonCash.reduce((n, line) => n + line.refundsTotal, 0)),
      rounding: '0.00',
    });
    expect(blindX.refunds.map((r: { method: string }) => r.method)).not.toContain('cash');
    const byCategoryTotal = blindX.byCategory.reduce((n: number, c: { total: string }) => n + toMinor(c.total), 0);
    expect(fromMinor(byCategoryTotal)).toBe(blindX.salesTotal);
    const expected1 = toMinor('152000') + r1.cashNet + toMinor('20000') - toMinor('100000');
    expect(expectOk(await shift.report(organizerCaller)).expectedCash).toBe(fromMinor(expected1));

    // Counted Rp 500 short: within the tolerance of Rp 1.000, so the shift closes at once.
    const counted1 = expected1 - 50_000;
    const closing = expectOk(await shift.count(countOf(counted1)));
    expect(closing).toMatchObject({ approvalRequired: false, difference: '-500.00', expectedCash: fromMinor(expected1), session: { status: 'closed', reportNumber: 1 } });
    const z1 = expectOk(await shift.report());
    expectReportEqualsRecount(z1, r1, { float: toMinor('152000'), cashIn: toMinor('20000'), cashOut: toMinor('100000'), counted: counted1 });
    expect(z1).toMatchObject({ number: 1, cashierName: cashier.user.name, approvedBy: null });
    expect(z1.refunds).toHaveLength(2);
    expect(z1.movements.map((m: { reason: string }) => m.reason)).toEqual(['Tambah uang kembalian', 'Setor ke brankas']);

    // Hand-over: the next shift opens, sells, and is counted Rp 5.000 over: a supervisor must approve.
    const next = drawer(h, cashier);
    await next.open({ n20000: 5 });
    const orders2: string[] = [];
    for (let i = 30; i < 34; i++) orders2.push((await sale(h, w, cashier, METHODS[i % 4]!, i)).id);
    const r2 = recount(h, orders2);
    const expected2 = toMinor('100000') + r2.cashNet;
    const over = expectOk(await next.count(countOf(expected2 + 500_000)));
    expect(over).toMatchObject({ approvalRequired: true, difference: '5000.00', session: { status: 'counted', reportNumber: null } });
    // Counted is final: no second count, no cash sale while it waits.
    expectError(await next.count(countOf(expected2)), 409, 'INVALID_STATE');
    const waiting = expectOk(await h.request({ method: 'POST', url: `/events/${w.event.id}/admin/orders`, key: cashier.key, body: { eventId: w.event.id, ticketCategoryId: w.event.tickets[0]!.id, registration: registrationFor(98) } }), 201);
    expectError(await h.request({ ...call(contract.checkout, { params: { idOrSlug: w.event.id, orderId: waiting.id }, body: { method: 'cash', amountTendered: '50000' } }), key: cashier.key }), 409, 'CASH_SESSION_REQUIRED');
    expectValidation(await next.approve(approvalOf(organizerCaller), ''), 'reason');
    expectError(await next.approve(approvalOf(cashier), 'Uang kembalian lebih'), 403, 'APPROVAL_REFUSED');
    const approved = expectOk(await next.approve(approvalOf(organizerCaller), 'Uang kembalian pelanggan tertinggal'));
    expect(approved).toMatchObject({ approvalRequired: false, session: { status: 'closed', reportNumber: 2 } });
    const z2 = expectOk(await next.report());
    expectReportEqualsRecount(z2, r2, { float: toMinor('100000'), cashIn: 0, cashOut: 0, counted: expected2 + 500_000 });
    expect(z2).toMatchObject({ number: 2, approvedBy: organizerCaller.user.name, approvalReason: 'Uang kembalian pelanggan tertinggal' });

    // The approval is in the audit log, naming the supervisor.
    const closed = h.services.database.sqlite.prepare("select details from audit_log where action = 'cash_session.closed' order by at").all() as { details: string }[];
    expect(closed.map((c) => JSON.parse(c.details))).toEqual([
      { reportNumber: 1, difference: '-500.00', approvedBy: null, reason: null },
      { reportNumber: 2, difference: '5000.00', approvedBy: organizerCaller.user.email, reason: 'Uang kembalian pelanggan tertinggal' },
    ]);
  });

  it('keeps the count blind: a cash out is taken whatever the drawer should hold, and the reports say what follows', async () => {
    const { h, w, cashier } = setUp();
    const shift = drawer(h, cashier);
    await shift.open({ n50000: 2 });
    // Refused above the expected cash, a cash out told the cashier that figure in 30 probes.
    expectOk(await shift.move('cash_out', '100000', 'Setor ke brankas'), 201);
    expectOk(await shift.move('cash_out', '30000', 'Bayar kurir'), 201);
    expect(expectOk(await shift.report()).expectedCash).toBeNull();
    const counted = expectOk(await shift.count({}));
    expect(counted).toMatchObject({ expectedCash: '-30000.00', countedCash: '0.00', difference: '30000.00' });
    const z = expectOk(await shift.report(w.organizer));
    expect(z).toMatchObject({ expectedCash: '-30000.00', difference: '30000.00' });
    for (const format of ['pdf', 'csv'] as const) {
      expect((await getBytes(h.app, `/cash-sessions/${shift.sessionId}/report/${format}`, w.organizer.key)).status).toBe(200);
    }
  });

  it('moves cash only in amounts the drawer holds: whole Rp 100 coins', async () => {
    const { h, cashier } = setUp();
    const shift = drawer(h, cashier);
    await shift.open({ n10000: 1 });
    for (const amount of ['0.01', '150.50', '50']) {
      expectValidation(await shift.move('cash_in', amount, 'Tambah uang kembalian'), 'amount');
      expectValidation(await shift.move('cash_out', amount, 'Bayar kurir'), 'amount');
    }
    expectOk(await shift.move('cash_in', '100', 'Tambah uang kembalian'), 201);
    expect(expectOk(await shift.count({ n10000: 1, c100: 1 }))).toMatchObject({ expectedCash: '10100.00', difference: '0.00' });
  });

  it('a Z report cannot be changed or deleted: no route does it, and the database refuses it', async () => {
    const { h, cashier } = setUp();
    const shift = drawer(h, cashier);
    await shift.open({ n10000: 1 });
    expectOk(await shift.move('cash_in', '5000', 'Tambah uang kembalian'), 201);
    expectOk(await shift.count({ n10000: 1, n5000: 1 }));
    const z = expectOk(await shift.report());
    for (const method of ['PUT', 'PATCH', 'DELETE'] as const) {
      expectError(await h.request({ method, url: `/cash-sessions/${shift.sessionId}/report`, key: cashier.key, body: {} }), 404, 'NOT_FOUND');
    }
    const sqlite = h.services.database.sqlite;
    expect(() => sqlite.prepare("update cash_reports set report = '{}'").run()).toThrow(/append-only/);
    expect(() => sqlite.prepare('delete from cash_reports').run()).toThrow(/append-only/);
    expect(() => sqlite.prepare('update cash_entries set amount = 0').run()).toThrow(/append-only/);
    expect(() => sqlite.prepare('delete from cash_entries').run()).toThrow(/append-only/);
    expect(expectOk(await shift.report())).toEqual(z);
  });
});

describe('printed reports', () => {
  const harness = useHarness();

  it('the Z report as PDF (A4, receipt) and CSV carries its figures; a refunded invoice says so', async () => {
    const h = harness();
    const w = world(h);
    const cashier = makeCaller(h.services, 'staff', { eventId: w.event.id, permission: 'event:update' });
    const shift = drawer(h, cashier);
    await shift.open({ n100000: 2 });
    const order = expectOk(await h.request({ method: 'POST', url: `/events/${w.event.id}/admin/orders`, key: cashier.key, body: orderBody(w.event) }), 201);
    const params = { idOrSlug: w.event.id, orderId: order.id };
    expectOk(await h.request({ ...call(contract.checkout, { params, body: { method: 'cash', amountTendered: '150000' } }), key: cashier.key }));
    const supervisor = approvalOf({ user: w.organizer.user, key: w.organizer.key });
    expectOk(await h.request({ ...call(contract.refundOrder, { params, body: { reason: 'Acara bentrok', approval: supervisor } }), key: cashier.key }));
    expectOk(await shift.count({ n100000: 2 }));

    for (const layout of ['a4', 'receipt'] as const) {
      const pdf = await getBytes(h.app, `/cash-sessions/${shift.sessionId}/report/pdf?layout=${layout}`, cashier.key);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      const text = (await pdfText(pdf.bytes)).replace(/\s+/g, ' ');
      // The drawer's arithmetic, line by line as the paper Z has it.
      for (const words of ['Laporan Z No. 1', 'Modal awal Rp 200.000', 'Penjualan tunai (1) Rp 150.000', 'Refund tunai (1) -Rp 150.000', 'Kas masuk Rp 0', 'Kas keluar Rp 0', 'Pembulatan tunai Rp 0', 'Seharusnya di laci Rp 200.000', 'Dihitung Rp 200.000', 'Selisih Rp 0']) {
        expect(text).toContain(words);
      }
      // The refund and its reason; the signature lines whole.
      expect(text).toMatch(/Tunai -Rp 150\.000 Acara bentrok/);
      expect(text).toContain('Kasir: ____________________');
      expect(text).toContain('Supervisor: ____________________');
    }
    const csv = await getBytes(h.app, `/cash-sessions/${shift.sessionId}/report/csv`, cashier.key);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = csv.bytes.toString('utf8').split('\r\n');
    expect(lines).toContain('penjualan,Total,1,150000.00');
    expect(lines).toContain('refund,Total,1,150000.00');
    expect(lines).toContain('kas,Seharusnya,,200000.00');
    expect(lines).toContain('kas,Selisih,,0.00');

    const invoice = await getBytes(h.app, `${orderPath(w.event.id, order.id)}/invoice`, w.organizer.key);
    expect(await pdfText(invoice.bytes)).toContain('DIKEMBALIKAN (REFUND)');
  });
});
