/**
 * The offline allotment: a counter that cannot reach its remote sells at most its share
 * (settings offlineAllotmentPercent) of what each category had left at the last pull, counted as
 * its sales the remote has not yet acknowledged. Online it sells as usual.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFaultProxy, type FaultProxy } from '../support/fault-proxy.js';
import {
  CENTRAL_KINDS,
  DEMO,
  act,
  createCounter,
  data,
  expectExactlyOnce,
  goneOffline,
  postOrder,
  sell,
  settled,
  startCentral,
  syncRun,
  syncStatus,
  throughProxy,
  type Central,
  type Instance,
} from '../support/sync-world.js';
import type { SyncStatus } from '../../src/shared/schemas/sync.js';

const OFFLINE_ALLOTMENT_USED = 'Jatah penjualan offline kategori ini sudah habis; tunggu sampai koneksi pulih';

describe.each(CENTRAL_KINDS)('offline allotment (remote: %s)', (kind) => {
  let central: Central;
  let proxy: FaultProxy;
  let counter: Instance;

  beforeAll(async () => {
    central = await startCentral(kind);
    proxy = await startFaultProxy(central.url);
    // 67 % of "Terusan 3 Hari" (quota 3, none sold): 2 tickets; of "Harian" (300): 201.
    counter = await createCounter('loket', throughProxy(proxy, central), central.counterKey, { allotmentPercent: 67 });
  });

  afterAll(async () => {
    await counter?.close();
    await proxy?.close();
    await central?.close();
  });

  const allotmentOf = (status: SyncStatus, category: string) => status.allotments.find((a) => a.ticketCategoryId === category);
  const terusan = { category: DEMO.terusan };

  it('refuses offline sales beyond the allotment with SOLD_OUT, and sells normally online', async () => {
    const online = await syncRun(counter);
    expect(online.state).toBe('idle');
    expect(allotmentOf(online, DEMO.terusan)).toEqual({ ticketCategoryId: DEMO.terusan, allotment: 2, used: 0, left: 2 });
    expect(allotmentOf(online, DEMO.harian)).toEqual({ ticketCategoryId: DEMO.harian, allotment: 201, used: 0, left: 201 });

    await proxy.setFault({ kind: 'down' });
    await goneOffline(counter);
    const first = await sell(counter, terusan);
    expect(allotmentOf(await syncStatus(counter), DEMO.terusan)).toMatchObject({ allotment: 2, used: 1, left: 1 });
    const second = await sell(counter, terusan);
    expect(allotmentOf(await syncStatus(counter), DEMO.terusan)).toMatchObject({ used: 2, left: 0 });

    const refused = await postOrder(counter, terusan);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(OFFLINE_ALLOTMENT_USED);
    expect(refused.body.error).toEqual({ code: 'SOLD_OUT', details: [{ field: 'ticketCategoryId', message: OFFLINE_ALLOTMENT_USED }] });
    // The category itself is not sold out: one of its three seats is still free here.
    const tickets = data(await counter.call(`/events/${DEMO.slug}/tickets`));
    expect(tickets.find((t: { id: string }) => t.id === DEMO.terusan)).toMatchObject({ quota: 3, isSoldOut: false });
    // Other categories have allotments of their own.
    await act(counter, await sell(counter), 'cash');

    // A sale cancelled before it was ever sent gives its share back.
    await act(counter, second, 'cancel');
    expect(allotmentOf(await syncStatus(counter), DEMO.terusan)).toMatchObject({ used: 1, left: 1 });
    const third = await sell(counter, terusan);
    await act(counter, third, 'cash');
    expect((await postOrder(counter, terusan)).body.message).toBe(OFFLINE_ALLOTMENT_USED);

    await proxy.setFault({ kind: 'pass' });
    const back = await settled(counter);
    expect(allotmentOf(back, DEMO.terusan)).toMatchObject({ used: 0, left: 2 });
    // Online the allotment does not apply: the category's last seat sells, then it is sold out for real.
    const last = await sell(counter, terusan);
    const soldOut = await postOrder(counter, terusan);
    expect(soldOut.status).toBe(409);
    expect(soldOut.body.error.code).toBe('SOLD_OUT');
    expect(soldOut.body.message).not.toBe(OFFLINE_ALLOTMENT_USED);

    await settled(counter);
    const twins = await expectExactlyOnce(counter, central, { absent: [second.id] });
    expect([first, third, last].map((o) => twins.get(o.id)?.status)).toEqual(['payment_pending', 'completed', 'payment_pending']);
    const centralTickets = data(await central.call(`/events/${DEMO.slug}/tickets`));
    expect(centralTickets.find((t: { id: string }) => t.id === DEMO.terusan)).toMatchObject({ quota: 3, sold: 1, isSoldOut: true });
  });
});
