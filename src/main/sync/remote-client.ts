/**
 * The remote service, spoken to as the interface says (X-API-Key, the envelope), with ky: one
 * method per endpoint the sync uses, its body typed by the shared schema of what the interface
 * takes, its answer parsed (shared/schemas/remote.ts), never cast. GETs are retried by ky on
 * network errors and 5xx; POSTs never are: the push decides what a failed POST means (push.ts),
 * since it may have been applied remotely.
 */
import ky, { TimeoutError, type KyInstance, type Options } from 'ky';
import { z } from 'zod';
import { contract, requestOf, type CallInput, type EndpointBase } from '#shared/contract/index.js';
import { CheckInResult, ExitResult, GateParticipant, type CheckInBody, type ExitBody, type TicketLookupQuery } from '#shared/schemas/check-in.js';
import type { CreateOrderBody } from '#shared/schemas/order.js';
import type { CancelBody, CheckoutBody, ConfirmPaymentBody, ReasonBody } from '#shared/schemas/payment.js';
import { RemoteEnvelope, RemoteErrorBody, RemoteOrder, RemoteSyncStatus } from '#shared/schemas/remote.js';
import { VerificationKey } from '#shared/ticket-token.js';
import type { Remote } from '../settings/remote.js';

/** Why an attempt failed, in the terms the push needs. */
export type Failure =
  /** The request cannot have reached the remote (connection refused, no route, no DNS). */
  | { kind: 'not_sent'; error: string }
  /** It may have: a timeout, a reset connection, an answer that cannot be read. */
  | { kind: 'lost'; error: string }
  | { kind: 'http'; status: number; code?: string; message: string; retryAfterMs?: number };

/** How an attempt ended. */
export type Outcome<T = unknown> = { kind: 'ok'; status: number; data: T; totalPages: number } | Failure;

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

/** The order list's query, as the interface names it. */
export interface OrderSearch {
  search: string;
  page: number;
  limit: number;
  sort: 'createdAt';
  order: 'asc';
}

const Items = z.array(z.unknown());

