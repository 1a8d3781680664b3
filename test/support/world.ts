/**
 * A common starting point for order tests: an organizer with a key and one published event on
 * sale, plus helpers that create orders through the API.
 */
import { expect } from 'vitest';
import type { ImportEvent } from '../../src/shared/schemas/import.js';
import type { Harness } from './harness.js';
import { importEvent, makeCaller, orderBody, ordersPath, type Caller } from './fixtures.js';

export interface World {
  h: Harness;
  organizer: Caller;
  event: ImportEvent;
  /** POSTs an order; returns the reply as it is. */
  postOrder(body: unknown, options?: { key?: string; idOrSlug?: string; headers?: Record<string, string> }): ReturnType<Harness['request']>;
  /** Creates an order that must succeed; returns its creation form. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  createOrder(overrides?: Parameters<typeof orderBody>[1], target?: ImportEvent): Promise<any>;
}

export function world(h: Harness, eventOverrides: Partial<ImportEvent> = {}): World {
  const organizer = makeCaller(h.services, 'organizer');
  const event = importEvent(h.services, organizer.user, eventOverrides);
  const postOrder: World['postOrder'] = (body, options = {}) =>
    h.request({
      method: 'POST',
      url: ordersPath(options.idOrSlug ?? event.id),
      key: options.key ?? organizer.key,
      body,
      headers: options.headers,
    });
  return {
    h,
    organizer,
    event,
    postOrder,
    async createOrder(overrides, target = event) {
      const reply = await postOrder(orderBody(target, overrides), { idOrSlug: target.id });
      expect(reply.status, reply.raw).toBe(201);
      return reply.body.data;
    },
  };
}
