import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorCode, ErrorEnvelope, FieldError } from '#shared/schemas/common.js';
import { messages } from '#shared/messages.js';
import { isStorageFull } from '../db/storage-full.js';
import { AppError } from '../domain/errors.js';
import { newId } from '../domain/ids.js';
import { securityHeaders } from './security-headers.js';

/** The one place an error code becomes an HTTP status. */
export const STATUS_OF: Record<ErrorCode, number> = {
  VALIDATION_FAILED: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  EVENT_NOT_FOUND: 404,
  ORDER_NOT_FOUND: 404,
  TICKET_NOT_FOUND: 404,
  IDENTITY_NUMBER_REGISTERED: 409,
  SOLD_OUT: 409,
  SALE_CLOSED: 409,
  INVALID_STATE: 409,
  ALREADY_CHECKED_IN: 409,
  REMOTE_REFUSED: 409,
  REMOTE_UNAVAILABLE: 503,
  IDEMPOTENCY_IN_PROGRESS: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  IDEMPOTENCY_KEY_REUSED: 422,
  REQUEST_TIMEOUT: 408,
  RATE_LIMITED: 429,
  HEADERS_TOO_LARGE: 431,
  INTERNAL: 500,
  STORAGE_FULL: 507,
  CASH_SESSION_REQUIRED: 409,
  APPROVAL_REFUSED: 403,
};

function errorBody(requestId: string, code: ErrorCode, message: string, details?: FieldError[]): ErrorEnvelope {
  return { message, requestId, error: details?.length ? { code, details } : { code } };
}

/** Fastify's own errors for bad input, by their code, as ours. */
const FASTIFY_CODES: Record<string, [ErrorCode, string]> = {
  FST_ERR_CTP_BODY_TOO_LARGE: ['PAYLOAD_TOO_LARGE', messages.payloadTooLarge],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: ['UNSUPPORTED_MEDIA_TYPE', messages.unsupportedMediaType],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: ['VALIDATION_FAILED', messages.validationFailed],
  FST_ERR_CTP_EMPTY_JSON_BODY: ['VALIDATION_FAILED', messages.malformedJson],
  FST_ERR_CTP_INVALID_JSON_BODY: ['VALIDATION_FAILED', messages.malformedJson],
  FST_ERR_BAD_STATUS_CODE: ['INTERNAL', messages.internal],
};

function toFieldPath(context: string | undefined, instancePath: string): string {
  const path = instancePath.replace(/^\//, '').replaceAll('/', '.');
  if (path) return path;
  return context === 'body' ? 'body' : (context ?? 'request');
}

/** Maps whatever was thrown to our error envelope; 5xx never show their details. */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const send = (code: ErrorCode, message: string, details?: FieldError[]) =>
      reply.code(STATUS_OF[code]).send(errorBody(request.id, code, message, details));

    if (error instanceof AppError) {
      if (error.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.retryAfterSeconds));
      return send(error.code, error.message, error.details);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const details = error.validation.map((issue) => ({
        field: toFieldPath(error.validationContext, issue.instancePath),
        message: issue.message,
      }));
      return send('VALIDATION_FAILED', messages.validationFailed, details);
    }
    const known = error.code ? FASTIFY_CODES[error.code] : undefined;
    if (known) return send(known[0], known[1]);
    if (error.statusCode === 429) return send('RATE_LIMITED', messages.rateLimited);
    if (error instanceof SyntaxError || (error.statusCode !== undefined && error.statusCode < 500 && error.statusCode >= 400)) {
      return send('VALIDATION_FAILED', messages.validationFailed);
    }
    if (isStorageFull(error)) {
      request.log.warn({ err: error }, 'write refused: the disk is full');
      return send('STORAGE_FULL', messages.storageFull);
    }
    request.log.error({ err: error }, 'unhandled error');
    return send('INTERNAL', messages.internal);
  });

  app.setNotFoundHandler((request, reply) => {
    reply.code(404).send(errorBody(request.id, 'NOT_FOUND', messages.routeNotFound));
  });
}

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * Errors the router raises before any hook or handler runs (a path that is not valid
 * percent-encoding, a path parameter over maxParamLength): in our envelope too, with X-Request-Id
 * and the security headers. No hook runs for them, so this does what the hooks would, and
 * `answered` counts the request against its limit.
 */
export function routerErrors(answered: (request: FastifyRequest) => void) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply): void => {
    const [code, message]: [ErrorCode, string] =
      error.code === 'FST_ERR_BAD_URL' || error.code === 'FST_ERR_MAX_PARAM_LENGTH'
        ? ['VALIDATION_FAILED', messages.validationFailed]
        : ['INTERNAL', messages.internal];
    if (code === 'INTERNAL') request.log.error({ err: error }, 'router error');
    answered(request);
    reply
      .code(STATUS_OF[code])
      .headers({ ...securityHeaders(JSON_TYPE), 'content-type': JSON_TYPE, 'x-request-id': request.id })
      .send(errorBody(request.id, code, message));
  };
}

/** The HTTP server's own refusals, by the code Node gives them. */
function clientErrorOf(error: NodeJS.ErrnoException): [ErrorCode, string] {
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') return ['REQUEST_TIMEOUT', messages.requestTimeout];
  if (error.code === 'HPE_HEADER_OVERFLOW') return ['HEADERS_TOO_LARGE', messages.headersTooLarge];
  return ['VALIDATION_FAILED', messages.malformedRequest];
}

/**
 * What the HTTP server answers before Fastify sees a request (headers too large, a request too
 * slow, bytes that are no HTTP), written on the socket itself: in our envelope, with X-Request-Id
 * and the security headers, then the connection is closed. `answered` counts it against the peer.
 */
export function clientErrors(answered: (address: string | undefined) => void) {
  // Fastify calls it with `this` the instance, whose logger it uses.
  return function clientError(this: FastifyInstance, error: NodeJS.ErrnoException, socket: Duplex & { remoteAddress?: string }): void {
    // A connection the client reset has no one left to answer.
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const [code, message] = clientErrorOf(error);
    this.log.debug({ err: error }, 'refused by the HTTP server');
    answered(socket.remoteAddress);
    const id = newId();
    const body = JSON.stringify(errorBody(id, code, message));
    const status = STATUS_OF[code];
    const headers = { ...securityHeaders(JSON_TYPE), 'content-type': JSON_TYPE, 'content-length': String(Buffer.byteLength(body)), 'x-request-id': id, connection: 'close' };
    if (socket.writable) socket.write(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`).join('')}\r\n${body}`);
    socket.destroy();
  };
}
