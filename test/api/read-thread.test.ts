/**
 * The long reads run on a thread of their own (read-thread/read-thread.ts): while one waits for
 * the database, the counter keeps answering, and what comes back is the same answer. A month's
 * sales report on a season's database took 3 s on serve's main thread, a search across every
 * event 1.4 s, the totals of a two-letter search 0.4 s, and every sale waited.
 */
import { describe, expect, it } from 'vitest';
import { contract } from '../../src/shared/contract/index.js';
import { expectList, expectOk } from '../support/envelope.js';
import { actorOf } from '../support/fixtures.js';
import { useHarness, type Harness } from '../support/harness.js';
import { call } from '../support/http.js';
import { exactCash, world } from '../support/world.js';

/**
 * serve's connection takes the database for itself: no other connection can read it until it
 * gives it back, so the read thread's connection waits. Returns the giving back.
 */
function holdDatabase(h: Harness): () => void {
  const sqlite = h.services.database.sqlite;
  sqlite.pragma('locking_mode = EXCLUSIVE');
  sqlite.prepare('update settings set value = value').run();
  return () => {
    sqlite.pragma('locking_mode = NORMAL');
    // The mode is given up at the connection's next access.
    sqlite.prepare('select 1 from settings').get();
  };
}

describe('the read thread', () => {
  const harness = useHarness();

  it('keeps the counter answering and selling while a sales report, a search and totals wait for the database', async () => {
    const h = harness();
    const w = world(h);
    const sold = await w.sell({ registration: { name: 'Rahmawati Kusuma' } });
    const from = new Date(h.clock() - 86_400_000).toISOString();
    const to = new Date(h.clock() + 86_400_000).toISOString();

    const release = holdDatabase(h);
    let answered = 0;
    const asked = (request: Parameters<typeof h.request>[0]) =>
      h.request({ ...request, key: w.organizer.key }).then((reply) => {
        answered += 1;
        return reply;
      });
    const report = asked(call(contract.getSalesReport, { query: { from, to } }));
    const search = asked(call(contract.searchOrders, { query: { search: 'Rahmawati' } }));
    const totals = asked(call(contract.orderTotals, { params: { idOrSlug: w.event.id }, query: { search: 'Rahma' } }));
    // Meanwhile: the event's categories and a cash sale, answered on serve's thread.
    expect((await h.request({ ...call(contract.listTicketCategories, { params: { idOrSlug: w.event.id } }), key: w.organizer.key })).status).toBe(200);
    const order = await w.createOrder();
    expect((await w.checkout(order, exactCash(order))).status).toBe('completed');
    expect(answered).toBe(0);

    release();
    expect(expectOk(await report).sales.count).toBe(2);
    expect(expectList(await search).data.map((o) => o.id)).toEqual([sold.id]);
    expect(expectOk(await totals)).toMatchObject({ count: 1, amount: sold.totalAmount });
  });

  it("reads the lapsed holds as expired: serve's thread expires them before it asks", async () => {
    const h = harness();
    const w = world(h);
    await w.createOrder({ registration: { name: 'Rahmawati Kusuma' } });
    // Past the hold window (15 minutes): the next read finds the hold lapsed.
    h.clock.advance(16 * 60_000);
    const read = async (request: ReturnType<typeof call>) => h.request({ ...request, key: w.organizer.key });
    const totals = expectOk(await read(call(contract.orderTotals, { params: { idOrSlug: w.event.id }, query: { paymentStatus: 'expired' } })));
    expect(totals.count).toBe(1);
    const found = expectList(await read(call(contract.searchOrders, { query: { search: 'Rahmawati' } }))).data;
    expect(found.map((o) => [o.status, o.paymentStatus])).toEqual([['cancelled', 'expired']]);
  });

  it('fails the reads it was reading when the thread stops, and starts again for the next', async () => {
    const h = harness();
    const w = world(h);
    await w.sell();
    const query = { from: new Date(h.clock() - 86_400_000).toISOString(), to: new Date(h.clock() + 86_400_000).toISOString() };
    const organizer = actorOf(w.organizer);
    const release = holdDatabase(h);
    const waiting = h.services.reads.read('salesReport', organizer, query);
    h.services.reads.close();
    await expect(waiting).rejects.toThrow('the read thread was closed');

    release();
    expect((await h.services.reads.read('salesReport', organizer, query)).sales.count).toBe(1);
  });
});
