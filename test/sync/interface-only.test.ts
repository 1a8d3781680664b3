/**
 * Replication to a central service that implements the interface and nothing more (the double in
 * test/support/central-double.ts): no check-in or payment confirm routes, error bodies without
 * codes, values of its own where the interface leaves them open. What once broke a venue's day
 * against such a remote, each case here first seen failing:
 * - every gate check-in became a conflict;
 * - a paid sale refused (409) and dismissed left its checkout stuck for ever;
 * - one event with an unexpected value stopped all replication;
 * - every QRIS or transfer sale confirmed at the counter became a conflict;
 * - after a pull the counter's seat counts drifted from the remote's.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { FaultProxy } from '../support/fault-proxy.js';
import {
  counterBehindProxy,
  DEMO,
  act,
  conflictsOf,
  data,
  expectExactlyOnce,
  goneOffline,
  listOrders,
  outboxRows,
  person,
  postCheckIn,
  postOrder,
  sell,
  settled,
  syncRun,
  waitFor,
  type Central,
  type Instance,
} from '../support/sync-world.js';

describe('a central service that speaks only the interface', () => {
  const stage = counterBehindProxy('double', 'pusat');
  let central: Central, proxy: FaultProxy, counter: Instance;
  beforeAll(() => ({ central, proxy, counter } = stage()));
  const double = () => central.double!;
  /** Local orders the remote must never get. */
  const absent: string[] = [];

  it('settles gate check-ins without a conflict, and says the remote has no check-in', async () => {
    const sold = [await act(counter, await sell(counter), 'cash'), await act(counter, await sell(counter), 'cash')];
    for (const order of sold) data(await postCheckIn(counter, { ticketNumber: order.participants[0].ticketNumber, gate: 'Gerbang Utara' }), 201);
    const status = await settled(counter);
    expect(status.conflicts).toBe(0);
    const checkIns = sold.map((order) => outboxRows(counter.dataDir, order.id).find((job) => job.kind === 'checkin'));
    // Learned once, from the remote's 404 to the first scan (tried there first): no job is sent.
    expect(checkIns.map((job) => [job?.state, job?.skip_reason])).toEqual([
      ['skipped', 'not_applicable'],
      ['skipped', 'not_applicable'],
    ]);
    expect(double().seen.filter((s) => s.path.endsWith('/check-ins'))).toHaveLength(1);
    expect(status.remoteLacks.map((l) => l.capability)).toEqual(['checkin']);
    await expectExactlyOnce(counter, central);
  });

  it('makes no conflict of a transfer or QRIS confirmed at the counter, and sums up what to verify on the remote', async () => {
    const transfer = await sell(counter);
    await act(counter, transfer, 'transfer');
    await act(counter, transfer, 'confirm');
    const qris = await sell(counter);
    await act(counter, qris, 'qris');
    await act(counter, qris, 'confirm');
    const status = await settled(counter);
    expect(status.conflicts).toBe(0);
    expect(status.remoteLacks.map((l) => l.capability).sort()).toEqual(['checkin', 'payment_confirm']);
    const notice = status.notices.find((n) => n.kind === 'unconfirmed_on_remote');
    expect(notice).toMatchObject({ count: 2 });
    expect(notice!.message).toMatch(/menunggu verifikasi/);
    const twins = await expectExactlyOnce(counter, central);
    expect([twins.get(transfer.id)?.status, twins.get(qris.id)?.status]).toEqual(['verification_pending', 'verification_pending']);
  });

  it('refuses a sale the remote refuses before it is paid: the cashier is told why, nothing is left to send', async () => {
    const taken = person();
    double().preRegister(DEMO.eventId, taken.identityNumber);
    const reply = await postOrder(counter, { registration: taken });
    expect(reply.status).toBe(409);
    expect(reply.body.error.code).toBe('REMOTE_REFUSED');
    expect(reply.body.message).toBe('Ditolak layanan pusat/hub: Nomor identitas sudah terdaftar untuk acara ini');
    const [order] = (await listOrders(counter)).filter((o) => o.customerEmail === taken.email);
    expect([order?.status, order?.paymentStatus]).toEqual(['cancelled', 'unpaid']);
    expect(outboxRows(counter.dataDir, order!.id).map((j) => [j.kind, j.state, j.skip_reason])).toEqual([
      ['create', 'skipped', 'refused_at_sale'],
      ['cancel', 'skipped', 'refused_at_sale'],
    ]);
    absent.push(order!.id);
    expect(await settled(counter)).toMatchObject({ pending: 0, conflicts: 0 });
  });

  it('settles a paid sale the remote refused (409) once it is dismissed: nothing stays pending, later sales go on', async () => {
    // Sold and paid while the remote was out of reach; refused when it came back.
    const taken = person();
    double().preRegister(DEMO.eventId, taken.identityNumber);
    await proxy.setFault({ kind: 'down' });
    await goneOffline(counter);
    const refused = await sell(counter, { who: taken });
    await act(counter, refused, 'cash');
    await proxy.setFault({ kind: 'pass' });
    const [conflict] = await waitFor('the conflict', async () => {
      const listed = await conflictsOf(counter);
      return listed.length === 1 && listed;
    });
    expect(conflict).toMatchObject({ orderId: refused.id, kind: 'create', status: 409 });
    expect(conflict!.error).toMatch(/Nomor identitas sudah terdaftar/);
    data(await counter.call(`/sync/conflicts/${conflict!.seq}/dismiss`, { method: 'POST', as: 'organizer', body: {} }));
    absent.push(refused.id);

    const later = await act(counter, await sell(counter), 'cash');
    const status = await settled(counter);
    expect(status).toMatchObject({ pending: 0, conflicts: 0, lastError: null });
    expect(outboxRows(counter.dataDir, refused.id).map((j) => [j.kind, j.state])).toEqual([
      ['create', 'skipped'],
      ['checkout', 'skipped'],
    ]);
    expect(outboxRows(counter.dataDir, refused.id)[1]!.last_error).toMatch(/dismissed/);
    expect(outboxRows(counter.dataDir, later.id).map((j) => j.state)).toEqual(['done', 'done']);
    await expectExactlyOnce(counter, central, { absent });
  });

  it('reads events and categories with values it does not know, and skips a malformed one, reporting both, while the rest replicates', async () => {
    double().switches.unknownEnums = true;
    // A price beyond the largest the counter takes (Rp 100.000.000) is skipped as malformed too.
    double().switches.malformed = { eventId: '01JDEM0000000000000000EV03', categoryId: DEMO.terusan, hugePriceCategoryId: '01JDEM0000000000000000TK02' };
    try {
      const round = await syncRun(counter);
      expect(round).toMatchObject({ state: 'idle', lastError: null });
      const reported = round.pullReport.map((r) => `${r.kind} ${r.id} ${r.outcome}`);
      expect(reported).toContain('event 01JDEM0000000000000000EV03 skipped');
      expect(reported).toContain(`category ${DEMO.terusan} skipped`);
      expect(round.pullReport.find((r) => r.id === '01JDEM0000000000000000TK02')).toMatchObject({ outcome: 'skipped', reason: expect.stringMatching(/Harga paling banyak Rp 100\.000\.000/) });
      expect(reported).toContain(`event ${DEMO.eventId} read`);
      const feeBearer = round.pullReport.find((r) => r.id === DEMO.eventId)!;
      expect(feeBearer.reason).toMatch(/feeBearer "buyer"/);
      // The rest still sells and replicates.
      const sale = await act(counter, await sell(counter), 'cash');
      await settled(counter);
      expect(outboxRows(counter.dataDir, sale.id).map((j) => j.state)).toEqual(['done', 'done']);
      await expectExactlyOnce(counter, central, { absent });
    } finally {
      double().switches.unknownEnums = false;
      double().switches.malformed = {};
    }
  });

  it('replicates every sale once through its own faults: answers dropped or 500 after applying, 429, down and back', async () => {
    const sales = [];
    for (const fault of [
      { kind: 'drop_after_apply' },
      { kind: 'error_after_apply' },
      { kind: 'rate_limit', retryAfterSeconds: 1 },
    ] as const) {
      double().switches.fault = fault;
      const sale = await act(counter, await sell(counter), 'cash');
      sales.push(sale);
      await waitFor(`${fault.kind} seen`, () => double().seen.some((s) => s.status === (fault.kind === 'rate_limit' ? 429 : fault.kind === 'drop_after_apply' ? 0 : 500)));
      double().switches.fault = { kind: 'none' };
      await settled(counter);
    }
    await double().goDown();
    const offline = await act(counter, await sell(counter), 'cash');
    await waitFor('offline', async () => (await syncRun(counter)).state === 'offline');
    await double().comeBack();
    await settled(counter);
    const twins = await expectExactlyOnce(counter, central, { absent });
    expect([...sales, offline].map((o) => twins.get(o.id)?.paymentStatus)).toEqual(['paid', 'paid', 'paid', 'paid']);
  });

  it("after a pull, a category's sold and available are the remote's plus the sales it has not applied", async () => {
    const tickets = async (at: { call: Instance['call'] }) =>
      (data(await at.call(`/events/${DEMO.slug}/tickets`)) as { id: string; sold: number; quota: number; available?: number }[]).find(
        (t) => t.id === DEMO.harian,
      )!;
    const paidOnRemote = async (registration = person()) => {
      const direct = data(
        await central.call(`/events/${DEMO.slug}/admin/orders`, { method: 'POST', body: { eventId: DEMO.eventId, ticketCategoryId: DEMO.harian, registration } }),
        201,
      );
      data(await central.call(`/events/${DEMO.slug}/admin/orders/${direct.id}/checkout`, { method: 'POST', body: { method: 'cash' } }));
    };
    // Sold on the remote by someone else.
    await paidOnRemote();

    // A customer who bought online buys again at the counter while it is offline: refused when the
    // remote is back, dismissed here (the operator settles it by hand; the remote counts her ticket).
    const online = person();
    await paidOnRemote(online);
    await proxy.setFault({ kind: 'down' });
    await goneOffline(counter);
    const refused = await act(counter, await sell(counter, { who: { identityNumber: online.identityNumber } }), 'cash');
    await proxy.setFault({ kind: 'pass' });
    const [conflict] = await waitFor('the conflict', async () => {
      const listed = await conflictsOf(counter);
      return listed.length === 1 && listed;
    });
    data(await counter.call(`/sync/conflicts/${conflict!.seq}/dismiss`, { method: 'POST', as: 'organizer', body: {} }));
    absent.push(refused.id);
    // Not yet sent: a paid sale and a held one (the remote asks to wait, and answers so again until
    // the checks are done).
    await proxy.setFault({ kind: 'status', status: 429, retryAfter: '2' }, ['POST']);
    try {
      const waiting = await act(counter, await sell(counter), 'cash');
      await sell(counter);
      const round = await syncRun(counter);
      expect(round.lastPullAt).not.toBeNull();
      expect(outboxRows(counter.dataDir, waiting.id)[0]).toMatchObject({ kind: 'create', state: 'pending', last_status: 429 });

      const [remote, local] = [await tickets(central), await tickets(counter)];
      // The remote's figure, the paid sale waiting, and the transfer and QRIS sales confirmed here
      // that the remote still has awaiting verification (it has no confirm): they hold seats there.
      const unconfirmed = round.notices.find((n) => n.kind === 'unconfirmed_on_remote')?.count;
      expect(unconfirmed).toBe(2);
      expect(local.sold).toBe(remote.sold + 1 + unconfirmed!);
      expect(local.available).toBe(local.quota - local.sold - 1);
    } finally {
      await proxy.setFault({ kind: 'pass' });
    }
    await settled(counter);
    await expectExactlyOnce(counter, central, { absent });
  });
});
