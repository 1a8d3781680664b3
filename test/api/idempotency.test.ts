/** Idempotency-Key on POST .../admin/orders: replay for the same body, 422 for another. */
import { describe, expect, it } from 'vitest';
import { countRows } from '../support/db.js';
import { expectError, expectOk } from '../support/envelope.js';
import { makeCaller, orderBody, ordersPath } from '../support/fixtures.js';
import { useHarness } from '../support/harness.js';
import { world } from '../support/world.js';

describe('Idempotency-Key', () => {
  const harness = useHarness();
  const withKey = (key: string) => ({ headers: { 'idempotency-key': key } });

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

  it('frees a claim a dead process left unfinished, so that the retry is handled (and cannot duplicate the sale)', async () => {
    const h = harness();
    const w = world(h);
    const body = orderBody(w.event);
    const first = expectOk(await w.postOrder(body, { headers: { 'idempotency-key': 'crashed-1' } }), 201);
    // As a crash between the sale's commit and the stored response leaves it: claimed, unfinished.
    h.services.database.sqlite.prepare("update idempotency_keys set status_code = null, response_body = null where key = 'crashed-1'").run();
    expectError(await w.postOrder(body, { headers: { 'idempotency-key': 'crashed-1' } }), 409, 'IDEMPOTENCY_IN_PROGRESS');

    expect(h.services.idempotency.releaseAbandoned()).toBe(1);
    const retried = await w.postOrder(body, { headers: { 'idempotency-key': 'crashed-1' } });
    expectError(retried, 409, 'IDENTITY_NUMBER_REGISTERED');
    expect(countRows(h.services, 'orders')).toBe(1);
    expect(first.id).toBeTruthy();
  });
});
