/**
 * A chain of instances: a counter syncs to a venue hub, the hub to central. The hub is an
 * ordinary instance with a local organizer (who owns what it pulls) and a staff operator (granted
 * on what it pulls); the counter's key is a hub key of that operator. A sale on the counter ends
 * up exactly once at the hub and once at central, in the same state.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract } from '../../src/shared/contract/index.js';
import {
  DEMO,
  act,
  cli,
  createCounter,
  data,
  expectExactlyOnce,
  gateView,
  ordersOfCustomer,
  postCheckIn,
  remoteIds,
  sell,
  send,
  settled,
  startCentral,
  syncRun,
  waitFor,
  type Central,
  type Instance,
  type Service,
} from '../support/sync-world.js';

describe('counter -> hub -> central', () => {
  let central: Central;
  let hub: Instance;
  let counter: Instance;

  beforeAll(async () => {
    central = await startCentral();
    hub = await createCounter('hub', central.url, central.counterKey, { start: false });
    const pulled = JSON.parse(await cli(['sync', 'now', '--data-dir', hub.dataDir]));
    expect(pulled).toMatchObject({ state: 'idle', pending: 0, conflicts: 0, remote: { baseUrl: central.url, ownerEmail: 'pemilik@hub.test' } });
    const hubKey = (await cli(['apikey', 'create', '--data-dir', hub.dataDir, '--email', 'kasir@hub.test', '--name', 'loket 1'])).trim();
    await hub.start();
    counter = await createCounter('loket', hub.url, hubKey);
    expect(await syncRun(counter)).toMatchObject({ state: 'idle', lastError: null });
  });

  afterAll(async () => {
    await counter?.close();
    await hub?.close();
    await central?.close();
  });

  it('pulls central events through the hub, owned by the local organizer and granted to the local operator at each step', async () => {
    const ownerOf = async (at: Service, as: 'staff' | 'organizer') => {
      const events = data(await at.call('/events?ownerId=me&limit=100', { as }));
      return events.find((e: { id: string }) => e.id === DEMO.eventId)?.ownerId as string | undefined;
    };
    const owners = [await ownerOf(central, 'organizer'), await ownerOf(hub, 'organizer'), await ownerOf(counter, 'organizer')];
    expect(owners.every(Boolean)).toBe(true);
    expect(new Set(owners).size).toBe(3);
    expect(await ownerOf(hub, 'staff')).toBe(owners[1]);
    expect(await ownerOf(counter, 'staff')).toBe(owners[2]);
    for (const at of [hub, counter]) {
      const tickets = data(await at.call(`/events/${DEMO.slug}/tickets`));
      expect(tickets.map((t: { id: string }) => t.id).sort(), at.label).toEqual([DEMO.harian, DEMO.terusan]);
    }
  });

  it('replicates each sale once to the hub and once to central, checkouts and cancels included', async () => {
    const paid = await sell(counter);
    await act(counter, paid, 'cash');
    const confirmed = await sell(counter);
    await act(counter, confirmed, 'transfer');
    await act(counter, confirmed, 'confirm');
    const awaiting = await sell(counter);
    await act(counter, awaiting, 'transfer');
    const unpaid = await sell(counter);
    // Cancelled once central has it, so that the cancel itself travels the whole chain.
    const cancelled = await sell(counter);
    await waitFor('the sale at central', async () => (await ordersOfCustomer(central, cancelled)).length === 1);
    await act(counter, cancelled, 'cancel');

    await settled(counter);
    await settled(hub);
    const atHub = await expectExactlyOnce(counter, hub);
    const atCentral = await expectExactlyOnce(hub, central);

    const sales = { paid, confirmed, awaiting, unpaid, cancelled };
    const states = (at: (order: { id: string }) => { status: string; paymentStatus: string } | undefined) =>
      Object.fromEntries(Object.entries(sales).map(([name, order]) => [name, `${at(order)?.status}/${at(order)?.paymentStatus}`]));
    const expected = {
      paid: 'completed/paid',
      confirmed: 'completed/paid',
      awaiting: 'verification_pending/unpaid',
      unpaid: 'payment_pending/unpaid',
      cancelled: 'cancelled/unpaid',
    };
    expect(states((order) => atHub.get(order.id))).toEqual(expected);
    expect(states((order) => atCentral.get(atHub.get(order.id)?.id))).toEqual(expected);

    // The counter numbered the invoices of the payments it took; the hub, which took none, numbered none.
    const detail = async (at: Service, orderId: string) => data(await send(at, contract.getOrder, { params: { idOrSlug: DEMO.slug, orderId } })).invoiceNumber;
    const numbers = [await detail(counter, paid.id), await detail(counter, confirmed.id)];
    expect(numbers[0]).toMatch(/^INV\/LOKET-1\/\d{4}\/\d{6}$/);
    expect(new Set(numbers).size).toBe(2);
    for (const order of [paid, confirmed]) expect(await detail(hub, atHub.get(order.id)!.id)).toBeNull();
  });

  it('carries a check-in at the counter through the hub to central, with the time and gate of the scan', async () => {
    const order = await act(counter, await sell(counter), 'cash');
    const scanned = data(await postCheckIn(counter, { ticketNumber: order.participants[0].ticketNumber, gate: 'Gerbang Utara' }), 201);

    await settled(counter);
    await settled(hub);
    const atHub = remoteIds(counter.dataDir).get(order.id)!;
    const atCentral = remoteIds(hub.dataDir).get(atHub)!;
    for (const [at, orderId] of [
      [hub, atHub],
      [central, atCentral],
    ] as const) {
      const there = await gateView(at, orderId);
      expect(there.status, at.label).toBe('checked_in');
      expect(there.checkIn, at.label).toMatchObject({ checkedInAt: scanned.checkIn.checkedInAt, gate: 'Gerbang Utara' });
    }
  });
});
