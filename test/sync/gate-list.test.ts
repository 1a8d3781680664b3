/**
 * The festival entrance: a hub whose remote is a central service that speaks only the interface
 * (the double: its own ticket numbers, no check-in) admits the tickets the central sold before
 * the day, once, at any gate, online or not (sync/gate-list.ts). Each case first seen failing:
 * before the gate list, the hub answered 404 TICKET_NOT_FOUND for every central ticket.
 */
import { beforeAll, afterAll, describe, expect, it } from 'vitest';
import { contract } from '../../src/shared/contract/index.js';
import type { DoubleOrder } from '../support/central-double.js';
import { startFaultProxy, type FaultProxy } from '../support/fault-proxy.js';
import { fetchJson } from '../support/serve.js';
import {
  DEMO,
  act,
  cli,
  createCounter,
  data,
  listOrders,
  outboxRows,
  postCheckIn,
  send,
  sell,
  startDouble,
  syncRun,
  syncStatus,
  throughProxy,
  waitFor,
  type Central,
  type Instance,
} from '../support/sync-world.js';

// Replies are read field by field.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Data = any;

const SOLD_BEFORE = 40;

describe('the gate list of a hub whose remote is the central service', () => {
  let central: Central, proxy: FaultProxy, hub: Instance;
  let presold: DoubleOrder[];
  const double = () => central.double!;
  const number = (order: DoubleOrder | undefined) => order!.ticketNumber!;

  beforeAll(async () => {
    central = await startDouble();
    // Sold on the central's web shop before the venue's hub ever synced.
    presold = double().sellElsewhere(DEMO.eventId, DEMO.harian, SOLD_BEFORE);
    proxy = await startFaultProxy(central.url);
    hub = await createCounter('hub', throughProxy(proxy, central), central.counterKey, { env: { TICKET_COUNTER_GATE_LIST_NEW_MS: '300' } });
    expect(await syncRun(hub)).toMatchObject({ state: 'idle', conflicts: 0 });
  });
  afterAll(async () => {
    await hub?.close();
    await proxy?.close();
    await central?.close();
  });

  const pullGateList = async () => data(await send(hub, contract.pullGateList, {}));
  const harian = async () => (data(await send(hub, contract.listTicketCategories, { params: { idOrSlug: DEMO.slug } })) as Data[]).find((c) => c.id === DEMO.harian);

  it('reads every ticket the central sold before the day, and says how many are ready at the gates', async () => {
    const before = await harian();
    const list = await pullGateList();
    expect(list.active).toBe(true);
    expect(list.events.find((e: Data) => e.eventId === DEMO.eventId)).toMatchObject({ ready: SOLD_BEFORE, refused: 0, lastError: null, fullPassPage: null });
    // Read through the interface alone: the admin order list, pages of 100.
    expect(proxy.seen.some((s) => s.path.includes(`/events/${DEMO.eventId}/admin/orders?`) && s.path.includes('limit=100'))).toBe(true);
    // The central's sold already holds them: no seat moves here.
    expect(await harian()).toMatchObject({ sold: before.sold, available: before.available });
  });

  it('admits a central ticket once, by its number, by a QR URL or as typed; a second gate refuses it', async () => {
    const [byNumber, byUrl, typed] = presold;
    const admitted = data(await postCheckIn(hub, { ticketNumber: number(byNumber), gate: 'Gerbang 1' }), 201);
    expect(admitted.participant).toMatchObject({ ticketNumber: number(byNumber), name: 'Pembeli Web 1', ticketCategoryName: 'Harian', status: 'checked_in' });
    expect(admitted.participant.identityNumber).toMatch(/^9900\*+0001$/);
    const again = await postCheckIn(hub, { ticketNumber: number(byNumber), gate: 'Gerbang 7' });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('ALREADY_CHECKED_IN');
    expect(again.body.message).toMatch(/Gerbang 1/);
    // What the central's QR code carries is not shown by the interface: a URL ending in the number is read.
    data(await postCheckIn(hub, { token: `https://central.example.test/qr/${number(byUrl)}`, gate: 'Gerbang 2' }), 201);
    expect(data(await postCheckIn(hub, { token: `https://tiket.example/scan?code=${number(typed).toLowerCase()}` }), 201).participant.ticketNumber).toBe(number(typed));
    expect((await postCheckIn(hub, { ticketNumber: ` ${number(typed).toLowerCase().replace('-', ' ')} ` })).status).toBe(409);
    expect((await postCheckIn(hub, { ticketNumber: 'ET-NOPE000000' })).status).toBe(404);
  });

  it('never sends a mirrored ticket anywhere, nor counts it in orders, seats or sales', async () => {
    const own = await act(hub, await sell(hub), 'cash');
    await waitFor('the hub sale replicated', () => outboxRows(hub.dataDir, own.id).every((job) => job.state === 'done'));
    const list = await pullGateList();
    // The venue's own sale is on the central's list too: recognised, not kept twice.
    expect(list.events.find((e: Data) => e.eventId === DEMO.eventId).ready).toBe(SOLD_BEFORE);
    expect(outboxRows(hub.dataDir).map((job) => job.order_id)).toEqual(expect.arrayContaining([own.id]));
    expect(new Set(outboxRows(hub.dataDir).map((job) => job.order_id))).toEqual(new Set([own.id]));
    expect((await listOrders(hub)).map((o: Data) => o.id)).toEqual([own.id]);
    const day = { from: new Date(Date.now() - 86_400_000).toISOString(), to: new Date(Date.now() + 60_000).toISOString() };
    const report = data(await send(hub, contract.getSalesReport, { query: { ...day, eventId: DEMO.eventId } }, 'organizer'));
    expect(report.sales.count).toBe(1);
    // Its own ticket is still admitted by the number the hub printed.
    data(await postCheckIn(hub, { ticketNumber: own.participants[0].ticketNumber, gate: 'Gerbang 1' }), 201);
  });

  it('keeps admitting central tickets once each while the central cannot be reached', async () => {
    await proxy.setFault({ kind: 'down' });
    try {
      for (const order of presold.slice(3, 8)) data(await postCheckIn(hub, { ticketNumber: number(order), gate: 'Gerbang 3' }), 201);
      expect((await postCheckIn(hub, { ticketNumber: number(presold[5]), gate: 'Gerbang 4' })).status).toBe(409);
    } finally {
      await proxy.setFault({ kind: 'pass' });
    }
  });

  it("admits a central ticket once at a counter's gate too: the counter asks the hub, which keeps the list", async () => {
    const key = (await cli(['apikey', 'create', '--data-dir', hub.dataDir, '--email', 'kasir@hub.test', '--name', 'Loket 1'])).trim();
    const counter = await createCounter('loket', hub.url, key);
    try {
      await syncRun(counter);
      const ticket = number(presold[20]);
      expect(data(await postCheckIn(counter, { ticketNumber: ticket, gate: 'Gerbang Loket' }), 201).participant.ticketNumber).toBe(ticket);
      expect((await postCheckIn(hub, { ticketNumber: ticket, gate: 'Gerbang 1' })).status).toBe(409);
      expect((await postCheckIn(counter, { ticketNumber: ticket, gate: 'Gerbang Loket' })).status).toBe(409);
      expect(data(await send(counter, contract.gateListStatus, {}))).toMatchObject({ active: false, events: expect.any(Array) });
      // The hub decided those scans and logged them; the counter logs no refusal of its own for them.
      const here = data(await send(counter, contract.gateCounts, { params: { idOrSlug: DEMO.slug }, query: {} }));
      expect(here).toMatchObject({ refused: 0 });
    } finally {
      await counter.close();
    }
  });

  it("shows a gate's own key none of the list: names of ticket holders are for those who may read the event", async () => {
    await cli(['user', 'create', '--data-dir', hub.dataDir, '--email', 'gerbang@hub.test', '--name', 'Gerbang', '--role', 'staff', '--password', 'gerbang-hub-1']);
    await cli(['user', 'grant', '--data-dir', hub.dataDir, '--email', 'gerbang@hub.test', '--event', DEMO.slug, '--permission', 'event:checkin']);
    const key = (await cli(['apikey', 'create', '--data-dir', hub.dataDir, '--email', 'gerbang@hub.test', '--name', 'Pemindai 9'])).trim();
    const seen = await fetchJson(`${hub.url}${contract.gateListStatus.path}`, { headers: { 'x-api-key': key } });
    expect(seen.status).toBe(200);
    expect(seen.body.data).toMatchObject({ active: true, events: [], cancelledInside: [] });
    // The same key scans a central ticket in.
    const scanned = await fetchJson(`${hub.url}/events/${DEMO.slug}/check-ins`, { method: 'POST', body: { ticketNumber: number(presold[30]) }, headers: { 'x-api-key': key } });
    expect(scanned.status).toBe(201);
  });

  it('refuses a ticket the central cancelled, and reports one that was already inside', async () => {
    const outside = presold[10]!;
    const inside = presold[3]!;
    double().cancelElsewhere(outside.id);
    double().cancelElsewhere(inside.id);
    // One the central deleted altogether: no longer listed, and its detail is 404.
    const removed = presold[11]!;
    double().removeElsewhere(removed.id);
    const list = await pullGateList();
    expect(list.events.find((e: Data) => e.eventId === DEMO.eventId)).toMatchObject({ ready: SOLD_BEFORE - 3, refused: 3 });
    expect((await postCheckIn(hub, { ticketNumber: number(removed), gate: 'Gerbang 1' })).body.error.code).toBe('INVALID_STATE');
    // Asked for by itself before it was taken as gone.
    expect(proxy.seen.some((s) => s.path.endsWith(`/admin/orders/${removed.id}`))).toBe(true);
    const refused = await postCheckIn(hub, { ticketNumber: number(outside), gate: 'Gerbang 1' });
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('INVALID_STATE');
    expect(refused.body.message).toMatch(/dibatalkan di layanan pusat/);
    expect(list.cancelledInside).toEqual([expect.objectContaining({ ticketNumber: number(inside), gate: 'Gerbang 3', name: inside.customerName })]);
    const status = await syncStatus(hub);
    expect(status.notices).toEqual(expect.arrayContaining([expect.objectContaining({ kind: 'cancelled_inside', count: 1 })]));
    const audit = data(await send(hub, contract.listAuditLog, { query: { action: 'ticket.cancelled_inside' } }, 'organizer'));
    expect(audit).toEqual([expect.objectContaining({ details: expect.objectContaining({ ticketNumber: number(inside), gate: 'Gerbang 3' }) })]);
    // A second refresh reports it no more.
    await pullGateList();
    expect((await syncStatus(hub)).notices.find((n) => n.kind === 'cancelled_inside')?.count).toBe(1);
  });

  it('reads the whole list on the command line beside serve, and says how many tickets are ready', async () => {
    const out = await cli(['gate-list', 'pull', '--data-dir', hub.dataDir]);
    expect(out).toMatch(new RegExp(`Pameran Kopi Nusantara \\(${DEMO.eventId}\\): ${SOLD_BEFORE - 3} tickets ready at the gates, 3 refused`));
    const status = JSON.parse(await cli(['gate-list', 'status', '--data-dir', hub.dataDir]));
    expect(status.events.find((e: Data) => e.eventId === DEMO.eventId)).toMatchObject({ ready: SOLD_BEFORE - 3, refused: 3, lastError: null });
  });

  it("reads on past a page it stored in a read that was cut short: no new sale is left for the full pass", async () => {
    const lastFull = data(await send(hub, contract.gateListStatus, {})).events.find((e: Data) => e.eventId === DEMO.eventId).lastFullAt;
    // 150 new sales: two pages of the newest orders. The second is refused (429) until the first is stored.
    const fresh = double().sellElsewhere(DEMO.eventId, DEMO.harian, 150);
    await proxy.setFault({ kind: 'status', status: 429, retryAfter: '1', path: /\/admin\/orders\?.*page=2&/ }, ['GET']);
    try {
      await waitFor('a read cut short at its second page', () => proxy.seen.some((s) => /page=2&/.test(s.path) && s.answered === 429));
    } finally {
      await proxy.setFault({ kind: 'pass' });
    }
    // The oldest of them is on that second page.
    const admitted = await waitFor('the oldest new sale admitted', async () => {
      const reply = await postCheckIn(hub, { ticketNumber: number(fresh[0]), gate: 'Gerbang 6' });
      return reply.status === 201 ? reply : undefined;
    });
    expect(admitted.body.data.participant.ticketNumber).toBe(number(fresh[0]));
    expect(data(await send(hub, contract.gateListStatus, {})).events.find((e: Data) => e.eventId === DEMO.eventId).lastFullAt).toBe(lastFull);
  });

  it('brings a new central sale to the gates within one refresh of the newest orders', async () => {
    const reads = () => proxy.seen.filter((s) => s.path.includes('/admin/orders?')).length;
    const before = reads();
    const [fresh] = double().sellElsewhere(DEMO.eventId, DEMO.harian, 1);
    const admitted = await waitFor('the new sale admitted', async () => {
      const reply = await postCheckIn(hub, { ticketNumber: number(fresh), gate: 'Gerbang 5' });
      return reply.status === 201 ? reply : undefined;
    });
    expect(admitted.body.data.participant.ticketNumber).toBe(number(fresh));
    // Newest first, stopping at an order already known: a page per refresh, not the whole list.
    const refreshes = reads() - before;
    expect(refreshes).toBeGreaterThan(0);
    const status = data(await send(hub, contract.gateListStatus, {}));
    expect(status.events.find((e: Data) => e.eventId === DEMO.eventId).lastNewAt).not.toBeNull();
  });
});
