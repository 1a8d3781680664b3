/**
 * Builds the HTTP listener over already-built services. Routes are thin: zod parses, a domain
 * service decides, the envelope wraps. Tests call app.inject() on this; serve only listens.
 */
import { DISPLAY_PAGE } from '#shared/schemas/customer-display.js';
import { GATE_PAGE } from '#shared/schemas/gate-device.js';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { newId } from '../domain/ids.js';
import type { Services } from '../services.js';
import { clientErrors, installErrorHandling, routerErrors } from './errors.js';
import { installHostAllowlist } from './host-allowlist.js';
import { installDeviceTurns } from './device-turns.js';
import { installIdempotency } from './idempotency.js';
import { openApiTransforms } from './openapi-components.js';
import { credentialsFromLan, installNetworkPolicy } from './network-policy.js';
import { createRateLimits } from './rate-limits.js';
import { installSecurityHeaders } from './security-headers.js';
import { apiKeyRoutes } from './routes/apikeys.js';
import { auditRoutes } from './routes/audit.js';
import { authRoutes } from './routes/auth.js';
import { cashSessionRoutes } from './routes/cash-sessions.js';
import { checkInRoutes } from './routes/check-ins.js';
import { eventRoutes } from './routes/events.js';
import { gateAppRoutes } from './routes/gate-app.js';
import { invoiceRoutes } from './routes/invoices.js';
import { printingRoutes } from './routes/printing.js';
import { customerDisplayRoutes } from './routes/customer-displays.js';
import { orderPaymentRoutes } from './routes/order-payments.js';
import { orderRoutes } from './routes/orders.js';
import { reportRoutes } from './routes/reports.js';
import { transactionRoutes } from './routes/transactions.js';
import { settingsRoutes } from './routes/settings.js';
import { setupRoutes } from './routes/setup.js';
import { syncRoutes } from './routes/sync.js';
import { userRoutes } from './routes/users.js';

// Validation messages in Indonesian wherever a schema does not word its own.
z.config(z.locales.id());

export const BODY_LIMIT = 64 * 1024;

/** How long a client may take to send its request's headers, and the whole request. */
export const TIMEOUTS = { headersMs: 10_000, requestMs: 30_000 };

export interface AppOptions {
  /** Host names besides loopback that this listener answers to (its LAN address). */
  allowedHosts?: string[];
  /** LAN mode: listening beyond loopback, so other machines' requests need credentials and are limited. */
  lan?: boolean;
  logLevel?: string;
  /** The built counter UI (out/renderer), served at / for browser mode and the Electron window. */
  uiDir?: string;
  /**
   * A secret the launcher made for this run (the Electron shell): the unauthenticated first-run
   * actions then also need it in X-Launch-Token, so that no other local program can take them.
   */
  launchToken?: string;
  /** TIMEOUTS, unless told (tests cannot wait for the real ones). */
  timeouts?: typeof TIMEOUTS;
}

/**
 * Fastify logs neither headers nor bodies (requests: method, URL, peer; responses: status), so
 * these are the second line: whatever logs a request or a body later still cannot leak a secret.
 */
export const REDACTED_PATHS = [
  'req.headers["x-api-key"]',
  'req.headers["x-launch-token"]',
  'req.headers.authorization',
  'req.headers.cookie',
  'body.password',
  '*.password',
  '*.generatedPassword',
  'body.apiKey',
  '*.apiKey',
  // A created API key: {data: {key, info}} as answered.
  'data.key',
  '*.data.key',
];

/**
 * Query parameters blanked in logs: credentials (a ticket's QR token looks a ticket up at the gate)
 * and personal data (a ticket's number, an order search: a customer's e-mail or name).
 */
const REDACTED_QUERY = /([?&](?:token|key|apiKey|password|ticketNumber|search)=)[^&]*/gi;

/** A request as logged: its URL with those query parameters blanked. */
function loggedRequest(request: FastifyRequest) {
  return { method: request.method, url: request.url.replace(REDACTED_QUERY, '$1[redacted]'), host: request.host, remoteAddress: request.ip };
}

