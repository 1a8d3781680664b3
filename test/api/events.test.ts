/** GET /events: every query parameter, the owner rules and the Event shape. */
import { beforeAll, describe, expect, it } from 'vitest';
import type { ImportEvent } from '../../src/shared/schemas/import.js';
import { toIso } from '../../src/main/domain/time.js';
import { DAY, HOUR } from '../support/clock.js';
import { expectError, expectList, expectValidation } from '../support/envelope.js';
import { REF, eventInput, makeCaller, ticketInput, type Caller } from '../support/fixtures.js';
import { useHarness } from '../support/harness.js';
import { query } from '../support/http.js';
import { EVENT, expectShape } from '../support/shapes.js';

type Params = Record<string, string | number | boolean | undefined>;

describe('GET /events', () => {
  const harness = useHarness('file');
  let now: number;
  let owner: Caller;
  let other: Caller;
  let pager: Caller;
  let admin: Caller;
  let granted: Caller;
  /** The owner's four events, each differing from the others on one filter. */
  let jazz: ImportEvent;
  let books: ImportEvent;
  let food: ImportEvent;
  let wayang: ImportEvent;
  let othersEvent: ImportEvent;
  const paged: ImportEvent[] = [];

  const at = (offset: number) => toIso(now + offset, 'Asia/Jakarta');
  const dateOf = (offset: number) => new Date(now + offset).toISOString().slice(0, 10);

  beforeAll(() => {
    const { services } = harness();
    now = services.clock();
    owner = makeCaller(services, 'organizer');
    other = makeCaller(services, 'organizer');
    pager = makeCaller(services, 'organizer');
    admin = makeCaller(services, 'super_admin');
    const timed = (start: number, end: number, created: number) => ({
      startAt: at(start),
      endAt: at(end),
      createdAt: at(created),
      updatedAt: at(created),
    });
    jazz = eventInput(now, {
      name: 'Konser Jazz Malam',
      location: 'Istora Senayan, Jakarta',
      isFeatured: true,
      ...timed(10 * DAY, 10 * DAY + 5 * HOUR, -3 * DAY),
      tickets: [ticketInput(now, { price: '50000' }), ticketInput(now, { price: '150000.50' })],
    });
    books = eventInput(now, {
      name: 'Pameran Buku',
      location: 'JCC Senayan',
      status: 'draft',
      categoryId: REF.otherCategory,
      ...timed(20 * DAY, 20 * DAY + 5 * HOUR, -2 * DAY),
    });
    food = eventInput(now, {
      name: 'Festival Kuliner',
      location: 'Gedung Sate, Bandung',
      status: 'closed',
      subcategoryId: REF.otherSubcategory,
      eventTypeId: REF.otherEventType,
      ...timed(5 * DAY, 40 * DAY, -1 * DAY),
    });
    wayang = eventInput(now, {
      name: 'Wayang Kulit',
      location: 'Taman Budaya, Yogyakarta',
      status: 'archived',
      ...timed(-10 * DAY, -9 * DAY, -4 * DAY),
    });
    services.importer.importEvents({ events: [jazz, books, food, wayang] }, owner.user);
    othersEvent = eventInput(now, { name: 'Jazz di Taman' });
    services.importer.importEvents({ events: [othersEvent] }, other.user);
    granted = makeCaller(services, 'staff', { eventId: othersEvent.id, permission: 'event:read' });
    for (let i = 0; i < 45; i++) paged.push(eventInput(now, { tickets: [] }));
    services.importer.importEvents({ events: paged }, pager.user);
  });

  const list = (params: Params, key = owner.key) => harness().request({ url: `/events${query({ ownerId: 'me', ...params })}`, key });
  const ids = async (params: Params, key?: string) => expectList(await list(params, key)).data.map((e: { id: string }) => e.id);

  describe('shape', () => {
    it('returns every Event field with its type, in the event time zone', async () => {
      const { data } = expectList(await list({ limit: 100 }));
      expect(data).toHaveLength(4);
      for (const event of data) expectShape(event, EVENT);
      const found = data.find((e) => e.id === jazz.id);
      expect(found).toMatchObject({
        ownerId: owner.user.id,
        name: jazz.name,
        slug: jazz.slug,
        location: jazz.location,
        timezone: 'Asia/Jakarta',
        status: 'published',
        isFeatured: true,
        isFinished: false,
        quota: 200,
        minPrice: '50000.00',
        maxPrice: '150000.50',
      });
      expect(found.startAt).toMatch(/\+07:00$/);
      expect(Date.parse(found.startAt)).toBe(Date.parse(jazz.startAt));
      expect(data.find((e) => e.id === wayang.id).isFinished).toBe(true);
    });
  });

  describe('owner and scope', () => {
    it('requires ownerId', async () => {
      expectValidation(await harness().request({ url: '/events', key: owner.key }), 'ownerId');
    });

    it('ownerId=me and the caller own id list the events the caller organizes', async () => {
      const mine = [food.id, books.id, jazz.id, wayang.id];
      expect(await ids({})).toEqual(mine);
      expect(await ids({ ownerId: owner.user.id })).toEqual(mine);
      expect(await ids({ scope: 'managed' })).toEqual(mine);
    });

    it('ownerId=me includes events the caller was granted', async () => {
      expect(await ids({}, granted.key)).toEqual([othersEvent.id]);
    });

    it("refuses another user's id with 403, except for super_admin", async () => {
      expectError(await list({ ownerId: other.user.id }), 403, 'FORBIDDEN');
      expect(await ids({ ownerId: other.user.id }, admin.key)).toEqual([othersEvent.id]);
    });

    it('rejects an ownerId that is neither me nor a ULID', async () => {
      expectValidation(await list({ ownerId: 'someone' }), 'ownerId');
    });

    it('scope=all lists every event for super_admin, optionally of one owner', async () => {
      const { meta } = expectList(await list({ scope: 'all' }, admin.key));
      expect(meta.total).toBe(4 + 1 + 45);
      expect(await ids({ scope: 'all', ownerId: other.user.id }, admin.key)).toEqual([othersEvent.id]);
    });

    it('scope=all is 403 FORBIDDEN for anyone but super_admin', async () => {
      expectError(await list({ scope: 'all' }), 403, 'FORBIDDEN');
      expectError(await list({ scope: 'all' }, granted.key), 403, 'FORBIDDEN');
    });

    it('rejects an unknown scope', async () => {
      expectValidation(await list({ scope: 'everything' }), 'scope');
    });
  });

  describe('filters', () => {
    it.each([
      ['published', 'jazz'],
      ['draft', 'books'],
      ['closed', 'food'],
      ['archived', 'wayang'],
    ])('status=%s', async (status, name) => {
      const expected = { jazz, books, food, wayang }[name]!;
      expect(await ids({ status })).toEqual([expected.id]);
    });

    it('isFeatured=true and false', async () => {
      expect(await ids({ isFeatured: true })).toEqual([jazz.id]);
      expect(await ids({ isFeatured: false })).toEqual([food.id, books.id, wayang.id]);
    });

    it('categoryId, subcategoryId and eventTypeId', async () => {
      expect(await ids({ categoryId: REF.otherCategory })).toEqual([books.id]);
      expect(await ids({ subcategoryId: REF.otherSubcategory })).toEqual([food.id]);
      expect(await ids({ eventTypeId: REF.otherEventType })).toEqual([food.id]);
      expect(await ids({ categoryId: REF.category, eventTypeId: REF.eventType })).toEqual([jazz.id, wayang.id]);
    });

    it('search matches name or location, case-insensitively', async () => {
      expect(await ids({ search: 'JAZZ' })).toEqual([jazz.id]);
      expect(await ids({ search: 'senayan' })).toEqual([books.id, jazz.id]);
      expect(await ids({ search: 'bandung' })).toEqual([food.id]);
      expect(await ids({ search: 'nowhere' })).toEqual([]);
    });

    it('search takes LIKE wildcards literally', async () => {
      expect(await ids({ search: '%' })).toEqual([]);
      expect(await ids({ search: 'J_zz' })).toEqual([]);
    });

    it('startAtFrom and startAtTo bound the start, as timestamps or dates', async () => {
      expect(await ids({ startAtFrom: at(6 * DAY) })).toEqual([books.id, jazz.id]);
      expect(await ids({ startAtTo: at(6 * DAY) })).toEqual([food.id, wayang.id]);
      expect(await ids({ startAtFrom: dateOf(6 * DAY), startAtTo: dateOf(15 * DAY) })).toEqual([jazz.id]);
      expect(await ids({ startAtFrom: jazz.startAt, startAtTo: jazz.startAt })).toEqual([jazz.id]);
    });

    it('endAtFrom and endAtTo bound the end', async () => {
      expect(await ids({ endAtFrom: at(30 * DAY) })).toEqual([food.id]);
      expect(await ids({ endAtTo: at(0) })).toEqual([wayang.id]);
      expect(await ids({ endAtFrom: dateOf(0), endAtTo: dateOf(25 * DAY) })).toEqual([books.id, jazz.id]);
    });

    it('combines filters with AND', async () => {
      expect(await ids({ search: 'senayan', status: 'draft' })).toEqual([books.id]);
      expect(await ids({ search: 'senayan', isFeatured: false, status: 'published' })).toEqual([]);
    });
  });

  describe('sort and order', () => {
    it('defaults to createdAt desc', async () => {
      expect(await ids({})).toEqual([food.id, books.id, jazz.id, wayang.id]);
      expect(await ids({ sort: 'createdAt', order: 'desc' })).toEqual([food.id, books.id, jazz.id, wayang.id]);
    });

    it.each([
      ['startAt', ['wayang', 'food', 'jazz', 'books']],
      ['endAt', ['wayang', 'jazz', 'books', 'food']],
      ['name', ['food', 'jazz', 'books', 'wayang']],
      ['createdAt', ['wayang', 'jazz', 'books', 'food']],
    ])('sort=%s ascending and descending', async (sort, names) => {
      const byName: Record<string, ImportEvent> = { jazz, books, food, wayang };
      const expected = names.map((n) => byName[n]!.id);
      expect(await ids({ sort, order: 'asc' })).toEqual(expected);
      expect(await ids({ sort, order: 'desc' })).toEqual([...expected].reverse());
    });
  });

  describe('paging', () => {
    it('defaults to page 1 of 20', async () => {
      const { data, meta } = expectList(await list({}, pager.key));
      expect(data).toHaveLength(20);
      expect(meta).toEqual({ page: 1, limit: 20, total: 45, totalPages: 3 });
    });

    it('serves the last, partial page and an empty page past the end', async () => {
      const last = expectList(await list({ page: 3 }, pager.key));
      expect(last.data).toHaveLength(5);
      expect(last.meta).toEqual({ page: 3, limit: 20, total: 45, totalPages: 3 });
      const past = expectList(await list({ page: 4 }, pager.key));
      expect(past.data).toEqual([]);
      expect(past.meta).toEqual({ page: 4, limit: 20, total: 45, totalPages: 3 });
    });

    it('allows limit up to 100', async () => {
      const { data, meta } = expectList(await list({ limit: 100 }, pager.key));
      expect(data).toHaveLength(45);
      expect(meta).toEqual({ page: 1, limit: 100, total: 45, totalPages: 1 });
    });

    it('walks every event exactly once across pages, in a stable order', async () => {
      const all = await ids({ limit: 100, sort: 'createdAt' }, pager.key);
      const walked: string[] = [];
      for (let page = 1; page <= 7; page++) walked.push(...(await ids({ limit: 7, page }, pager.key)));
      expect(walked).toEqual(all);
      expect(new Set(walked)).toEqual(new Set(paged.map((e) => e.id)));
    });

    it('meta reports zero pages for an empty result', async () => {
      expect(expectList(await list({ search: 'nothing at all' })).meta).toEqual({ page: 1, limit: 20, total: 0, totalPages: 0 });
    });
  });

  describe('invalid parameters are 400 VALIDATION_FAILED naming the parameter', () => {
    it.each([
      ['limit', '101'],
      ['limit', '0'],
      ['limit', '-1'],
      ['limit', '2.5'],
      ['limit', 'ten'],
      ['page', '0'],
      ['page', 'first'],
      ['status', 'live'],
      ['isFeatured', 'yes'],
      ['isFeatured', '1'],
      ['categoryId', 'music'],
      ['subcategoryId', '123'],
      ['eventTypeId', 'x'],
      ['sort', 'price'],
      ['order', 'up'],
      ['startAtFrom', 'tomorrow'],
      ['startAtTo', '2026-13-01'],
      ['endAtFrom', '2026-02-30'],
      ['endAtTo', '2026-01-01T25:00:00Z'],
      ['search', 'x'.repeat(101)],
    ])('%s=%s', async (name, value) => {
      expectValidation(await list({ [name]: value }), name);
    });
  });
});
