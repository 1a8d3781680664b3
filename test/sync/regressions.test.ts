/**
 * Cases that once broke the sync (found by these tests): a lost create adopted by lookup when
 * the customer already has another order of the same category on the remote; a second look-alike
 * sale sent at once while the first one's fate was unknown, whose remote order the first then
 * adopted; and a new key given with the CLI (`remote set`) next to a running serve that was paused
 * on a revoked key.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { FaultProxy } from '../support/fault-proxy.js';
import {
  CENTRAL_KINDS,
  counterBehindProxy,
  DEMO,
  act,
  cli,
  data,
  expectExactlyOnce,
  ordersOfCustomer,
  person,
  remoteIds,
  sell,
  settled,
  syncStatus,
  throughProxy,
  waitFor,
  type Central,
  type Instance,
} from '../support/sync-world.js';

describe.each(CENTRAL_KINDS)('sync regressions (%s)', (kind) => {
  const stage = counterBehindProxy(kind);
  let central: Central, proxy: FaultProxy, counter: Instance;
  beforeAll(() => ({ central, proxy, counter } = stage()));

  describe('a lost answer while the customer already has an order of the category on the remote', () => {
    // She bought a Harian ticket online; at the counter she buys one for a friend, under her e-mail.
    const customer = person();
    let own: { id: string };
    let friend: { id: string; totalAmount: string; customerEmail: string; customerName: string };

    it('the sale still reaches the remote once and the counter settles', async () => {
      own = data(
        await central.call(`/events/${DEMO.slug}/admin/orders`, {
          method: 'POST',
          body: { eventId: DEMO.eventId, ticketCategoryId: DEMO.harian, registration: customer },
        }),
        201,
      );
      await proxy.setFault({ kind: 'drop_response' }, ['POST']);
      friend = await sell(counter, { who: { email: customer.email } });
      await act(counter, friend, 'cash');
      await settled(counter);
      await proxy.setFault({ kind: 'pass' });
      const remote = await ordersOfCustomer(central, friend);
      expect(remote.map((o) => o.customerName).sort()).toEqual([customer.name, friend.customerName].sort());
    });

    // Matched by e-mail and category alone, the lookup adopted her own online order: the counter's
    // cash checkout then paid that order, and the friend's real remote order stayed unpaid.
    it('the counter adopts its own sale, not the customer\'s other order', async () => {
      expect(remoteIds(counter.dataDir).get(friend.id)).not.toBe(own.id);
      const twins = await expectExactlyOnce(counter, central);
      expect(twins.get(friend.id)).toMatchObject({ status: 'completed', paymentStatus: 'paid' });
      // Her own order is as she left it.
      const mine = (await ordersOfCustomer(central, friend)).find((o) => o.id === own.id);
      expect([mine?.customerName, mine?.status, mine?.paymentStatus]).toEqual([customer.name, 'payment_pending', 'unpaid']);
    });
  });

  describe('a new key given with the CLI next to a running serve', () => {
    it('a revoked key pauses the running serve, which sees the new key', async () => {
      await central.revokeCounterKey();
      await sell(counter);
      await waitFor('auth_required', async () => (await syncStatus(counter)).state === 'auth_required');
      const key = await central.newCounterKey();
      const saved = JSON.parse(await cli(['remote', 'set', '--data-dir', counter.dataDir, '--base-url', throughProxy(proxy, central)], key));
      expect(saved.apiKey).toBe(`${key.slice(0, 8)}…`);
      // serve reads the new key (its status shows it)...
      expect((await syncStatus(counter)).remote?.apiKey).toBe(saved.apiKey);
    });

    // The engine once kept its state in memory only, so serve stayed paused until restarted.
    it('...and resumes with it', async () => {
      await settled(counter);
      await expectExactlyOnce(counter, central);
    });
  });

  // Found by the property test: the first sale's create met a 503 (unknown, not applied), the
  // second was sent while the cashier waited and its answer was lost. Looking up the first, the
  // counter found the second's remote order (same buyer, same category) and took it for its own.
  describe('two look-alike sales while the first one\'s fate is unknown', () => {
    const buyer = person();
    const who = { email: buyer.email, name: buyer.name };
    let first: Awaited<ReturnType<typeof sell>>, second: typeof first;

    it('both reach the remote once and are paid', async () => {
      await proxy.setFault({ kind: 'status', status: 503 }, ['POST']);
      first = await sell(counter, { who });
      await proxy.setFault({ kind: 'drop_response' }, ['POST']);
      second = await sell(counter, { who });
      await proxy.setFault({ kind: 'pass' });
      await act(counter, first, 'cash');
      await act(counter, second, 'cash');
      expect((await settled(counter)).conflicts).toBe(0);
      // Two orders of one buyer and category: told apart by their ticket holders, below.
      const remote = await ordersOfCustomer(central, first);
      expect(remote.map((o) => `${o.status}/${o.paymentStatus}`)).toEqual(['completed/paid', 'completed/paid']);
      const adopted = remoteIds(counter.dataDir);
      expect([adopted.get(first.id), adopted.get(second.id)].sort()).toEqual(remote.map((o) => o.id).sort());
    });

    it('each is adopted by the remote order of its own ticket holder', async () => {
      const adopted = remoteIds(counter.dataDir);
      for (const order of [first, second]) {
        const local = data(await counter.call(`/events/${DEMO.slug}/admin/orders/${order.id}`));
        const remote = data(await central.call(`/events/${DEMO.slug}/admin/orders/${adopted.get(order.id)}`));
        const holders = (detail: { participants: { identityNumber: string }[] }) => detail.participants.map((p) => p.identityNumber);
        expect(holders(remote)).toEqual(holders(local));
      }
    });
  });
});
