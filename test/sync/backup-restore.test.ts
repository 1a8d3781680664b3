/**
 * Backups and restore, with a counter that replicates: a backup taken while sales still waited to
 * be sent, those sales then sent, the counter restored from the backup, and a sync round after it
 * sends nothing twice, even to a remote that ignores Idempotency-Key. Also: restore refuses to run
 * under a serving counter and refuses what is no backup of this service; scheduled backups rotate.
 */
import Database from 'better-sqlite3';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { createServices } from '../../src/main/services.js';
import { MINUTE, testClock } from '../support/clock.js';
import type { FaultProxy } from '../support/fault-proxy.js';
import { tempDir } from '../support/harness.js';
import { runCli } from '../support/serve.js';
import {
  CENTRAL_KINDS,
  counterBehindProxy,
  act,
  expectExactlyOnce,
  goneOffline,
  ordersOfCustomer,
  outboxRows,
  sell,
  settled,
  type Central,
  type Instance,
} from '../support/sync-world.js';

describe.each(CENTRAL_KINDS)('restoring a counter that replicates (to %s)', (kind) => {
  const stage = counterBehindProxy(kind, 'pulih');
  let central: Central, proxy: FaultProxy, counter: Instance;
  beforeAll(() => ({ central, proxy, counter } = stage()));

  /** A sale paid in cash; answers the order as listed (it names the customer, whom the remote is searched for). */
  const paidSale = async () => {
    const order = await sell(counter);
    await act(counter, order, 'cash');
    return order;
  };

  it('sends nothing twice after a restore, even to a remote that ignores Idempotency-Key', async () => {
    const sent = await paidSale();
    await settled(counter);

    // The remote goes away; two sales wait in the outbox when the backup is taken.
    await proxy.setFault({ kind: 'down' });
    const waiting = [await paidSale(), await sell(counter)];
    await goneOffline(counter);
    const backup = join(counter.dataDir, 'handmade-backup.db');
    expect((await runCli(['backup', '--data-dir', counter.dataDir, '--out', backup])).code).toBe(0);
    const inBackup = new Database(backup, { readonly: true });
    expect(inBackup.prepare("select count(*) as n from outbox where state not in ('done', 'skipped')").get()).toEqual({ n: expect.any(Number) });
    expect((inBackup.prepare("select count(*) as n from outbox where state not in ('done', 'skipped')").get() as { n: number }).n).toBeGreaterThan(0);
    inBackup.close();

    // Back online: they are sent; one more sale after the backup.
    await proxy.setFault({ kind: 'pass' });
    await settled(counter);
    const after = await paidSale();
    await settled(counter);
    for (const order of [sent, ...waiting, after]) expect(await ordersOfCustomer(central, order)).toHaveLength(1);

    // Restore refuses to run under the serving counter.
    const refused = await runCli(['restore', '--data-dir', counter.dataDir, '--file', backup]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/serve \(pid \d+\) is running/);

    await counter.stop();
    const restored = await runCli(['restore', '--data-dir', counter.dataDir, '--file', backup]);
    expect(restored.code, restored.stderr).toBe(0);
    const result = JSON.parse(restored.stdout);
    expect(result.jobsToReconcile).toBeGreaterThan(0);
    expect(existsSync(result.previousKeptAs)).toBe(true);
    // What the backup held as unsent is now to be looked up first, not sent blind.
    expect(outboxRows(counter.dataDir).filter((job) => job.state === 'pending' || job.state === 'in_flight')).toEqual([]);

    // A remote that would accept duplicates: only the lookup stands between the restore and them.
    await proxy.setFault({ kind: 'strip_idempotency' });
    await counter.start();
    await settled(counter);
    await expectExactlyOnce(counter, central);
    for (const order of [sent, ...waiting, after]) expect(await ordersOfCustomer(central, order)).toHaveLength(1);
    // The sale made after the backup is on the remote, and not known to the restored counter.
    expect((await counter.call(`/events/${after.eventId}/admin/orders/${after.id}`)).status).toBe(404);
  });
});

describe('restore refuses what is no backup of this service', () => {
  it.each([
    ['a missing file', (dir: string) => join(dir, 'nope.db'), /no such file/],
    ['a text file', (dir: string) => (writeFileSync(join(dir, 'notes.db'), 'bukan database'), join(dir, 'notes.db')), /is not a SQLite database/],
    [
      'another SQLite database',
      (dir: string) => {
        const other = new Database(join(dir, 'other.db'));
        other.exec('create table catatan (isi text)');
        other.close();
        return join(dir, 'other.db');
      },
      /is not a Ticket Counter database/,
    ],
  ])('%s: exit 1, the counter\'s database untouched', async (_what, make, message) => {
    const dir = tempDir();
    try {
      const services = createServices({ dataDir: dir.path });
      services.users.create({ email: 'pemilik@loket.test', name: 'Pemilik', role: 'organizer', password: 'kata-sandi-panjang' });
      services.close();
      const refused = await runCli(['restore', '--data-dir', dir.path, '--file', make(dir.path)]);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toMatch(message);
      const kept = createServices({ dataDir: dir.path });
      expect(kept.users.findByEmail('pemilik@loket.test')).toBeDefined();
      kept.close();
    } finally {
      dir.remove();
    }
  });
});

describe('scheduled backups', () => {
  it('are whole databases, readable by their owner only, the oldest deleted beyond what is kept', async () => {
    const dir = tempDir();
    const clock = testClock(Date.parse('2026-11-22T08:00:00Z'));
    const services = createServices({ dataDir: dir.path, clock });
    try {
      services.settings.update({ backupsKept: 2 });
      services.users.create({ email: 'pemilik@loket.test', name: 'Pemilik', role: 'organizer', password: 'kata-sandi-panjang' });
      const made: string[] = [];
      for (let n = 0; n < 3; n++) {
        made.push(await services.backups.scheduled());
        clock.advance(60 * MINUTE);
      }
      expect(services.backups.list()).toEqual(made.slice(1));
      expect(existsSync(made[0]!)).toBe(false);
      expect(made[2]).toMatch(/backups\/counter-20261122T100000000Z\.db$/);
      const copy = new Database(made[2]!, { readonly: true });
      expect(copy.prepare('select email from users').all()).toEqual([{ email: 'pemilik@loket.test' }]);
      copy.close();
    } finally {
      services.close();
      dir.remove();
    }
  });
});