export async function buildApp(services: Services, options: AppOptions = {}): Promise<FastifyInstance> {
  const rateLimits = createRateLimits(services, options.lan ?? false);
  const timeouts = options.timeouts ?? TIMEOUTS;
  const app = Fastify({
    bodyLimit: BODY_LIMIT,
    // As long as the longest idOrSlug the route schemas accept, so that the schema decides.
    routerOptions: { maxParamLength: 200 },
    frameworkErrors: routerErrors(rateLimits.countAnswered),
    clientErrorHandler: clientErrors(rateLimits.countRefused),
    genReqId: () => newId(),
    requestIdHeader: false,
    // A request must arrive whole within these (a slow sender holds no socket for long), checked
    // often: Node looks only every 30 s by default, which let a trickled body stay well past it. Idle
    // kept-alive connections close soon after.
    requestTimeout: timeouts.requestMs,
    http: { headersTimeout: timeouts.headersMs, requestTimeout: timeouts.requestMs, connectionsCheckingInterval: Math.min(1000, timeouts.headersMs / 2) },
    keepAliveTimeout: 5_000,
    logger: {
      level: options.logLevel ?? process.env.LOG_LEVEL ?? 'info',
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
      serializers: { req: loggedRequest },
      // stdout carries only the 'listening on' line and command output; logs go to stderr.
      stream: process.stderr,
    },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // JSON bodies only: a form or text body is refused with 415 before any route sees it.
  app.removeContentTypeParser(['text/plain']);

  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  installHostAllowlist(app, options.allowedHosts ?? []);
  installErrorHandling(app);
  installSecurityHeaders(app);
  installNetworkPolicy(app, services, options.lan ?? false);
  rateLimits.install(app);
  installDeviceTurns(app);
  installIdempotency(app, services);

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Ticket Counter local service',
        version: '1.0.0',
        description:
          'The event ticket order service interface, served by a counter on SQLite, plus this project\'s extensions: each marked x-extension, its summary beginning "Extension:". Credentials: X-API-Key (a device) or Authorization: Bearer (a login from POST /auth/login). Messages are in Indonesian. Errors: {message, requestId, error: {code, details?}}. Any POST takes an Idempotency-Key.',
      },
      // Relative: the counter is reached at whatever address it listens on.
      servers: [{ url: '/', description: 'This counter, at the address it was reached at' }],
      components: {
        securitySchemes: {
          apiKey: { type: 'apiKey', in: 'header', name: 'X-API-Key' },
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
        },
      },
    },
    ...openApiTransforms(),
  });

  await app.register(authRoutes, { services });
  await app.register(eventRoutes, { services });
  await app.register(orderRoutes, { services });
  await app.register(orderPaymentRoutes, { services });
  await app.register(invoiceRoutes, { services });
  await app.register(printingRoutes, { services });
  await app.register(customerDisplayRoutes, { services });
  await app.register(checkInRoutes, { services });
  await app.register(gateAppRoutes, { services });
  await app.register(syncRoutes, { services });
  await app.register(apiKeyRoutes, { services });
  await app.register(userRoutes, { services });
  await app.register(settingsRoutes, { services });
  await app.register(auditRoutes, { services });
  await app.register(cashSessionRoutes, { services });
  await app.register(reportRoutes, { services });
  await app.register(transactionRoutes, { services });
  await app.register(setupRoutes, { services, launchToken: options.launchToken });

  app.get('/openapi.json', { schema: { hide: true }, config: { credentialsFromLan: true } }, async () => app.swagger());
  // The API reference for device developers, rendered from the same document by Swagger UI's own
  // files (served from here, no CDN; the page keeps this service's CSP). Its document asks the LAN
  // for credentials as /openapi.json does; the renderer's files are public library code.
  await app.register(swaggerUi, {
    routePrefix: '/docs',
    uiHooks: { onRequest: credentialsFromLan(services, options.lan ?? false) },
    // BaseLayout: no top bar, whose box explores other documents and whose logo is the plugin's.
    uiConfig: { layout: 'BaseLayout', docExpansion: 'list', deepLinking: true, defaultModelsExpandDepth: 0 },
    theme: { title: 'Ticket Counter: API' },
  });
  if (options.uiDir) {
    await app.register(fastifyStatic, { root: options.uiDir, wildcard: false, maxAge: 0 });
    // The customer display is the same page (the renderer tells it by its path): a tablet opens /display.
    app.get(DISPLAY_PAGE, { schema: { hide: true } }, (_request, reply) => reply.sendFile('index.html'));
    // The gate app, a page and bundle of its own for the stewards' phones (docs/gate.md).
    app.get(GATE_PAGE, { schema: { hide: true } }, (_request, reply) => reply.sendFile('gate.html'));
    // Typed with a slash by hand: the page's assets are relative to /, so it is sent where they resolve.
    app.get(`${GATE_PAGE}/`, { schema: { hide: true } }, (_request, reply) => reply.redirect(GATE_PAGE));
  }
  return app;
}
