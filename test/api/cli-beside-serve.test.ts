/**
 * The command line writing next to a running serve that sells: adding staff, granting, making
 * keys and changing settings must all succeed while the counter writes sales. (A CLI transaction
 * that read, hashed a password and then wrote failed with "database is locked" whenever serve
 * committed in between.) And each sees the other's change of the settings at once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir, type TempDir } from '../support/harness.js';
import { fetchJson, runCli, startServe, type Served } from '../support/serve.js';

const COFFEE = { id: '01JDEM0000000000000000EV02', daily: '01JDEM0000000000000000TK03' } as const;

describe('the CLI beside a serve that is selling', () => {
  let dir: TempDir;
  let served: Served;
  let key: string;

  beforeAll(async () => {
    dir = tempDir('tc-cli-beside-');
    served = await startServe(dir.path, { args: ['--demo'] });
    const made = await runCli(['apikey', 'create', '--data-dir', dir.path, '--email', 'kasir@demo.test', '--name', 'kiosk']);
    expect(made.code).toBe(0);
    key = made.stdout.trim();
  });

  afterAll(async () => {
    await served?.stop();
    dir?.remove();
  });

  let n = 0;
  /** Sales (each cancelled again), one after the other as fast as the counter answers, until `stop` says so; how many. */
  async function selling(stop: () => boolean): Promise<number> {
    let made = 0;
    while (!stop()) {
      n += 1;
      made += 1;
      const registration = {
        name: `Pembeli ${n}`,
        email: `pembeli${n}@cli.test`,
        phone: `+62815${String(1_000_000 + n)}`,
        gender: 'female',
        birthDate: '1990-01-01',
        identityNumber: `3201${String(n).padStart(12, '0')}`,
      };
      const reply = await fetchJson(`${served.url}/events/${COFFEE.id}/admin/orders`, {
        method: 'POST',
        headers: { 'x-api-key': key },
        body: { eventId: COFFEE.id, ticketCategoryId: COFFEE.daily, registration },
      });
      expect(reply.status, JSON.stringify(reply.body)).toBe(201);
      // Given back at once, so that the seats last however fast the counter sells: one more write.
      const cancelled = await fetchJson(`${served.url}/events/${COFFEE.id}/admin/orders/${reply.body.data.id}/cancel`, { method: 'POST', headers: { 'x-api-key': key }, body: {} });
      expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    }
    return made;
  }

  it('adds staff, grants, keys and settings while sales are written, every command exit 0', { timeout: 60_000 }, async () => {
    let done = false;
    const sales = Promise.all([selling(() => done), selling(() => done)]);
    const results = [];
    try {
      for (let i = 1; i <= 3; i++) {
        const email = `staf${i}@loket.test`;
        results.push(await runCli(['user', 'create', '--data-dir', dir.path, '--email', email, '--name', `Staf ${i}`, '--role', 'staff', '--password', 'kata-sandi-staf']));
        results.push(await runCli(['user', 'grant', '--data-dir', dir.path, '--email', email, '--event', COFFEE.id, '--permission', 'event:checkin']));
        results.push(await runCli(['apikey', 'create', '--data-dir', dir.path, '--email', email, '--name', `gerbang ${i}`]));
        results.push(await runCli(['settings', 'set', '--data-dir', dir.path, '--hold-window-minutes', String(15 + i)]));
      }
    } finally {
      done = true;
    }
    const sold = (await sales).reduce((a, b) => a + b, 0);
    expect(results.filter((r) => r.code !== 0).map((r) => r.stderr)).toEqual([]);
    // The sales really did go on meanwhile.
    expect(sold).toBeGreaterThan(results.length);
  });

  it("sees each other's settings changes at once: both read them from the database", async () => {
    expect((await runCli(['settings', 'set', '--data-dir', dir.path, '--hold-window-minutes', '33'])).code).toBe(0);
    const read = await fetchJson(`${served.url}/settings`, { headers: { 'x-api-key': key } });
    expect(read.body.data.holdWindowMinutes).toBe(33);

    const owner = await runCli(['apikey', 'create', '--data-dir', dir.path, '--email', 'admin@demo.test', '--name', 'pemilik']);
    expect(owner.code).toBe(0);
    const patched = await fetchJson(`${served.url}/settings`, { method: 'PATCH', headers: { 'x-api-key': owner.stdout.trim() }, body: { holdWindowMinutes: 34 } });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    const shown = await runCli(['settings', '--data-dir', dir.path]);
    expect(JSON.parse(shown.stdout).holdWindowMinutes).toBe(34);
  });
});
