/**
 * Inputs that once answered 500, now refused with a clear 400 naming the field: a search term with
 * a NUL byte (the search index's query parser failed on it) and a registration's formData nested
 * thousands of levels deep (storing, answering and hashing it for Idempotency-Key overflowed the
 * stack). formData is bounded in depth, fields and size; within the bounds it is kept as sent. A
 * remote's API key that no HTTP header can carry (found by test/api/fuzz.test.ts) was a 500 too.
 */
import { describe, expect, it } from 'vitest';
import { messages } from '../../src/shared/messages.js';
import { FORM_DATA_LIMITS } from '../../src/shared/schemas/registration.js';
import { expectError, expectOk, expectValidation } from '../support/envelope.js';
import { makeCaller, orderBody, ordersPath } from '../support/fixtures.js';
import { useHarness } from '../support/harness.js';
import { deadUrl } from '../support/remote-app.js';
import { runCli } from '../support/serve.js';
import { world } from '../support/world.js';

describe('a search term with control characters', () => {
  const harness = useHarness();

  it.each(['%00%00%00', 'ab%00cd', 'siti%01', '%7Fab'])('search=%s is 400 on search, for orders and events', async (term) => {
    const h = harness();
    const w = world(h);
    await w.createOrder();
    for (const url of [`${ordersPath(w.event.id)}?search=${term}`, `/events?ownerId=me&search=${term}`]) {
      const error = expectError(await h.request({ url, key: w.organizer.key }), 400, 'VALIDATION_FAILED');
      expect(error.details).toEqual([{ field: 'search', message: messages.searchControlCharacters }]);
    }
  });
});

describe("a registration's formData", () => {
  const harness = useHarness();

  /** An order body whose formData is the JSON text `formData` (text: the deepest cannot be built as a value here). */
  const withFormData = (w: ReturnType<typeof world>, formData: string) =>
    JSON.stringify(orderBody(w.event)).replace('"registration":{', `"registration":{"formData":${formData},`);
  const post = (w: ReturnType<typeof world>, payload: string, headers: Record<string, string> = {}) =>
    w.h.request({ method: 'POST', url: ordersPath(w.event.id), key: w.organizer.key, payload, headers: { 'content-type': 'application/json', ...headers } });
  const nested = (levels: number) => `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;
  const fields = (n: number) => `{${Array.from({ length: n }, (_, i) => `"f${i}":${i}`).join(',')}}`;

  it.each([
    ['nested 10,000 levels deep', nested(10_000), messages.formDataTooDeep(FORM_DATA_LIMITS.depth)],
    [`nested ${FORM_DATA_LIMITS.depth + 1} levels deep`, `{"x":${nested(FORM_DATA_LIMITS.depth)}}`, messages.formDataTooDeep(FORM_DATA_LIMITS.depth)],
    [`with ${FORM_DATA_LIMITS.fields + 1} fields`, fields(FORM_DATA_LIMITS.fields + 1), messages.formDataTooManyFields(FORM_DATA_LIMITS.fields)],
    ['of 3,000 fields', fields(3000), messages.formDataTooManyFields(FORM_DATA_LIMITS.fields)],
    [`over ${FORM_DATA_LIMITS.bytes} bytes`, JSON.stringify({ catatan: 'x'.repeat(FORM_DATA_LIMITS.bytes) }), messages.formDataTooLarge(FORM_DATA_LIMITS.bytes)],
  ])('%s is 400 on registration.formData, with or without Idempotency-Key, and sells nothing', async (_what, formData, message) => {
    const h = harness();
    const w = world(h);
    for (const headers of [{}, { 'idempotency-key': 'dalam-1' }] as Record<string, string>[]) {
      const error = expectError(await post(w, withFormData(w, formData), headers), 400, 'VALIDATION_FAILED');
      expect(error.details).toEqual([{ field: 'registration.formData', message }]);
    }
    expect((await w.seats()).held).toBe(0);
  });

  it('within the bounds it is kept and answered as sent', async () => {
    const h = harness();
    const w = world(h);
    // Right at the bounds: the deepest value 5 levels down, 50 fields in all (45 + tamu and its 4).
    const formData = { ...JSON.parse(fields(FORM_DATA_LIMITS.fields - FORM_DATA_LIMITS.depth)), tamu: JSON.parse(nested(FORM_DATA_LIMITS.depth - 1)) };
    const created = expectOk(await post(w, withFormData(w, JSON.stringify(formData)), { 'idempotency-key': 'dalam-2' }), 201);
    const paid = await w.checkout(created, { method: 'cash', amountTendered: created.totalAmount });
    expect(paid.participants[0].formData).toEqual(formData);
  });
});

describe("a remote's API key", () => {
  const harness = useHarness();

  it.each(['kunci-π-rahasia', 'tck_\u{10ffff}abcdef', 'tck_dengan spasi'])('%o is no key (printable ASCII without spaces, as a header carries it): 400 on apiKey, check and save', async (apiKey) => {
    const h = harness();
    const owner = makeCaller(h.services, 'super_admin');
    const body = { baseUrl: await deadUrl(), apiKey };
    for (const [method, url] of [['POST', '/sync/remote/check'], ['PUT', '/sync/remote']] as const) {
      const error = expectError(await h.request({ method, url, key: owner.key, body }), 400, 'VALIDATION_FAILED');
      expect(error.details).toEqual([{ field: 'apiKey', message: messages.remoteKeyCharacters }]);
    }
    expect(h.services.remote.summary()).toBeNull();
  });
});

describe('a name made only of invisible characters', () => {
  const harness = useHarness();
  const INVISIBLE = ['\u200b\u200b\u200b', '\u200d\ufeff\u2060', '\u00ad\u200e', ' \u200b \u3000 '];

  it.each(INVISIBLE)('%o is no name: a customer, an operator, a device key, a gate', async (name) => {
    const h = harness();
    const w = world(h);
    const paid = await w.sell();
    const owner = makeCaller(h.services, 'super_admin');
    const refusals: [Promise<Parameters<typeof expectValidation>[0]>, string][] = [
      [w.postOrder(orderBody(w.event, { registration: { name } })), 'registration.name'],
      [h.request({ method: 'POST', url: '/api-keys', key: owner.key, body: { name } }), 'name'],
      [h.request({ method: 'POST', url: `/events/${w.event.id}/check-ins`, key: owner.key, body: { orderId: paid.id, gate: name } }), 'gate'],
    ];
    for (const [reply, field] of refusals) expectValidation(await reply, field);
    const cli = await runCli(['user', 'create', '--data-dir', h.dataDir, '--email', 'tak.terlihat@contoh.id', '--name', name, '--role', 'staff', '--password', 'kata-sandi-panjang']);
    expect(cli.code).toBe(1);
    expect(cli.stderr).toContain('name');
  });

  it('a name with an invisible character among visible ones is a name', async () => {
    const w = world(harness());
    expectOk(await w.postOrder(orderBody(w.event, { registration: { name: 'Siti\u200bRahma' } })), 201);
  });
});
