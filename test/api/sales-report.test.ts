/**
 * The sales report through the API: two cashiers selling in four methods on two organizers'
 * events across midnight, a refund; every figure equals a recount made here from the orders,
 * payments and refunds tables with the test's own reading of local time, and each role sees
 * what the role model gives it.
 */
import { describe, expect, it, vi } from 'vitest';
import { contract } from '../../src/shared/contract/index.js';
import { fromMinor, fromMinorSigned, toMinor } from '../../src/shared/money.js';
import { createSalesReports } from '../../src/main/domain/sales-report.js';
import { approvalOf, drawer } from '../support/cash.js';
import { MINUTE } from '../support/clock.js';
import { queryPlan } from '../support/db.js';
import { expectOk, expectValidation } from '../support/envelope.js';
import { actorOf, importEvent, makeCaller, ticketInput, type Caller } from '../support/fixtures.js';
import { useHarness, type Harness } from '../support/harness.js';
import { call } from '../support/http.js';
import { world } from '../support/world.js';

const METHODS = ['cash', 'card', 'qris', 'bank_transfer'] as const;
/** 22:10 in Jakarta: the day's sales run past midnight into the next day. */
const START = Date.parse('2026-12-05T22:10:00+07:00');
const FROM = '2026-12-05T00:00:00+07:00';
const TO = '2026-12-07T00:00:00+07:00';

/** The local day and hour in Jakarta as Intl reads them, independent of the service's SQL. */
const jakarta = (ms: number) => {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jakarta', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', hourCycle: 'h23' })
      .formatToParts(ms)
      .map((p) => [p.type, p.value]),
  );
  return { day: `${parts.year}-${parts.month}-${parts.day}`, hour: Number(parts.hour) };
};

interface Sale {
  id: string;
  total: number;
  method: string;
  paidAt: number;
  eventId: string;
  category: string;
  cashier: string | null;
}

/** Every paid sale of the database, read straight from its tables. */
function salesInDb(h: Harness): Sale[] {
  return h.services.database.sqlite
    .prepare(
      `select o.id, o.total_amount as total, p.method, p.paid_at as paidAt, o.event_id as eventId, c.name as category, i.cashier_user_id as cashier
       from orders o join payments p on p.order_id = o.id and p.status = 'paid' join ticket_categories c on c.id = o.ticket_category_id
       left join invoices i on i.order_id = o.id`,
    )
    .all() as Sale[];
}

