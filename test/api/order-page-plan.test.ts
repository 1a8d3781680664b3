/**
 * The Orders list's page in each sort, as SQLite plans it: read along the event's index in the
 * sort's order and stopped after the page, never sorted. Ties were broken by the order's id, which
 * no index holds in that order: SQLite sorted every order of a tie, and on a season's event a
 * ticket price is a tie of 50,000 orders (0.2 s for the first page by total). The plan, not a timing.
 */
import { describe, expect, it, vi } from 'vitest';
import { OrderListQuery } from '../../src/shared/schemas/order.js';
import { queryPlan } from '../support/db.js';
import { actorOf } from '../support/fixtures.js';
import { useHarness } from '../support/harness.js';
import { world } from '../support/world.js';

describe("the Orders list's page, as SQLite plans it", () => {
  const harness = useHarness();

  it.each([
    { sort: 'createdAt', order: 'desc' },
    { sort: 'createdAt', order: 'asc' },
    { sort: 'totalAmount', order: 'desc' },
    { sort: 'totalAmount', order: 'asc' },
    { sort: 'createdAt', order: 'desc', status: 'completed' },
    { sort: 'totalAmount', order: 'asc', status: 'completed' },
    { sort: 'createdAt', order: 'desc', paymentStatus: 'paid' },
  ])('is read in its order along an index: %o', async (filters) => {
    const h = harness();
    const w = world(h);
    await w.sell();
    const prepare = vi.spyOn(h.services.database.sqlite, 'prepare');
    h.services.orderList.list(actorOf(w.organizer), w.event.id, OrderListQuery.parse(filters));
    const pages = prepare.mock.calls.map(([source]) => source).filter((source) => source.includes(' order by '));
    prepare.mockRestore();
    expect(pages).toHaveLength(1);
    const plan = queryPlan(h.services.database.sqlite, pages[0]!);
    expect(plan.join('\n')).toMatch(/^SEARCH orders USING (COVERING )?INDEX orders_event_/);
    expect(plan.filter((step) => step.includes('TEMP B-TREE'))).toEqual([]);
  });
});
