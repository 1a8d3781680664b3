/**
 * A refund at the counter replicates as the interface's cancel. The central service (the double,
 * which speaks only the interface) refuses to cancel a paid order: that becomes one conflict that
 * tells the operator to refund on the central service by hand, and nothing else of the order is
 * held up or sent twice.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { contract } from '../../src/shared/contract/index.js';
import { act, conflictsOf, counterBehindProxy, data, outboxRows, ownerApproval, sell, send, settled, type Central, type Instance } from '../support/sync-world.js';

describe('a refund replicated to a central service that refuses it', () => {
  const stage = counterBehindProxy('double', 'refund');
  let central: Central, counter: Instance;
  beforeAll(() => ({ central, counter } = stage()));

  it('becomes one conflict saying to refund on the central service by hand', async () => {
    const order = await act(counter, await sell(counter), 'cash');
    expect((await settled(counter)).conflicts).toBe(0);
    const remoteId = central.double!.orders().at(-1)!.id;

    const approval = ownerApproval('refund');
    const refunded = data(await send(counter, contract.refundOrder, { params: { idOrSlug: order.eventId, orderId: order.id }, body: { reason: 'Pembeli sakit', approval } }));
    expect(refunded).toMatchObject({ status: 'cancelled', paymentStatus: 'paid', refund: { method: 'cash', reason: 'Pembeli sakit' } });

    const status = await settled(counter);
    expect(status.conflicts).toBe(1);
    const [conflict] = await conflictsOf(counter);
    expect(conflict).toMatchObject({ orderId: order.id, kind: 'cancel' });
    expect(conflict!.error).toMatch(/refund di layanan pusat secara manual/);
    // The central service still has it paid; the counter's jobs: create, checkout done, the cancel in conflict.
    expect(central.double!.orders().find((o) => o.id === remoteId)?.status).toBe('completed');
    expect(outboxRows(counter.dataDir, order.id).map((job) => [job.kind, job.state])).toEqual([
      ['create', 'done'],
      ['checkout', 'done'],
      ['cancel', 'conflict'],
    ]);
  });
});
