/**
 * Registers a route from its contract (src/shared/contract): the path, the schemas that parse the
 * request and the answer, the OpenAPI description and whether credentials are needed all come
 * from there, so that a handler can only take and answer what the contract says.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler, preHandlerHookHandler } from 'fastify';
import type { z } from 'zod';
import { BODY_ERRORS, contract, type Access, type Answer, type Contract, type EndpointBase, type OperationId, type PartOf } from '#shared/contract/index.js';
import type { Services } from '../services.js';
import { messages } from '#shared/messages.js';
import { AppError } from '../domain/errors.js';
import { authenticate } from './auth.js';
import { keepingAnswer } from './idempotency.js';
import { SECURITY, errorResponses } from './responses.js';

type Parsed<E, K extends 'params' | 'query' | 'body'> = [PartOf<E, K>] extends [never] ? undefined : z.output<PartOf<E, K>>;

/** The request a handler of this endpoint receives, parsed by its schemas. */
export type RequestOf<E extends EndpointBase> = FastifyRequest<{
  Params: Parsed<E, 'params'>;
  Querystring: Parsed<E, 'query'>;
  Body: Parsed<E, 'body'>;
}>;

export type Handler<E extends EndpointBase> = (request: RequestOf<E>, reply: FastifyReply) => Promise<Answer<E>> | Answer<E>;

export interface MountOptions {
  /** Guards after authentication (the first-run guard). */
  onRequest?: onRequestHookHandler;
  preHandler?: preHandlerHookHandler;
  config?: Record<string, unknown>;
}

/** A paired gate device's key does what a gate does (endpoints marked gateDevice) and nothing else. */
const gateDevicesOnly =
  (endpoint: EndpointBase): onRequestHookHandler =>
  async (request) => {
    if (request.actor?.gateDevice && !endpoint.gateDevice) throw new AppError('FORBIDDEN', messages.gateDeviceOnly);
  };

/**
 * What any route can answer whatever it does, declared on every operation: a Host or Origin not
 * allowed (403), a header the HTTP parser refuses or a malformed Idempotency-Key or path (400),
 * headers too large (431), a request too slow (408), a limit reached (429). A write (any method
 * but GET) can also answer what a body can (BODY_ERRORS).
 */
const EVERY_ROUTE_ERRORS = ['VALIDATION_FAILED', 'FORBIDDEN', 'REQUEST_TIMEOUT', 'RATE_LIMITED', 'HEADERS_TOO_LARGE'] as const;

/** OpenAPI's security of each kind of access: none, optional (the empty requirement), or either credential. */
const SECURITY_OF: Record<Access, Record<string, string[]>[]> = { public: [], local: [{}, ...SECURITY], user: SECURITY, counter: SECURITY };

export function mount<K extends OperationId>(app: FastifyInstance, services: Services, id: K, handler: Handler<Contract[K]>, options: MountOptions = {}): void {
  const endpoint: EndpointBase = contract[id];
  const credentials = endpoint.access === 'user' || endpoint.access === 'counter';
  const onRequest = [...(credentials ? [authenticate(services), gateDevicesOnly(endpoint)] : []), ...(options.onRequest ? [options.onRequest] : [])];
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    onRequest,
    preHandler: options.preHandler,
    // A local endpoint asks the LAN for credentials (http/network-policy.ts).
    config: { ...options.config, ...(endpoint.access === 'local' && { credentialsFromLan: true }) },
    schema: {
      operationId: id,
      summary: endpoint.extension ? `Extension: ${endpoint.summary}` : endpoint.summary,
      description: endpoint.description,
      tags: [...endpoint.tags],
      security: SECURITY_OF[endpoint.access],
      ...(endpoint.extension && { 'x-extension': true }),
      // Only the parts it has: Fastify warns of a part given as undefined.
      ...(endpoint.params && { params: endpoint.params }),
      ...(endpoint.query && { querystring: endpoint.query }),
      ...(endpoint.body && { body: endpoint.body }),
      response: { [endpoint.status]: endpoint.response, ...errorResponses(...endpoint.errors, ...EVERY_ROUTE_ERRORS, ...(endpoint.method === 'GET' ? [] : BODY_ERRORS)) },
    },
    handler: async (request, reply) => {
      const answer = await keepingAnswer(request, endpoint, services, () => handler(request as RequestOf<Contract[K]>, reply));
      return reply.code(endpoint.status).send(answer);
    },
  });
}
