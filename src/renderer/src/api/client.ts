/**
 * The counter UI's one way to the local service: same origin, the operator's JWT, the envelope
 * unwrapped. A refusal becomes an ApiError carrying the service's code and field errors, so that
 * forms can show each message at its field.
 */
import type { z } from 'zod';
import { contract, requestOf, type CallInput, type EndpointBase, type Reply } from '#shared/contract/index.js';
import type { ChangePasswordBody, LoginBody, LoginResult } from '#shared/schemas/auth.js';
import { ErrorEnvelope, type FieldError } from '#shared/schemas/common.js';
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

/** The answer, with the login it was asked under (see `failure`). */
interface Sent {
  response: Response;
  token: string | undefined;
}

async function send(path: string, init: RequestOptions): Promise<Sent> {
  const headers: Record<string, string> = { ...init.headers };
  const token = session.token();
  if (token) headers.authorization = `Bearer ${token}`;
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  try {
    return { response: await fetch(path, { method: init.method ?? 'GET', headers, body: init.body === undefined ? undefined : JSON.stringify(init.body) }), token };
  } catch {
    throw new ApiError(0, 'UNREACHABLE', UNREACHABLE);
  }
}

const SESSION_ENDED = 'Sesi berakhir (keluar di perangkat lain, kata sandi diganti, atau kedaluwarsa); silakan masuk lagi.';

/**
 * Turns an error response into an ApiError; a 401 to the session's current login ends it, saying
 * so. A 401 to a login already replaced (a poll sent just before this tab changed its password)
 * is stale: ending the session on it logged the operator out of the new login.
 */
async function failure({ response, token }: Sent): Promise<ApiError> {
  const parsed = ErrorEnvelope.safeParse(await response.json().catch(() => null));
  if (response.status === 401 && token && session.token() === token) session.end(SESSION_ENDED);
  if (!parsed.success) return new ApiError(response.status, 'INTERNAL', response.statusText);
  const { message, error } = parsed.data;
  return new ApiError(response.status, error.code, message, error.details);
}

/** Extra headers of one call: an Idempotency-Key, the first run's launch token. */
export type ExtraHeaders = Record<string, string>;

/** A fresh Idempotency-Key for one change: a double press or a retried request changes it once. */
export const once = (): ExtraHeaders => ({ 'idempotency-key': crypto.randomUUID() });

/** Calls an endpoint of the contract and answers its whole body (data, and meta for lists), parsed by the contract. */
export async function call<E extends EndpointBase>(endpoint: E, input: CallInput<E>, headers: ExtraHeaders = {}): Promise<Reply<E>> {
  const { method, url, body } = requestOf(endpoint, input);
  const sent = await send(url, { method, body, headers });
  if (!sent.response.ok) throw await failure(sent);
  return endpoint.response.parse(await sent.response.json()) as Reply<E>;
}

/** Calls an endpoint of the contract and answers its `data`. */
export async function api<E extends EndpointBase & { response: z.ZodType<{ data: unknown }> }>(
  endpoint: E,
  input: CallInput<E>,
  headers: ExtraHeaders = {},
): Promise<Reply<E>['data']> {
  return (await call(endpoint, input, headers)).data;
}

/** A file the contract answers (the invoice PDF) as a Blob. */
export async function file<E extends EndpointBase & { produces: string }>(endpoint: E, input: CallInput<E>): Promise<Blob> {
  const { url } = requestOf(endpoint, input);
  return link(url);
}

/** A file at a link the service itself gave (a participant's qrCode), as a Blob. */
export async function link(path: string): Promise<Blob> {
  const sent = await send(path, {});
  if (!sent.response.ok) throw await failure(sent);
  return sent.response.blob();
}

/**
 * Logs out: the service ends every login of this user, then this tab's session ends. Should the
 * service not answer, this tab's session ends all the same and the login screen says what did not.
 */
export async function logOut(): Promise<void> {
  try {
    await api(contract.logOut, {});
    session.end();
  } catch (error) {
    session.end(`Keluar di perangkat ini saja: ${(error as Error).message}`);
  }
}

/** Changes the password; the answer is a new login, which this tab's session continues with. */
export async function changePassword(body: ChangePasswordBody): Promise<LoginResult> {
  const result = await api(contract.changePassword, { body });
  session.begin(result);
  return result;
}

/** Logs in with e-mail and password, and this tab's session begins. */
export async function logIn(body: LoginBody): Promise<LoginResult> {
  const result = await api(contract.logIn, { body });
  session.begin(result);
  return result;
}
