/**
 * Property tests: hundreds of generated bodies and query strings. Whatever comes in, the answer is
 * never a 5xx and always one of our two envelopes with a matching X-Request-Id.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { envelopeErrors } from '../support/envelope.js';
import { REF, makeCaller, orderBody, ordersPath, ticketInput } from '../support/fixtures.js';
import { useHarness, type Harness } from '../support/harness.js';
import type { Reply } from '../support/http.js';
import { world, type World } from '../support/world.js';

const RUNS = 400;
const EXPECTED_STATUSES = [200, 201, 400, 403, 404, 409, 413, 415, 422];

/** Checks replies and counts their statuses, so that a test can tell its inputs were not all noise. */
function checker() {
  const seen = new Set<number>();
  return {
    seen,
    check(reply: Reply): void {
      expect(envelopeErrors(reply), `${reply.status} ${reply.raw.slice(0, 300)}`).toEqual([]);
      expect(EXPECTED_STATUSES).toContain(reply.status);
      seen.add(reply.status);
    },
  };
}

const junk = fc.oneof(
  fc.string(),
  fc.constantFrom('', ' ', '0', '-1', '1.5', '1e3', '0x10', 'null', 'true', '99999999999999', '9007199254740993', '%', '_', "'", '\\', '😀'),
);
/** Mostly valid, so that whole requests get through often enough, else junk or absent. */
const maybe = <T>(valid: fc.Arbitrary<T>): fc.Arbitrary<T | string | undefined> =>
  fc.oneof({ weight: 8, arbitrary: valid }, { weight: 1, arbitrary: junk }, { weight: 1, arbitrary: fc.constant(undefined) });
const isoish = fc.oneof(
  fc.date({ min: new Date('0001-01-01'), max: new Date('9999-12-31'), noInvalidDate: true }).map((d) => d.toISOString()),
  fc.constantFrom('2026-01-01', '2026-02-30', '2026-12-01T19:00:00+07:00', '0000-01-01', '275760-09-13T00:00:00Z'),
);

function queryString(params: Record<string, string | undefined>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (value !== undefined) search.append(name, value);
  return search.toString();
}
/** Random text with & and = left in, so that it splits into odd parameters. */
const rawQuery = fc.string().map((s) => encodeURIComponent(s).replaceAll('%26', '&').replaceAll('%3D', '='));
const pagingParams = {
  page: maybe(fc.oneof(fc.integer({ min: -5, max: 1e6 }), fc.constantFrom(99_999_999_999_999, Number.MAX_SAFE_INTEGER)).map(String)),
  limit: maybe(fc.integer({ min: -5, max: 200 }).map(String)),
  order: maybe(fc.constantFrom('asc', 'desc')),
};
const queries = (params: fc.Arbitrary<Record<string, string | undefined>>) =>
  fc.oneof({ weight: 5, arbitrary: params.map(queryString) }, { weight: 1, arbitrary: rawQuery });

