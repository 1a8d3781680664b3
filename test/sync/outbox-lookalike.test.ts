/**
 * Look-alike creates (one buyer's e-mail and name, one category) are found through the outbox's
 * `lookalike` key: the key written with each create, the same key rebuilt for creates queued
 * before migration 0010, and the due jobs holding back every look-alike but the first.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { useHarness } from '../support/harness.js';
import { world } from '../support/world.js';

const BACKFILL = readFileSync(new URL('../../migrations/0010_backfill_outbox_lookalike.sql', import.meta.url), 'utf8');

describe('the outbox lookalike key', () => {
  const harness = useHarness();

  async function queueCreates() {
    const w = world(harness(), {}, 'remote');
    const sell = async (registration: { email: string; name: string }) => (await w.createOrder({ registration })).id as string;
    const buyer = { email: 'sari@customer.example', name: 'Sari Wulandari' };
    const first = await sell(buyer);
    const second = await sell(buyer);
    const other = await sell({ ...buyer, name: 'Dewi Wulandari' });
    return [first, second, other] as const;
  }

  const keys = () =>
    harness().services.database.sqlite.prepare('select order_id as orderId, lookalike from outbox order by seq').all() as { orderId: string; lookalike: string | null }[];

  it('is the same for one buyer in one category and differs for another buyer', async () => {
    const [first, second, other] = await queueCreates();
    const byOrder = new Map(keys().map((row) => [row.orderId, row.lookalike]));
    expect(byOrder.get(first)).not.toBeNull();
    expect(byOrder.get(second)).toBe(byOrder.get(first));
    expect(byOrder.get(other)).not.toBe(byOrder.get(first));
  });

  it('is rebuilt by migration 0010 exactly as a new create writes it', async () => {
    await queueCreates();
    const written = keys();
    const { sqlite } = harness().services.database;
    sqlite.exec('update outbox set lookalike = null');
    sqlite.exec(BACKFILL);
    expect(keys()).toEqual(written);
  });

  it('holds back the second look-alike create until the first is settled', async () => {
    const [first, second, other] = await queueCreates();
    const { outbox } = harness().services;
    expect(outbox.due(10).map((job) => job.orderId)).toEqual([first, other]);
    const [job] = outbox.due(10);
    outbox.complete(job!, 'remote-1');
    expect(outbox.due(10).map((job) => job.orderId)).toEqual([second, other]);
  });
});
