/**
 * The search index is fed after the sale (domain/search-index.ts): an order sold a moment ago is
 * found by its name or e-mail before its batch and after it, exactly once, in an event's list, in
 * the search across events and in the totals; serve feeds the batches by itself.
 */
import Database from 'better-sqlite3';
import { eq } from 'drizzle-orm';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { orders } from '../../src/main/db/schema.js';
import { contract } from '../../src/shared/contract/index.js';
import { queryPlan } from '../support/db.js';
import { expectList, expectOk } from '../support/envelope.js';
import { orderBody, ordersPath, ticketInput } from '../support/fixtures.js';
import { seedDataDir, tempDir, useHarness, type TempDir } from '../support/harness.js';
import { call, query } from '../support/http.js';
import { fetchJson, startServe, type Served } from '../support/serve.js';
import { exactCash, world, type World } from '../support/world.js';

/** How far the index is fed, and the last order's rowid. */
const MARK = 'select (select indexed_through from orders_search_progress) as mark, (select max(rowid) from orders) as last';

describe('the search index, fed after the sale', () => {
  const harness = useHarness('file');
  let w: World;

  beforeAll(() => {
    w = world(harness(), { name: 'Konser Senja' });
  });

  const progress = () => harness().services.database.sqlite.prepare(MARK).get() as { mark: number; last: number };

  /** The ids an event's list, the search across events and the totals each find, which must agree. */
  async function found(term: string): Promise<string[]> {
    const h = harness();
    const listed = expectList(await h.request({ url: `${ordersPath(w.event.id)}${query({ search: term })}`, key: w.organizer.key }));
    expect(listed.meta.total, term).toBe(listed.data.length);
    const across = expectList(await h.request({ ...call(contract.searchOrders, { query: { search: term } }), key: w.organizer.key }));
    expect(across.data, term).toEqual(listed.data);
    const totals = expectOk(await h.request({ ...call(contract.orderTotals, { params: { idOrSlug: w.event.id }, query: { search: term } }), key: w.organizer.key }));
    expect(totals.count, term).toBe(listed.data.length);
    return listed.data.map((o: { id: string }) => o.id);
  }

  it('finds an order before its batch and once after it, by name, by e-mail and beside an identifier', async () => {
    await harness().services.searchIndex.catchUp();
    const first = await w.sell({ registration: { name: 'Wulandari Putri', email: 'wulan2024@contoh.id' } });
    expect(progress().mark).toBeLessThan(progress().last);
    expect(await found('ulandari')).toEqual([first.id]);
    // Digits: the term may also be a NIK's or a phone's ending, searched beside the name and e-mail.
    expect(await found('2024')).toEqual([first.id]);

    expect(await harness().services.searchIndex.catchUp()).toBe(1);
    expect(progress().mark).toBe(progress().last);
    expect(await found('ulandari')).toEqual([first.id]);
    expect(await found('2024')).toEqual([first.id]);

    // One order in the index, one not yet: both, newest first.
    harness().clock.advance(1000);
    const second = await w.sell({ registration: { name: 'Wulandari Sari', email: 'sari2024@contoh.id' } });
    expect(await found('ulandari')).toEqual([second.id, first.id]);
    expect(await found('2024')).toEqual([second.id, first.id]);
    expect(await found('wulandari sari')).toEqual([second.id]);
  });

  it('a whole e-mail: the index looks up its name to the @, and finds only orders holding the whole term', async () => {
    harness().clock.advance(1000);
    const [exact, longer, within, otherDomain] = [
      await w.sell({ registration: { name: 'Budi Satu', email: 'budi.s@contoh.id' } }),
      await w.sell({ registration: { name: 'Budi Dua', email: 'budi.s@contoh.idn' } }),
      await w.sell({ registration: { name: 'Budi Tiga', email: 'xbudi.s@contoh.id' } }),
      await w.sell({ registration: { name: 'Budi Empat', email: 'budi.s@lain.id' } }),
    ];
    const expected = [within.id, longer.id, exact.id];
    expect(await found('budi.s@contoh.id')).toEqual(expected);
    await harness().services.searchIndex.catchUp();
    expect(progress().mark).toBe(progress().last);
    expect(await found('budi.s@contoh.id')).toEqual(expected);
    expect(await found('BUDI.S@Contoh.ID')).toEqual(expected);
    expect(await found('budi.s@lain.id')).toEqual([otherDomain.id]);
    // Too little before the @ for a trigram: the whole term is looked up.
    expect(await found('s@contoh.id')).toEqual(expected);
    expect(await found('@lain.id')).toEqual([otherDomain.id]);
    // One character before the @, two UTF-16 units: still too little for a trigram.
    const astral = await w.sell({ registration: { name: 'Tante 😀@Rina' } });
    await harness().services.searchIndex.catchUp();
    expect(await found('😀@rina')).toEqual([astral.id]);
  });

  it('takes at most a batch at a time, in the order sold, and moves its mark past each', async () => {
    const index = harness().services.searchIndex;
    await index.catchUp();
    const sold = [];
    for (const name of ['Bayu Anggara', 'Bayu Pratama', 'Bayu Saputra']) {
      harness().clock.advance(1000);
      sold.push((await w.sell({ registration: { name } })).id);
    }
    const newestFirst = [...sold].reverse();
    const before = progress();
    expect(await index.catchUp(2)).toBe(2);
    expect(progress().mark).toBeLessThan(progress().last);
    expect(progress().mark).toBeGreaterThan(before.mark);
    expect(await found('bayu')).toEqual(newestFirst);
    expect(await index.catchUp(2)).toBe(1);
    expect(await index.catchUp(2)).toBe(0);
    expect(progress().mark).toBe(progress().last);
    expect(await found('bayu')).toEqual(newestFirst);
  });

  it('an order whose name changes is found by the new name only, in the index or not yet', async () => {
    const { db } = harness().services.database;
    harness().clock.advance(1000);
    const indexed = await w.sell({ registration: { name: 'Citra Lama' } });
    await harness().services.searchIndex.catchUp();
    harness().clock.advance(1000);
    const waiting = await w.sell({ registration: { name: 'Dewi Lama' } });
    // Nothing of the service renames a customer today; the triggers keep the index right if it ever does.
    db.update(orders).set({ customerName: 'Citra Baru' }).where(eq(orders.id, indexed.id)).run();
    db.update(orders).set({ customerName: 'Dewi Baru' }).where(eq(orders.id, waiting.id)).run();
    for (const fed of [false, true]) {
      if (fed) await harness().services.searchIndex.catchUp();
      expect(await found('lama'), `fed: ${fed}`).toEqual([]);
      expect(await found('citra baru')).toEqual([indexed.id]);
      expect(await found('dewi baru')).toEqual([waiting.id]);
    }
  });
});

