/**
 * A basket replicates as its orders: each line's create and checkout reach the central service
 * (the double, which speaks only the interface) as a single sale's would. Sold while the central
 * could not be reached, a line it then refuses (its identity number registered there) becomes one
 * conflict of its own, offering its refund; the other lines go through untouched. Online, a line
 * the central refuses at once refuses the whole basket, naming the line. Against a second
 * instance of this service, through answers lost after they were applied, each line's order is
 * there exactly once.
 */
import { describe, expect, it } from 'vitest';
import { contract } from '../../src/shared/contract/index.js';
import { conflictsOf, counterBehindProxy, data, DEMO, expectExactlyOnce, goneOffline, outboxRows, ownerApproval, person, send, settled, syncRun, waitFor, type Instance } from '../support/sync-world.js';

describe('a basket replicated to a central service', () => {
  const stage = counterBehindProxy('double', 'basket');

  /** A basket of these people, every other one on a pass (or all in `category`). */
  const basket = (counter: Instance, lines: ReturnType<typeof person>[], category?: string) =>
    send(counter, contract.createTransaction, {
      params: { idOrSlug: DEMO.slug },
      body: { eventId: DEMO.eventId, lines: lines.map((registration, i) => ({ ticketCategoryId: category ?? (i % 2 ? DEMO.terusan : DEMO.harian), registration })) },
    });
  const payInCash = async (counter: Instance, made: { id: string; totalAmount: string }) =>
    data(await send(counter, contract.checkoutTransaction, { params: { idOrSlug: DEMO.slug, transactionId: made.id }, body: { method: 'cash', amountTendered: made.totalAmount } }));

  it('sends each line as a sale of its own', async () => {
    const { central, counter } = stage();
    const family = [person(), person(), person()];
    const paid = await payInCash(counter, data(await basket(counter, family), 201));
    expect(paid.status).toBe('completed');
    expect(await settled(counter)).toMatchObject({ pending: 0, conflicts: 0 });
    const there = central.double!.orders().filter((o) => family.some((p) => p.identityNumber === o.identityNumber));
    expect(there.map((o) => o.status)).toEqual(['completed', 'completed', 'completed']);
  });

  it('refuses the whole basket online when the central refuses a line, naming it', async () => {
    const { central, counter } = stage();
    const family = [person(), person(), person()];
    central.double!.preRegister(DEMO.eventId, family[2]!.identityNumber);
    // Online, as the engine knows it: on a busy machine a background round may have timed out and
    // left it offline, and then the basket is sold on the offline allotment instead (CI saw it).
    await waitFor('online', async () => (await syncRun(counter)).state === 'idle');
    const refused = await basket(counter, family);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/^Peserta 3: Ditolak layanan pusat\/hub: .*Nomor identitas sudah terdaftar/);
    expect(await settled(counter)).toMatchObject({ pending: 0, conflicts: 0 });
    // The two lines the central had taken are cancelled there too.
    const there = central.double!.orders().filter((o) => family.some((p) => p.identityNumber === o.identityNumber));
    expect(there.map((o) => o.status)).toEqual(['cancelled', 'cancelled']);
  });

  it('sold offline, a line refused later is one conflict of its own; the others go through', async () => {
    const { central, proxy, counter } = stage();
    const family = [person(), person(), person()];
    await proxy.setFault({ kind: 'down' });
    await goneOffline(counter);
    const paid = await payInCash(counter, data(await basket(counter, family, DEMO.harian), 201));
    central.double!.preRegister(DEMO.eventId, family[1]!.identityNumber);
    await proxy.setFault({ kind: 'pass' });
    const [conflict] = await waitFor('the conflict', async () => {
      const listed = await conflictsOf(counter);
      return listed.length === 1 && listed;
    });
    const refusedLine = paid.orders[1];
    expect(conflict).toMatchObject({ orderId: refusedLine.id, kind: 'create', status: 409 });
    expect(conflict!.error).toMatch(/Nomor identitas sudah terdaftar/);
    // The refused line's checkout waits behind its create, for the operator; the others are through.
    const others = [paid.orders[0], paid.orders[2]];
    await waitFor('the other lines', () => others.every((line) => outboxRows(counter.dataDir, line.id).every((j) => j.state === 'done')));
    expect(outboxRows(counter.dataDir, refusedLine.id).map((j) => [j.kind, j.state])).toEqual([
      ['create', 'conflict'],
      ['checkout', 'pending'],
    ]);
    const there = central.double!.orders().filter((o) => family.some((p) => p.identityNumber === o.identityNumber));
    expect(there.map((o) => o.status)).toEqual(['completed', 'completed']);

    // The operator refunds the refused line from the conflict itself, with a supervisor's approval.
    const approval = ownerApproval(counter.label);
    const refund = { params: { seq: conflict!.seq }, body: { reason: 'NIK sudah terdaftar di pusat', approval } };
    const wrongPassword = await send(counter, contract.refundConflictLocally, { ...refund, body: { ...refund.body, approval: { ...approval, pin: '000000' } } });
    expect(wrongPassword.status).toBe(403);
    data(await send(counter, contract.refundConflictLocally, refund));
    expect(await conflictsOf(counter)).toEqual([]);
    const refunded = data(await send(counter, contract.getOrder, { params: { idOrSlug: DEMO.slug, orderId: refusedLine.id } }));
    expect(refunded).toMatchObject({ status: 'cancelled', paymentStatus: 'paid', refund: { method: 'cash', amount: refusedLine.totalAmount, reason: 'NIK sudah terdaftar di pusat' } });
    // Nothing of it goes to the central, which never had it; the rest of the basket stays paid.
    expect(outboxRows(counter.dataDir, refusedLine.id).map((j) => [j.kind, j.state, j.skip_reason])).toEqual([
      ['create', 'skipped', 'refunded_locally'],
      ['checkout', 'skipped', 'refunded_locally'],
      ['cancel', 'skipped', 'refunded_locally'],
    ]);
    expect(await settled(counter)).toMatchObject({ pending: 0, conflicts: 0 });
    const stillPaid = await Promise.all(others.map(async (line) => data(await send(counter, contract.getOrder, { params: { idOrSlug: DEMO.slug, orderId: line.id } })).status));
    expect(stillPaid).toEqual(['completed', 'completed']);
    // A conflict is refunded once: the same request again finds none.
    expect((await send(counter, contract.refundConflictLocally, refund)).status).toBe(404);
  });
});

