/** The envelope and the errors every route shares: bad JSON, size, media type, unknown routes, Host. */
import { describe, expect, it } from 'vitest';
import { expectError, expectOk, expectValidation } from '../support/envelope.js';
import { orderBody } from '../support/fixtures.js';
import { useHarness } from '../support/harness.js';
import { world } from '../support/world.js';

describe('error envelope for bad requests', () => {
  const harness = useHarness();

  it('answers malformed JSON with 400 VALIDATION_FAILED', async () => {
    const w = world(harness());
    const reply = await w.postOrder(undefined, { headers: { 'content-type': 'application/json' } });
    expectError(reply, 400, 'VALIDATION_FAILED');
    for (const payload of ['{"eventId":', '{nope}', '[1,2', 'undefined']) {
      const bad = await harness().request({
        method: 'POST',
        url: `/events/${w.event.id}/admin/orders`,
        key: w.organizer.key,
        payload,
        headers: { 'content-type': 'application/json' },
      });
      expectError(bad, 400, 'VALIDATION_FAILED');
    }
  });

  it('answers a JSON body that is not an object with 400 naming the body', async () => {
    const w = world(harness());
    for (const body of [[], 'text', 42, null]) {
      const reply = await w.postOrder(body);
      expectError(reply, 400, 'VALIDATION_FAILED');
    }
  });

  it('answers a body over 64 KiB with 413 PAYLOAD_TOO_LARGE', async () => {
    const w = world(harness());
    const body = orderBody(w.event, { registration: { formData: { note: 'x'.repeat(64 * 1024) } } });
    expectError(await w.postOrder(body), 413, 'PAYLOAD_TOO_LARGE');
  });

  it('reads a body of exactly 64 KiB (then judges its fields: this formData is past its own bound)', async () => {
    const w = world(harness());
    const body = orderBody(w.event, { registration: { formData: { note: '' } } });
    const room = 64 * 1024 - JSON.stringify(body).length;
    body.registration.formData = { note: 'x'.repeat(room) };
    expect(JSON.stringify(body).length).toBe(64 * 1024);
    expectValidation(await w.postOrder(body), 'registration.formData');
  });

  it('answers a text/plain or form body with 415 UNSUPPORTED_MEDIA_TYPE', async () => {
    const w = world(harness());
    const json = JSON.stringify(orderBody(w.event));
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'application/xml']) {
      const reply = await w.postOrder(undefined, { headers: { 'content-type': type } });
      expectError(reply, 415, 'UNSUPPORTED_MEDIA_TYPE');
      const withBody = await harness().request({
        method: 'POST',
        url: `/events/${w.event.id}/admin/orders`,
        key: w.organizer.key,
        payload: json,
        headers: { 'content-type': type },
      });
      expectError(withBody, 415, 'UNSUPPORTED_MEDIA_TYPE');
    }
  });

  it('answers an unknown route or method with 404 NOT_FOUND in the envelope', async () => {
    const h = harness();
    for (const [method, url] of [
      ['GET', '/nope'],
      ['GET', '/events/x/admin'],
      ['DELETE', '/events'],
      ['POST', '/events'],
    ] as const) {
      expectError(await h.request({ method, url }), 404, 'NOT_FOUND');
    }
  });

  it('answers a path that is not valid percent-encoding with 400 in the envelope', async () => {
    const w = world(harness());
    for (const url of ['/events/%/tickets', '/events/%E0%A4%A/tickets', `/events/${w.event.id}/admin/orders/%ZZ`]) {
      expectError(await harness().request({ url, key: w.organizer.key }), 400, 'VALIDATION_FAILED');
    }
  });

  it('reaches events by slugs up to 200 characters, and refuses longer paths with 400', async () => {
    const h = harness();
    const long = 'konser-'.padEnd(200, 'x');
    const w = world(h, { slug: long });
    expectOk(await h.request({ url: `/events/${long}/tickets`, key: w.organizer.key }));
    expectError(await h.request({ url: `/events/${long}y/tickets`, key: w.organizer.key }), 400, 'VALIDATION_FAILED');
  });

  it('refuses a Host that is not this service (DNS rebinding) with 403', async () => {
    const w = world(harness());
    const reply = await harness().request({ url: '/events?ownerId=me', key: w.organizer.key, headers: { host: 'evil.example:8787' } });
    expectError(reply, 403, 'FORBIDDEN');
    const ok = await harness().request({ url: '/events?ownerId=me', key: w.organizer.key, headers: { host: '127.0.0.1:8787' } });
    expect(ok.status).toBe(200);
  });

  it('gives every request its own id, in the body and the X-Request-Id header', async () => {
    const h = harness();
    const first = await h.request({ url: '/health' });
    const second = await h.request({ url: '/health' });
    expect(expectOk(first)).toEqual({ status: 'ok', service: 'ticket-counter' });
    expectOk(second);
    expect(first.body.requestId).not.toBe(second.body.requestId);
  });

  it('ignores a client-sent X-Request-Id rather than echoing it', async () => {
    const reply = await harness().request({ url: '/health', headers: { 'x-request-id': 'client-chosen' } });
    expect(expectOk(reply)).toBeTruthy();
    expect(reply.body.requestId).not.toBe('client-chosen');
  });
});
