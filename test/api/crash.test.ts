/**
 * Durability: orders stream into a real `serve` process over HTTP, the process is SIGKILLed
 * mid-stream, and every order that had been answered 201 is still there after a restart, in a
 * database that passes SQLite's integrity check.
 */
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { orderBody, orderPath, ordersPath } from '../support/fixtures.js';
import { seedDataDir, tempDir, type TempDir } from '../support/harness.js';
import { fetchJson, startServe, type Served } from '../support/serve.js';

const WORKERS = 4;
const ACKNOWLEDGED_BEFORE_KILL = 40;

/** Opens the database file of a stopped service and reports what a crash could have broken. */
function inspect(dataDir: string) {
  const db = new Database(join(dataDir, 'counter.db'));
  try {
    const scalar = (sql: string) => Object.values(db.prepare(sql).get() as Record<string, unknown>)[0];
    return {
      integrity: db.pragma('integrity_check', { simple: true }) as string,
      foreignKeyViolations: (db.pragma('foreign_key_check') as unknown[]).length,
      orders: scalar('select count(*) from orders') as number,
      ordersWithoutOneItem: scalar(
        'select count(*) from orders o where (select count(*) from order_items i where i.order_id = o.id) <> 1',
      ) as number,
      held: scalar('select sum(held) from ticket_categories') as number,
      orderIds: (db.prepare('select id from orders').all() as { id: string }[]).map((r) => r.id),
    };
  } finally {
    db.close();
  }
}

describe('crash safety of serve', () => {
  let dir: TempDir;
  const running: Served[] = [];
  afterEach(async () => {
    for (const served of running.splice(0)) await served.stop('SIGKILL');
    dir.remove();
  });

  it('keeps every order answered 201 through a SIGKILL mid-stream', async () => {
    dir = tempDir();
    const { key, event } = seedDataDir(dir.path, 100_000);

    const postOrder = (base: string) =>
      fetchJson(`${base}${ordersPath(event.id)}`, { method: 'POST', headers: { 'x-api-key': key }, body: orderBody(event) });

    const first = await startServe(dir.path);
    running.push(first);
    const acknowledged: string[] = [];
    const unexpected: string[] = [];
    let reachedTarget!: () => void;
    const target = new Promise<void>((resolve) => (reachedTarget = resolve));

    /** Posts orders one after another until the connection dies. */
    async function stream(): Promise<void> {
      for (;;) {
        try {
          const reply = await postOrder(first.url);
          if (reply.status !== 201) unexpected.push(`${reply.status} ${JSON.stringify(reply.body)}`);
          else acknowledged.push(reply.body.data.id);
          if (acknowledged.length >= ACKNOWLEDGED_BEFORE_KILL) reachedTarget();
        } catch {
          return; // the server is gone: whatever was not fully answered was never acknowledged
        }
      }
    }
    const streams = Array.from({ length: WORKERS }, stream);
    await Promise.race([target, Promise.all(streams)]);
    const killed = await first.stop('SIGKILL');
    await Promise.all(streams);

    expect(killed.signal).toBe('SIGKILL');
    expect(unexpected).toEqual([]);
    expect(acknowledged.length).toBeGreaterThanOrEqual(ACKNOWLEDGED_BEFORE_KILL);

    const afterCrash = inspect(dir.path);
    expect(afterCrash.integrity).toBe('ok');
    expect(afterCrash.foreignKeyViolations).toBe(0);
    expect(afterCrash.orderIds).toEqual(expect.arrayContaining(acknowledged));
    // Each order and its seat hold and item were committed together or not at all.
    expect(afterCrash.ordersWithoutOneItem).toBe(0);
    expect(afterCrash.held).toBe(afterCrash.orders);

    const second = await startServe(dir.path);
    running.push(second);
    for (const id of acknowledged) {
      const detail = await fetchJson(`${second.url}${orderPath(event.id, id)}`, { headers: { 'x-api-key': key } });
      expect({ status: detail.status, id: detail.body.data?.id }).toEqual({ status: 200, id });
    }
    expect((await postOrder(second.url)).status).toBe(201);
    const stopped = await second.stop('SIGTERM');
    expect(stopped.code).toBe(0);

    const afterRestart = inspect(dir.path);
    expect(afterRestart.integrity).toBe('ok');
    expect(afterRestart.orders).toBe(afterCrash.orders + 1);
  });
});
