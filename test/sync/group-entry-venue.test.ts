/**
 * A basket sold at one counter of a venue, its group QR scanned at the hub's gate: the hub
 * trusts the counter's signing key (registered by replication) and knows the tickets by the
 * numbers the counter printed, so one scan there admits the whole group; the counter then sees
 * them inside, and a second scan at the counter admits no one twice.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract } from '../../src/shared/contract/index.js';
import { cli, createCounter, data, DEMO, person, send, settled, startCentral, syncRun, type Central, type Instance } from '../support/sync-world.js';

describe('group entry across a venue', () => {
  let central: Central;
  let hub: Instance;
  let counter: Instance;

  beforeAll(async () => {
    central = await startCentral('double');
    hub = await createCounter('hub-group', central.url, central.counterKey, { start: false });
    await cli(['sync', 'now', '--data-dir', hub.dataDir]);
    const key = (await cli(['apikey', 'create', '--data-dir', hub.dataDir, '--email', 'kasir@hub-group.test', '--name', 'loket 1'])).trim();
    await hub.start();
    counter = await createCounter('group-loket', hub.url, key);
    expect(await syncRun(counter)).toMatchObject({ state: 'idle', lastError: null });
  });

  afterAll(async () => {
    for (const closing of [counter, hub]) await closing?.close();
    await central?.close();
  });

  it("admits a counter's basket in one scan at the hub's gate", async () => {
    const lines = [person(), person(), person()].map((registration) => ({ ticketCategoryId: DEMO.harian, registration }));
    const made = data(await send(counter, contract.createTransaction, { params: { idOrSlug: DEMO.slug }, body: { eventId: DEMO.eventId, lines } }), 201);
    const paid = data(await send(counter, contract.checkoutTransaction, { params: { idOrSlug: DEMO.slug, transactionId: made.id }, body: { method: 'card', reference: 'EDC-1' } }));
    expect((await settled(counter)).conflicts).toBe(0);

    const atHub = data(await send(hub, contract.checkInGroup, { params: { idOrSlug: DEMO.slug }, body: { token: paid.groupToken, gate: 'Gerbang Hub' } }, 'organizer'), 201);
    expect(atHub.admitted).toBe(3);

    const seen = data(await send(counter, contract.lookUpGroup, { params: { idOrSlug: DEMO.slug }, query: { token: paid.groupToken } }, 'organizer'));
    expect(seen.tickets.map((t: { inside: boolean }) => t.inside)).toEqual([true, true, true]);
    const again = data(await send(counter, contract.checkInGroup, { params: { idOrSlug: DEMO.slug }, body: { token: paid.groupToken, gate: 'Gerbang Loket' } }, 'organizer'), 201);
    expect(again.admitted).toBe(0);
    expect(again.tickets.map((t: { outcome: string }) => t.outcome)).toEqual(['already_in', 'already_in', 'already_in']);
  });
});