function tally<T>(rows: readonly T[], key: (row: T) => string, amount: (row: T) => number) {
  const out = new Map<string, { count: number; amount: number }>();
  for (const row of rows) {
    const line = out.get(key(row)) ?? { count: 0, amount: 0 };
    out.set(key(row), { count: line.count + 1, amount: line.amount + amount(row) });
  }
  return out;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const asTally = (lines: any[], key: (line: any) => string) => new Map(lines.filter((l) => l.count > 0).map((l) => [key(l), { count: l.count, amount: toMinor(l.amount) }]));

describe('the sales report', () => {
  const harness = useHarness();

  async function day() {
    const h = harness();
    h.clock.set(START);
    const a = world(h, { tickets: [ticketInput(START, { name: 'Reguler', price: '75000' }), ticketInput(START, { name: 'VIP', price: '250000' })] });
    const otherOrganizer = makeCaller(h.services, 'organizer');
    const b = importEvent(h.services, otherOrganizer.user, { name: 'Pentas Lain', tickets: [ticketInput(START, { name: 'Umum', price: '50000' })] });
    const cashier1 = makeCaller(h.services, 'staff', { eventId: a.event.id, permission: 'event:update' });
    h.services.grants.grant(cashier1.user.id, b.id, 'event:update');
    const cashier2 = makeCaller(h.services, 'staff', { eventId: a.event.id, permission: 'event:update' });
    await drawer(h, cashier1).open({ n100000: 5 });
    await drawer(h, cashier2).open({ n100000: 5 });

    const sold: string[] = [];
    for (let i = 0; i < 16; i++) {
      const cashier = i % 3 === 2 ? cashier2 : cashier1;
      const event = cashier === cashier1 && i % 5 === 0 ? b : a.event;
      const category = event.tickets[i % event.tickets.length]!;
      const order = expectOk(
        await h.request({
          ...call(contract.createOrder, {
            params: { idOrSlug: event.id },
            body: {
              eventId: event.id,
              ticketCategoryId: category.id,
              registration: { name: `Pembeli ${i}`, email: `p${i}@customer.example`, phone: `+62812000001${String(i).padStart(2, '0')}`, gender: 'male', birthDate: '1991-02-03', identityNumber: String(3171000000200000 + i) },
            },
          }),
          key: cashier.key,
        }),
        201,
      );
      h.clock.advance(13 * MINUTE);
      const method = METHODS[i % 4]!;
      const params = { idOrSlug: event.id, orderId: order.id };
      const body = method === 'cash' ? { method, amountTendered: '300000' } : { method, reference: `REF-${i}` };
      expectOk(await h.request({ ...call(contract.checkout, { params, body }), key: cashier.key }));
      if (method === 'qris' || method === 'bank_transfer') expectOk(await h.request({ ...call(contract.confirmPayment, { params, body: {} }), key: cashier.key }));
      sold.push(order.id);
    }
    // One order left unpaid: no sale.
    await a.createOrder({ registration: { identityNumber: '3171000000299999' } });
    // A refund of cashier 1's first sale of event A, approved by its organizer.
    const refunded = sold[1]!;
    expectOk(
      await h.request({
        ...call(contract.refundOrder, { params: { idOrSlug: a.event.id, orderId: refunded }, body: { reason: 'Salah tanggal', reference: 'VOID-1', approval: approvalOf(a.organizer) } }),
        key: cashier1.key,
      }),
    );
    const owner = makeCaller(h.services, 'super_admin');
    return { h, a, b, cashier1, cashier2, owner, otherOrganizer, refunded };
  }

  const report = (h: Harness, by: Caller, query: Record<string, string> = { from: FROM, to: TO }) => h.request({ ...call(contract.getSalesReport, { query }), key: by.key });

  it("gives the owner every figure as a recount of the orders, payments and refunds tables", async () => {
    const { h, owner, refunded, cashier1 } = await day();
    const r = expectOk(await report(h, owner));
    const sales = salesInDb(h);
    expect(sales).toHaveLength(16);
    const total = sales.reduce((sum, s) => sum + s.total, 0);
    const refundedSale = sales.find((s) => s.id === refunded)!;
    expect(r).toMatchObject({
      scope: 'all',
      timeZone: 'Asia/Jakarta',
      sales: { count: 16, amount: fromMinor(total) },
      refunds: { count: 1, amount: fromMinor(refundedSale.total) },
      net: fromMinorSigned(total - refundedSale.total),
    });
    // The sales ran across midnight: two days, each summed by the test's own clock reading.
    const byDay = tally(sales, (s) => jakarta(s.paidAt).day, (s) => s.total);
    expect(byDay.size).toBe(2);
    expect(asTally(r.byDay, (d) => d.day)).toEqual(byDay);
    expect(asTally(r.byHour, (x) => String(x.hour))).toEqual(tally(sales, (s) => String(jakarta(s.paidAt).hour), (s) => s.total));
    expect(r.byHour).toHaveLength(24);
    expect(asTally(r.byMethod, (m) => m.method)).toEqual(tally(sales, (s) => s.method, (s) => s.total));
    expect(r.byMethod.find((m: { method: string }) => m.method === refundedSale.method)).toMatchObject({ refundsCount: 1, refundsAmount: fromMinor(refundedSale.total) });
    expect(asTally(r.byCategory, (c) => `${c.eventId}/${c.categoryName}`)).toEqual(tally(sales, (s) => `${s.eventId}/${s.category}`, (s) => s.total));
    expect(asTally(r.byCashier, (c) => c.cashierUserId)).toEqual(tally(sales, (s) => s.cashier!, (s) => s.total));
    expect(r.byCashier.find((c: { cashierUserId: string }) => c.cashierUserId === cashier1.user.id).cashierName).toBe(cashier1.user.name);
    expect(r.refundList).toEqual([expect.objectContaining({ orderId: refunded, reason: 'Salah tanggal', refundedBy: cashier1.user.name, amount: fromMinor(refundedSale.total) })]);

    // The range is half-open and the event filter narrows it.
    const firstDay = expectOk(await report(h, owner, { from: FROM, to: '2026-12-06T00:00:00+07:00' }));
    expect(firstDay.sales.count).toBe(byDay.get('2026-12-05')!.count);
    const oneEvent = expectOk(await report(h, owner, { from: FROM, to: TO, eventId: sales[0]!.eventId }));
    expect(oneEvent.sales.count).toBe(sales.filter((s) => s.eventId === sales[0]!.eventId).length);
  });

  it('shows an organizer its own events, a cashier its own sales and refunds', async () => {
    const { h, a, b, cashier1, cashier2, otherOrganizer } = await day();
    const sales = salesInDb(h);
    const organizerReport = expectOk(await report(h, a.organizer));
    expect(organizerReport.scope).toBe('own_events');
    expect(organizerReport.sales.count).toBe(sales.filter((s) => s.eventId === a.event.id).length);
    expect(organizerReport.refunds.count).toBe(1);
    const otherReport = expectOk(await report(h, otherOrganizer));
    expect(otherReport.sales.count).toBe(sales.filter((s) => s.eventId === b.id).length);
    expect(otherReport.byCategory.map((c: { eventName: string }) => c.eventName)).toEqual(['Pentas Lain']);
    expect(otherReport.refunds.count).toBe(0);

    const own = expectOk(await report(h, cashier2));
    expect(own.scope).toBe('own_sales');
    expect(own.sales.count).toBe(sales.filter((s) => s.cashier === cashier2.user.id).length);
    expect(own.byCashier).toEqual([expect.objectContaining({ cashierUserId: cashier2.user.id })]);
    expect(own.refunds.count).toBe(0);
    expect(expectOk(await report(h, cashier1)).refunds.count).toBe(1);
  });

  // Found on a season of 1,000,000 orders: an organizer's report of one day walked every order of
  // its events (7.5 s), the owner's read every payment (0.9 s).
  it("reads a short range's payments and refunds by when they were made, for every caller", async () => {
    const { h, a, owner, cashier1 } = await day();
    // The report of serve's own thread reads on a connection of its own: the same report on the
    // test's connection shows the statements it prepares.
    const reports = createSalesReports(h.services.database.db);
    /** The plan of each statement that reads a range of payments or refunds, for four callers. */
    function plans(from: string) {
      // Every statement prepared from here on; the reports below are their first.
      const prepare = vi.spyOn(h.services.database.sqlite, 'prepare');
      for (const [by, query] of [[owner, {}], [a.organizer, {}], [cashier1, {}], [owner, { eventId: a.event.id }]] as const) {
        reports.salesReport(actorOf(by), { from, to: TO, ...query });
      }
      const statements = prepare.mock.calls.map(([source]) => source).filter((source) => /"(paid_at|at)" >= \?/.test(source));
      prepare.mockRestore();
      return statements.map((source) => ({ source, plan: queryPlan(h.services.database.sqlite, source) }));
    }
    // The last 40 minutes of the day's three and a half hours of sales: 2 statements of sales and 4
    // of refunds for each caller.
    const since = '2026-12-06T01:00:00+07:00';
    const short = plans(since);
    expect(short).toHaveLength(4 * 6);
    for (const { source, plan } of short) {
      const range = source.includes('from "payments"') ? 'SEARCH payments USING INDEX payments_paid (paid_at>? AND paid_at<?)' : 'SEARCH refunds USING INDEX refunds_at (at>? AND at<?)';
      expect(plan, source).toContain(range);
    }
    // Read so, the figures are those of the tables all the same.
    const paidSince = salesInDb(h).filter((sale) => sale.paidAt >= Date.parse(since));
    expect(paidSince.length).toBeGreaterThan(0);
    const { sales } = expectOk(await report(h, owner, { from: since, to: TO }));
    expect(sales).toEqual({ count: paidSince.length, amount: fromMinor(paidSince.reduce((sum, sale) => sum + sale.total, 0)) });
    // All of them: the payments in table order (an organizer's, its events' orders in theirs), as the
    // index's order read a whole season's sales in twice the time.
    // (A refund's statements without a filter are those above, prepared already.)
    const all = plans(FROM);
    expect(all.filter(({ source }) => source.includes('from "payments"'))).toHaveLength(4 * 2);
    for (const { source, plan } of all) expect(plan.join(' | '), source).not.toContain('payments_paid');
  });

  it('refuses a range that is backwards, open-ended or longer than a year, and answers CSV', async () => {
    const { h, owner } = await day();
    expectValidation(await report(h, owner, { from: TO, to: FROM }), 'to');
    expectValidation(await report(h, owner, { from: FROM }), 'to');
    expectValidation(await report(h, owner, { from: '2025-01-01T00:00:00+07:00', to: TO }), 'to');
    const wrongFrom = await report(h, owner, { from: '5 December', to: TO });
    expectValidation(wrongFrom, 'from');
    // The range is not judged from a `from` that is no instant.
    expect(wrongFrom.body.error.details.map((d: { field: string }) => d.field)).toEqual(['from']);

    const csv = await h.request({ ...call(contract.getSalesReportCsv, { query: { from: FROM, to: TO } }), key: owner.key });
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toContain('penjualan-2026-12-05-2026-12-07.csv');
    const lines = csv.raw.trim().split('\r\n');
    expect(lines[0]).toBe('bagian,keterangan,jumlah,nominal');
    expect(lines).toContain(`penjualan,Total,16,${expectOk(await report(h, owner)).sales.amount}`);
    expect(lines.filter((l) => l.startsWith('hari,'))).toHaveLength(2);
    expect(lines.some((l) => l.startsWith('refund,') && l.includes('Salah tanggal'))).toBe(true);
  });
});
