import type { ErrorCode } from '../../shared/schemas/common.js';
import { ErrorEnvelope } from '../../shared/schemas/common.js';
import { STATUS_OF } from './errors.js';

/** Response schemas of the error statuses a route can answer, for validation and OpenAPI alike. */
export function errorResponses(...codes: ErrorCode[]) {
  const statuses = new Set([...codes, 'INTERNAL' as const].map((code) => STATUS_OF[code]));
  return Object.fromEntries([...statuses].map((status) => [status, ErrorEnvelope]));
}

/** What every authenticated route can answer besides its own errors. */
export const AUTH_ERRORS: ErrorCode[] = ['UNAUTHENTICATED', 'RATE_LIMITED'];
/**
 * What any POST, PUT, PATCH or DELETE can answer, body schema or not: Fastify parses whatever body
 * comes, and a write can find the disk full.
 */
export const BODY_ERRORS: ErrorCode[] = ['VALIDATION_FAILED', 'PAYLOAD_TOO_LARGE', 'UNSUPPORTED_MEDIA_TYPE', 'STORAGE_FULL'];
export const SECURITY: Record<string, string[]>[] = [{ apiKey: [] }, { bearer: [] }];
