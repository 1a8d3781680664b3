import type { ErrorCode } from '#shared/schemas/common.js';
import { ErrorEnvelope } from '#shared/schemas/common.js';
import { STATUS_OF } from './errors.js';

/** Response schemas of the error statuses a route can answer, for validation and OpenAPI alike. */
export function errorResponses(...codes: ErrorCode[]) {
  const statuses = new Set([...codes, 'INTERNAL' as const].map((code) => STATUS_OF[code]));
  return Object.fromEntries([...statuses].map((status) => [status, ErrorEnvelope]));
}

/** Either credential the interface knows: a device's API key, or an operator's login. */
export const SECURITY: Record<string, string[]>[] = [{ apiKey: [] }, { bearer: [] }];
