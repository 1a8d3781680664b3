/**
 * Two cashiers on two counters of one hub, each with a shift of their own: a cash session is the
 * counter's (its drawer), so each Z report holds its own cashier's money only, while the hub ends
 * with every sale of both and puts none of them in its own desk's drawer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract } from '../../src/shared/contract/index.js';
import { toMinor } from '../../src/shared/money.js';
import { countOf } from '../support/cash.js';
import { act, cli, createCounter, data, ordersOfCustomer, send, sell, settled, startCentral, syncRun, type Central, type Instance } from '../support/sync-world.js';

describe('two counters of one hub, a shift on each', () => {
  let central: Central;
  let hub: Instance;
  let counters: Instance[] = [];

  beforeAll(async () => {
    central = await startCentral('double');
    hub = await createCounter('hub-shift', central.url, central.counterKey, { start: false });
    await cli(['sync', 'now', '--data-dir', hub.dataDir]);
    const key = async (name: string) => (await cli(['apikey', 'create', '--data-dir', hub.dataDir, '--email', 'kasir@hub-shift.test', '--name', name])).trim();
    const keys = [await key('loket A'), await key('loket B')];
    await hub.start();
    counters = [await createCounter('shift-a', hub.url, keys[0]!), await createCounter('shift-b', hub.url, keys[1]!)];
    for (const counter of counters) expect(await syncRun(counter)).toMatchObject({ state: 'idle', lastError: null });
  });

  afterAll(async () => {
    for (const closing of [...counters, hub]) await closing?.close();
    await central?.close();
  });

  it("each Z report holds its own cashier's sales; the hub has them all, none in its drawer", async () => {
    const [a, b] = counters as [Instance, Instance];
    // The hub's own desk keeps a shift too, by the very user whose keys the counters replicate with.
    const hubShift = data(await send(hub, contract.openCashSession, { body: { openingCount: { n100000: 1 } } }), 201);
    for (const counter of counters) {
      // Cash rounded to Rp 100, so that the drawer holds an amount notes and coins can make.
      data(await send(counter, contract.changeSettings, { body: { cashRoundingRupiah: 100 } }, 'organizer'));
      data(await send(counter, contract.openCashSession, { body: { openingCount: { n100000: 1 } } }), 201);
    }

    const soldAt = new Map<Instance, { id: string; totalAmount: string; customerEmail: string }[]>([
      [a, []],
      [b, []],
    ]);
    for (const [counter, sales] of [[a, 2], [b, 1]] as const) {
      for (let i = 0; i < sales; i++) {
        const order = await sell(counter);
        await act(counter, order, 'cash');
        soldAt.get(counter)!.push(order);
      }
    }
    for (const counter of counters) await settled(counter);

    for (const counter of counters) {
      const sales = soldAt.get(counter)!;
      const current = data(await send(counter, contract.currentCashSession, {}));
      const params = { sessionId: current.id };
      // The counter's owner sees what the drawer should hold; the cashier counts exactly that.
      const expected = data(await send(counter, contract.getCashReport, { params }, 'organizer')).expectedCash;
      const counted = data(await send(counter, contract.countCashSession, { params, body: { count: countOf(toMinor(expected)) } }));
      expect(counted).toMatchObject({ approvalRequired: false, difference: '0.00', session: { status: 'closed', reportNumber: 1 } });
      const z = data(await send(counter, contract.getCashReport, { params }));
      expect(z).toMatchObject({ kind: 'Z', number: 1, salesCount: sales.length, cashierName: `Kasir ${counter.label}` });
      expect(z.salesTotal).toBe(sales.reduce((sum, sale) => sum + Number(sale.totalAmount), 0).toFixed(2));
      expect(z.expectedCash).toBe(expected);
    }

    for (const sale of [...soldAt.values()].flat()) {
      expect((await ordersOfCustomer(hub, sale)).map((order) => order.paymentStatus)).toEqual(['paid']);
    }
    // The counters' cash went into their drawers, not the hub's.
    const hubX = data(await send(hub, contract.getCashReport, { params: { sessionId: hubShift.id } }, 'organizer'));
    expect(hubX).toMatchObject({ salesCount: 0, expectedCash: '100000.00' });
  });
});
