/**
 * The counter UI's one way to the local service: same origin, the operator's JWT, the envelope
 * unwrapped. A refusal becomes an ApiError carrying the service's code and field errors, so that
 * forms can show each message at its field.
 */
import type { ChangePasswordBody, LoginBody, LoginResult } from '../../../shared/schemas/auth.js';
import type { ErrorEnvelope, FieldError } from '../../../shared/schemas/common.js';
import { session } from '../session';

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

const UNREACHABLE = 'Layanan lokal tidak dapat dihubungi. Periksa apakah aplikasi masih berjalan.';

interface RequestOptions {
  method?: string;
  body?: unknown;
  headers?: Record<string, string>;
}

async function send(path: string, init: RequestOptions): Promise<Response> {
  const headers: Record<string, string> = { ...init.headers };
  const token = session.token();
  if (token) headers.authorization = `Bearer ${token}`;
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  try {
    return await fetch(path, { method: init.method ?? 'GET', headers, body: init.body === undefined ? undefined : JSON.stringify(init.body) });
  } catch {
    throw new ApiError(0, 'UNREACHABLE', UNREACHABLE);
  }
}

const SESSION_ENDED = 'Sesi berakhir (keluar di perangkat lain, kata sandi diganti, atau kedaluwarsa); silakan masuk lagi.';

/** Turns an error response into an ApiError; a 401 on a logged-in session ends it, saying so. */
async function failure(response: Response): Promise<ApiError> {
  const body = (await response.json().catch(() => null)) as ErrorEnvelope | null;
  if (response.status === 401 && session.token()) session.end(SESSION_ENDED);
  return new ApiError(response.status, body?.error?.code ?? 'INTERNAL', body?.message ?? response.statusText, body?.error?.details);
}

/** Calls the service and returns `data` (and `meta` for lists). */
export async function request<T, M = undefined>(path: string, init: RequestOptions = {}): Promise<{ data: T; meta: M }> {
  const response = await send(path, init);
  if (!response.ok) throw await failure(response);
  const body = (await response.json()) as { data: T; meta: M };
  return { data: body.data, meta: body.meta };
}

export async function api<T>(path: string, init: RequestOptions = {}): Promise<T> {
  return (await request<T>(path, init)).data;
}

/** A binary answer (invoice PDF, QR image) as a Blob. */
export async function apiBlob(path: string): Promise<Blob> {
  const response = await send(path, {});
  if (!response.ok) throw await failure(response);
  return response.blob();
}

/** A query string from the defined values only. */
export function query(params: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined && value !== '') search.set(key, String(value));
  const text = search.toString();
  return text ? `?${text}` : '';
}

/**
 * Logs out: the service ends every login of this user, then this tab's session ends. Should the
 * service not answer, this tab's session ends all the same and the login screen says what did not.
 */
export async function logOut(): Promise<void> {
  try {
    await api('/auth/logout', { method: 'POST' });
    session.end();
  } catch (error) {
    session.end(`Keluar di perangkat ini saja: ${(error as Error).message}`);
  }
}

/** Changes the password; the answer is a new login, which this tab's session continues with. */
export async function changePassword(body: ChangePasswordBody): Promise<LoginResult> {
  const result = await api<LoginResult>('/auth/password', { method: 'POST', body });
  session.begin(result);
  return result;
}

/** Logs in with e-mail and password, and this tab's session begins. */
export async function logIn(body: LoginBody): Promise<LoginResult> {
  const result = await api<LoginResult>('/auth/login', { method: 'POST', body });
  session.begin(result);
  return result;
}
