/**
 * A counter's refund at its venue hub (this service): the cancel carries the refund, and the hub
 * applies it when the counter's key could approve a refund itself (the hub's owner here): the
 * hub's order is refunded and its ticket void, its own drawer untouched, and the hub sends the
 * central service the interface's cancel. The hub decides it first while it can be reached, so
 * of a refund at the counter and a scan at the hub's gate exactly one wins. With a cashier's key
 * the hub refuses: one conflict at the counter saying a supervisor must refund at the hub.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract } from '../../src/shared/contract/index.js';
import { act, cli, conflictsOf, createCounter, data, ordersOfCustomer, outboxRows, ownerApproval, send, sell, settled, startCentral, syncRun, syncStatus, type Central, type Instance } from '../support/sync-world.js';

describe('a refund replicated to a venue hub', () => {
  let central: Central;
  let hub: Instance;
  let bySupervisorKey: Instance;
  let byCashierKey: Instance;

  beforeAll(async () => {
    central = await startCentral('double');
    hub = await createCounter('hub-refund', central.url, central.counterKey, { start: false });
    await cli(['sync', 'now', '--data-dir', hub.dataDir]);
    const key = async (email: string, name: string) => (await cli(['apikey', 'create', '--data-dir', hub.dataDir, '--email', email, '--name', name])).trim();
    const supervisorKey = await key('pemilik@hub-refund.test', 'loket supervisor');
    const cashierKey = await key('kasir@hub-refund.test', 'loket kasir');
    await hub.start();
    bySupervisorKey = await createCounter('refund-sup', hub.url, supervisorKey);
    byCashierKey = await createCounter('refund-kasir', hub.url, cashierKey);
    for (const counter of [bySupervisorKey, byCashierKey]) expect(await syncRun(counter)).toMatchObject({ state: 'idle', lastError: null });
  });

  afterAll(async () => {
    for (const closing of [bySupervisorKey, byCashierKey, hub]) await closing?.close();
    await central?.close();
  });

  /** A cash sale at `counter`, replicated to the hub, then refunded there with its owner's approval. */
  async function soldAndRefunded(counter: Instance) {
    const order = await sell(counter);
    await act(counter, order, 'cash');
    expect((await settled(counter)).conflicts).toBe(0);
    expect((await ordersOfCustomer(hub, order)).map((o) => o.status)).toEqual(['completed']);
    const approval = ownerApproval(counter.label);
    const params = { idOrSlug: order.eventId, orderId: order.id };
    data(await send(counter, contract.refundOrder, { params, body: { reason: 'Pembeli sakit', reference: 'VOID-9', approval } }));
    return order;
  }

  it("applies the refund at the hub when the counter's key could approve it", async () => {
    const hubShift = data(await send(hub, contract.openCashSession, { body: { openingCount: { n100000: 1 } } }, 'organizer'), 201);
    const order = await soldAndRefunded(bySupervisorKey);
    expect((await settled(bySupervisorKey)).conflicts).toBe(0);
    expect(outboxRows(bySupervisorKey.dataDir, order.id).map((job) => [job.kind, job.state])).toEqual([
      ['create', 'done'],
      ['checkout', 'done'],
      ['cancel', 'done'],
    ]);

    const [atHub] = await ordersOfCustomer(hub, order);
    const detail = data(await send(hub, contract.getOrder, { params: { idOrSlug: atHub.eventId, orderId: atHub.id } }, 'organizer'));
    expect(detail).toMatchObject({
      status: 'cancelled',
      paymentStatus: 'paid',
      refund: { method: 'cash', reason: 'Pembeli sakit', reference: 'VOID-9', approvedBy: 'Pemilik refund-sup', refundedBy: 'Kasir refund-sup' },
    });
    expect(detail.participants[0].status).toBe('refunded');
    // The hub's gate refuses the ticket at once.
    const scan = await send(hub, contract.checkIn, { params: { idOrSlug: atHub.eventId }, body: { orderId: atHub.id } }, 'organizer');
    expect(scan.status).toBe(409);
    // The money left the counter's drawer, not the hub's.
    const hubX = data(await send(hub, contract.getCashReport, { params: { sessionId: hubShift.id } }, 'organizer'));
    expect(hubX).toMatchObject({ refundsCount: 0, expectedCash: '100000.00' });

    // The hub sends the central service the interface's cancel (no refund in it), which it refuses: one conflict there.
    await settled(hub);
    const [conflict] = await conflictsOf(hub);
    expect(conflict).toMatchObject({ orderId: atHub.id, kind: 'cancel' });
    expect(conflict!.error).toMatch(/refund di layanan pusat secara manual/);
    // The double parses the interface's cancel body strictly: it answered 409 (a paid order), not 400 (an unknown field).
    expect(central.double!.seen.filter((r) => r.path.endsWith('/cancel')).map((r) => r.status)).toEqual([409]);
  });

  it("decides a refund at the hub first: of it and a scan at the hub's gate, exactly one wins", async () => {
    const counter = bySupervisorKey;
    const approval = ownerApproval(counter.label);
    const paidEverywhere = async () => {
      const order = await sell(counter);
      await act(counter, order, 'cash');
      expect((await settled(counter)).conflicts).toBe(0);
      const [atHub] = await ordersOfCustomer(hub, order);
      return { order, atHub };
    };
    const refundAtCounter = (order: { id: string; eventId: string }) =>
      send(counter, contract.refundOrder, { params: { idOrSlug: order.eventId, orderId: order.id }, body: { reason: 'Batal datang', approval } });
    const scanAtHub = (atHub: { id: string; eventId: string }) => send(hub, contract.checkIn, { params: { idOrSlug: atHub.eventId }, body: { orderId: atHub.id } }, 'organizer');

    // Scanned at the hub first: the counter refuses the refund with the hub's words.
    const scanned = await paidEverywhere();
    expect((await scanAtHub(scanned.atHub)).status).toBe(201);
    const refused = await refundAtCounter(scanned.order);
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('ALREADY_CHECKED_IN');
    expect(refused.body.message).toMatch(/sudah dipakai masuk/);
    expect(data(await send(counter, contract.getOrder, { params: { idOrSlug: scanned.order.eventId, orderId: scanned.order.id } })).status).toBe('completed');

    // Sent at the same moment, three times over: one of the two wins each time, and both sides agree.
    for (let round = 0; round < 3; round++) {
      const { order, atHub } = await paidEverywhere();
      const [refund, scan] = await Promise.all([refundAtCounter(order), scanAtHub(atHub)]);
      expect([refund.status === 200, scan.status === 201].filter(Boolean)).toHaveLength(1);
      await settled(counter);
      const here = data(await send(counter, contract.getOrder, { params: { idOrSlug: order.eventId, orderId: order.id } }));
      const there = data(await send(hub, contract.getOrder, { params: { idOrSlug: atHub.eventId, orderId: atHub.id } }, 'organizer'));
      expect([here.status, there.status]).toEqual(refund.status === 200 ? ['cancelled', 'cancelled'] : ['completed', 'completed']);
    }
    expect((await syncStatus(counter)).conflicts).toBe(0);
  });

  it("refuses it with a cashier's key: one conflict at the counter, the hub's order still paid", async () => {
    const order = await soldAndRefunded(byCashierKey);
    expect((await settled(byCashierKey)).conflicts).toBe(1);
    const [conflict] = await conflictsOf(byCashierKey);
    expect(conflict).toMatchObject({ orderId: order.id, kind: 'cancel' });
    expect(conflict!.error).toMatch(/Minta supervisor melakukan refund di hub/);
    expect((await ordersOfCustomer(hub, order)).map((o) => o.status)).toEqual(['completed']);
  });
});
