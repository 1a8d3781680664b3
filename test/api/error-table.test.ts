/**
 * The spec's error table, row by row: each endpoint with each status it lists (and the 400/403 we
 * add to GET /events), in our error envelope. The 500 row must never be reachable by bad input:
 * property.test.ts throws generated requests at every endpoint for that.
 */
import { beforeAll, describe, it } from 'vitest';
import { expectError } from '../support/envelope.js';
import { makeCaller, orderBody, orderPath, ordersPath, ticketsPath, type Caller } from '../support/fixtures.js';
import { useHarness } from '../support/harness.js';
import type { RequestOptions } from '../support/http.js';
import { world, type World } from '../support/world.js';

const UNKNOWN = '01JZZZZZZZZZZZZZZZZZZZZZZZ';
const TAKEN_IDENTITY = '3171555500000001';

describe('error table', () => {
  const harness = useHarness('file');
  let w: World;
  let stranger: Caller;
  let orderId: string;

  beforeAll(async () => {
    w = world(harness());
    stranger = makeCaller(harness().services, 'staff');
    orderId = (await w.createOrder({ registration: { identityNumber: TAKEN_IDENTITY } })).id;
  });

  /** Each row: endpoint, status, code, and the request that must produce it. */
  const rows: [string, number, string, () => RequestOptions][] = [
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
  ];

  it.each(rows)('%s → %i %s', async (_endpoint, status, code, request) => {
    expectError(await harness().request(request()), status, code);
  });
});
