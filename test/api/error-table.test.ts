/**
 * The spec's error table, row by row: each endpoint with each status it lists (and the 400/403 we
 * add to GET /events, and the rows of the order transitions and the gate's check-in we add), in our error envelope. The 500 row must never be reachable by bad input:
 * property.test.ts throws generated requests at every endpoint for that.
 */
import { beforeAll, describe, it } from 'vitest';
import { expectError } from '../support/envelope.js';
import { checkInPath, lookupPath } from '../support/gate.js';
import {
  ORDER_ACTIONS,
  importEvent,
  makeCaller,
  orderActionPath,
  orderBody,
  orderPath,
  ordersPath,
  ticketsPath,
  type Caller,
  type OrderAction,
} from '../support/fixtures.js';
import { useHarness } from '../support/harness.js';
import type { RequestOptions } from '../support/http.js';
import { world, type World } from '../support/world.js';

const UNKNOWN = '01JZZZZZZZZZZZZZZZZZZZZZZZ';
const TAKEN_IDENTITY = '3171555500000001';

/** Each row: endpoint, status, code, and the request that must produce it. */
type Row = [string, number, string, () => RequestOptions];

describe('error table', () => {
  const harness = useHarness('file');
  let w: World;
  let stranger: Caller;
  let reader: Caller;
  let orderId: string;
  let paidOrderId: string;
  let otherEventOrderId: string;
  let checkedInOrderId: string;

  beforeAll(async () => {
    const h = harness();
    w = world(h);
    stranger = makeCaller(h.services, 'staff');
    reader = makeCaller(h.services, 'staff', { eventId: w.event.id, permission: 'event:read' });
    orderId = (await w.createOrder({ registration: { identityNumber: TAKEN_IDENTITY } })).id;
    paidOrderId = (await w.sell()).id;
    otherEventOrderId = (await w.createOrder({}, importEvent(h.services, w.organizer.user))).id;
    checkedInOrderId = (await w.sell()).id;
    await h.request({ method: 'POST', url: checkInPath(w.event.id), key: w.organizer.key, body: { orderId: checkedInOrderId } });
  });

  /**
   * The rows of one order transition (checkout, confirm, reject, cancel). Every request is refused
   * before it changes anything, so one payment_pending order serves all of them; the 409 row
   * confirms or rejects that order, or checks out or cancels the paid one.
   */
  function transitionRows(action: OrderAction): Row[] {
    const body = { checkout: { method: 'card' }, 'payment/confirm': {}, 'payment/reject': {}, cancel: {} }[action];
    const invalid = { checkout: { method: 'cheque' }, 'payment/confirm': { reference: '' }, 'payment/reject': { reason: '' }, cancel: { reason: '' } }[action];
    const post = (options: { idOrSlug?: string; order?: string; key?: string; body?: unknown } = {}): RequestOptions => ({
      method: 'POST',
      url: orderActionPath(options.idOrSlug ?? w.event.id, options.order ?? orderId, action),
      key: 'key' in options ? options.key : w.organizer.key,
      body: 'body' in options ? options.body : body,
    });
    const raw = (payload: string, contentType: string): RequestOptions => ({ ...post(), body: undefined, payload, headers: { 'content-type': contentType } });
    const row = (why: string, status: number, code: string, request: () => RequestOptions): Row => [`POST ${action} (${why})`, status, code, request];
    return [
      row('invalid body', 400, 'VALIDATION_FAILED', () => post({ body: invalid })),
      row('malformed JSON', 400, 'VALIDATION_FAILED', () => raw('{"method":', 'application/json')),
      row('no credential', 401, 'UNAUTHENTICATED', () => post({ key: undefined })),
      row('event:read grant only', 403, 'FORBIDDEN', () => post({ key: reader.key })),
      row('no grant', 403, 'FORBIDDEN', () => post({ key: stranger.key })),
      row('unknown event', 404, 'EVENT_NOT_FOUND', () => post({ idOrSlug: UNKNOWN })),
      row('unknown order', 404, 'ORDER_NOT_FOUND', () => post({ order: UNKNOWN })),
      row("another event's order", 404, 'ORDER_NOT_FOUND', () => post({ order: otherEventOrderId })),
      row('state', 409, 'INVALID_STATE', () => post({ order: action.startsWith('payment/') ? orderId : paidOrderId })),
      row('form body', 415, 'UNSUPPORTED_MEDIA_TYPE', () => raw('method=card', 'application/x-www-form-urlencoded')),
    ];
  }

  const rows: Row[] = [
    ['GET /events', 400, 'VALIDATION_FAILED', () => ({ url: '/events?ownerId=me&limit=101', key: w.organizer.key })],
    ['GET /events', 401, 'UNAUTHENTICATED', () => ({ url: '/events?ownerId=me' })],
    ['GET /events', 403, 'FORBIDDEN', () => ({ url: '/events?ownerId=me&scope=all', key: w.organizer.key })],

    ['POST orders', 400, 'VALIDATION_FAILED', () => ({ method: 'POST', url: ordersPath(w.event.id), key: w.organizer.key, body: {} })],
    ['POST orders', 401, 'UNAUTHENTICATED', () => ({ method: 'POST', url: ordersPath(w.event.id), body: orderBody(w.event) })],
    ['POST orders', 403, 'FORBIDDEN', () => ({ method: 'POST', url: ordersPath(w.event.id), key: stranger.key, body: orderBody(w.event) })],
    ['POST orders', 404, 'EVENT_NOT_FOUND', () => ({ method: 'POST', url: ordersPath(UNKNOWN), key: w.organizer.key, body: orderBody(w.event) })],
    [
      'POST orders',
      409,
      'IDENTITY_NUMBER_REGISTERED',
      () => ({
        method: 'POST',
        url: ordersPath(w.event.id),
        key: w.organizer.key,
        body: orderBody(w.event, { registration: { identityNumber: TAKEN_IDENTITY } }),
      }),
    ],

    ['GET orders', 400, 'VALIDATION_FAILED', () => ({ url: `${ordersPath(w.event.id)}?status=bogus`, key: w.organizer.key })],
    ['GET orders', 401, 'UNAUTHENTICATED', () => ({ url: ordersPath(w.event.id), key: 'tck_wrong' })],
    ['GET orders', 403, 'FORBIDDEN', () => ({ url: ordersPath(w.event.id), key: stranger.key })],
    ['GET orders', 404, 'EVENT_NOT_FOUND', () => ({ url: ordersPath('no-such-slug'), key: w.organizer.key })],

    ['GET order', 401, 'UNAUTHENTICATED', () => ({ url: orderPath(w.event.id, orderId) })],
    ['GET order', 403, 'FORBIDDEN', () => ({ url: orderPath(w.event.id, orderId), key: stranger.key })],
    ['GET order', 404, 'ORDER_NOT_FOUND', () => ({ url: orderPath(w.event.id, UNKNOWN), key: w.organizer.key })],

    ['GET tickets', 401, 'UNAUTHENTICATED', () => ({ url: ticketsPath(w.event.id), token: 'expired.or.forged' })],
    ['GET tickets', 403, 'FORBIDDEN', () => ({ url: ticketsPath(w.event.slug), key: stranger.key })],
    ['GET tickets', 404, 'EVENT_NOT_FOUND', () => ({ url: ticketsPath(UNKNOWN), key: w.organizer.key })],

    ...ORDER_ACTIONS.flatMap(transitionRows),

    ['GET check-in lookup', 400, 'VALIDATION_FAILED', () => ({ url: lookupPath(w.event.id, {}), key: w.organizer.key })],
    ['GET check-in lookup', 401, 'UNAUTHENTICATED', () => ({ url: lookupPath(w.event.id, { orderId: paidOrderId }) })],
    ['GET check-in lookup', 403, 'FORBIDDEN', () => ({ url: lookupPath(w.event.id, { orderId: paidOrderId }), key: reader.key })],
    ['GET check-in lookup', 404, 'EVENT_NOT_FOUND', () => ({ url: lookupPath(UNKNOWN, { orderId: paidOrderId }), key: w.organizer.key })],
    ['GET check-in lookup', 404, 'TICKET_NOT_FOUND', () => ({ url: lookupPath(w.event.id, { ticketNumber: 'ZZZZ-ZZZZ' }), key: w.organizer.key })],

    ['POST check-in', 400, 'VALIDATION_FAILED', () => ({ method: 'POST', url: checkInPath(w.event.id), key: w.organizer.key, body: {} })],
    ['POST check-in', 401, 'UNAUTHENTICATED', () => ({ method: 'POST', url: checkInPath(w.event.id), body: { orderId: paidOrderId } })],
    ['POST check-in', 403, 'FORBIDDEN', () => ({ method: 'POST', url: checkInPath(w.event.id), key: reader.key, body: { orderId: paidOrderId } })],
    ['POST check-in', 404, 'EVENT_NOT_FOUND', () => ({ method: 'POST', url: checkInPath(UNKNOWN), key: w.organizer.key, body: { orderId: paidOrderId } })],
    ['POST check-in', 404, 'TICKET_NOT_FOUND', () => ({ method: 'POST', url: checkInPath(w.event.id), key: w.organizer.key, body: { orderId } })],
    ['POST check-in', 409, 'ALREADY_CHECKED_IN', () => ({ method: 'POST', url: checkInPath(w.event.id), key: w.organizer.key, body: { orderId: checkedInOrderId } })],
  ];

  it.each(rows)('%s → %i %s', async (_endpoint, status, code, request) => {
    expectError(await harness().request(request()), status, code);
  });
});
