/**
 * The venue of the festival bench: its hub (remote: the central service) and counters (remote: the
 * hub), each a data dir prepared through the domain services as the CLI's commands would, then
 * `serve` (built) in a process of its own on 127.0.0.1; and the gate lanes' keys at the hub: one
 * user per lane with event:checkin alone on the event, as docs/venue.md sets scanners up.
 */
import { join } from 'node:path';
import { createServices, type Services } from '../../src/main/services.js';
import { BUILT_CLI } from '../support/built-cli.js';
import { TEST_PASSWORD_WORK } from '../support/password-work.js';
import { fetchJson } from '../support/serve.js';
import { pollUntil } from './poll.js';
import { startServer, type ServerProcess } from './server-process.js';

const PASSWORD = 'bench festival password';
/** How long a started instance may take to pull the event from its remote. */
const PULL_TIMEOUT_MS = 60_000;

/** A running instance and the key the bench reads and sells with there. */
export interface Running {
  label: string;
  server: ServerProcess;
  url: string;
  key: string;
}

function withServices<T>(dataDir: string, body: (services: Services) => T): T {
  const services = createServices({ dataDir, passwordWork: TEST_PASSWORD_WORK });
  try {
    return body(services);
  } finally {
    services.close();
  }
}

/** A request with the instance's key; the reply as it is. */
export const callAt = (at: Running, path: string, body?: unknown) =>
  fetchJson(`${at.url}${path}`, { method: body === undefined ? 'GET' : 'POST', headers: { 'x-api-key': at.key }, body });

/**
 * An instance's data dir: its owner (who owns what it pulls), a staff user whose key the bench
 * uses, and its remote; `keysFor` more keys of that staff user (a hub's, for its counters).
 */
function prepare(dataDir: string, label: string, remote: { baseUrl: string; apiKey: string }, keysFor: string[] = []): { key: string; more: string[] } {
  return withServices(dataDir, (services) => {
    const owner = `pemilik@${label}.festival`;
    services.users.create({ email: owner, name: `Pemilik ${label}`, role: 'super_admin', password: PASSWORD });
    const staff = services.users.create({ email: `loket@${label}.festival`, name: `Loket ${label}`, role: 'staff', password: PASSWORD });
    services.sync.setRemote({ ...remote, ownerEmail: owner });
    return { key: services.apiKeys.create(staff.id, 'bench').key, more: keysFor.map((name) => services.apiKeys.create(staff.id, name).key) };
  });
}

async function start(label: string, dataDir: string, key: string, root: string, env: Record<string, string>): Promise<Running> {
  const server = await startServer([BUILT_CLI, 'serve', '--data-dir', dataDir, '--port', '0'], root, env);
  return { label, server, url: server.url, key };
}

/** Waits until the instance has pulled the event (its first sync round starts with serve). */
export const pulled = (at: Running, eventId: string) =>
  pollUntil(`${at.label} to pull the event`, async () => ((await callAt(at, `/events/${eventId}/tickets`)).status === 200 ? true : undefined), {
    timeoutMs: PULL_TIMEOUT_MS,
  });

/** The hub, its remote the central service; and one key of its desk user per counter. */
export async function startHub(root: string, workDir: string, central: { baseUrl: string; apiKey: string }, counters: number, env: Record<string, string>) {
  const dataDir = join(workDir, 'hub');
  const { key, more } = prepare(
    dataDir,
    'hub',
    central,
    Array.from({ length: counters }, (_, i) => `Loket ${i + 1}`),
  );
  return { hub: await start('hub', dataDir, key, root, env), dataDir, counterKeys: more };
}

/** A counter whose remote is the hub, started, once it has pulled the event. */
export async function startCounter(root: string, workDir: string, n: number, hub: Running, hubKey: string, eventId: string, env: Record<string, string>): Promise<Running> {
  const label = `loket${n}`;
  const dataDir = join(workDir, label);
  const { key } = prepare(dataDir, label, { baseUrl: hub.url, apiKey: hubKey });
  const counter = await start(label, dataDir, key, root, env);
  await pulled(counter, eventId);
  return counter;
}

/**
 * One gate user per lane at the hub, with event:checkin alone on the event, and its scanner's key.
 * Made once the hub has pulled the event (a grant names it), beside the running hub, as
 * `user create`, `user grant` and `apikey create` would.
 */
export function gateLaneKeys(hubDir: string, eventId: string, lanes: number): string[] {
  return withServices(hubDir, (services) =>
    Array.from({ length: lanes }, (_, i) => {
      const user = services.users.create({ email: `gerbang${i + 1}@hub.festival`, name: `Gerbang ${i + 1}`, role: 'staff', password: PASSWORD });
      services.grants.grantBy('system', user, eventId, 'event:checkin');
      return services.apiKeys.create(user.id, `Pemindai gerbang ${i + 1}`).key;
    }),
  );
}
