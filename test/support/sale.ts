/**
 * Orders in each state a counter prints them in, made through the API (create, then checkout or
 * cancel), and the binary replies printing answers with (PDF, PNG, SVG), which the JSON requester
 * would mangle into a string.
 */
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { expectOk } from './envelope.js';
import type { Registration } from '../../src/shared/schemas/registration.js';
import { contract, pathOf } from '../../src/shared/contract/index.js';
import { orderBody } from './fixtures.js';
import { call } from './http.js';
import type { World } from './world.js';

export type SaleState = 'paid' | 'unpaid' | 'verification' | 'cancelled';

/** The cash handed over for a paid order: more than any total the tests use, so change is due. */
export const TENDERED = '200000';

/** Makes a request of the world's organizer that must succeed; returns the order it answers. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function answered(w: World, request: ReturnType<typeof call>): Promise<any> {
  return expectOk(await w.h.request({ ...request, key: w.organizer.key }));
}

export interface Sale {
  // The order detail as the last transition answered it; its fields are checked by the tests.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  order: any;
  registration: Registration;
}

/** A new order of the world's event, taken to `state`: paid in cash, left unpaid, paid by bank transfer (awaiting verification), or cancelled. */
export async function sale(w: World, state: SaleState): Promise<Sale> {
  const body = orderBody(w.event);
  const created = await w.postOrder(body);
  expect(created.status, created.raw).toBe(201);
  const id: string = created.body.data.id;
  const params = { idOrSlug: w.event.id, orderId: id };
  const order =
    state === 'paid'
      ? await answered(w, call(contract.checkout, { params, body: { method: 'cash', amountTendered: TENDERED } }))
      : state === 'verification'
        ? await answered(w, call(contract.checkout, { params, body: { method: 'bank_transfer' } }))
        : state === 'cancelled'
          ? await answered(w, call(contract.cancelOrder, { params, body: {} }))
          : await answered(w, call(contract.getOrder, { params }));
  return { order, registration: body.registration };
}

export interface BinaryReply {
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  bytes: Buffer;
}

/** A GET whose reply is kept as bytes. */
export async function getBytes(app: FastifyInstance, url: string, key?: string): Promise<BinaryReply> {
  const response = await app.inject({ method: 'GET', url, headers: key === undefined ? {} : { 'x-api-key': key } });
  return { status: response.statusCode, headers: response.headers, bytes: response.rawPayload };
}

export const invoicePath = (idOrSlug: string, orderId: string, layout?: string) =>
  `${pathOf(contract.getInvoice.path, { idOrSlug, orderId })}${layout === undefined ? '' : `?layout=${layout}`}`;

/** A participant's qrCode URL as the path to request from the service under test (the URL names the configured public address). */
export const qrPath = (qrCode: string, format?: 'png' | 'svg') => `${new URL(qrCode).pathname}${format ? `?format=${format}` : ''}`;