describe('a basket replicated to a second instance through lost answers', () => {
  const stage = counterBehindProxy('instance', 'basket-twin');

  it('has each line there exactly once, in the same state', async () => {
    const { central, proxy, counter } = stage();
    // Every answer of the central is lost after it applied the request: each is looked up, none sent twice.
    await proxy.setFault({ kind: 'drop_response' });
    const family = [person(), person(), person(), person()];
    const made = data(
      await send(counter, contract.createTransaction, {
        params: { idOrSlug: DEMO.slug },
        body: { eventId: DEMO.eventId, lines: family.map((registration) => ({ ticketCategoryId: DEMO.harian, registration })) },
      }),
      201,
    );
    data(await send(counter, contract.checkoutTransaction, { params: { idOrSlug: DEMO.slug, transactionId: made.id }, body: { method: 'cash', amountTendered: made.totalAmount } }));
    // Let a round or two meet the lost answers before they come through again.
    await waitFor('a lost answer', () => proxy.seen.some((s) => s.fault === 'drop_response'));
    await proxy.setFault({ kind: 'pass' });
    await settled(counter);
    const twins = await expectExactlyOnce(counter, central);
    expect(made.orders.map((o: { id: string }) => twins.get(o.id)?.status)).toEqual(['completed', 'completed', 'completed', 'completed']);
  });
});
