/**
 * The sales report is read on a thread of its own (reports/report-thread.ts): while one waits for
 * the database, the counter keeps answering, and the report that comes back is the same one.
 * A month's report on a season's database took 3 s on serve's main thread, and every sale waited.
 */
import { describe, expect, it } from 'vitest';
import { contract } from '../../src/shared/contract/index.js';
import { expectOk } from '../support/envelope.js';
import { actorOf } from '../support/fixtures.js';
import { useHarness } from '../support/harness.js';
import { call } from '../support/http.js';
import { exactCash, world } from '../support/world.js';

describe('the report thread', () => {
  const harness = useHarness();

  it('keeps the counter answering and selling while a report waits for the database', async () => {
    const h = harness();
    const w = world(h);
    await w.sell();
    const from = new Date(h.clock() - 86_400_000).toISOString();
    const to = new Date(h.clock() + 86_400_000).toISOString();

    // serve's connection takes the database for itself before the first report: no other
    // connection can read it until it gives it back, so the report's own connection waits.
    const sqlite = h.services.database.sqlite;
    sqlite.pragma('locking_mode = EXCLUSIVE');
    sqlite.prepare('update settings set value = value').run();
    let answered = false;
    const report = h.request({ ...call(contract.getSalesReport, { query: { from, to } }), key: w.organizer.key }).then((reply) => {
      answered = true;
      return reply;
    });
    // Meanwhile: the event's categories and a cash sale, answered on serve's thread.
    expect((await h.request({ ...call(contract.listTicketCategories, { params: { idOrSlug: w.event.id } }), key: w.organizer.key })).status).toBe(200);
    const order = await w.createOrder();
    expect((await w.checkout(order, exactCash(order))).status).toBe('completed');
    expect(answered).toBe(false);

    sqlite.pragma('locking_mode = NORMAL');
    // The mode is given up at the connection's next access.
    sqlite.prepare('select 1 from settings').get();
    const figures = expectOk(await report);
    expect(figures.sales.count).toBe(2);
  });

  it('fails the reports it was reading when the thread stops, and starts again for the next', async () => {
    const h = harness();
    const w = world(h);
    await w.sell();
    const query = { from: new Date(h.clock() - 86_400_000).toISOString(), to: new Date(h.clock() + 86_400_000).toISOString() };
    const sqlite = h.services.database.sqlite;
    sqlite.pragma('locking_mode = EXCLUSIVE');
    sqlite.prepare('update settings set value = value').run();
    const organizer = actorOf(w.organizer);
    const waiting = h.services.salesReports.salesReport(organizer, query);
    h.services.salesReports.close();
    await expect(waiting).rejects.toThrow('the report thread was closed');

    sqlite.pragma('locking_mode = NORMAL');
    sqlite.prepare('select 1 from settings').get();
    expect((await h.services.salesReports.salesReport(organizer, query)).sales.count).toBe(1);
  });
});
