/** GET /events/{idOrSlug}/tickets: the Ticket category shape, addressing by id or slug, holds. */
import { describe, expect, it } from 'vitest';
import { expectError, expectOk } from '../support/envelope.js';
import { orderActionPath, ticketInput, ticketsPath } from '../support/fixtures.js';
import { MINUTE } from '../support/clock.js';
import { useHarness } from '../support/harness.js';
import { TICKET_CATEGORY, expectShape } from '../support/shapes.js';
import { world } from '../support/world.js';

describe('GET /events/{idOrSlug}/tickets', () => {
  const harness = useHarness();

  it('lists the categories with every field typed, without meta', async () => {
    const h = harness();
    const now = h.clock();
    const w = world(h, {
      tickets: [ticketInput(now, { name: 'VIP', type: 'vip', price: '450000.50', quota: 5, sold: 2 }), ticketInput(now, { price: '75000' })],
    });
    const reply = await h.request({ url: ticketsPath(w.event.id), key: w.organizer.key });
    const data = expectOk(reply);
    expect(data).toHaveLength(2);
    for (const ticket of data) expectShape(ticket, TICKET_CATEGORY);
    // Cheapest first.
    expect(data.map((t: { price: string }) => t.price)).toEqual(['75000.00', '450000.50']);
    expect(data[1]).toMatchObject({ eventId: w.event.id, name: 'VIP', type: 'vip', quota: 5, sold: 2, status: 'active', isSoldOut: false });
    expect(data[1].saleStartAt).toMatch(/\+07:00$/);
  });

  it('answers the same for the event slug as for its id', async () => {
    const h = harness();
    const w = world(h);
    const byId = expectOk(await h.request({ url: ticketsPath(w.event.id), key: w.organizer.key }));
    const bySlug = expectOk(await h.request({ url: ticketsPath(w.event.slug), key: w.organizer.key }));
    expect(bySlug).toEqual(byId);
  });

  it('answers 404 EVENT_NOT_FOUND for an unknown id or slug', async () => {
    const h = harness();
    const w = world(h);
    for (const idOrSlug of ['01JZZZZZZZZZZZZZZZZZZZZZZZ', 'no-such-event']) {
      expectError(await h.request({ url: ticketsPath(idOrSlug), key: w.organizer.key }), 404, 'EVENT_NOT_FOUND');
    }
  });

  it('counts unpaid holds: isSoldOut once holds use up the quota, sold counts only paid tickets', async () => {
    const h = harness();
    const w = world(h, { tickets: [ticketInput(h.clock(), { quota: 2 })] });
    const read = async () => expectOk(await h.request({ url: ticketsPath(w.event.id), key: w.organizer.key }))[0];
    await w.createOrder();
    expect(await read()).toMatchObject({ quota: 2, sold: 0, isSoldOut: false });
    await w.createOrder();
    expect(await read()).toMatchObject({ quota: 2, sold: 0, isSoldOut: true });
  });

  it('says when the first hold lapses: the earliest unpaid order of the category, null while none holds a seat', async () => {
    const h = harness();
    const w = world(h, { tickets: [ticketInput(h.clock(), { quota: 2 })] });
    const read = async () => expectOk(await h.request({ url: ticketsPath(w.event.id), key: w.organizer.key }))[0];
    expect(await read()).toMatchObject({ holdLapsesAt: null });
    const holdWindow = h.services.settings.get().holdWindowMinutes * MINUTE;
    const firstAt = h.clock();
    const first = await w.createOrder();
    h.clock.advance(5 * MINUTE);
    await w.createOrder();
    // The first order's hold lapses first.
    expect(Date.parse((await read()).holdLapsesAt)).toBe(firstAt + holdWindow);
    await h.request({ method: 'POST', url: orderActionPath(w.event.id, first.id, 'cancel'), key: w.organizer.key, body: {} });
    expect(Date.parse((await read()).holdLapsesAt)).toBe(firstAt + 5 * MINUTE + holdWindow);
  });
});
