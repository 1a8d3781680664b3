/**
 * `serve` as a process: its stdout contract, clean shutdown, logs that keep secrets out, and one
 * serve per data dir (a lock the OS releases with its process, whatever serve.pid says).
 */
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { PASSWORD, orderBody, ordersPath } from '../support/fixtures.js';
import { seedDataDir, tempDir, type TempDir } from '../support/harness.js';
import { fetchJson, runCli, startServe, type Served } from '../support/serve.js';
import { ULID } from '../support/shapes.js';

describe('serve', () => {
  let dir: TempDir;
  let served: Served | undefined;
  afterEach(async () => {
    await served?.stop('SIGKILL');
    served = undefined;
    dir.remove();
  });

  it('prints only the listening line on stdout, logs without secrets on stderr, and stops cleanly on SIGTERM', async () => {
    dir = tempDir();
    const { organizer, key, event } = seedDataDir(dir.path);
    served = await startServe(dir.path, { logLevel: 'info' });
    expect(served.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);

    const login = await fetchJson(`${served.url}/auth/login`, { method: 'POST', body: { email: organizer.email, password: PASSWORD } });
    expect(login.status).toBe(200);
    const { token } = login.body.data;
    const created = await fetchJson(`${served.url}${ordersPath(event.id)}`, {
      method: 'POST',
      headers: { 'x-api-key': key, 'idempotency-key': 'serve-1' },
      body: orderBody(event),
    });
    expect(created.status).toBe(201);
    expect(created.headers.get('x-request-id')).toMatch(ULID);
    const listed = await fetchJson(`${served.url}/events?ownerId=me`, { headers: { authorization: `Bearer ${token}` } });
    expect(listed.status).toBe(200);

    const stopped = await served.stop('SIGTERM');
    expect(stopped.code).toBe(0);
    expect(served.stdout()).toBe(`listening on ${served.url}\n`);
    const logs = served.stderr();
    expect(logs).toContain('incoming request');
    for (const secret of [key, PASSWORD, token, created.body.data.generatedPassword]) expect(logs).not.toContain(secret);
  });

  it('one serve per data dir: a second is refused while the first runs, and starts once the first was killed', async () => {
    dir = tempDir();
    seedDataDir(dir.path);
    const first = await startServe(dir.path);
    served = first;
    const second = await runCli(['serve', '--data-dir', dir.path, '--port', '0']);
    expect(second.code).toBe(1);
    expect(second.stderr).toMatch(new RegExp(`another serve \\(pid ${first.child.pid}\\) is running`));
    // A power cut, as far as the data dir can tell: no shutdown, serve.pid left behind.
    await first.stop('SIGKILL');
    served = await startServe(dir.path);
    expect(served.url).toMatch(/^http:/);
  });

  it('a serve.pid left behind naming a live process that is not serve (a pid reused after a crash) blocks nothing', async () => {
    dir = tempDir();
    seedDataDir(dir.path);
    // This test's own process: alive, and certainly no serve of this data dir.
    writeFileSync(join(dir.path, 'serve.pid'), String(process.pid));
    served = await startServe(dir.path);
    expect(served.url).toMatch(/^http:/);
  });

  it('a demo counter keeps its data across restarts in a folder of its own, and says how to log in and where it is', async () => {
    dir = tempDir();
    // The OS app-data folder of this test: XDG_CONFIG_HOME on Linux.
    const env = { XDG_CONFIG_HOME: dir.path };
    served = await startServe(undefined, { args: ['--demo'], env });
    await expect.poll(() => served!.stdout()).toContain('Data in');
    const demoDir = join(dir.path, 'ticket-counter-demo');
    expect(served.stdout()).toContain('kasir@demo.test  password: demo-kasir');
    expect(served.stdout()).toContain(`Data in ${demoDir}\n`);
    expect(existsSync(join(demoDir, 'counter.db'))).toBe(true);

    // A change made in the demo survives a restart: the same folder, the demo seeding it again leaves it be.
    const login = await fetchJson(`${served.url}/auth/login`, { method: 'POST', body: { email: 'kasir@demo.test', password: 'demo-kasir' } });
    const changed = await fetchJson(`${served.url}/auth/password`, {
      method: 'POST',
      headers: { authorization: `Bearer ${login.body.data.token}` },
      body: { currentPassword: 'demo-kasir', newPassword: 'kata-sandi-kasir-baru' },
    });
    expect(changed.status).toBe(200);
    await served.stop();
    served = await startServe(undefined, { args: ['--demo'], env });
    const again = await fetchJson(`${served.url}/auth/login`, { method: 'POST', body: { email: 'kasir@demo.test', password: 'kata-sandi-kasir-baru' } });
    expect(again.status).toBe(200);
  });
});
