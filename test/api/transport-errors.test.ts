/**
 * Answers made before any route is found, by the router (a path that is not valid percent-encoding)
 * or by the HTTP server itself (headers too large: 431; a request too slow: 408; bytes that are no
 * HTTP: 400): in our envelope, with X-Request-Id and the security headers, like every other answer.
 * The server's own are read off a real socket on loopback, as a client sees them.
 */
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/main/http/app.js';
import { expectError } from '../support/envelope.js';
import { startHarness, type Harness } from '../support/harness.js';
import { ULID } from '../support/shapes.js';

const SECURITY_HEADERS = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'cache-control': 'no-store',
};

let h: Harness;
let app: FastifyInstance;
let port: number;
beforeAll(async () => {
  h = await startHarness();
  app = await buildApp(h.services, { logLevel: 'silent', timeouts: { headersMs: 500, requestMs: 1000 } });
  port = Number(new URL(await app.listen({ host: '127.0.0.1', port: 0 })).port);
});
afterAll(async () => {
  await app.close();
  await h.close();
});

/** Sends `raw` and reads the answer until the server closes: status, headers, JSON body. */
async function rawExchange(raw: string) {
  const socket = connect(port, '127.0.0.1');
  let text = '';
  socket.on('data', (chunk) => (text += chunk.toString('latin1')));
  await new Promise<void>((resolve) => {
    socket.on('close', () => resolve());
    socket.on('error', () => resolve());
    socket.write(raw);
  });
  const [head = '', body = ''] = text.split('\r\n\r\n');
  const [statusLine = '', ...lines] = head.split('\r\n');
  const headers = Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
  return { status: Number(statusLine.split(' ')[1]), headers, body: JSON.parse(body || 'null') as { message: string; requestId: string; error: { code: string } } | null };
}

describe("answers made before any route", () => {
  it('a path the router cannot decode: 400 in our envelope, with the security headers', async () => {
    const reply = await h.request({ url: '/events/%E0%A4%A/tickets' });
    expectError(reply, 400, 'VALIDATION_FAILED');
    expect(reply.headers).toMatchObject(SECURITY_HEADERS);
  });

  it.each([
    { what: 'headers too large', raw: `GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Padding: ${'a'.repeat(20_000)}\r\n\r\n`, status: 431, code: 'HEADERS_TOO_LARGE' },
    { what: 'bytes that are no HTTP', raw: 'BUKAN HTTP SAMA SEKALI\r\n\r\n', status: 400, code: 'VALIDATION_FAILED' },
    { what: 'headers that never end (too slow)', raw: 'GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n', status: 408, code: 'REQUEST_TIMEOUT' },
  ])('$what: $status in our envelope, with X-Request-Id and the security headers', async ({ raw, status, code }) => {
    const answer = await rawExchange(raw);
    expect(answer.status).toBe(status);
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
    expect(answer.headers).toMatchObject(SECURITY_HEADERS);
    expect(answer.body?.error).toEqual({ code });
    expect(answer.body?.message.length).toBeGreaterThan(0);
    expect(answer.body?.requestId).toMatch(ULID);
    expect(answer.headers['x-request-id']).toBe(answer.body?.requestId);
  });
});
