/**
 * The Orders screen's payment-method column and totals line: each listed order names the method
 * of its payment in force, and GET .../admin/order-totals sums what the same filters list over
 * every page, recounted here from the list itself.
 */
import Database from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { projectRoot } from '../../src/main/paths.js';
import { createReads } from '../../src/main/read-thread/reads.js';
import { createServices } from '../../src/main/services.js';
import { contract } from '../../src/shared/contract/index.js';
import { fromMinor, toMinor } from '../../src/shared/money.js';
import type { OrderTotalsQuery } from '../../src/shared/schemas/order.js';
import { approvalOf } from '../support/cash.js';
import { queryPlan } from '../support/db.js';
import { expectList, expectOk, expectValidation } from '../support/envelope.js';
import { actorOf, importEvent, ordersPath, ticketInput } from '../support/fixtures.js';
import { startHarness, tempDir, useHarness } from '../support/harness.js';
import { call, query } from '../support/http.js';
import { exactCash, world, type World } from '../support/world.js';

type Listed = { id: string; eventId: string; status: string; totalAmount: string; paymentMethod: string | null };
type Filters = Partial<OrderTotalsQuery>;

type Row = Record<string, unknown> & { event_id: string };

/** order_counts and order_method_totals (migration 0030), and the counts of every order they stand for. */
function keptFigures(db: Database.Database) {
  const kept = (table: string, keys: string) => db.prepare<[], Row>(`select ${keys}, n, amount from ${table} where n <> 0 order by ${keys}`).all();
  const counted = (query: string) => db.prepare<[], Row>(query).all();
  return {
    kept: { counts: kept('order_counts', 'event_id, status, payment_status'), byMethod: kept('order_method_totals', 'event_id, payment_status, method') },
    counted: {
      counts: counted('select event_id, status, payment_status, count(*) as n, sum(total_amount) as amount from orders group by 1, 2, 3 order by 1, 2, 3'),
      byMethod: counted(
        `select o.event_id, o.payment_status, p.method, count(*) as n, sum(o.total_amount) as amount from orders o
         join payments p on p.order_id = o.id and p.status = 'paid' where o.status = 'completed' group by 1, 2, 3 order by 1, 2, 3`,
      ),
    },
  };
}

