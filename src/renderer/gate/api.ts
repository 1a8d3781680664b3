/**
 * The gate app's one way to the instance: the device's key in x-api-key, a time limit short enough
 * for a queue at a gate, every answer parsed by the contract. What comes back is a value, never a
 * throw: answered, refused (in the service's own words), or unreachable (then a scan is decided
 * from the offline copy).
 */
import type { z } from 'zod';
import { requestOf, type CallInput, type EndpointBase } from '#shared/contract/index.js';
import { parseJson } from '#shared/parse-json.js';
import { ErrorEnvelope, type ErrorCode } from '#shared/schemas/common.js';
import { online } from './connection';
import { refusedKey } from './device';
import { texts } from './texts';

/** A person waits at the gate: past this, the instance is as good as unreachable and the copy decides. */
const SCAN_TIMEOUT_MS = 2500;

export type Refusal = { kind: 'refused'; status: number; code: ErrorCode | undefined; message: string };
export type Answer<T> = { kind: 'answered'; data: T } | Refusal | { kind: 'unreachable' };

interface CallOptions {
  key?: string;
  /** Sent as Idempotency-Key: a check-in retried after a lost answer is made once. */
  idempotencyKey?: string;
  /** Longer for what no one waits for at the gate (the copy of every ticket, the journal). */
  timeoutMs?: number;
}

type DataEndpoint = EndpointBase & { response: z.ZodType<{ data: unknown }> };

/** The instance did not answer: what the offline copy is for. */
function lost(): { kind: 'unreachable' } {
  online.set(false);
  return { kind: 'unreachable' };
}

const unexpected = (status: number): Refusal => ({ kind: 'refused', status, code: undefined, message: texts.unexpectedAnswer });

export async function call<E extends DataEndpoint>(endpoint: E, input: CallInput<E>, { key, idempotencyKey, timeoutMs = SCAN_TIMEOUT_MS }: CallOptions = {}): Promise<Answer<z.output<E['response']>['data']>> {
  const { method, url, body } = requestOf(endpoint, input);
  const headers: Record<string, string> = {};
  if (key) headers['x-api-key'] = key;
  if (idempotencyKey) headers['idempotency-key'] = idempotencyKey;
  if (body !== undefined) headers['content-type'] = 'application/json';
  let response: Response;
  let text: string;
  try {
    const sent = body === undefined ? undefined : JSON.stringify(body);
    response = await fetch(url, { method, headers, body: sent, cache: 'no-store', signal: AbortSignal.timeout(timeoutMs) });
    text = await response.text();
  } catch {
    // No answer, or not all of it (no network, the instance down, too slow).
    return lost();
  }
  const refusal = response.ok ? undefined : parseJson(ErrorEnvelope, text);
  // A proxy's or a captive portal's error page: the instance itself did not answer.
  if (!response.ok && !refusal && response.status >= 500) return lost();
  online.set(true);
  if (response.ok) {
    const answered = parseJson(endpoint.response, text);
    return answered ? { kind: 'answered', data: answered.data } : unexpected(response.status);
  }
  if (response.status === 401 && key) refusedKey(key);
  return refusal ? { kind: 'refused', status: response.status, code: refusal.error.code, message: refusal.message } : unexpected(response.status);
}
