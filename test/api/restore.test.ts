/**
 * `restore` is all or nothing: the file is checked whole (a SQLite database, sound, of this
 * service, not newer than this version, brought up to this version's schema on a copy) before the
 * live database is touched, the previous database is always kept, and the swap is one rename. Each
 * refusal below leaves the counter as it was: the same bytes, opening with its data. And a data
 * dir that was a counter (backups, a remote) does not quietly start afresh when its database is
 * gone or empty.
 */
import Database from 'better-sqlite3';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createServices } from '../../src/main/services.js';
import { contract } from '../../src/shared/contract/index.js';
import { drawer } from '../support/cash.js';
import { expectOk } from '../support/envelope.js';
import { importEvent, makeCaller, makeUser } from '../support/fixtures.js';
import { startHarness, tempDir, type TempDir } from '../support/harness.js';
import { call } from '../support/http.js';
import { world } from '../support/world.js';
import { runCli } from '../support/serve.js';

let dir: TempDir;
beforeEach(() => {
  dir = tempDir();
});
afterEach(() => dir.remove());

const live = () => join(dir.path, 'counter.db');
const digest = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');

/** A counter with an owner and an event; answers the event's name, to find it again. */
function seedCounter(dataDir: string): string {
  const services = createServices({ dataDir });
  try {
    const owner = makeUser(services, 'super_admin', { email: 'pemilik@loket.test' });
    return importEvent(services, owner).name;
  } finally {
    services.close();
  }
}

/** A genuine backup of another counter, made with `backup`. */
async function backupOfAnother(): Promise<string> {
  const other = join(dir.path, 'other');
  seedCounter(other);
  const file = join(dir.path, 'genuine-backup.db');
  expect((await runCli(['backup', '--data-dir', other, '--out', file])).code).toBe(0);
  return file;
}

/** The counter opens with what it had: its owner and its event. */
function expectIntact(eventName: string, bytes: string): void {
  expect(digest(live())).toBe(bytes);
  const services = createServices({ dataDir: dir.path });
  try {
    expect(services.users.findByEmail('pemilik@loket.test')).toBeDefined();
    const names = services.database.sqlite.prepare('select name from events').all() as { name: string }[];
    expect(names.map((e) => e.name)).toEqual([eventName]);
  } finally {
    services.close();
  }
  // Nothing half-made is left beside it.
  expect(readdirSync(dir.path).filter((name) => name.includes('restor'))).toEqual([]);
}