describe('order totals and the payment method of each listed order', () => {
  const harness = useHarness('file');
  let w: World;

  beforeAll(async () => {
    const h = harness();
    const now = h.clock();
    w = world(h, { tickets: [ticketInput(now, { name: 'Reguler', price: '100000' }), ticketInput(now, { name: 'VIP', price: '250000.50' })] });
    const [cheap, vip] = w.event.tickets;
    const payments = [exactCash, () => ({ method: 'card', reference: 'EDC-1' }), () => ({ method: 'qris' }), () => ({ method: 'bank_transfer' })];
    // 26 orders (more than a page): paid four ways, one transfer rejected, one awaiting, some unpaid, one cancelled, one refunded.
    for (let i = 0; i < 26; i++) {
      h.clock.advance(1000);
      const order = await w.createOrder({ ticketCategoryId: (i % 3 ? cheap : vip)!.id, registration: { name: `Pembeli ${i % 2 ? 'Ayu' : 'Bima'} ${i}` } });
      if (i >= 20) {
        if (i === 20) await w.cancel(order);
        continue;
      }
      const payment = payments[i % 4]!(order);
      await w.checkout(order, payment);
      if (payment.method === 'qris' || payment.method === 'bank_transfer') {
        if (i === 3) await w.reject(order);
        else if (i !== 7) await w.confirm(order);
      }
      if (i === 5) await h.request({ ...call(contract.refundOrder, { params: { idOrSlug: w.event.id, orderId: order.id }, body: { reason: 'Salah beli', approval: approvalOf(w.organizer) } }), key: w.organizer.key });
    }
    // The unpaid holds so far lapse (the next read expires them); two new ones stay unpaid.
    h.clock.advance(16 * 60_000);
    for (let i = 0; i < 2; i++) await w.createOrder({ ticketCategoryId: vip!.id, registration: { name: `Pembeli Ayu ${26 + i}` } });
    // Another event's sales, which no total of this event may count.
    const other = importEvent(h.services, w.organizer.user, { tickets: [ticketInput(now, { name: 'Lain', price: '75000' })] });
    await w.sell({ ticketCategoryId: other.tickets[0]!.id }, other);
    await w.checkout(await w.createOrder({ ticketCategoryId: other.tickets[0]!.id }, other), { method: 'card', reference: 'EDC-2' });
  });

  /** Every order the list shows for `filters`, over all its pages. */
  async function listed(filters: Filters): Promise<Listed[]> {
    const all: Listed[] = [];
    for (let page = 1; ; page++) {
      const { data, meta } = expectList(await harness().request({ url: `${ordersPath(w.event.id)}${query({ ...filters, page, limit: 10 })}`, key: w.organizer.key }));
      all.push(...data);
      if (page >= meta.totalPages) return all;
    }
  }

  const totals = async (filters: Filters) => expectOk(await harness().request({ ...call(contract.orderTotals, { params: { idOrSlug: w.event.id }, query: filters }), key: w.organizer.key }));

  /** The totals as recounted from the list. */
  function recount(orders: Listed[]) {
    const sum = (rows: Listed[]) => ({ count: rows.length, amount: fromMinor(rows.reduce((s, o) => s + toMinor(o.totalAmount), 0)) });
    const completed = orders.filter((o) => o.status === 'completed');
    const methods = [...new Set(completed.map((o) => o.paymentMethod!))].sort();
    return { ...sum(orders), completed: sum(completed), byMethod: methods.map((method) => ({ method, ...sum(completed.filter((o) => o.paymentMethod === method)) })) };
  }

  it('names the method of the payment in force on each listed order', async () => {
    const all = await listed({});
    expect(all).toHaveLength(28);
    for (const order of all) {
      const detail = await w.detail(order);
      expect(order.paymentMethod).toBe(detail.payment?.method ?? null);
    }
    // The rejected transfer is no payment in force: back to unpaid, no method.
    expect(all.filter((o) => o.paymentMethod === null)).toHaveLength(9);
    expect(all.filter((o) => o.status === 'cancelled' && o.paymentMethod === null)).toHaveLength(7);
  });

  it.each<[string, Filters]>([
    ['everything', {}],
    ['completed orders', { status: 'completed' }],
    ['paid orders, the refunded one among them', { paymentStatus: 'paid' }],
    ['completed and paid', { status: 'completed', paymentStatus: 'paid' }],
    ['cancelled orders: expired, refunded and cancelled', { status: 'cancelled' }],
    ['expired holds', { paymentStatus: 'expired' }],
    ['unpaid orders', { paymentStatus: 'unpaid' }],
    ['orders awaiting verification', { status: 'verification_pending' }],
    ['a name search through the search index', { search: 'ayu' }],
    ['a name search with a filter', { search: 'Bima', status: 'completed' }],
    ['a short search', { search: '1' }],
  ])('sums what the list shows: %s', async (_name, filters) => {
    const got = await totals(filters);
    const expected = recount(await listed(filters));
    expect({ ...got, byMethod: [...got.byMethod].sort((a: { method: string }, b: { method: string }) => a.method.localeCompare(b.method)) }).toEqual(expected);
  });

  it('keeps the figures it sums without a search equal to a count of every order', () => {
    const { kept, counted } = keptFigures(harness().services.database.sqlite);
    expect(kept).toEqual(counted);
    expect(new Set(kept.byMethod.map((row) => row.event_id)).size).toBe(2);
  });

  // Found on a season of 1,000,000 orders: an index of paid payments once drove this join and
  // read all 599,605 of them for a search's 17,000 completed matches (2 s).
  it("joins a search's completed matches to their payments, not every paid payment to its order", async () => {
    const h = harness();
    // The totals as the read thread reads them (read-thread/reads.ts), here over serve's own connection.
    const reads = createReads(h.services.database.db, () => '');
    const prepare = vi.spyOn(h.services.database.sqlite, 'prepare');
    // A combination no test above asks for: its statement is prepared here, not taken from the cache.
    reads.orderTotals(actorOf(w.organizer), w.event.id, { search: 'Bima', paymentStatus: 'paid' });
    const joins = prepare.mock.calls.map(([source]) => source).filter((source) => source.includes('join "payments"'));
    prepare.mockRestore();
    expect(joins).toHaveLength(1);
    const plan = queryPlan(h.services.database.sqlite, joins[0]!);
    expect(plan).toContain('SEARCH payments USING INDEX payments_order (order_id=?)');
  });

  it('counts the refunded order among the paid ones but not among the completed', async () => {
    const paid = await totals({ paymentStatus: 'paid' });
    expect(paid.count - paid.completed.count).toBe(1);
  });

  it('refuses filters the list refuses', async () => {
    expectValidation(await harness().request({ url: `/events/${w.event.id}/admin/order-totals?status=lunas`, key: w.organizer.key }), 'status');
  });
});

