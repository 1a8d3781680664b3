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

  it('is an HTML page under the service CSP whose scripts, styles and document are all served here', async () => {
    const h = harness();
    const page = await h.request({ url: '/docs/' });
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
    const assets = [...page.raw.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    expect(assets.filter((url) => /^(https?:)?\/\//.test(url))).toEqual([]);
    for (const asset of assets) expect((await h.request({ url: new URL(asset, 'http://counter/docs/').pathname })).status, asset).toBe(200);
    const document = await h.request({ url: '/docs/json' });
    expect(document.body.paths).toEqual((await h.request({ url: '/openapi.json' })).body.paths);
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