describe('restore refuses, and the counter is intact after each', () => {
  const cases: [string, () => Promise<string>, RegExp][] = [
    ['the live database itself', async () => live(), /is this counter's own database/],
    [
      'a truncated backup',
      async () => {
        const file = await backupOfAnother();
        truncateSync(file, Math.floor(readFileSync(file).length / 2));
        return file;
      },
      /damaged|not a SQLite database/,
    ],
    [
      'an empty (zero-byte) file',
      async () => {
        writeFileSync(join(dir.path, 'empty.db'), '');
        return join(dir.path, 'empty.db');
      },
      /is not a Ticket Counter database/,
    ],
    [
      'a look-alike: the right table names, nothing else right',
      async () => {
        const file = join(dir.path, 'look-alike.db');
        const db = new Database(file);
        db.exec('create table __drizzle_migrations (id integer primary key, hash text, created_at numeric); create table events (x); create table orders (x); create table outbox (x);');
        db.close();
        return file;
      },
      /is not a Ticket Counter database/,
    ],
    [
      'a backup made by a newer version (a migration this one does not know)',
      async () => {
        const file = await backupOfAnother();
        const db = new Database(file);
        db.exec("create table gift_cards (id text primary key); insert into __drizzle_migrations (hash, created_at) values ('from-the-future', 4102444800000);");
        db.close();
        return file;
      },
      /newer version/,
    ],
  ];

  it.each(cases)('%s', async (_what, make, message) => {
    const eventName = seedCounter(dir.path);
    const bytes = digest(live());
    const file = await make();
    const refused = await runCli(['restore', '--data-dir', dir.path, '--file', file]);
    expect(refused.code, refused.stdout).toBe(1);
    expect(refused.stderr).toMatch(message);
    expectIntact(eventName, bytes);
  });

  it('a previous database that cannot be kept (backups/ is not a folder) stops the restore before the swap', async () => {
    const eventName = seedCounter(dir.path);
    const bytes = digest(live());
    const file = await backupOfAnother();
    writeFileSync(join(dir.path, 'backups'), 'not a folder');
    const refused = await runCli(['restore', '--data-dir', dir.path, '--file', file]);
    expect(refused.code).toBe(1);
    expectIntact(eventName, bytes);
  });
});

describe('a restore that goes through', () => {
  it('swaps in the backup and keeps the previous database, which opens with its data', async () => {
    const eventName = seedCounter(dir.path);
    const file = await backupOfAnother();
    const restored = await runCli(['restore', '--data-dir', dir.path, '--file', file]);
    expect(restored.code, restored.stderr).toBe(0);
    const { previousKeptAs } = JSON.parse(restored.stdout) as { previousKeptAs: string };
    const kept = new Database(previousKeptAs, { readonly: true });
    expect(kept.prepare('select name from events').all()).toEqual([{ name: eventName }]);
    kept.close();
    const services = createServices({ dataDir: dir.path });
    const names = services.database.sqlite.prepare('select name from events').all() as { name: string }[];
    services.close();
    expect(names).toHaveLength(1);
    expect(names[0]!.name).not.toBe(eventName);
  });
});

describe('a data dir that was a counter does not start afresh without saying so', () => {
  it.each([
    ['missing', () => rmSync(live())],
    ['zero bytes', () => writeFileSync(live(), '')],
  ])('counter.db %s beside backups: serve refuses and names restore; restore then brings it back', async (_what, lose) => {
    const eventName = seedCounter(dir.path);
    const backup = join(dir.path, 'backups', 'counter-20261122T130000000Z.db');
    mkdirSync(join(dir.path, 'backups'), { recursive: true });
    expect((await runCli(['backup', '--data-dir', dir.path, '--out', backup])).code).toBe(0);
    lose();
    const serve = await runCli(['serve', '--data-dir', dir.path, '--port', '0']);
    expect(serve.code).toBe(1);
    expect(serve.stderr).toMatch(/counter\.db is (missing|empty)/);
    expect(serve.stderr).toContain('restore');
    // Nothing was created in its place.
    expect(existsSync(live()) ? readFileSync(live()).length : 0).toBe(0);

    expect((await runCli(['restore', '--data-dir', dir.path, '--file', backup])).code).toBe(0);
    const services = createServices({ dataDir: dir.path });
    expect(services.database.sqlite.prepare('select name from events').all()).toEqual([{ name: eventName }]);
    services.close();
  });

  it('counter.db missing in a data dir that replicated to a remote: refused too', async () => {
    seedCounter(dir.path);
    const services = createServices({ dataDir: dir.path });
    services.remote.set({ baseUrl: 'http://127.0.0.1:9', apiKey: 'tck_remote', ownerEmail: 'pemilik@loket.test' });
    services.close();
    rmSync(live());
    const refused = await runCli(['sync', 'status', '--data-dir', dir.path]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/counter\.db is missing/);
  });

  it('counter.db missing beside a remote.json from before the database kept the remote: refused too', async () => {
    writeFileSync(join(dir.path, 'remote.json'), JSON.stringify({ baseUrl: 'http://127.0.0.1:9', apiKey: 'tck_remote', ownerEmail: 'pemilik@loket.test' }));
    const refused = await runCli(['sync', 'status', '--data-dir', dir.path]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/counter\.db is missing/);
  });

  it('a fresh data dir still starts as a new counter', async () => {
    const fresh = join(dir.path, 'fresh');
    expect((await runCli(['settings', '--data-dir', fresh])).code).toBe(0);
    expect(existsSync(join(fresh, 'counter.db'))).toBe(true);
  });
});

describe('restore of a backup taken from the live file by copying (not the backup command)', () => {
  it('takes a plain copy of a counter.db as a backup', async () => {
    seedCounter(dir.path);
    const other = join(dir.path, 'other');
    const eventName = seedCounter(other);
    const copy = join(dir.path, 'copied.db');
    copyFileSync(join(other, 'counter.db'), copy);
    expect((await runCli(['restore', '--data-dir', dir.path, '--file', copy])).code).toBe(0);
    const services = createServices({ dataDir: dir.path });
    expect(services.database.sqlite.prepare('select name from events').all()).toEqual([{ name: eventName }]);
    services.close();
  });
});

describe("the settings and the remote are the counter's, not the backup's", () => {
  it('a restore keeps those in force, as it did when they were kept beside the database', async () => {
    seedCounter(dir.path);
    const backup = join(dir.path, 'before-the-change.db');
    expect((await runCli(['backup', '--data-dir', dir.path, '--out', backup])).code).toBe(0);
    const services = createServices({ dataDir: dir.path });
    services.settings.update({ holdWindowMinutes: 42 });
    services.remote.set({ baseUrl: 'http://127.0.0.1:9', apiKey: 'tck_remote', ownerEmail: 'pemilik@loket.test' });
    services.close();

    expect((await runCli(['restore', '--data-dir', dir.path, '--file', backup])).code).toBe(0);
    const restored = createServices({ dataDir: dir.path });
    expect(restored.settings.get().holdWindowMinutes).toBe(42);
    expect(restored.remote.get()).toEqual({ baseUrl: 'http://127.0.0.1:9', apiKey: 'tck_remote', ownerEmail: 'pemilik@loket.test' });
    restored.close();
  });
});

describe('printed numbers after a restore', () => {
  /** A counter's day on the data dir: `sales` paid sales, then, when asked, a shift with an issued X report closed by its Z report. */
  async function day(sales: number, shift: boolean) {
    const h = await startHarness({ dataDir: dir.path });
    try {
      const w = world(h);
      const invoices: string[] = [];
      for (let i = 0; i < sales; i++) invoices.push((await w.detail(await w.sell())).invoiceNumber);
      if (!shift) return { invoices };
      const cashier = makeCaller(h.services, 'staff', { eventId: w.event.id, permission: 'event:update' });
      const drawerOf = drawer(h, cashier);
      await drawerOf.open({ n100000: 1 });
      const x = expectOk(await h.request({ ...call(contract.issueXReport, { params: { sessionId: drawerOf.sessionId } }), key: cashier.key }), 201);
      const z = expectOk(await drawerOf.count({ n100000: 1 }));
      return { invoices, x: x.number, z: z.session.reportNumber };
    } finally {
      await h.close();
    }
  }

  it('go on from the last number printed, not from the backup’s', async () => {
    expect((await day(1, false)).invoices.map((n) => n.slice(-6))).toEqual(['000001']);
    const backup = join(dir.path, 'after-the-first-sale.db');
    expect((await runCli(['backup', '--data-dir', dir.path, '--out', backup])).code).toBe(0);
    expect(await day(2, true)).toMatchObject({ x: 1, z: 1 });

    expect((await runCli(['restore', '--data-dir', dir.path, '--file', backup])).code).toBe(0);
    const after = await day(1, true);
    expect(after.invoices.map((n) => n.slice(-6))).toEqual(['000004']);
    expect(after).toMatchObject({ x: 2, z: 2 });
  });
});
