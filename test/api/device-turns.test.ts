/**
 * Devices take turns, people do not wait for them (src/main/http/device-turns.ts), seen through a
 * route of this test's own whose handler finishes when the test says so: at most DEVICE_SLOTS
 * API-key requests are being handled at once, the next in line goes as one finishes, in arrival
 * order, and a login's request passes while every slot is taken.
 */
import { Agent, request } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { authenticate } from '../../src/main/http/auth.js';
import { buildApp } from '../../src/main/http/app.js';
import { DEVICE_SLOTS } from '../../src/main/http/device-turns.js';
import { createServices, type Services } from '../../src/main/services.js';
import { PASSWORD, makeCaller, makeKey, orderBody, ticketInput } from '../support/fixtures.js';
import { startHarness, tempDir, type TempDir } from '../support/harness.js';
import { world } from '../support/world.js';

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
    return { app, handling };
  }

  it('handles at most DEVICE_SLOTS devices at once, the rest in arrival order, a person meanwhile', async () => {
    const { app, handling } = await appWithWork();
    const staff = makeCaller(services, 'staff');
    const keys = Array.from({ length: DEVICE_SLOTS + 3 }, () => makeKey(services, staff.user));
    const devices = keys.map((key, n) => app.inject({ url: '/work', headers: { 'x-api-key': key, 'x-who': `device ${n}` } }));
    await until('every slot taken', () => handling.length === DEVICE_SLOTS);

    // A person's request does not queue behind the devices.
    const login = await app.inject({ method: 'POST', url: '/auth/login', payload: { email: staff.user.email, password: PASSWORD } });
    const person = app.inject({ url: '/work', headers: { authorization: `Bearer ${login.json().data.token}`, 'x-who': 'person' } });
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
    const again = keys.slice(0, DEVICE_SLOTS).map((key, n) => app.inject({ url: '/work', headers: { 'x-api-key': key, 'x-who': `again ${n}` } }));
    await until('every slot taken again', () => handling.length === DEVICE_SLOTS);
    for (const h of handling.splice(0)) h.finish();
    await Promise.all(again);
    await app.close();
  });
});

describe('device turns when devices hang up', () => {
  /** One sale over a connection of the agent; resolves with the status, or 0 when the connection is cut. */
  function postSale(agent: Agent, port: number, path: string, key: string, body: unknown): Promise<number> {
    return new Promise((resolve) => {
      const payload = JSON.stringify(body);
      const sent = request({ host: '127.0.0.1', port, path, method: 'POST', agent, headers: { 'x-api-key': key, 'content-type': 'application/json' } }, (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      });
      sent.setTimeout(10_000, () => sent.destroy());
      sent.on('error', () => resolve(0));
      sent.end(payload);
    });
  }

  it('a load cut off mid-way leaves every slot free: the next sales are answered', async () => {
    const h = await startHarness();
    try {
      const w = world(h, { tickets: [ticketInput(h.clock(), { quota: 1_000_000 })] });
      await h.app.listen({ host: '127.0.0.1', port: 0 });
      const address = h.app.server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      const path = `/events/${w.event.id}/admin/orders`;
      for (let round = 0; round < 3; round++) {
        // Ten devices selling as fast as they can, then all connections cut at once, mid-request.
        const agent = new Agent({ keepAlive: true, maxSockets: 10 });
        const until = Date.now() + 300;
        const devices = Array.from({ length: 10 }, async () => {
          while (Date.now() < until) await postSale(agent, port, path, w.organizer.key, orderBody(w.event));
        });
        await new Promise((resolve) => setTimeout(resolve, 300));
        agent.destroy();
        await Promise.all(devices);
      }
      const fresh = new Agent({ keepAlive: false });
      const answers = await Promise.all(Array.from({ length: DEVICE_SLOTS * 2 }, () => postSale(fresh, port, path, w.organizer.key, orderBody(w.event))));
      expect(answers).toEqual(answers.map(() => 201));
    } finally {
      await h.close();
    }
  });
});
