/**
 * A full disk, for real: the counter's data dir on a small tmpfs filled to the last byte. Reads go
 * on working, with a key never used before (its last use is not written on the way) and with a
 * login; a sale, a checkout and a settings change are refused with 507 STORAGE_FULL and a message
 * in Indonesian, storing nothing; once space returns, the same counter sells again by itself.
 * Without root there is no tmpfs to fill: the test is skipped and says why.
 */
import { rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/shared/messages.js';
import { MINUTE } from '../support/clock.js';
import { countRows } from '../support/db.js';
import { expectError, expectList, expectOk } from '../support/envelope.js';
import { makeCaller, orderBody, ordersPath, ticketsPath } from '../support/fixtures.js';
import { logIn, startHarness } from '../support/harness.js';
import { fillDisk, mountSmallDisk } from '../support/tmpfs.js';
import { exactCash, world } from '../support/world.js';

const disk = mountSmallDisk(16);
if ('why' in disk) console.log(`full-disk test skipped: ${disk.why}`);
afterAll(() => {
  if ('path' in disk) disk.remove();
});

describe.skipIf('why' in disk)('a full disk', () => {
  it('reads keep working, writes are refused with STORAGE_FULL, and the counter recovers when space returns', async () => {
    if (!('path' in disk)) return;
    const h = await startHarness({ dataDir: disk.path });
    try {
      const w = world(h);
      const unpaid = await w.createOrder();
      const cashier = makeCaller(h.services, 'staff', { eventId: w.event.id, permission: 'event:update' });
      const owner = makeCaller(h.services, 'super_admin');
      // The WAL emptied into the database: the next write needs new space, and there is none.
      h.services.database.sqlite.pragma('wal_checkpoint(TRUNCATE)');
      const filler = fillDisk(disk.path);

      // Reads, with a key used for the first time and with a login made now; a hold lapses meanwhile.
      h.clock.advance(16 * MINUTE);
      expectList(await h.request({ url: '/events?ownerId=me', key: cashier.key }));
      expectOk(await h.request({ url: ticketsPath(w.event.id), key: cashier.key }));
      expectList(await h.request({ url: ordersPath(w.event.id), key: cashier.key }));
      expectOk(await h.request({ url: `${ordersPath(w.event.id)}/${unpaid.id}`, key: cashier.key }));
      const { token } = await logIn(h, cashier.user.email);
      expectOk(await h.request({ url: '/auth/me', token }));

      // Writes: refused, clearly, and nothing stored.
      const before = countRows(h.services, 'orders');
      for (const headers of [{}, { 'idempotency-key': 'penuh-1' }] as Record<string, string>[]) {
        const sale = await h.request({ method: 'POST', url: ordersPath(w.event.id), key: cashier.key, body: orderBody(w.event), headers });
        expectError(sale, 507, 'STORAGE_FULL');
        expect(sale.body.message).toBe(messages.storageFull);
      }
      expectError(await h.request({ method: 'PATCH', url: '/settings', key: owner.key, body: { holdWindowMinutes: 20 } }), 507, 'STORAGE_FULL');
      expect(countRows(h.services, 'orders')).toBe(before);

      // Space returns: the same counter sells, and the lapsed hold is expired at last.
      rmSync(filler);
      const sold = await w.sell({}, w.event);
      expect(sold.status).toBe('completed');
      const retried = await h.request({ method: 'POST', url: ordersPath(w.event.id), key: cashier.key, body: orderBody(w.event), headers: { 'idempotency-key': 'penuh-1' } });
      expect(retried.status).toBe(201);
      expect(await w.detail(unpaid)).toMatchObject({ status: 'cancelled', paymentStatus: 'expired' });
      await w.checkout(retried.body.data, exactCash(retried.body.data));
      // The cashier key's first use, noted in memory meanwhile, is written now.
      h.services.apiKeys.flushLastUse();
      const stored = h.services.database.sqlite.prepare('select last_used_at as at from api_keys where user_id = ?').get(cashier.user.id) as { at: number | null };
      expect(stored.at).not.toBeNull();
    } finally {
      await h.close();
    }
  });
});
