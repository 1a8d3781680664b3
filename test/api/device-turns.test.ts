/**
 * Devices on the LAN take turns, people do not wait for them (src/main/http/device-turns.ts; the
 * line itself: test/unit/turns.test.ts). Seen through a route of this test's own whose handler
 * finishes when the test says so: at most DEVICE_SLOTS API-key requests from other machines are
 * handled at once, the next in line goes as one finishes, in arrival order; a login's request
 * passes while every slot is taken; this machine's own clients never queue.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { authenticate } from '../../src/main/http/auth.js';
import { buildApp } from '../../src/main/http/app.js';
import { DEVICE_SLOTS } from '../../src/main/http/device-turns.js';
import { createServices, type Services } from '../../src/main/services.js';
import { PASSWORD, makeCaller, makeKey } from '../support/fixtures.js';
import { tempDir, type TempDir } from '../support/harness.js';

const LAN_DEVICE = '192.0.2.77';

const tick = () => new Promise((resolve) => setImmediate(resolve));

/** Lets the event loop run until `ready` holds (requests reach their handlers), or fails. */
async function until(what: string, ready: () => boolean): Promise<void> {
  for (let turns = 0; !ready(); turns++) {
    if (turns > 10_000) throw new Error(`never: ${what}`);
    await tick();
  }
}

describe('device turns', () => {
  let dir: TempDir;
  let services: Services;
  afterEach(() => {
    services?.close();
    dir?.remove();
  });

  /** The app with a /work route: each call waits in its handler until the test lets it finish. */
  async function appWithWork() {
    dir = tempDir();
    services = createServices({ dataDir: dir.path });
    const app = await buildApp(services, { logLevel: 'silent' });
    const handling: { who: string; finish: () => void }[] = [];
    app.get('/work', { onRequest: authenticate(services) }, async (request) => {
      await new Promise<void>((finish) => handling.push({ who: String(request.headers['x-who']), finish }));
      return { done: true };
    });
    await app.ready();
    const staff = makeCaller(services, 'staff');
    const keys = Array.from({ length: DEVICE_SLOTS + 3 }, () => makeKey(services, staff.user));
    return { app, handling, staff, keys };
  }

  it('handles at most DEVICE_SLOTS devices of the LAN at once, the rest in arrival order, a person meanwhile', async () => {
    const { app, handling, staff, keys } = await appWithWork();
    const devices = keys.map((key, n) => app.inject({ url: '/work', remoteAddress: LAN_DEVICE, headers: { 'x-api-key': key, 'x-who': `device ${n}` } }));
    await until('every slot taken', () => handling.length === DEVICE_SLOTS);

    // A person's request does not queue behind the devices.
    const login = await app.inject({ method: 'POST', url: '/auth/login', remoteAddress: LAN_DEVICE, payload: { email: staff.user.email, password: PASSWORD } });
    const person = app.inject({ url: '/work', remoteAddress: LAN_DEVICE, headers: { authorization: `Bearer ${login.json().data.token}`, 'x-who': 'person' } });
    // The devices that came before the person are still waiting when the person is handled.
    await until('the person handled', () => handling.some((h) => h.who === 'person'));
    expect(handling.map((h) => h.who)).toEqual([...Array.from({ length: DEVICE_SLOTS }, (_, n) => `device ${n}`), 'person']);
    handling.pop()!.finish();
    expect((await person).statusCode).toBe(200);

    // One device finishes: the next in line takes its slot, and so on, in order.
    handling.shift()!.finish();
    await until('the next in line handled', () => handling.some((h) => h.who === `device ${DEVICE_SLOTS}`));
    expect(handling.map((h) => h.who)).toEqual([...Array.from({ length: DEVICE_SLOTS - 1 }, (_, n) => `device ${n + 1}`), `device ${DEVICE_SLOTS}`]);
    for (let finished = 0; finished < keys.length - 1; finished++) {
      await until('a device to finish', () => handling.length > 0);
      handling.shift()!.finish();
    }
    expect((await Promise.all(devices)).map((r) => r.statusCode)).toEqual(keys.map(() => 200));

    // Every slot came back: as many devices at once as before.
    const again = keys.slice(0, DEVICE_SLOTS).map((key, n) => app.inject({ url: '/work', remoteAddress: LAN_DEVICE, headers: { 'x-api-key': key, 'x-who': `again ${n}` } }));
    await until('every slot taken again', () => handling.length === DEVICE_SLOTS);
    for (const h of handling.splice(0)) h.finish();
    await Promise.all(again);
    await app.close();
  });

  it('never makes this machine\'s own clients wait', async () => {
    const { app, handling, keys } = await appWithWork();
    const local = keys.map((key, n) => app.inject({ url: '/work', headers: { 'x-api-key': key, 'x-who': `local ${n}` } }));
    await until('every local client handled at once', () => handling.length === keys.length);
    for (const h of handling.splice(0)) h.finish();
    expect((await Promise.all(local)).map((r) => r.statusCode)).toEqual(keys.map(() => 200));
    await app.close();
  });
});