describe('a search of one or two characters, counted from order_grams', () => {
  const harness = useHarness('file');
  let w: World;
  let other: World;

  beforeAll(() => {
    w = world(harness(), { name: 'Konser Pagi' });
    other = world(harness(), { name: 'Konser Malam' });
  });

  const sqlite = () => harness().services.database.sqlite;
  const gramsMark = () => sqlite().prepare('select grams_counted_through from orders_search_progress').pluck().get() as number;
  /** What SQLite's LIKE finds in the event, written here apart from the service: `select … from orders` and this. */
  const LIKE_IN_EVENT = `where event_id = ? and (? is null or status = ?) and (customer_name like ? escape '\\' or customer_email like ? escape '\\')`;
  const likeParams = (eventId: string, term: string, status?: string) => {
    const pattern = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    return [eventId, status ?? null, status ?? null, pattern, pattern];
  };
  const likeCount = (eventId: string, term: string, status?: string) =>
    sqlite().prepare(`select count(*) from orders ${LIKE_IN_EVENT}`).pluck().get(...likeParams(eventId, term, status)) as number;
  async function listed(term: string, extra: Record<string, string> = {}) {
    return expectList(await harness().request({ url: `${ordersPath(w.event.id)}${query({ search: term, limit: '100', ...extra })}`, key: w.organizer.key }));
  }
  /** The list's total, and its totals' count, against the LIKE; the ids it lists. */
  async function found(term: string): Promise<string[]> {
    const list = await listed(term);
    expect(list.meta.total, term).toBe(likeCount(w.event.id, term));
    const totals = expectOk(await harness().request({ ...call(contract.orderTotals, { params: { idOrSlug: w.event.id }, query: { search: term } }), key: w.organizer.key }));
    expect(totals.count, term).toBe(list.meta.total);
    const completed = await listed(term, { status: 'completed' });
    expect(completed.meta.total, `${term}, completed`).toBe(likeCount(w.event.id, term, 'completed'));
    return list.data.map((o: { id: string }) => o.id);
  }
  const TERMS = ['a', 'an', 'AN', 'Än', 'ä', 'é', '😀', '😀x', '%', '_a', 'a\\', 'ti', '.c', 'zq', 'q'];

  it('agrees with LIKE before the batch, after it, and with some orders counted and some not', async () => {
    const names = ['Andi Susanto', 'ANA Lestari', 'Änne Müller', 'Ännchen', 'José Pérez', 'Tante 😀x Rina', '100% Jaya', 'a_b Ltd', 'back\\slash', 'Zqa'];
    const sold = [];
    for (const [i, name] of names.entries()) {
      harness().clock.advance(1000);
      sold.push((await w.sell({ registration: { name, email: i === 0 ? 'andi@contoh.id' : `tamu${i}@contoh.id` } })).id);
      // Another event's orders hold the same pieces: they count for that event alone.
      await other.sell({ registration: { name, email: `lain${i}@contoh.id` } });
    }
    for (const term of TERMS) await found(term);
    expect(await found('zq')).toEqual([sold[9]]);
    // A piece in the name and the e-mail both counts its order once.
    expect(await found('an')).toEqual([sold[5], sold[1], sold[0]]);

    expect(await harness().services.searchIndex.catchUp(7)).toBe(7);
    expect(gramsMark()).toBeGreaterThan(0);
    for (const term of TERMS) await found(term);

    await harness().services.searchIndex.catchUp(1000);
    expect(gramsMark()).toBe(sqlite().prepare('select max(rowid) from orders').pluck().get());
    for (const term of TERMS) await found(term);
    expect(await found('an')).toEqual([sold[5], sold[1], sold[0]]);
    const counted = sqlite().prepare("select orders from order_grams where event_id = ? and gram = 'Ä'").pluck().get(w.event.id);
    expect(counted).toBe(2);
  });

  it('agrees with LIKE on a name holding half an emoji, which SQLite and Node read back differently', async () => {
    harness().clock.advance(1000);
    // Stored as the bytes ED A0 BD: LIKE reads one U+FFFD there, Node three.
    const cut = await w.sell({ registration: { name: 'Ana\ud83d', email: 'potong@contoh.id' } });
    for (const fed of [false, true]) {
      if (fed) await harness().services.searchIndex.catchUp(1000);
      for (const term of ['\ufffd\ufffd', '\ufffd', 'a\ufffd', '\ufffdp']) await found(term);
      expect(await found('a\ufffd'), `fed: ${fed}`).toEqual([cut.id]);
    }
  });

  it('pages through many matches in list order, with the counted total', async () => {
    const sold = [];
    for (let i = 0; i < 12; i++) {
      harness().clock.advance(1000);
      sold.push((await w.sell({ registration: { name: `Yoga Nomor ${i}`, email: `yoga${i}@contoh.id` } })).id);
    }
    await harness().services.searchIndex.catchUp(1000);
    const newestFirst = [...sold].reverse();
    const pages = [];
    for (const page of ['1', '2', '3']) pages.push(...(await listed('yo', { limit: '5', page })).data.map((o: { id: string }) => o.id));
    expect(pages).toEqual(newestFirst);
    expect((await listed('yo', { limit: '5' })).meta).toMatchObject({ total: 12, totalPages: 3 });
  });

  it('a term of thousands of matches, of a hundred and of a few: counted, filtered and paged as the LIKE finds', async () => {
    const h = harness();
    const big = world(h, { name: 'Konser Raya', tickets: [ticketInput(h.clock(), { quota: 2000 })] });
    // One more than the matches a page reads rather than walks (FEW_MATCHES in
    // domain/order-list.ts); "wulan 1" holds 112, more than are read once (READ_ONCE), "sekar" one.
    const MANY = 1001;
    const wulan: Awaited<ReturnType<World['createOrder']>>[] = [];
    for (let i = 0; i < MANY; i += 50) {
      // Every tenth e-mail's domain holds "wulan" too: counted once however many parts hold the term.
      const batch = Array.from({ length: Math.min(50, MANY - i) }, (_, j) => ({ name: `Wulan ${i + j}`, email: `wulan${i + j}@${(i + j) % 10 ? 'contoh' : 'wulan'}.id` }));
      wulan.push(...(await Promise.all(batch.map((registration) => big.createOrder({ registration })))));
    }
    const sekar = await big.createOrder({ registration: { name: 'Sekar Ayu', email: 'sekar@contoh.id' } });
    for (const order of [wulan[3]!, wulan[700]!, sekar]) await big.checkout(order, exactCash(order));
    const page = async (term: string, extra: Record<string, string> = {}) =>
      expectList(await h.request({ url: `${ordersPath(big.event.id)}${query({ search: term, limit: '100', ...extra })}`, key: big.organizer.key }));
    /** The page's ids as the LIKE orders them. */
    const likePage = (term: string, status: string | undefined, offset: number) =>
      sqlite()
        .prepare(`select id from orders ${LIKE_IN_EVENT} order by created_at desc, rowid desc limit 100 offset ?`)
        .pluck()
        .all(...likeParams(big.event.id, term, status), offset);

    /** Every term's list, completed list and totals against the LIKE. */
    async function agree(fed: string) {
      // Without an @; with one, looked up by the part before it, by the part from it, or by neither.
      const terms = ['wulan', 'wulan 1', 'sekar', 'ulan 10', 'contoh', 'CONTOH.i', 'an.id', 'lain.id', 'at.wul'];
      const withAt = ['wulan7@contoh.id', 'N7@', '7@contoh', '@wulan.id', 'a@wulan@c', 'wulan@contoh', 'n@c', '@w'];
      for (const term of [...terms, ...withAt]) {
        const first = await page(term);
        expect(first.meta.total, `${term}, fed: ${fed}`).toBe(likeCount(big.event.id, term));
        expect(first.data.map((o: { id: string }) => o.id), term).toEqual(likePage(term, undefined, 0));
        const completed = await page(term, { status: 'completed' });
        expect(completed.meta.total, `${term}, completed`).toBe(likeCount(big.event.id, term, 'completed'));
        expect(completed.data.map((o: { id: string }) => o.id), `${term}, completed`).toEqual(likePage(term, 'completed', 0));
        const totals = expectOk(await h.request({ ...call(contract.orderTotals, { params: { idOrSlug: big.event.id }, query: { search: term } }), key: big.organizer.key }));
        expect(totals.count, term).toBe(first.meta.total);
      }
    }

    // Not what a form takes, but what the index must still split right: no @, and two.
    const { db } = h.services.database;
    db.update(orders).set({ customerEmail: 'tanpa-at.wulan' }).where(eq(orders.id, wulan[11]!.id)).run();
    db.update(orders).set({ customerEmail: 'dua@wulan@contoh.id' }).where(eq(orders.id, wulan[12]!.id)).run();

    // Indexed and counted: none, the first 400 orders, all.
    for (const fed of ['none', 'part', 'all']) {
      if (fed === 'part') await h.services.searchIndex.catchUp(400);
      if (fed === 'all') while ((await h.services.searchIndex.catchUp(1000)) > 0);
      await agree(fed);
      expect((await page('wulan')).meta.total).toBe(MANY);
      const eleventh = await page('wulan', { page: '11' });
      expect(eleventh.data.map((o: { id: string }) => o.id)).toEqual(likePage('wulan', undefined, 1000));
    }
    // Nothing of the service changes an e-mail today; the triggers keep the index right if it ever does.
    db.update(orders).set({ customerEmail: 'wulan5@lain.id' }).where(eq(orders.id, wulan[5]!.id)).run();
    db.update(orders).set({ customerEmail: 'bukan.wulan@contoh.id' }).where(eq(orders.id, wulan[10]!.id)).run();
    await agree('after two e-mails changed');
  });

  it('counts everything again after an order counted already changes name', async () => {
    const { db } = harness().services.database;
    harness().clock.advance(1000);
    const renamed = await w.sell({ registration: { name: 'Xenia Lama', email: 'xenia@contoh.id' } });
    while ((await harness().services.searchIndex.catchUp(1000)) > 0);
    expect(await found('xe')).toEqual([renamed.id]);
    // Nothing of the service renames a customer today; the trigger keeps the counts right if it ever does.
    db.update(orders).set({ customerName: 'Wati Baru', customerEmail: 'wati@contoh.id' }).where(eq(orders.id, renamed.id)).run();
    expect(gramsMark()).toBe(0);
    expect(sqlite().prepare('select count(*) from order_grams').pluck().get()).toBe(0);
    expect(await found('xe')).toEqual([]);
    expect(await found('wa')).toContain(renamed.id);
    while ((await harness().services.searchIndex.catchUp(10)) > 0);
    for (const term of [...TERMS, 'xe', 'wa']) await found(term);
  });
});