function bodies(w: World): fc.Arbitrary<string> {
  const registration = fc.record(
    {
      name: maybe(fc.string({ minLength: 1, maxLength: 120 })),
      email: maybe(fc.oneof(fc.stringMatching(/^[a-z][a-z0-9]{0,15}@[a-z]{2,10}\.(id|com)$/), fc.emailAddress())),
      phone: maybe(fc.stringMatching(/^\+[1-9]\d{7,14}$/)),
      gender: maybe(fc.constantFrom('male', 'female')),
      birthDate: maybe(fc.date({ min: new Date('1900-01-01'), max: new Date('2020-12-31'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10))),
      identityNumber: maybe(fc.stringMatching(/^\d{16}$/)),
      formData: fc.option(fc.oneof({ weight: 4, arbitrary: fc.dictionary(fc.string(), fc.jsonValue()) }, { weight: 1, arbitrary: fc.jsonValue() }), {
        nil: undefined,
      }),
    },
    { requiredKeys: [] },
  );
  const structured = fc.record(
    {
      eventId: maybe(fc.constant(w.event.id)),
      ticketCategoryId: maybe(fc.constant(w.event.tickets[0]!.id)),
      registration: fc.oneof({ weight: 8, arbitrary: registration }, { weight: 1, arbitrary: fc.jsonValue() }),
    },
    { requiredKeys: [] },
  );
  return fc.oneof(
    { weight: 6, arbitrary: structured.map((b) => JSON.stringify(b)) },
    { weight: 1, arbitrary: fc.jsonValue().map((b) => JSON.stringify(b)) },
    { weight: 1, arbitrary: fc.string() },
  );
}

interface PostInput {
  payload: string;
  contentType: string;
  idempotencyKey?: string;
  idOrSlug: string;
}

describe('generated requests never break the envelope', () => {
  const harness = useHarness('file');
  let shared: World | undefined;
  const setUp = (h: Harness): World => (shared ??= world(h, { tickets: [ticketInput(h.clock(), { quota: 100_000 })] }));

  it('POST .../admin/orders with generated bodies', async () => {
    const h = harness();
    const w = setUp(h);
    const { seen, check } = checker();
    const post = async ({ payload, contentType, idempotencyKey, idOrSlug }: PostInput) => {
      const headers: Record<string, string> = { 'content-type': contentType };
      if (idempotencyKey) headers['idempotency-key'] = idempotencyKey;
      check(await h.request({ method: 'POST', url: ordersPath(idOrSlug), key: w.organizer.key, payload, headers }));
    };
    const inputs: fc.Arbitrary<PostInput> = fc.record({
      payload: bodies(w),
      contentType: fc.oneof(
        { weight: 6, arbitrary: fc.constantFrom('application/json', 'application/json; charset=utf-8') },
        { weight: 1, arbitrary: fc.constantFrom('text/plain', 'application/x-www-form-urlencoded') },
      ),
      idempotencyKey: fc.oneof(
        { weight: 4, arbitrary: fc.constant(undefined) },
        { weight: 1, arbitrary: fc.constantFrom('k1', 'k2') },
        { weight: 1, arbitrary: fc.stringMatching(/^[\x21-\x7e]{1,250}$/) },
      ),
      idOrSlug: fc.constantFrom(w.event.id, w.event.slug, 'unknown-event'),
    });

    // One request for each outcome first, so that every run covers them all whatever the seed.
    const valid = JSON.stringify(orderBody(w.event));
    await post({ payload: valid, contentType: 'application/json', idOrSlug: w.event.id });
    await post({ payload: valid, contentType: 'application/json', idOrSlug: 'unknown-event' });
    await post({ payload: valid, contentType: 'text/plain', idOrSlug: w.event.slug });
    await post({ payload: '{"eventId":', contentType: 'application/json', idOrSlug: w.event.id });
    expect([...seen].sort()).toEqual([201, 400, 404, 415]);

    await fc.assert(fc.asyncProperty(inputs, post), { numRuns: RUNS });
  });

  it('GET /events with generated query strings', async () => {
    const h = harness();
    const w = setUp(h);
    const { seen, check } = checker();
    const callers = [w.organizer.key, makeCaller(h.services, 'super_admin').key, makeCaller(h.services, 'staff').key];
    const get = async (qs: string, key: string) => check(await h.request({ url: `/events?${qs}`, key }));
    const params = fc.record({
      ...pagingParams,
      ownerId: maybe(fc.constantFrom('me', w.organizer.user.id)),
      scope: maybe(fc.constantFrom('managed', 'all')),
      status: maybe(fc.constantFrom('draft', 'published', 'closed', 'archived')),
      isFeatured: maybe(fc.constantFrom('true', 'false')),
      categoryId: maybe(fc.constant(REF.category)),
      subcategoryId: maybe(fc.constant(REF.subcategory)),
      eventTypeId: maybe(fc.constant(REF.eventType)),
      search: maybe(fc.string({ minLength: 1, maxLength: 110 })),
      sort: maybe(fc.constantFrom('startAt', 'endAt', 'name', 'createdAt')),
      startAtFrom: maybe(isoish),
      startAtTo: maybe(isoish),
      endAtFrom: maybe(isoish),
      endAtTo: maybe(isoish),
    });

    await get('ownerId=me', w.organizer.key);
    await get(`ownerId=me&limit=100&page=${Number.MAX_SAFE_INTEGER}`, w.organizer.key);
    await get('ownerId=me&limit=101', w.organizer.key);
    await get('ownerId=me&scope=all', w.organizer.key);
    expect([...seen].sort()).toEqual([200, 400, 403]);

    await fc.assert(fc.asyncProperty(queries(params), fc.constantFrom(...callers), get), { numRuns: RUNS });
  });

  it('GET .../admin/orders with generated query strings', async () => {
    const h = harness();
    const w = setUp(h);
    const { seen, check } = checker();
    for (let i = 0; i < 3; i++) await w.createOrder();
    const get = async (qs: string, idOrSlug: string) => check(await h.request({ url: `${ordersPath(idOrSlug)}?${qs}`, key: w.organizer.key }));
    const params = fc.record({
      ...pagingParams,
      status: maybe(fc.constantFrom('completed', 'payment_pending', 'verification_pending', 'cancelled')),
      paymentStatus: maybe(fc.constantFrom('paid', 'unpaid', 'expired')),
      search: maybe(fc.string({ minLength: 1, maxLength: 110 })),
      sort: maybe(fc.constantFrom('createdAt', 'totalAmount')),
    });

    await get('', w.event.id);
    await get(`limit=100&page=${Number.MAX_SAFE_INTEGER}`, w.event.slug);
    await get('limit=101', w.event.id);
    expect([...seen].sort()).toEqual([200, 400]);

    await fc.assert(fc.asyncProperty(queries(params), fc.constantFrom(w.event.id, w.event.slug), get), { numRuns: RUNS });
  });

  it('GET and POST on generated paths', async () => {
    const h = harness();
    const w = setUp(h);
    const { check } = checker();
    /** Path segments: real ids and slugs, random text percent-encoded or left raw, long ones. */
    const segment = fc.oneof(
      fc.constantFrom(w.event.id, w.event.slug, '01JZZZZZZZZZZZZZZZZZZZZZZZ', '', '.', '..', '%', '%00', '%E0%A4%A'),
      fc.string().map(encodeURIComponent),
      // Raw printable text; not the backslash, which app.inject cannot put in a URL.
      fc.string().map((s) => s.replace(/[^\x21-\x7e]|\\/g, '')),
      fc.string({ minLength: 190, maxLength: 260 }).map((s) => encodeURIComponent(s).slice(0, 250)),
    );
    const path = fc.oneof(
      segment.map((id) => `/events/${id}/tickets`),
      segment.map((id) => ordersPath(id)),
      fc.tuple(segment, segment).map(([id, order]) => `${ordersPath(id)}/${order}`),
      fc.array(segment, { maxLength: 5 }).map((parts) => `/${parts.join('/')}`),
    );
    await fc.assert(
      fc.asyncProperty(path, fc.constantFrom('GET' as const, 'POST' as const), async (url, method) => {
        const body = method === 'POST' ? orderBody(w.event) : undefined;
        check(await h.request({ method, url, key: w.organizer.key, body }));
      }),
      { numRuns: RUNS },
    );
  });
});
