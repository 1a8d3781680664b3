import type { FastifyPluginAsync } from 'fastify';
import { messages } from '#shared/messages.js';
import type { Services } from '../../services.js';
import { ok } from '../envelope.js';
import { mount } from '../mount.js';
import { setupGuard } from '../setup-guard.js';

/** Extensions for the first run of a counter: what the UI offers before anyone can log in. */
export const setupRoutes: FastifyPluginAsync<{ services: Services; launchToken?: string }> = async (app, { services, launchToken }) => {
  const guarded = { onRequest: setupGuard(launchToken) };

  mount(app, services, 'getSetupState', (request) => ok(request, messages.setupState, services.setup.state()));

  mount(app, services, 'setUpDemo', (request) => ok(request, messages.setupDemoReady, services.setup.setUpDemo()), guarded);

  mount(app, services, 'connectSetup', async (request) => ok(request, messages.setupConnected, await services.setup.connectToRemote(request.body)), guarded);
};
