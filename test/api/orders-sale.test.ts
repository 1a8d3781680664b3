/** 409 SALE_CLOSED: the event must be published and the category active and inside its sale window. */
import { describe, expect, it } from 'vitest';
import { toIso } from '../../src/main/domain/time.js';
import { DAY, HOUR } from '../support/clock.js';
import { expectError, expectOk } from '../support/envelope.js';
import { orderBody, ticketInput } from '../support/fixtures.js';
import { useHarness } from '../support/harness.js';
import { world } from '../support/world.js';

describe('sale window and event state', () => {
  const harness = useHarness();

  it.each(['draft', 'closed', 'archived'] as const)('refuses orders for a %s event', async (status) => {
    const w = world(harness(), { status });
    expectError(await w.postOrder(orderBody(w.event)), 409, 'SALE_CLOSED');
  });

  it('refuses orders for an inactive category', async () => {
    const h = harness();
    const w = world(h, { tickets: [ticketInput(h.clock(), { status: 'inactive' })] });
    expectError(await w.postOrder(orderBody(w.event)), 409, 'SALE_CLOSED');
  });

  it('sells from saleStartAt (inclusive) up to saleEndAt (exclusive)', async () => {
    const h = harness();
    const start = h.clock() + 2 * DAY;
    const end = start + 3 * HOUR;
    const w = world(h, { tickets: [ticketInput(h.clock(), { saleStartAt: toIso(start, 'Asia/Jakarta'), saleEndAt: toIso(end, 'Asia/Jakarta') })] });
    const attempt = () => w.postOrder(orderBody(w.event));

    expectError(await attempt(), 409, 'SALE_CLOSED');
    h.clock.set(start - 1);
    expectError(await attempt(), 409, 'SALE_CLOSED');
    h.clock.set(start);
    expectOk(await attempt(), 201);
    h.clock.set(end - 1);
    expectOk(await attempt(), 201);
    h.clock.set(end);
    expectError(await attempt(), 409, 'SALE_CLOSED');
    h.clock.advance(30 * DAY);
    expectError(await attempt(), 409, 'SALE_CLOSED');
  });

  it('refuses a category whose window lies entirely in the past', async () => {
    const h = harness();
    const now = h.clock();
    const past = { saleStartAt: toIso(now - 10 * DAY), saleEndAt: toIso(now - DAY) };
    const w = world(h, { tickets: [ticketInput(now, past)] });
    const error = expectError(await w.postOrder(orderBody(w.event)), 409, 'SALE_CLOSED');
    expect(error.details).toBeUndefined();
  });

  it('reports SALE_CLOSED before SOLD_OUT and before a taken identity number', async () => {
    const h = harness();
    const w = world(h, { tickets: [ticketInput(h.clock(), { quota: 1 })] });
    const identityNumber = '3171888800000001';
    await w.createOrder({ registration: { identityNumber } });
    h.services.importer.importEvents({ events: [{ ...w.event, status: 'closed' }] }, w.organizer.user);
    expectError(await w.postOrder(orderBody(w.event, { registration: { identityNumber } })), 409, 'SALE_CLOSED');
  });
});
