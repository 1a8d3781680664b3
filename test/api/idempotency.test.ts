/** Idempotency-Key on POST .../admin/orders: replay for the same body, 422 for another. */
import { describe, expect, it } from 'vitest';
import { countRows } from '../support/db.js';
import { expectError, expectOk } from '../support/envelope.js';
import { contract } from '../../src/shared/contract/index.js';
import { keepingOutcome } from '../../src/main/db/work-outcome.js';
import { makeCaller, orderBody, ordersPath, registration, ticketInput } from '../support/fixtures.js';
import { useHarness, type Harness } from '../support/harness.js';
import { call } from '../support/http.js';
import { world } from '../support/world.js';

const withKey = (key: string) => ({ headers: { 'idempotency-key': key } });

describe('Idempotency-Key', () => {
  const harness = useHarness();

  it('replays the stored response for the same key and body: one order only', async () => {
    const h = harness();
    const w = world(h);
    const body = orderBody(w.event);
    const first = await w.postOrder(body, withKey('sale-0001'));
    const created = expectOk(first, 201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();

    const again = await w.postOrder(body, withKey('sale-0001'));
    const replayed = expectOk(again, 201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(replayed.id).toBe(created.id);
    expect(replayed.generatedPassword).toBeNull();
    expect({ ...replayed, generatedPassword: created.generatedPassword }).toEqual(created);

    const listed = await h.request({ url: ordersPath(w.event.id), key: w.organizer.key });
    expect(listed.body.meta.total).toBe(1);
    expect(countRows(h.services, 'orders')).toBe(1);
  });

  it('treats the same body with its keys in another order as the same body', async () => {
    const w = world(harness());
    const body = orderBody(w.event);
    const created = expectOk(await w.postOrder(body, withKey('k-reordered')), 201);
    const reordered = { registration: { ...body.registration }, ticketCategoryId: body.ticketCategoryId, eventId: body.eventId };
    const again = await w.postOrder(reordered, withKey('k-reordered'));
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body.data.id).toBe(created.id);
  });

  it('answers 422 IDEMPOTENCY_KEY_REUSED for the same key with another body, creating nothing', async () => {
    const h = harness();
    const w = world(h);
    expectOk(await w.postOrder(orderBody(w.event), withKey('k-reused')), 201);
    expectError(await w.postOrder(orderBody(w.event), withKey('k-reused')), 422, 'IDEMPOTENCY_KEY_REUSED');
    expect(countRows(h.services, 'orders')).toBe(1);
  });

  it('answers 422 for the same key on another event path', async () => {
    const h = harness();
    const w = world(h);
    const body = orderBody(w.event);
    expectOk(await w.postOrder(body, withKey('k-path')), 201);
    expectError(await w.postOrder(body, { ...withKey('k-path'), idOrSlug: w.event.slug }), 422, 'IDEMPOTENCY_KEY_REUSED');
  });

  it('replays a refusal too, without running the request again', async () => {
    const h = harness();
    const w = world(h);
    const identityNumber = '3171777700000001';
    await w.createOrder({ registration: { identityNumber } });
    const duplicate = orderBody(w.event, { registration: { identityNumber } });
    const refused = await w.postOrder(duplicate, withKey('k-409'));
    expectError(refused, 409, 'IDENTITY_NUMBER_REGISTERED');
    const replay = await w.postOrder(duplicate, withKey('k-409'));
    expect(expectError(replay, 409, 'IDENTITY_NUMBER_REGISTERED')).toEqual(refused.body.error);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.body.requestId).not.toBe(refused.body.requestId);
  });

  it('keeps keys apart per user', async () => {
    const h = harness();
    const w = world(h);
    const cashier = makeCaller(h.services, 'staff', { eventId: w.event.id, permission: 'event:update' });
    const a = expectOk(await w.postOrder(orderBody(w.event), withKey('shared-key')), 201);
    const b = await w.postOrder(orderBody(w.event), { ...withKey('shared-key'), key: cashier.key });
    expect(expectOk(b, 201).id).not.toBe(a.id);
    expect(b.headers['idempotent-replayed']).toBeUndefined();
  });

  it('answers a body that fails validation the same way every time, creating nothing', async () => {
    const h = harness();
    const w = world(h);
    const bad = { ...orderBody(w.event), eventId: 'nope' };
    expectError(await w.postOrder(bad, withKey('k-bad')), 400, 'VALIDATION_FAILED');
    expectError(await w.postOrder(bad, withKey('k-bad')), 400, 'VALIDATION_FAILED');
    expect(countRows(h.services, 'orders')).toBe(0);
  });

  it('rejects a malformed key with 400', async () => {
    const w = world(harness());
    const error = expectError(await w.postOrder(orderBody(w.event), withKey('x'.repeat(201))), 400, 'VALIDATION_FAILED');
    expect(error.details?.map((d) => d.field)).toEqual(['Idempotency-Key']);
  });

  it('rejects a malformed key on every POST alike, before its body is read', async () => {
    const h = harness();
    const w = world(h);
    const long = withKey('x'.repeat(8192));
    const onKey = (reply: Awaited<ReturnType<typeof w.postOrder>>) => expect(expectError(reply, 400, 'VALIDATION_FAILED').details?.map((d) => d.field)).toEqual(['Idempotency-Key']);
    // A body that fails its own validation too: the key is what is said.
    onKey(await w.postOrder({ ...orderBody(w.event), eventId: 'nope' }, long));
    // A POST that keeps no answers by key.
    onKey(await h.request({ method: 'POST', url: '/auth/login', body: { email: 'siapa@contoh.id', password: 'apa saja sepuluh' }, ...long }));
  });

  it('never stores the generated password, so a replay does not reveal it again', async () => {
    const h = harness();
    const w = world(h);
    const body = orderBody(w.event);
    const created = expectOk(await w.postOrder(body, withKey('k-secret')), 201);
    expect(created.generatedPassword).toEqual(expect.any(String));
    const dump = h.services.database.sqlite.prepare('select response_body from idempotency_keys').all();
    expect(JSON.stringify(dump)).not.toContain(created.generatedPassword);
    const replay = expectOk(await w.postOrder(body, withKey('k-secret')), 201);
    expect(replay).toMatchObject({ id: created.id, isExistingUser: false, generatedPassword: null });
  });
});

