import type { ErrorEnvelope, FieldError } from '../../shared/schemas/common.js';

/** A refusal from the local service, with its code and field errors for the form. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: FieldError[] = [],
  ) {
    super(message);
  }
}

let token: string | undefined = sessionStorage.getItem('token') ?? undefined;

export function setToken(value: string | undefined): void {
  token = value;
  if (value) sessionStorage.setItem('token', value);
  else sessionStorage.removeItem('token');
}

export function hasToken(): boolean {
  return token !== undefined;
}

/** Calls the local service (same origin) and returns `data`, or throws ApiError from the error envelope. */
export async function api<T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(path, {
    method: init.method ?? 'GET',
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const payload = (await response.json()) as { data: T } | ErrorEnvelope;
  if (!response.ok || !('data' in payload)) {
    const failure = payload as ErrorEnvelope;
    if (response.status === 401) setToken(undefined);
    throw new ApiError(response.status, failure.error?.code ?? 'INTERNAL', failure.message, failure.error?.details);
  }
  return payload.data;
}
