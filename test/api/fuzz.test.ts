/**
 * Every endpoint the OpenAPI document lists, fuzzed with the counter owner's key. Each operation
 * starts from a request it accepts, then has one query parameter or one body field at a time
 * replaced by something odd: NUL bytes and other control characters, unpaired surrogates as UTF-8,
 * malformed percent-encoding, huge numbers, nesting thousands of levels deep, thousands of keys.
 * First every field with every odd value once, then fast-check's random mixtures. Whatever comes
 * in, the answer is never a 5xx, a refusal is always our envelope, and every answer is one the
 * OpenAPI document declares (status, media type, body).
 *
 * No request reaches a network: a remote's baseUrl that would leave this machine is made a dead
 * loopback port (keepLocal), and the setup actions are refused (409, the counter has operators)
 * before they would call one.
 */
import { generateKeyPairSync } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { thumbprint } from '../../src/main/domain/ticket-signing.js';
import { envelopeErrors, expectOk } from '../support/envelope.js';
import { APPROVAL_PIN, makeCaller, orderBody, PASSWORD } from '../support/fixtures.js';
import { useHarness } from '../support/harness.js';
import type { Reply } from '../support/http.js';
import { responseValidator } from '../support/openapi-validator.js';
import { deadUrl } from '../support/remote-app.js';
import { sale } from '../support/sale.js';
import { world } from '../support/world.js';

const RANDOM_RUNS_PER_OPERATION = 10;

/** Another counter's ticket verification key, as it registers it at its hub. */
const foreignX = generateKeyPairSync('ed25519').publicKey.export({ format: 'jwk' }).x ?? '';
const FOREIGN_KEY = { kid: thumbprint(foreignX), kty: 'OKP', crv: 'Ed25519', x: foreignX, alg: 'EdDSA' };

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type Json = string | number | boolean | null | Json[] | { [key: string]: Json };
interface Operation {
  method: Method;
  path: string;
  query: string[];
  hasBody: boolean;
}

/** Text as a query string carries it: every byte of its UTF-8 percent-encoded. */
const percentEncoded = (text: string) => [...Buffer.from(text, 'utf8')].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('');

const ODD_TEXTS = ['\u0000', '\u0000\u0000\u0000', 'ab\u0000cd', '\u0001\u001f\u007f', '"', '"""', "'", '\\', '%', '*', 'NEAR(a b)', 'a OR b', '\u200b\u200b\u200b', '\u202e\u2066', '\ud800', '😀😀😀', ' ', ''];
const ODD_QUERY = [...ODD_TEXTS.map(percentEncoded), '%', '%0', '%zz', '%E0%A4%A', '%C0%80', '%ED%A0%80', '%FF%FE', '-1', '1e309', '99999999999999999999', 'x'.repeat(3000)];

