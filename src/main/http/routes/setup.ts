import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope } from '../../../shared/schemas/common.js';
import { ConnectSetupBody, ConnectSetupResult, DemoSetupResult, SetupState } from '../../../shared/schemas/setup.js';
import { messages } from '../../../shared/messages.js';
import { connectToRemote, setUpDemo, setupState } from '../../domain/setup.js';
import type { Services } from '../../services.js';
import { ok } from '../envelope.js';
import { BODY_ERRORS, errorResponses } from '../responses.js';
import { setupGuard } from '../setup-guard.js';

const GUARDED =
  'No credentials, so it is guarded otherwise: only while no operator (super_admin, organizer, staff) exists (else 409), ' +
  'only from a loopback address and not from a page of another site (Origin), and, when the service was started with ' +
  'TICKET_COUNTER_LAUNCH_TOKEN, only with that token in X-Launch-Token (else 403).';

/** Extensions for the first run of a counter: what the UI offers before anyone can log in. */
export const setupRoutes: FastifyPluginAsyncZod<{ services: Services; launchToken?: string }> = async (app, { services, launchToken }) => {
  const guard = setupGuard(launchToken);
  const common = { tags: ['setup'] };

  app.get(
    '/setup',
    {
      config: { credentialsFromLan: true },
      schema: {
        summary: 'Extension: whether this counter still needs setting up, and whether the demo logins exist',
        description:
          'No credentials from this machine: the login screen asks before anyone can log in. In LAN mode another machine needs an API key or a login (the UI then goes straight to its login).',
        ...common,
        response: { 200: envelope(SetupState), ...errorResponses() },
      },
    },
    async (request) => ok(request, messages.setupState, setupState(services)),
  );

  app.post(
    '/setup/demo',
    {
      onRequest: guard,
      schema: {
        summary: 'Extension: first run: seed the demo events and logins, answer the (public) demo logins',
        description: GUARDED,
        ...common,
        response: { 200: envelope(DemoSetupResult), ...errorResponses(...BODY_ERRORS, 'FORBIDDEN', 'INVALID_STATE') },
      },
    },
    async (request) => ok(request, messages.setupDemoReady, setUpDemo(services)),
  );

  app.post(
    '/setup/connect',
    {
      onRequest: guard,
      schema: {
        summary: "Extension: first run: connect to a service, become the counter's owner, pull its events",
        description:
          `Checks baseUrl and apiKey against the remote first (a refused key: 400 on apiKey; no answer, or not this interface: 400 on baseUrl). ` +
          `Then creates the counter's owner, a super_admin (name, email, password), who also owns the pulled events; stores the remote and runs one sync round; sync is its status. ${GUARDED}`,
        ...common,
        body: ConnectSetupBody,
        response: {
          200: envelope(ConnectSetupResult),
          ...errorResponses(...BODY_ERRORS, 'FORBIDDEN', 'INVALID_STATE'),
        },
      },
    },
    async (request) => ok(request, messages.setupConnected, await connectToRemote(services, request.body)),
  );
};
