/**
 * The remote service, spoken to as the interface says (X-API-Key, the envelope), with ky. GETs are
 * retried by ky on network errors and 5xx; POSTs never are: the push decides what a failed POST
 * means (push.ts), since it may have been applied remotely.
 */
import ky, { TimeoutError, type KyInstance } from 'ky';
import type { Remote } from '../settings/remote.js';

/** How an attempt ended, in the terms the push needs. */
export type Outcome =
  | { kind: 'ok'; status: number; data: unknown; meta?: { totalPages: number } }
  /** The request cannot have reached the remote (connection refused, no route, no DNS). */
  | { kind: 'not_sent'; error: string }
  /** It may have: a timeout, a reset connection. */
  | { kind: 'lost'; error: string }
  | { kind: 'http'; status: number; code?: string; message: string; retryAfterMs?: number };

const NOT_SENT = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ENETUNREACH', 'EHOSTUNREACH', 'UND_ERR_CONNECT_TIMEOUT']);

function causeCode(error: unknown): string | undefined {
  let cause = (error as { cause?: unknown }).cause;
  while (cause && typeof cause === 'object') {
    const code = (cause as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    cause = (cause as { cause?: unknown }).cause;
  }
  return undefined;
}

/** Retry-After in seconds or as an HTTP date, in milliseconds from now. */
export function retryAfterMs(header: string | null, now = Date.now()): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

export interface RemoteClientOptions {
  timeoutMs?: number;
}

export function createRemoteClient(remote: Remote, options: RemoteClientOptions = {}) {
  const http: KyInstance = ky.create({
    prefixUrl: remote.baseUrl,
    timeout: options.timeoutMs ?? 10_000,
    throwHttpErrors: false,
    headers: { 'x-api-key': remote.apiKey },
    retry: { limit: 2, methods: ['get'], statusCodes: [408, 500, 502, 503, 504], backoffLimit: 2000 },
  });

  async function call(run: () => Promise<Response>): Promise<Outcome> {
    let response: Response;
    try {
      response = await run();
    } catch (error) {
      const code = causeCode(error);
      const text = code ?? (error as Error).message;
      if (error instanceof TimeoutError) return { kind: 'lost', error: 'timeout' };
      return code && NOT_SENT.has(code) ? { kind: 'not_sent', error: text } : { kind: 'lost', error: text };
    }
    const body = (await response.json().catch(() => null)) as {
      data?: unknown;
      meta?: { totalPages: number };
      message?: string;
      error?: { code?: string };
    } | null;
    if (response.ok) return { kind: 'ok', status: response.status, data: body?.data, meta: body?.meta };
    return {
      kind: 'http',
      status: response.status,
      code: body?.error?.code,
      message: body?.message ?? response.statusText,
      retryAfterMs: retryAfterMs(response.headers.get('retry-after')),
    };
  }

  const path = (...parts: string[]) => parts.map(encodeURIComponent).join('/');

  return {
    get: (parts: string[], searchParams?: Record<string, string | number>) => call(() => http.get(path(...parts), { searchParams })),
    post: (parts: string[], body: unknown, idempotencyKey: string) =>
      call(() => http.post(path(...parts), { json: body ?? {}, headers: { 'idempotency-key': idempotencyKey } })),
    /** Whether the URL and key work: one authenticated read. */
    async check() {
      return call(() => http.get('events', { searchParams: { ownerId: 'me', scope: 'managed', limit: 1 }, retry: 0 }));
    },
  };
}
export type RemoteClient = ReturnType<typeof createRemoteClient>;
