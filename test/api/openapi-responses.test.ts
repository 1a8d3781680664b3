/**
 * The answers the service gives, replayed through an OpenAPI response validator (openapi-backend,
 * test/support/openapi-validator.ts): a refused Host on every operation, a body of another media
 * type or too large on every write, an over-long path parameter, both QR media types, what the
 * HTTP parser refuses (headers too large, a control character in a header) on a real socket, and
 * a sale's ordinary answers. Each status must be declared by its operation, with its media type
 * and body schema: the document cannot say less than the service without failing here.
 */
import { connect } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { contract } from '../../src/shared/contract/index.js';
import { makeCaller } from '../support/fixtures.js';
import { useHarness, type Harness } from '../support/harness.js';
import { call, type Reply } from '../support/http.js';
import { responseValidator, type ResponseCheck } from '../support/openapi-validator.js';
import { qrPath, sale } from '../support/sale.js';
import { world, type World } from '../support/world.js';

interface Operation {
  method: string;
  path: string;
}

const answerOf = (reply: Reply) => ({ status: reply.status, contentType: reply.headers['content-type']?.toString(), body: reply.body });

describe('answers as the OpenAPI document declares them', () => {
  const harness = useHarness('file');
  let h: Harness;
  let w: World;
  let check: ResponseCheck;
  let operations: Operation[];
  let key: string;
  /** Each operation's path with its parameters filled (the world's event, a made-up id). */
  const urlOf = (op: Operation, param = (name: string) => (name === 'idOrSlug' ? w.event.id : '01JZZZZZZZZZZZZZZZZZZZZZZZ')) => op.path.replace(/\{(\w+)\}/g, (_, name: string) => param(name));

  beforeAll(async () => {
    h = harness();
    w = world(h);
    key = makeCaller(h.services, 'super_admin').key;
    const document = (await h.request({ url: '/openapi.json' })).body;
    check = await responseValidator(document);
    operations = Object.entries(document.paths as Record<string, Record<string, unknown>>).flatMap(([path, methods]) => Object.keys(methods).map((method) => ({ method: method.toUpperCase(), path })));
    expect(operations.length).toBeGreaterThan(80);
  });

  /** Sends every request, then expects each answer's status and none the document does not declare. */
  async function expectDeclared(requests: { op: Operation; url: string; status: number; send: () => Promise<Reply> }[]) {
    const problems: string[] = [];
    for (const { op, url, status, send } of requests) {
      const reply = await send();
      if (reply.status !== status) problems.push(`${op.method} ${url.slice(0, 80)}: ${reply.status}, not ${status}`);
      problems.push(...check(op.method, url, answerOf(reply)));
    }
    expect(problems).toEqual([]);
  }

  it('a Host that names no address of this counter: 403 on every operation', async () => {
    await expectDeclared(
      operations.map((op) => ({ op, url: urlOf(op), status: 403, send: () => h.request({ method: op.method as never, url: urlOf(op), key, headers: { host: 'evil.example' } }) })),
    );
  });

  it('a write with a body of another media type (415) or too large (413)', async () => {
    const writes = operations.filter((op) => op.method !== 'GET');
    expect(writes.length).toBeGreaterThan(40);
    const send = (op: Operation, payload: string, type: string) => () => h.request({ method: op.method as never, url: urlOf(op), key, payload, headers: { 'content-type': type } });
    await expectDeclared(writes.map((op) => ({ op, url: urlOf(op), status: 415, send: send(op, '<a/>', 'application/xml') })));
    await expectDeclared(writes.map((op) => ({ op, url: urlOf(op), status: 413, send: send(op, JSON.stringify({ pad: 'x'.repeat(2_000_000) }), 'application/json') })));
  });

  it('a path parameter over its length: 400 on every operation that has one', async () => {
    const withParams = operations.filter((op) => op.path.includes('{'));
    const long = () => 'x'.repeat(300);
    await expectDeclared(withParams.map((op) => ({ op, url: urlOf(op, long), status: 400, send: () => h.request({ method: op.method as never, url: urlOf(op, long), key }) })));
  });

  it('a ticket QR and a basket QR, as PNG and as SVG', async () => {
    const paid = await sale(w, 'paid');
    const ticket = paid.order.participants[0]!.qrCode as string;
    const lines = [0, 1].map(() => ({ ticketCategoryId: w.event.tickets[0]!.id, registration: { ...paid.registration, identityNumber: String(3171000000900000 + Math.floor(Math.random() * 99999)) } }));
    const basket = (await h.request({ ...call(contract.createTransaction, { params: { idOrSlug: w.event.id }, body: { eventId: w.event.id, lines } }), key: w.organizer.key })).body.data;
    await h.request({ ...call(contract.checkoutTransaction, { params: { idOrSlug: w.event.id, transactionId: basket.id }, body: { method: 'card' } }), key: w.organizer.key });
    const groupQr = call(contract.getTransactionQr, { params: { idOrSlug: w.event.id, transactionId: basket.id }, query: {} }).url.split('?')[0]!;
    const requests = [qrPath(ticket), groupQr].flatMap((path) =>
      (['png', 'svg'] as const).map((format) => {
        const url = `${path}?format=${format}`;
        return { op: { method: 'GET', path }, url, status: 200, send: () => h.request({ url, key: w.organizer.key }) };
      }),
    );
    await expectDeclared(requests);
  });

  it('what the HTTP parser refuses, on a real socket: headers too large (431), a control character in a header (400)', async () => {
    const listening = await h.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = new URL(listening);
    const raw = (head: string) =>
      new Promise<Reply>((resolve, reject) => {
        const socket = connect(Number(port), '127.0.0.1');
        let text = '';
        socket.on('data', (chunk) => (text += chunk.toString()));
        socket.on('error', reject);
        socket.on('close', () => {
          const [top = '', body = ''] = text.split('\r\n\r\n');
          const [status, ...lines] = top.split('\r\n');
          const headers = Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
          resolve({ status: Number(status!.split(' ')[1]), headers, raw: body, body: JSON.parse(body) });
        });
        socket.end(head);
      });
    const login = { method: 'POST', path: '/auth/login' };
    const events = { method: 'GET', path: '/events' };
    await expectDeclared([
      { op: login, url: login.path, status: 431, send: () => raw(`POST /auth/login HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nX-Pad: ${'x'.repeat(20_000)}\r\n\r\n`) },
      { op: events, url: events.path, status: 431, send: () => raw(`GET /events HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nX-Pad: ${'x'.repeat(20_000)}\r\n\r\n`) },
      { op: events, url: events.path, status: 400, send: () => raw(`GET /events HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nX-Bad: a\u0001b\r\n\r\n`) },
    ]);
  });

  it("declares every write's body, required only where the service needs one", async () => {
    const document = (await h.request({ url: '/openapi.json' })).body;
    const bodyOf = (path: string, method = 'post') => document.paths[path][method].requestBody;
    const writes = operations.filter((op) => op.method !== 'GET');
    expect(writes.filter((op) => !bodyOf(op.path, op.method.toLowerCase())).map((op) => `${op.method} ${op.path}`)).toEqual([]);
    for (const action of ['payment/confirm', 'payment/reject', 'cancel']) expect(bodyOf(`/events/{idOrSlug}/admin/orders/{orderId}/${action}`).required).toBe(false);
    expect(bodyOf('/events/{idOrSlug}/admin/orders').required).toBe(true);
    // And indeed: a cancel with no body at all is taken.
    const unpaid = await sale(w, 'unpaid');
    const cancelled = await h.request({ method: 'POST', url: `/events/${w.event.id}/admin/orders/${unpaid.order.id}/cancel`, key: w.organizer.key });
    expect(cancelled.status).toBe(200);
  });

  it("a sale's ordinary answers", async () => {
    const requests = [
      call(contract.listEvents, { query: { ownerId: 'me' } }),
      call(contract.listTicketCategories, { params: { idOrSlug: w.event.id } }),
      call(contract.listOrders, { params: { idOrSlug: w.event.id }, query: {} }),
      call(contract.orderTotals, { params: { idOrSlug: w.event.id }, query: {} }),
      call(contract.syncStatus, {}),
      call(contract.currentUser, {}),
      call(contract.getSettings, {}),
    ];
    const created = await h.request({ ...call(contract.createOrder, { params: { idOrSlug: w.event.id }, body: { eventId: w.event.id, ticketCategoryId: w.event.tickets[0]!.id, registration: (await sale(w, 'unpaid')).registration } }), key: w.organizer.key });
    expect(check('POST', `/events/${w.event.id}/admin/orders`, answerOf(created))).toEqual([]);
    await expectDeclared(requests.map((request) => ({ op: { method: request.method ?? 'GET', path: request.url }, url: request.url, status: 200, send: () => h.request({ ...request, key: w.organizer.key }) })));
  });
});
