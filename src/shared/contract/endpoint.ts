/**
 * What one endpoint is, written once: its method and path, what it takes, what it answers, the
 * errors it may answer and who may call it. The service registers its routes from these, the UI,
 * the sync engine and the tests call through them, and the OpenAPI document is generated from
 * them, so a caller and a route cannot drift apart without typecheck saying so.
 */
import { z } from 'zod';
import type { ErrorCode } from '../schemas/common.js';

/** What every call with credentials can answer besides its own errors. */
export const AUTH_ERRORS = ['UNAUTHENTICATED', 'RATE_LIMITED'] as const satisfies readonly ErrorCode[];
/**
 * What any POST, PUT, PATCH or DELETE can answer, body schema or not: the service parses whatever
 * body comes, and a write can find the disk full.
 */
export const BODY_ERRORS = ['VALIDATION_FAILED', 'PAYLOAD_TOO_LARGE', 'UNSUPPORTED_MEDIA_TYPE', 'STORAGE_FULL'] as const satisfies readonly ErrorCode[];

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call: `public` needs nothing; `local` needs nothing from this machine and a login or an
 * API key from the LAN; `user` needs an operator's login or an API key; `counter` is the same
 * credentials but the action is the counter's own (its remote, its settings, its users), which the
 * domain keeps for super admins. The domain decides each case; this says it.
 */
export type Access = 'public' | 'local' | 'user' | 'counter';

/** `:name` segments of a path, as a union of names. */
export type PathParams<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParams<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

type ParamsFor<P extends string> = [PathParams<P>] extends [never]
  ? { params?: undefined }
  : { params: z.ZodType<Record<PathParams<P>, unknown>> };

export interface EndpointBase {
  method: Method;
  path: string;
  summary: string;
  description?: string;
  tags: readonly string[];
  access: Access;
  /** True where the interface does not have this endpoint: marked x-extension in OpenAPI. */
  extension: boolean;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The status of success and the whole body answered with it (an envelope, or a file). */
  status: 200 | 201;
  response: z.ZodType;
  /** The refusals this endpoint may answer, by code; one table maps codes to statuses. */
  errors: readonly ErrorCode[];
  /** A body that is a file (a PDF, an image), by its media type. */
  produces?: string;
  /** A paired gate device's key may call it; such a key is refused (403) everywhere else. */
  gateDevice?: boolean;
}

/** A file answered as it is, described for OpenAPI by its media type (or the types a query chooses between). */
export const binary = (contentType: string | readonly string[], description: string) =>
  z.any().meta({ description, content: Object.fromEntries([contentType].flat().map((type) => [type, { schema: { type: 'string', format: 'binary' } }])) });

/** Checks a definition (its params name exactly its path's `:segments`) and keeps its literal types. */
export function endpoint<const P extends string, const E extends Omit<EndpointBase, 'path' | 'params'> & ParamsFor<P>>(
  definition: E & { path: P },
): E & { path: P } {
  return definition;
}

/** The schema of one part of an endpoint (params, query, body), or never where it has none. */
export type PartOf<E, K extends 'params' | 'query' | 'body'> = E extends { [P in K]: infer S extends z.ZodType } ? S : never;

/** What a caller sends: params when the path has some, the query when one is defined, the body when one is taken. */
export type CallInput<E extends EndpointBase> = ([PartOf<E, 'params'>] extends [never] ? { params?: undefined } : { params: z.input<PartOf<E, 'params'>> }) &
  ([PartOf<E, 'query'>] extends [never] ? { query?: undefined } : { query?: Partial<z.input<PartOf<E, 'query'>>> }) &
  ([PartOf<E, 'body'>] extends [never] ? { body?: undefined } : { body: z.input<PartOf<E, 'body'>> });

/** The body a route answers on success, before serialisation. */
export type Answer<E extends EndpointBase> = z.input<E['response']>;
/** The body a caller reads on success. */
export type Reply<E extends EndpointBase> = z.output<E['response']>;

/** The path with its `:segments` filled in, each one URL-encoded. */
export function pathOf(path: string, params: Record<string, unknown> | undefined): string {
  return path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`${path}: no value for :${name}`);
    return encodeURIComponent(String(value));
  });
}

/** A query string of the defined, non-empty values. */
export function queryOf(query: Record<string, unknown> | undefined): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** The request a call makes: method, URL (path and query) and body. */
export function requestOf<E extends EndpointBase>(endpoint: E, input: CallInput<E>) {
  const { params, query, body } = input as { params?: Record<string, unknown>; query?: Record<string, unknown>; body?: unknown };
  return { method: endpoint.method, url: pathOf(endpoint.path, params) + queryOf(query), body };
}