export function createRemoteClient(remote: Remote, options: RemoteClientOptions = {}) {
  const http: KyInstance = ky.create({
    prefixUrl: remote.baseUrl,
    timeout: options.timeoutMs ?? 10_000,
    throwHttpErrors: false,
    headers: { 'x-api-key': remote.apiKey },
    retry: { limit: 2, methods: ['get'], statusCodes: [408, 500, 502, 503, 504], backoffLimit: 2000 },
  });

  /** Sends, and reads the answer's `data` with `schema`; an answer that does not parse is lost, not guessed at. */
  async function call<T>(schema: z.ZodType<T>, run: () => Promise<Response>): Promise<Outcome<T>> {
    let response: Response;
    try {
      response = await run();
    } catch (error) {
      const code = causeCode(error);
      const text = code ?? (error as Error).message;
      if (error instanceof TimeoutError) return { kind: 'lost', error: 'timeout' };
      return code && NOT_SENT.has(code) ? { kind: 'not_sent', error: text } : { kind: 'lost', error: text };
    }
    const body: unknown = await response.json().catch(() => null);
    if (!response.ok) {
      const parsed = RemoteErrorBody.safeParse(body);
      return {
        kind: 'http',
        status: response.status,
        code: parsed.data?.error?.code,
        message: parsed.data?.message ?? response.statusText,
        retryAfterMs: retryAfterMs(response.headers.get('retry-after')),
      };
    }
    const envelope = RemoteEnvelope.safeParse(body);
    const data = envelope.success ? schema.safeParse(envelope.data.data) : undefined;
    if (!envelope.success || !data?.success) {
      return { kind: 'lost', error: `jawaban ${response.status} tidak terbaca: ${z.prettifyError((envelope.error ?? data?.error)!).replace(/\s+/g, ' ')}` };
    }
    return { kind: 'ok', status: response.status, data: data.data, totalPages: envelope.data.meta?.totalPages ?? 1 };
  }

  /**
   * Calls an endpoint of the contract (its path, query and body typed by it) and reads the answer's
   * data with `read`: what this service answers is strict, a remote's answer is read tolerantly.
   */
  const send = <E extends EndpointBase, T>(endpoint: E, input: CallInput<E>, read: z.ZodType<T>, options: { idempotencyKey?: string; retry?: number } = {}) => {
    const { method, url, body } = requestOf(endpoint, input);
    // Only what is set: an option given as undefined replaces ky's default (the X-API-Key header).
    const sent: Options = { method };
    if (method !== 'GET') sent.json = body ?? {};
    if (options.idempotencyKey) sent.headers = { 'idempotency-key': options.idempotencyKey };
    if (options.retry !== undefined) sent.retry = options.retry;
    // ky joins its prefix and a path given without the leading slash.
    return call(read, () => http(url.slice(1), sent));
  };
  const order = (eventId: string, orderId: string) => ({ idOrSlug: eventId, orderId });
  // Only a create's answer is read (its id); the others are not shown by the interface and not needed.
  const Created = RemoteOrder.pick({ id: true });
  const Acknowledged = z.object({}).catch({});
  const managed = (page: number, limit: number) => ({ ownerId: 'me', scope: 'managed', page, limit }) as const;

  return {
    /** GET /events?ownerId=me&scope=managed: the items unread, so that one bad event is skipped alone. */
    listEvents: (page: number, limit: number) => send(contract.listEvents, { query: managed(page, limit) }, Items),
    /** GET /events/{id}/tickets, items unread likewise. */
    tickets: (eventId: string) => send(contract.listTicketCategories, { params: { idOrSlug: eventId } }, Items),
    /** A page of the event's orders for the gate list (gate-list.ts): the items unread, so that one bad order is skipped alone. */
    orderPage: (eventId: string, page: number, limit: number, order: 'asc' | 'desc') =>
      send(contract.listOrders, { params: { idOrSlug: eventId }, query: { page, limit, sort: 'createdAt', order } }, Items),
    listOrders: (eventId: string, query: OrderSearch) => send(contract.listOrders, { params: { idOrSlug: eventId }, query }, z.array(RemoteOrder)),
    orderDetail: (eventId: string, orderId: string) => send(contract.getOrder, { params: order(eventId, orderId) }, RemoteOrder),
    createOrder: (eventId: string, body: CreateOrderBody, key: string) =>
      send(contract.createOrder, { params: { idOrSlug: eventId }, body }, Created, { idempotencyKey: key }),
    checkout: (eventId: string, orderId: string, body: CheckoutBody, key: string) =>
      send(contract.checkout, { params: order(eventId, orderId), body }, Acknowledged, { idempotencyKey: key }),
    cancel: (eventId: string, orderId: string, body: CancelBody, key: string) =>
      send(contract.cancelOrder, { params: order(eventId, orderId), body }, Acknowledged, { idempotencyKey: key }),
    /** Extensions: a remote without them answers 404 or 405 (push.ts learns that). */
    confirm: (eventId: string, orderId: string, body: ConfirmPaymentBody, key: string) =>
      send(contract.confirmPayment, { params: order(eventId, orderId), body }, Acknowledged, { idempotencyKey: key }),
    reject: (eventId: string, orderId: string, body: ReasonBody, key: string) =>
      send(contract.rejectPayment, { params: order(eventId, orderId), body }, Acknowledged, { idempotencyKey: key }),
    checkIn: (eventId: string, body: CheckInBody, key: string) => send(contract.checkIn, { params: { idOrSlug: eventId }, body }, Acknowledged, { idempotencyKey: key }),
    /** A gate's request made at a hub while the person waits (live.ts): its answer is read. */
    checkInNow: (eventId: string, body: CheckInBody, key: string) =>
      send(contract.checkIn, { params: { idOrSlug: eventId }, body }, CheckInResult, { idempotencyKey: key }),
    exitNow: (eventId: string, body: ExitBody, key: string) => send(contract.exitTicket, { params: { idOrSlug: eventId }, body }, ExitResult, { idempotencyKey: key }),
    lookupTicket: (eventId: string, named: TicketLookupQuery) => send(contract.lookUpTicket, { params: { idOrSlug: eventId }, query: named }, GateParticipant),
    /** Extensions of this service as a hub: its own sync state, and registering this counter's ticket key. */
    syncStatus: () => send(contract.syncStatus, {}, RemoteSyncStatus),
    registerTicketKey: (key: VerificationKey) => send(contract.registerTicketKey, { params: { kid: key.kid }, body: key }, VerificationKey),
    /** Whether the URL and key work: one authenticated read. */
    check: () => send(contract.listEvents, { query: managed(1, 1) }, Items, { retry: 0 }),
  };
}
export type RemoteClient = ReturnType<typeof createRemoteClient>;