describe('the figures the totals line sums, kept by triggers', () => {
  const harness = useHarness();

  // Writes the service does not make today (a paid payment changed or deleted, an order's amount
  // changed, an order deleted or stored already completed), as a restore or a later feature might.
  it('stay equal to a count of every order whatever is written, in either order', async () => {
    const h = harness();
    const w = world(h);
    const db = h.services.database.sqlite;
    const [first, second] = [await w.sell(), await w.sell()];
    const transfer = await w.createOrder();
    await w.checkout(transfer, { method: 'qris' });
    await w.confirm(transfer);
    const paymentOf = (orderId: string) => db.prepare<[string], { id: string }>('select id from payments where order_id = ?').get(orderId)!.id;
    const payment = paymentOf(first.id);
    const writes = [
      `update payments set status = 'pending' where id = '${payment}'`,
      `update payments set status = 'paid' where id = '${payment}'`,
      `update payments set method = 'card' where id = '${payment}'`,
      `update orders set total_amount = total_amount + 500 where id = '${first.id}'`,
      `update orders set payment_status = 'unpaid' where id = '${first.id}'`,
      `update orders set status = 'cancelled' where id = '${second.id}'`,
      `update orders set status = 'completed' where id = '${second.id}'`,
      `delete from payments where id = '${payment}'`,
    ];
    for (const write of writes) {
      db.exec(write);
      const { kept, counted } = keptFigures(db);
      expect(kept, write).toEqual(counted);
    }
    // An order deleted, then stored again already completed with its paid payment in place.
    db.pragma('foreign_keys = off');
    const stored = db.prepare('select * from orders where id = ?').get(second.id) as Record<string, unknown>;
    for (const write of [`delete from orders where id = '${second.id}'`, `insert into orders (${Object.keys(stored).join(', ')}) values (${Object.keys(stored).map((k) => `@${k}`).join(', ')})`]) {
      db.prepare(write).run(write.startsWith('insert') ? stored : {});
      const { kept, counted } = keptFigures(db);
      expect(kept, write).toEqual(counted);
    }
    db.pragma('foreign_keys = on');
    expect(keptFigures(db).kept.byMethod.map((row) => row.method)).toEqual(['cash', 'qris']);
  });

  it('are counted from the orders already stored when an earlier version is upgraded (migration 0030)', async () => {
    const [sold, upgraded] = [tempDir(), tempDir()];
    try {
      const h = await startHarness({ dataDir: sold.path });
      const w = world(h);
      await w.sell();
      const transfer = await w.createOrder();
      await w.checkout(transfer, { method: 'qris' });
      await w.confirm(transfer);
      await w.createOrder();
      await h.close();
      // The database as the version before 0030 made it (every migration before that one), holding
      // the same orders and payments.
      const migrations = join(upgraded.path, 'migrations');
      cpSync(join(projectRoot(), 'migrations'), migrations, { recursive: true });
      const journalFile = join(migrations, 'meta', '_journal.json');
      const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
      journal.entries = journal.entries.filter((entry) => entry.tag < '0030');
      writeFileSync(journalFile, JSON.stringify(journal));
      const earlier = new Database(join(upgraded.path, 'counter.db'));
      migrate(drizzle(earlier), { migrationsFolder: migrations });
      earlier.pragma('foreign_keys = off');
      earlier.exec(`attach '${join(sold.path, 'counter.db')}' as sold; insert into orders select * from sold.orders; insert into payments select * from sold.payments;`);
      earlier.close();

      const services = createServices({ dataDir: upgraded.path });
      try {
        const { kept, counted } = keptFigures(services.database.sqlite);
        expect(kept).toEqual(counted);
        expect(kept.counts.map((row) => row.status)).toEqual(['completed', 'payment_pending']);
        expect(kept.byMethod.map((row) => row.method)).toEqual(['cash', 'qris']);
      } finally {
        services.close();
      }
    } finally {
      sold.remove();
      upgraded.remove();
    }
  });
});
