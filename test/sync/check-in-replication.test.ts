/**
 * Check-ins and a remote that has them (this service: `serve` with the demo): a counter checks a
 * ticket in at the remote first while it can reach it, so that a ticket admitted there is refused
 * here; while it cannot, it checks tickets in on its own and its outbox replays each check-in by
 * the remote's order id, keeping the time and gate of the scan. A ticket the remote admitted
 * meanwhile is reported as a double admission; a remote without check-in is learned once and no
 * job is sent; a lost answer is looked up before anything is resent.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { FaultProxy } from '../support/fault-proxy.js';
import {
  counterBehindProxy,
  DEMO,
  act,
  data,
  expectExactlyOnce,
  gateView,
  goneOffline,
  outboxRows,
  postCheckIn,
  remoteIds,
  sell,
  settled,
  syncStatus,
  throughProxy,
  type Central,
  type Instance,
} from '../support/sync-world.js';

// A remote that speaks only the interface has no check-in at all: interface-only.test.ts.
describe('check-ins replicated to a remote', () => {
  const stage = counterBehindProxy('instance');
  let central: Central, proxy: FaultProxy, counter: Instance;
  beforeAll(() => ({ central, proxy, counter } = stage()));

  /** A sale paid in cash at the counter and already on the remote: its detail, with its remote id. */
  async function paidOnRemote() {
    const order = await act(counter, await sell(counter), 'cash');
    await settled(counter);
    return { order, remoteId: remoteIds(counter.dataDir).get(order.id)! };
  }
  const checkInJob = (orderId: string) => outboxRows(counter.dataDir, orderId).find((job) => job.kind === 'checkin');

  it('a check-in made while the remote is unreachable reaches it once it is back, with the time and gate of the scan', async () => {
    const { order, remoteId } = await paidOnRemote();
    await proxy.setFault({ kind: 'down' });
    await goneOffline(counter);

    const [participant] = order.participants;
    const local = data(await postCheckIn(counter, { ticketNumber: participant.ticketNumber, gate: 'Gerbang Utara' }), 201);
    expect(local.participant.status).toBe('checked_in');
    expect(checkInJob(order.id)).toMatchObject({ state: 'pending' });
    expect((await gateView(central, remoteId)).checkIn).toBeNull();

    await proxy.setFault({ kind: 'pass' });
    await settled(counter);
    expect(checkInJob(order.id)).toMatchObject({ state: 'done', last_error: null });
    const there = await gateView(central, remoteId);
    expect(there.status).toBe('checked_in');
    expect(there.checkIn).toMatchObject({ checkedInAt: local.checkIn.checkedInAt, gate: 'Gerbang Utara' });
    const detail = data(await central.call(`/events/${DEMO.eventId}/admin/orders/${remoteId}`));
    expect(detail.participants.map((p: { status: string }) => p.status)).toEqual(['checked_in']);
    // This service as the remote kept the ticket number the counter printed: one ticket, one number, at every gate.
    expect(detail.participants[0].ticketNumber).toBe(participant.ticketNumber);
  });

  it('a ticket the remote checked in already is refused at the counter, saying when and where', async () => {
    const { order, remoteId } = await paidOnRemote();
    data(await postCheckIn(central, { orderId: remoteId, gate: 'Gerbang Pusat' }), 201);
    const second = await postCheckIn(counter, { ticketNumber: order.participants[0].ticketNumber, gate: 'Gerbang Loket' });
    expect(second.status).toBe(409);
    expect(second.body.error.code).toBe('ALREADY_CHECKED_IN');
    expect(second.body.message).toMatch(/^Tiket sudah dipakai masuk pada .* di Gerbang Pusat$/);
    expect(checkInJob(order.id)).toBeUndefined();
    expect((await gateView(central, remoteId)).checkIn.gate).toBe('Gerbang Pusat');
  });

  it('a ticket admitted here while the remote was out of reach, and there meanwhile: a double admission, reported, not a conflict', async () => {
    const { order, remoteId } = await paidOnRemote();
    await proxy.setFault({ kind: 'down' });
    await goneOffline(counter);
    const here = data(await postCheckIn(counter, { ticketNumber: order.participants[0].ticketNumber, gate: 'Gerbang Loket' }), 201);
    data(await postCheckIn(central, { orderId: remoteId, gate: 'Gerbang Pusat' }), 201);
    await proxy.setFault({ kind: 'pass' });
    const status = await settled(counter);
    expect(status.conflicts).toBe(0);
    expect(checkInJob(order.id)).toMatchObject({ state: 'done', last_status: 409 });
    expect(status.notices.find((n) => n.kind === 'double_admission')?.count).toBe(1);
    const [report] = data(await counter.call('/audit-log?action=ticket.double_admission', { as: 'organizer' }));
    expect(report).toMatchObject({
      subjectId: order.id,
      details: { ticketNumber: order.participants[0].ticketNumber, gate: 'Gerbang Loket', checkedInAt: here.checkIn.checkedInAt },
    });
    expect(report.details.elsewhere).toMatch(/Gerbang Pusat/);
  });

  it('a lost answer is settled by looking the order up: the check-in is sent once, even to a remote that ignores Idempotency-Key', async () => {
    const { order, remoteId } = await paidOnRemote();
    const from = proxy.seen.length;
    await proxy.setFault({ kind: 'drop_response', stripIdempotency: true }, ['POST']);
    data(await postCheckIn(counter, { orderId: order.id }), 201);
    await settled(counter);
    await proxy.setFault({ kind: 'pass' });
    const sent = proxy.seen.slice(from).filter((s) => s.method === 'POST' && s.path.endsWith('/check-ins'));
    expect(sent.map((s) => s.remoteStatus)).toEqual([201]);
    expect(checkInJob(order.id)).toMatchObject({ state: 'done' });
    expect((await gateView(central, remoteId)).status).toBe('checked_in');
  });

  it.each([
    [404, 'NOT_FOUND'],
    [405, undefined],
  ])('a remote without check-in (%i %s): the job is skipped, not a conflict, and the outbox goes on', async (status, code) => {
    // What it learns holds for this remote: given again (as after a change of remote), it asks afresh.
    data(await counter.call('/sync/remote', { method: 'PUT', as: 'organizer', body: { baseUrl: throughProxy(proxy, central), apiKey: central.counterKey } }));
    const { order, remoteId } = await paidOnRemote();
    await proxy.setFault({ kind: 'status', status, code, path: /\/check-ins$/ });
    try {
      data(await postCheckIn(counter, { orderId: order.id, gate: 'Gerbang Utara' }), 201);
      // Changes after it still go: a sale and its payment.
      const later = await act(counter, await sell(counter), 'cash');
      await settled(counter);
      // Learned from the scan itself, tried at the remote first: the job is not sent at all.
      const job = checkInJob(order.id)!;
      expect(job).toMatchObject({ state: 'skipped', skip_reason: 'not_applicable' });
      expect(job.last_error).toMatch(/^Layanan pusat tidak punya check-in/);
      expect((await syncStatus(counter)).remoteLacks.map((l) => l.capability)).toEqual(['checkin']);
      expect(outboxRows(counter.dataDir, later.id).map((j) => j.state)).toEqual(['done', 'done']);
      // Nothing lost: locally checked in, every order on the remote once, in its state.
      expect((await gateView(counter, order.id)).status).toBe('checked_in');
      expect((await gateView(central, remoteId)).checkIn).toBeNull();
      await expectExactlyOnce(counter, central);
    } finally {
      await proxy.setFault({ kind: 'pass' });
    }
  });
});