const deep = (depth: number, arrays: boolean) => (arrays ? `${'['.repeat(depth)}1${']'.repeat(depth)}` : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`);
const manyKeys = (n: number) => `{${Array.from({ length: n }, (_, i) => `"k${i}":${i}`).join(',')}}`;
/** Odd JSON values, as text (a test that built the deepest as values would overflow its own stack). */
const ODD_JSON = [
  ...ODD_TEXTS.map((text) => JSON.stringify(text)),
  deep(10_000, false),
  deep(20_000, true),
  deep(40, false),
  manyKeys(3000),
  JSON.stringify('x'.repeat(20_000)),
  '1e308',
  '-0',
  '-1',
  '9007199254740993',
  'null',
  'true',
  '[]',
  '{}',
  '{"__proto__":{"x":1}}',
  '{"constructor":{"prototype":{"x":1}}}',
];

const oddJson = fc.oneof(
  { weight: 2, arbitrary: fc.constantFrom(...ODD_JSON) },
  { weight: 3, arbitrary: fc.jsonValue({ maxDepth: 4 }).map((value) => JSON.stringify(value)) },
  { weight: 1, arbitrary: fc.tuple(fc.integer({ min: 50, max: 12_000 }), fc.boolean()).map(([depth, arrays]) => deep(depth, arrays)) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 60 }).map((text) => JSON.stringify(text)) },
);
const oddQuery = fc.oneof(fc.constantFrom(...ODD_QUERY), fc.string({ unit: 'binary', maxLength: 40 }).map(percentEncoded));

/** Every path to a value in `value` (objects' fields, arrays' items), the value itself first. */
function pathsOf(value: Json, at: (string | number)[] = []): (string | number)[][] {
  const here = at.length ? [at] : [];
  if (Array.isArray(value)) return [...here, ...value.flatMap((item, i) => pathsOf(item, [...at, i]))];
  if (value && typeof value === 'object') return [...here, ...Object.entries(value).flatMap(([key, item]) => pathsOf(item, [...at, key]))];
  return here;
}

const MARK = '__fuzzed_value__';

/**
 * The payload with any baseUrl that would reach beyond this machine made this dead loopback port:
 * generated text is not trusted to stay local by chance. Anything else is left as odd as it is.
 */
function keepLocal(payload: string, deadUrl: string): string {
  return payload.replace(/("baseUrl"\s*:\s*)("(?:[^"\\]|\\.)*")/g, (whole, key: string, literal: string) => {
    const value = JSON.parse(literal) as string;
    const leaves = URL.canParse(value) && !['127.0.0.1', 'localhost', '[::1]'].includes(new URL(value).hostname);
    return leaves ? `${key}${JSON.stringify(deadUrl)}` : whole;
  });
}

/** `body` as JSON text with the value at `path` replaced by the JSON text `odd`. */
function withOdd(body: Json, path: (string | number)[], odd: string): string {
  const copy = structuredClone(body) as Record<string | number, Json>;
  let parent = copy;
  for (const step of path.slice(0, -1)) parent = parent[step] as Record<string | number, Json>;
  parent[path.at(-1)!] = MARK;
  return JSON.stringify(copy).replace(JSON.stringify(MARK), odd);
}

describe('every endpoint, fuzzed', () => {
  const harness = useHarness('file');

  it('never answers 5xx, and always in our envelope when it refuses', { timeout: 60_000 }, async () => {
    const h = harness();
    const w = world(h);
    const paid = await sale(w, 'paid');
    const owner = makeCaller(h.services, 'super_admin');
    const spare = h.services.apiKeys.create(owner.user.id, 'spare').info.id;
    // A remote's address is only ever this dead loopback port: nothing leaves this machine.
    const baseUrl = await deadUrl();
    const ticketNumber: string = paid.order.participants[0].ticketNumber;
    const session = h.services.cashSessions.open({ userId: owner.user.id, role: 'super_admin', name: owner.user.name, credential: 'api_key' }, { openingCount: { n10000: 1 } });
    // A basket paid by card: its id, and its group token for the gate.
    const basketLine = () => ({ ticketCategoryId: w.event.tickets[0]!.id, registration: orderBody(w.event).registration });
    const basket = expectOk(await h.request({ method: 'POST', url: `/events/${w.event.id}/admin/transactions`, key: owner.key, body: { eventId: w.event.id, lines: [basketLine(), basketLine()] } }), 201);
    const { groupToken } = expectOk(await h.request({ method: 'POST', url: `/events/${w.event.id}/admin/transactions/${basket.id}/checkout`, key: owner.key, body: { method: 'card' } }));

    /** A request each operation accepts: the path's ids, a query and a body. */
    const params: Record<string, string> = { idOrSlug: w.event.id, orderId: paid.order.id, participantId: paid.order.participants[0].id, keyId: spare, seq: '1', jobId: '01JZZZZZZZZZZZZZZZZZZZZZZZ', displayId: '01JZZZZZZZZZZZZZZZZZZZZZZZ', kid: FOREIGN_KEY.kid, sessionId: session.id, transactionId: basket.id };
    const queries: Record<string, Record<string, string>> = {
      'GET /events': { ownerId: 'me', search: 'acara', startAtFrom: '2026-01-01', sort: 'name' },
      'GET /events/{idOrSlug}/admin/orders': { search: 'pembeli', status: 'completed', sort: 'totalAmount', page: '1', limit: '20' },
      'GET /events/{idOrSlug}/admin/orders/{orderId}/invoice': { layout: 'receipt' },
      'GET /events/{idOrSlug}/admin/orders/{orderId}/participants/{participantId}/qr': { format: 'svg' },
      'GET /events/{idOrSlug}/check-ins/lookup': { ticketNumber },
      'GET /events/{idOrSlug}/gate-counts': { gate: 'Utara' },
      'GET /audit-log': { action: 'order.created', from: '2026-01-01T00:00:00Z', page: '1' },
      'GET /cash-sessions': { from: '2026-01-01T00:00:00Z', to: '2099-01-01T00:00:00Z' },
      'GET /cash-sessions/{sessionId}/report/pdf': { layout: 'receipt', xReport: '1' },
      'GET /events/{idOrSlug}/admin/order-totals': { search: 'pembeli', status: 'completed' },
      'GET /admin/orders': { search: 'pembeli', paymentStatus: 'paid', sort: 'createdAt', page: '1', limit: '20' },
      'GET /reports/sales': { from: '2026-01-01T00:00:00+07:00', to: '2026-12-31T00:00:00+07:00' },
      'GET /reports/sales/csv': { from: '2026-01-01T00:00:00+07:00', to: '2026-12-31T00:00:00+07:00', eventId: w.event.id },
      'GET /events/{idOrSlug}/check-ins/group': { token: groupToken },
      'GET /events/{idOrSlug}/admin/transactions/{transactionId}/receipt': { layout: 'receipt' },
      'GET /events/{idOrSlug}/admin/transactions/{transactionId}/qr': { format: 'svg' },
    };
    // A new customer each time, so that every sale the odd value lets through is a whole new sale.
    const newSale = () => {
      const registration = { ...orderBody(w.event).registration, formData: { catatan: 'pintu utara', tamu: [{ nama: 'Ani' }] } };
      return { eventId: w.event.id, ticketCategoryId: w.event.tickets[0]!.id, registration };
    };
    const bodies: Record<string, Json | (() => Json)> = {
      'POST /auth/login': { email: owner.user.email, password: PASSWORD },
      // With a device key (this test's), refused after its body was read: the password stays.
      'POST /auth/password': { currentPassword: PASSWORD, newPassword: 'kata-sandi-baru-panjang' },
      // The same: a login only, refused for a device key after its body was read.
      'PUT /auth/approval-pin': { currentPassword: PASSWORD, pin: '135791' },
      'POST /events/{idOrSlug}/admin/orders': newSale,
      'POST /events/{idOrSlug}/admin/orders/{orderId}/checkout': { method: 'cash', amountTendered: '200000', reference: 'EDC 1' },
      'POST /events/{idOrSlug}/admin/orders/{orderId}/payment/confirm': {},
      'POST /events/{idOrSlug}/admin/orders/{orderId}/payment/reject': { reason: 'Belum masuk' },
      'POST /events/{idOrSlug}/admin/orders/{orderId}/cancel': { reason: 'Berubah pikiran' },
      'POST /events/{idOrSlug}/check-ins': { ticketNumber, gate: 'Utara', checkedInAt: new Date(h.clock()).toISOString() },
      'POST /sync/conflicts/{seq}/link': { remoteOrderId: '01JZZZZZZZZZZZZZZZZZZZZZZZ' },
      'POST /events/{idOrSlug}/admin/orders/{orderId}/print': {},
      'POST /events/{idOrSlug}/admin/transactions/{transactionId}/print': {},
      'POST /print-jobs/test': {},
      'POST /cash-sessions/{sessionId}/print': {},
      'POST /cash-drawer/open': { reason: 'Tukar uang kecil', approval: { email: owner.user.email, pin: APPROVAL_PIN } },
      'POST /print-jobs/{jobId}/retry': {},
      'POST /print-jobs/{jobId}/cancel': {},
      'POST /customer-displays': {},
      'POST /customer-displays/pair': { code: '123456' },
      'PUT /customer-displays/view': { stage: 'basket', eventName: 'Konser', lines: [{ holder: 'Ani', category: 'Reguler', amount: '150000.00' }], total: '150000.00' },
      'POST /sync/conflicts/{seq}/refund': { reason: 'NIK terdaftar di pusat', approval: { email: owner.user.email, pin: APPROVAL_PIN } },
      'PUT /sync/remote': { baseUrl, apiKey: 'tck_fuzz-remote-key', ownerEmail: owner.user.email },
      'POST /sync/remote/check': { baseUrl, apiKey: 'tck_fuzz-remote-key' },
      'POST /api-keys': { name: 'Pemindai', expiresAt: '2099-01-01T00:00:00Z', userId: owner.user.id },
      'PATCH /settings': { holdWindowMinutes: 15, listenHost: '127.0.0.1', corsOrigins: ['https://kios.contoh.id'] },
      'PUT /ticket-verification-keys/{kid}': FOREIGN_KEY,
      'POST /cash-sessions': { openingCount: { n50000: 2, c500: 4 } },
      'POST /cash-sessions/{sessionId}/movements': { kind: 'cash_in', amount: '20000', reason: 'Tambah uang kembalian' },
      'POST /cash-sessions/{sessionId}/count': { count: { n10000: 1 } },
      'POST /cash-sessions/{sessionId}/approve': { approval: { email: owner.user.email, pin: APPROVAL_PIN }, reason: 'Selisih dicek' },
      'POST /events/{idOrSlug}/admin/orders/{orderId}/refund': { reason: 'Salah kategori', reference: 'VOID 1', approval: { email: owner.user.email, pin: APPROVAL_PIN } },
      'POST /events/{idOrSlug}/admin/transactions': () => ({ eventId: w.event.id, lines: [newSale(), newSale()].map(({ ticketCategoryId, registration }) => ({ ticketCategoryId, registration })) }),
      'POST /events/{idOrSlug}/admin/transactions/{transactionId}/checkout': { method: 'cash', amountTendered: '500000', reference: 'EDC 2' },
      'POST /events/{idOrSlug}/admin/transactions/{transactionId}/confirm': { reference: 'BCA 1' },
      'POST /events/{idOrSlug}/admin/transactions/{transactionId}/reject': { reason: 'Belum masuk' },
      'POST /events/{idOrSlug}/admin/transactions/{transactionId}/cancel': { reason: 'Berubah pikiran' },
      'POST /events/{idOrSlug}/check-ins/group': { token: groupToken, gate: 'Utara', checkedInAt: new Date(h.clock()).toISOString() },
      'POST /events/{idOrSlug}/check-ins/exit': { ticketNumber, gate: 'Keluar Timur' },
      'PUT /events/{idOrSlug}/gate-settings': { reentryAllowed: true },
      'POST /gate-pairings': { event: w.event.id, gate: 'Gerbang Utara' },
      'POST /gate/pair': { code: 'K7QM-2XPA' },
      'POST /events/{idOrSlug}/check-ins/journal': { entries: [{ id: 'fuzz-entry-1', direction: 'entry', ticketNumber, gate: 'Utara', at: new Date(h.clock()).toISOString() }] },
      'POST /setup/connect': { baseUrl, apiKey: 'tck_fuzz-remote-key', name: 'Sari', email: 'sari@loket.test', password: 'kata-sandi-panjang' },
    };

    const document = (await h.request({ url: '/openapi.json' })).body;
    const declared = await responseValidator(document);
    const operations: Operation[] = [];
    for (const [path, methods] of Object.entries(document.paths as Record<string, Record<string, { parameters?: { in: string; name: string }[]; requestBody?: unknown }>>)) {
      for (const [method, operation] of Object.entries(methods)) {
        const query = (operation.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
        // A write whose body is "Not read" (openapi-components.ts) starts from {} like any other.
        const read = !JSON.stringify(operation.requestBody ?? {}).includes('Not read');
        operations.push({ method: method.toUpperCase() as Method, path, query, hasBody: operation.requestBody !== undefined && read });
      }
    }
    expect(operations.length).toBeGreaterThan(30);
    // Every operation with a body has a request it accepts here to start from.
    expect(operations.filter((op) => op.hasBody && !(`${op.method} ${op.path}` in bodies)).map((op) => `${op.method} ${op.path}`)).toEqual([]);

    const problems: string[] = [];
    let sent = 0;
    /** Sends the request; a POST twice, the second time with an Idempotency-Key (whose handling reads the body too). */
    async function send(op: Operation, query: Record<string, string>, payload: string | undefined): Promise<void> {
      await sendOnce(op, query, payload, {});
      if (op.method === 'POST') await sendOnce(op, query, payload, { 'idempotency-key': `fuzz-${sent}` });
    }
    async function sendOnce(op: Operation, query: Record<string, string>, generated: string | undefined, headers: Record<string, string>): Promise<void> {
      const payload = generated === undefined ? undefined : keepLocal(generated, baseUrl);
      const path = op.path.replace(/\{(\w+)\}/g, (_, name: string) => params[name] ?? 'x');
      const search = Object.entries(query).map(([name, value]) => `${name}=${value}`).join('&');
      const url = search ? `${path}?${search}` : path;
      const reply: Reply = await h.request({ method: op.method, url, key: owner.key, payload, headers: payload === undefined ? headers : { ...headers, 'content-type': 'application/json' } });
      sent += 1;
      const json = String(reply.headers['content-type'] ?? '').startsWith('application/json');
      const errors = reply.status >= 400 || json ? envelopeErrors(reply) : [];
      if (reply.status >= 500 && !errors.length) errors.push(`status ${reply.status}`);
      // Every answer also as the document declares it (test/support/openapi-validator.ts).
      errors.push(...declared(op.method, url, { status: reply.status, contentType: reply.headers['content-type']?.toString(), body: reply.body }));
      if (errors.length > 0) problems.push(`${op.method} ${url.slice(0, 160)} ${payload?.slice(0, 100) ?? ''} => ${errors.join(', ')} ${reply.raw.slice(0, 160)}`);
    }

    for (const op of operations) {
      const key = `${op.method} ${op.path}`;
      const query = Object.fromEntries(Object.entries(queries[key] ?? {}).map(([name, value]) => [name, encodeURIComponent(value)]));
      const example = bodies[key] ?? {};
      const makeBody = op.method === 'GET' || op.method === 'DELETE' ? undefined : () => (typeof example === 'function' ? example() : example);
      // Every odd value once in every query parameter and every body field.
      for (const name of op.query) for (const odd of ODD_QUERY) await send(op, { ...query, [name]: odd }, makeBody && JSON.stringify(makeBody()));
      if (makeBody) {
        for (const path of pathsOf(makeBody())) for (const odd of ODD_JSON) await send(op, query, withOdd(makeBody(), path, odd));
        for (const odd of ODD_JSON) await send(op, query, odd);
      }
      // Then random mixtures: odd values in several places at once, unknown names too.
      const names = op.query.length ? op.query : ['q'];
      const paths = makeBody ? pathsOf(makeBody()) : [];
      const mixture = fc.record({
        query: fc.array(fc.tuple(fc.oneof(fc.constantFrom(...names), fc.string({ maxLength: 6 }).map(percentEncoded)), oddQuery), { maxLength: 4 }),
        field: paths.length ? fc.constantFrom(...paths) : fc.constant(undefined),
        odd: oddJson,
      });
      await fc.assert(
        fc.asyncProperty(mixture, async ({ query: odd, field, odd: value }) => {
          const payload = makeBody === undefined ? undefined : field ? withOdd(makeBody(), field, value) : value;
          await send(op, { ...query, ...Object.fromEntries(odd) }, payload);
        }),
        { numRuns: RANDOM_RUNS_PER_OPERATION },
      );
    }
    console.info(`fuzz: ${sent} requests`);
    expect(sent).toBeGreaterThan(2000);
    expect(problems.slice(0, 8)).toEqual([]);
  });
});
