import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { isIPv4, type AddressInfo } from 'node:net';
import { messages } from '#shared/messages.js';
import type { Services } from '../../services.js';
import { fieldError } from '../../domain/errors.js';
import { actorOf, throttled } from '../auth.js';
import { ok } from '../envelope.js';
import { lanHostNames } from '../host-allowlist.js';
import { isLanHost } from '../../settings/listen.js';
import { mount } from '../mount.js';

/** Where a phone on the LAN reaches this listener: its IPv4 addresses (each of this machine's for a wildcard); none on loopback. */
function lanOrigins(app: FastifyInstance): string[] {
  return app
    .addresses()
    .filter((listening): listening is AddressInfo => typeof listening !== 'string' && isLanHost(listening.address))
    .flatMap(({ address, port }) => lanHostNames(address).filter((name) => isIPv4(name)).map((name) => `http://${name}:${port}`));
}

/** The gate app's endpoints (app/gate-journal.ts, domain/gate-pairings.ts, domain/gate-snapshot.ts). */
export const gateAppRoutes: FastifyPluginAsync<{ services: Services }> = async (app, { services }) => {
  const { pairings, snapshot, journal } = services.gateDevices;

  mount(app, services, 'createGatePairing', (request) => ok(request, messages.gatePairingMade, pairings.create(actorOf(request), request.body, lanOrigins(app))));

  // A wrong code counts as a failed login from the address: codes cannot be guessed at speed.
  mount(app, services, 'pairGateDevice', async (request) => {
    const paired = await throttled(services, request, true, () => pairings.pair(request.body.code));
    if (!paired) throw fieldError('code', messages.gatePairingCodeInvalid);
    return ok(request, messages.gatePaired, paired);
  });

  mount(app, services, 'getGateDevice', (request) => ok(request, messages.gateDeviceFetched, pairings.device(actorOf(request))));

  mount(app, services, 'getGateSnapshot', (request) => ok(request, messages.gateSnapshotFetched, snapshot.take(actorOf(request), request.params.idOrSlug)));

  mount(app, services, 'uploadGateJournal', async (request) =>
    ok(request, messages.gateJournalUploaded, await journal.upload(actorOf(request), request.params.idOrSlug, request.body)),
  );
};
