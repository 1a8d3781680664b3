/**
 * Headers every answer carries. The UI is allowed only this service's own origin (plus blob: for
 * the invoice frame and QR images) and may not be framed; no answer is sniffed into another type,
 * sends a referrer or opens powerful features; API answers, which hold personal data, are not cached.
 */
import type { FastifyInstance } from 'fastify';
import { GATE_PAGE } from '#shared/schemas/gate-device.js';

export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "img-src 'self' data: blob:",
  "style-src 'self' 'unsafe-inline'",
  "connect-src 'self'",
  "frame-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * The gate app's page also decodes QR codes from the camera: the camera for this origin, and
 * WebAssembly (the decoder where the browser has no BarcodeDetector) and its service worker.
 */
export const GATE_CONTENT_SECURITY_POLICY = `${CONTENT_SECURITY_POLICY}; script-src 'self' 'wasm-unsafe-eval'; worker-src 'self'; media-src 'self' blob:`;

const ALWAYS = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'cross-origin-opener-policy': 'same-origin',
  'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
};

// Made once: every answer takes one of them (and a spread per answer would cost its garbage).
const HTML: Readonly<Record<string, string>> = { ...ALWAYS, 'content-security-policy': CONTENT_SECURITY_POLICY };
const NOT_CACHED: Readonly<Record<string, string>> = { ...ALWAYS, 'cache-control': 'no-store' };
const GATE_HTML: Readonly<Record<string, string>> = {
  ...HTML,
  'content-security-policy': GATE_CONTENT_SECURITY_POLICY,
  'permissions-policy': ALWAYS['permissions-policy'].replace('camera=()', 'camera=(self)'),
};

/** The security headers of an answer of `contentType` (one that sets its own Cache-Control keeps it); `gatePage`: the gate app's. */
export function securityHeaders(contentType: string, hasCacheControl = false, gatePage = false): Readonly<Record<string, string>> {
  if (contentType.startsWith('text/html')) return gatePage ? GATE_HTML : HTML;
  return hasCacheControl ? ALWAYS : NOT_CACHED;
}

export function installSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    const gatePage = request.routeOptions.url === GATE_PAGE;
    reply.headers(securityHeaders(String(reply.getHeader('content-type') ?? ''), reply.hasHeader('cache-control'), gatePage));
    return payload;
  });
}
