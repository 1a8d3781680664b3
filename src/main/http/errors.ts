import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorCode, ErrorEnvelope, FieldError } from '../../shared/schemas/common.js';
import { messages } from '../../shared/messages.js';
import { AppError } from '../domain/errors.js';

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
  RATE_LIMITED: 429,
  INTERNAL: 500,
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
    request.log.error({ err: error }, 'unhandled error');
    return send('INTERNAL', messages.internal);
  });

  app.setNotFoundHandler((request, reply) => {
    reply.code(404).send(errorBody(request.id, 'NOT_FOUND', messages.routeNotFound));
  });
}

/**
 * Errors the router raises before any hook or handler runs (a path that is not valid
 * percent-encoding, a path parameter over maxParamLength): in our envelope too, with X-Request-Id.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const [code, message]: [ErrorCode, string] =
    error.code === 'FST_ERR_BAD_URL' || error.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? ['VALIDATION_FAILED', messages.validationFailed]
      : ['INTERNAL', messages.internal];
  if (code === 'INTERNAL') request.log.error({ err: error }, 'router error');
  reply.code(STATUS_OF[code]).header('x-request-id', request.id).send(errorBody(request.id, code, message));
}
