/** A thin wrapper over app.inject(): credentials, JSON bodies and a parsed reply. */
import type { FastifyInstance } from 'fastify';
import { requestOf, type CallInput, type EndpointBase } from '../../src/shared/contract/index.js';

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  /** X-API-Key */
  key?: string;
  /** Authorization: Bearer */
  token?: string;
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as it is, with the given headers (content-type included). */
  payload?: string | Buffer;
  headers?: Record<string, string>;
  /** The peer's address as the service sees it (app.inject's default is 127.0.0.1). */
  remoteAddress?: string;
}

export interface Reply {
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  raw: string;
  // Replies are checked field by field by the assertions in envelope.ts and shapes.ts.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
}

export type Requester = (options: RequestOptions) => Promise<Reply>;

export function requester(app: FastifyInstance): Requester {
  return async ({ method = 'GET', url, key, token, body, payload, headers = {}, remoteAddress }) => {
    const all: Record<string, string> = { ...headers };
    if (key !== undefined) all['x-api-key'] = key;
    if (token !== undefined) all.authorization = `Bearer ${token}`;
    if (body !== undefined) all['content-type'] ??= 'application/json';
    const response = await app.inject({
      method,
      url,
      headers: all,
      remoteAddress,
      payload: payload ?? (body === undefined ? undefined : JSON.stringify(body)),
    });
    let parsed: unknown;
    try {
      parsed = response.body ? JSON.parse(response.body) : undefined;
    } catch {
      parsed = undefined;
    }
    return { status: response.statusCode, headers: response.headers, raw: response.body, body: parsed };
  };
}

/** A query string from defined values only. */
export function query(params: Record<string, string | number | boolean | undefined>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (value !== undefined) search.set(name, String(value));
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** A well-formed call through the contract: its method, its path with the query, and its body typed by it. */
export function call<E extends EndpointBase>(endpoint: E, input: CallInput<E>): Pick<RequestOptions, 'method' | 'url' | 'body'> {
  const { method, url, body } = requestOf(endpoint, input);
  return { method, url, body };
}
