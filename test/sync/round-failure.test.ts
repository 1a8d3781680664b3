/**
 * The engine's own faults, not the remote's: every job still ends done, skipped or conflict, and a
 * round that fails records why where the operator looks and never stays `syncing`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../../src/main/domain/access.js';
import { createServices, type Services } from '../../src/main/services.js';
import { tempDir, type TempDir } from '../support/harness.js';
import { startRemoteApp, type RemoteApp } from '../support/remote-app.js';
import { DEMO, person } from '../support/sync-world.js';

describe('a sync round that fails at the counter', () => {
  let remote: RemoteApp;
  let dir: TempDir;
  let services: Services;
  let actor: Actor;
  const logged: string[] = [];

  beforeAll(async () => {
    remote = await startRemoteApp();
    dir = tempDir('tc-round-');
    // The engine's log, as serve gives it its logger.
    services = createServices({ dataDir: dir.path, sync: { timeoutMs: 2000, log: { error: (_details, message) => void logged.push(message) } } });
    const owner = services.users.create({ email: 'pemilik@loket.test', name: 'Pemilik', role: 'organizer', password: 'kata-sandi-loket' });
    actor = { userId: owner.id, role: 'organizer', name: owner.name, credential: 'jwt' };
    services.sync.setRemote({ baseUrl: remote.url, apiKey: remote.key, ownerEmail: owner.email });
    expect(await services.sync.runOnce({ pull: true })).toMatchObject({ state: 'idle', lastError: null });
  });

  afterAll(async () => {
    services?.close();
    dir?.remove();
    await remote?.close();
  });

  const sale = () => services.orders.create(actor, DEMO.eventId, { eventId: DEMO.eventId, ticketCategoryId: DEMO.harian, registration: person() });
  const jobsOf = (orderId: string) =>
    services.database.sqlite.prepare('select kind, state, last_error as lastError from outbox where order_id = ? order by seq').all(orderId) as {
      kind: string;
      state: string;
      lastError: string | null;
    }[];

  it('a job the counter cannot even build becomes a conflict that says why, and the others go on', async () => {
    const broken = await sale();
    await services.transitions.checkout(actor, DEMO.eventId, broken.id, { method: 'cash', amountTendered: '1000000' });
    // A checkout stored with a body the interface does not take (written by an older version, say).
    services.database.sqlite.prepare(`update outbox set payload = '{"method":"barter"}' where order_id = ? and kind = 'checkout'`).run(broken.id);
    const fine = await sale();

    const status = await services.sync.runOnce();
    expect(status).toMatchObject({ state: 'idle', pending: 0, conflicts: 1 });
    const [create, checkout] = jobsOf(broken.id);
    expect([create?.state, checkout?.state]).toEqual(['done', 'conflict']);
    expect(checkout?.lastError).toMatch(/^Kesalahan di loket saat mengirim perubahan ini: /);
    expect(jobsOf(fine.id).map((j) => j.state)).toEqual(['done']);
    expect(logged).toContain('sync: a job failed at the counter');
  });

  it('a round whose database refuses writes says so, is not left syncing, and the next round goes on', async () => {
    const waiting = await sale();
    services.database.sqlite.pragma('query_only = ON');
    let status;
    try {
      status = await services.sync.runOnce();
    } finally {
      services.database.sqlite.pragma('query_only = OFF');
    }
    expect(status.state).toBe('idle');
    expect(status.lastError).toMatch(/^Putaran sinkronisasi gagal karena kesalahan di loket: /);
    expect(logged).toContain('sync round failed');

    const next = await services.sync.runOnce();
    expect(next).toMatchObject({ state: 'idle', lastError: null, pending: 0 });
    expect(jobsOf(waiting.id).map((j) => j.state)).toEqual(['done']);
  });
});