describe('the orders not yet indexed, as SQLite plans their search', () => {
  const harness = useHarness('file');

  it('are read as a range of rowids, never by walking the orders', async () => {
    const h = harness();
    const w = world(h, { name: 'Konser Senja' });
    await w.sell({ registration: { name: 'Fajar Nugroho' } });
    // Every statement prepared from here on; the searches below are their first.
    const prepare = vi.spyOn(h.services.database.sqlite, 'prepare');
    for (const term of ['fajar', '2024', 'tidak ada', 'fa', 'f']) {
      expectList(await h.request({ url: `${ordersPath(w.event.id)}${query({ search: term })}`, key: w.organizer.key }));
      expectList(await h.request({ ...call(contract.searchOrders, { query: { search: term } }), key: w.organizer.key }));
    }
    const statements = prepare.mock.calls.map(([source]) => source).filter((source) => source.includes('orders_search_progress'));
    expect(statements.length).toBeGreaterThanOrEqual(4);
    for (const source of statements) {
      const plan = queryPlan(h.services.database.sqlite, source);
      expect(plan, source).toContain('SEARCH orders USING INTEGER PRIMARY KEY (rowid>?)');
      expect(plan.filter((detail) => /^SCAN orders\b(?!_search)/.test(detail)), source).toEqual([]);
    }
  });
});

describe('serve feeding the search index', () => {
  let dir: TempDir | undefined;
  let served: Served | undefined;
  afterEach(async () => {
    await served?.stop();
    dir?.remove();
  });

  it('indexes the orders of a running counter by itself', async () => {
    dir = tempDir();
    const { key, event } = seedDataDir(dir.path);
    served = await startServe(dir.path);
    for (const name of ['Eka Putra', 'Eka Sari']) {
      const sold = await fetchJson(`${served.url}${ordersPath(event.id)}`, { method: 'POST', headers: { 'x-api-key': key }, body: orderBody(event, { registration: { name } }) });
      expect(sold.status).toBe(201);
    }
    const database = new Database(join(dir.path, 'counter.db'), { readonly: true });
    try {
      const state = () => database.prepare(MARK).get() as { mark: number; last: number };
      expect(state().last).toBe(2);
      await expect.poll(() => state().mark, { timeout: 10_000 }).toBe(state().last);
      const indexed = database.prepare('select count(*) as n from orders_search').pluck().get();
      expect(indexed).toBe(state().last);
    } finally {
      database.close();
    }
  });
});
