/**
 * GET /docs: the interactive API reference, rendered in the browser from the served OpenAPI
 * document by files this service serves itself, under its own CSP; from the LAN its document
 * needs credentials, as /openapi.json does.
 */
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../src/main/http/app.js';
import { CONTENT_SECURITY_POLICY } from '../../src/main/http/security-headers.js';
import { useHarness } from '../support/harness.js';

describe('the API reference at /docs', () => {
  const harness = useHarness('file');

  // The README names /docs; a browser may add the slash. The page's relative links differ.
  it.each(['/docs', '/docs/'])('%s is an HTML page under the service CSP whose scripts, styles and document are all served here', async (url) => {
    const h = harness();
    const page = await h.request({ url });
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
    const assets = [...page.raw.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    expect(assets.filter((url) => /^(https?:)?\/\//.test(url))).toEqual([]);
    expect(assets.length).toBeGreaterThan(0);
    for (const asset of assets) expect((await h.request({ url: new URL(asset, `http://counter${url}`).pathname })).status, asset).toBe(200);
    // The page renders the plugin's copy at /docs/json: the very document /openapi.json serves.
    expect((await h.request({ url: '/docs/json' })).body).toEqual((await h.request({ url: '/openapi.json' })).body);
  });

  it('names each shared shape once, as a component the routes refer to (openapi-lint.test.ts lints the whole)', async () => {
    const document = (await harness().request({ url: '/openapi.json' })).body;
    const text = JSON.stringify(document);
    const schemas: Record<string, Record<string, unknown>> = document.components.schemas;
    // Every error answer is the one envelope: 575 inlined copies made half of a 1 MB document.
    const cancel = document.paths['/events/{idOrSlug}/admin/orders/{orderId}/cancel'].post.responses;
    expect(cancel['404'].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/ErrorEnvelope' });
    expect(cancel['200'].content['application/json'].schema.properties.data).toEqual({ $ref: '#/components/schemas/OrderDetail' });
    // Each component is referred to, and has no $id of its own (Swagger UI then resolved nothing in it).
    for (const [id, schema] of Object.entries(schemas)) {
      expect(text, id).toContain(`"#/components/schemas/${id}"`);
      expect(Object.keys(schema), id).not.toContain('$id');
    }
  });

  it('asks another machine for credentials in LAN mode, and answers this one without', async () => {
    const h = harness();
    const lan = await buildApp(h.services, { logLevel: 'silent', lan: true });
    try {
      expect((await lan.inject({ url: '/docs/json', remoteAddress: '192.0.2.50' })).statusCode).toBe(401);
      expect((await lan.inject({ url: '/docs/json' })).statusCode).toBe(200);
    } finally {
      await lan.close();
    }
  });
});