describe('Idempotency-Key after a crash', () => {
  const harness = useHarness();
  const claim = (h: Harness, key: string) =>
    h.services.database.sqlite.prepare('select status_code as status, answered from idempotency_keys where key = ?').get(key) as { status: number | null; answered: number } | undefined;

  /**
   * A sale made under `key`, its key left as a crash between the sale's commit and its answer
   * leaves it: the answer kept with the sale, not yet known to be sent (the real crash:
   * test/sync/crash.test.ts).
   */
  async function soldThenCut(h: Harness, key: string) {
    const w = world(h);
    const body = orderBody(w.event);
    const first = expectOk(await w.postOrder(body, withKey(key)), 201);
    h.services.database.sqlite.prepare('update idempotency_keys set answered = 0 where key = ?').run(key);
    return { w, body, first };
  }

  it('replays the answer kept with the sale when the process died before answering', async () => {
    const h = harness();
    const { w, body, first } = await soldThenCut(h, 'crashed-1');
    expectError(await w.postOrder(body, withKey('crashed-1')), 409, 'IDEMPOTENCY_IN_PROGRESS');

    expect(h.services.idempotency.releaseAbandoned()).toBe(0);
    const retried = await w.postOrder(body, withKey('crashed-1'));
    expect(expectOk(retried, 201).id).toBe(first.id);
    expect(retried.headers['idempotent-replayed']).toBe('true');
    expect(countRows(h.services, 'orders')).toBe(1);
  });

  it('frees a claim whose work never committed, so that the retry is handled afresh', async () => {
    const h = harness();
    const w = world(h);
    const body = orderBody(w.event);
    // The claim a request that died before its sale committed leaves: no answer at all.
    h.services.idempotency.begin({ principal: w.organizer.user.id, key: 'crashed-2', method: 'POST', path: ordersPath(w.event.id), bodyHash: 'x' });
    expect(h.services.idempotency.releaseAbandoned()).toBe(1);
    expectOk(await w.postOrder(body, withKey('crashed-2')), 201);
    expect(countRows(h.services, 'orders')).toBe(1);
  });

  it("keeps a basket checkout's answer in the transaction of the payment", async () => {
    const h = harness();
    const w = world(h, { tickets: [ticketInput(h.clock(), { name: 'Dewasa', price: '50000' })] });
    const lines = [0, 1].map((i) => ({ ticketCategoryId: w.event.tickets[0]!.id, registration: registration({ name: `Anggota ${i + 1}` }) }));
    const basket = expectOk(await h.request({ ...call(contract.createTransaction, { params: { idOrSlug: w.event.id }, body: { eventId: w.event.id, lines } }), key: w.organizer.key }), 201);
    const kept: { inTransaction: boolean; value: unknown }[] = [];
    const actor = h.services.apiKeys.authenticate(w.organizer.key)!;
    const paid = await keepingOutcome(
      (_tx, value) => {
        kept.push({ inTransaction: h.services.database.sqlite.inTransaction, value });
        return true;
      },
      () => h.services.transactions.checkout(actor, w.event.id, basket.id, { method: 'bank_transfer', reference: 'BCA 1' }),
    );
    expect(kept).toEqual([{ inTransaction: true, value: paid }]);
    expect(paid).toMatchObject({ id: basket.id, status: 'verification_pending' });
  });

  it('a server error after the work committed leaves its answer for the retry', async () => {
    const h = harness();
    const { w, body, first } = await soldThenCut(h, 'after-500');
    h.services.idempotency.release(w.organizer.user.id, 'after-500');
    expect(claim(h, 'after-500')).toMatchObject({ status: 201, answered: 1 });
    expect(expectOk(await w.postOrder(body, withKey('after-500')), 201).id).toBe(first.id);
  });
});
