/**
 * The extension endpoints the counter UI uses, as OpenAPI describes them: each one marked as an
 * extension, tagged, secured exactly when it needs credentials, and with every status it can answer.
 * And docs/decisions.md, which tells a device developer what the interface defines and what this
 * project adds, names every operation served, on the right side.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { useHarness } from '../support/harness.js';

interface Operation {
  summary?: string;
  description?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  responses: Record<string, unknown>;
}

const AUTHENTICATED = [{ apiKey: [] }, { bearer: [] }];
/** None from this machine (the empty requirement), either credential from the LAN. */
const LOCAL = [{}, ...AUTHENTICATED];
const NONE: never[] = [];

/** What every operation declares (http/mount.ts): a refused Host, header or path, a slow request, a limit, a fault. */
const EVERY = [400, 403, 408, 429, 431, 500];
/** And every write: what a body can bring (BODY_ERRORS). */
const WRITE = [...EVERY, 400, 413, 415, 507];

/** Method and path, the credentials it takes, and the statuses it declares. */
const EXTENSIONS: [string, string, Record<string, string[]>[], number[]][] = [
  ['get', '/auth/me', AUTHENTICATED, [200, 401, ...EVERY]],
  ['get', '/api-keys', AUTHENTICATED, [200, 401, ...EVERY]],
  ['post', '/api-keys', AUTHENTICATED, [201, 401, 409, 422, ...WRITE]],
  ['delete', '/api-keys/{keyId}', AUTHENTICATED, [200, 401, 404, ...WRITE]],
  ['get', '/users', AUTHENTICATED, [200, 401, ...EVERY]],
  ['get', '/settings', AUTHENTICATED, [200, 401, ...EVERY]],
  ['patch', '/settings', AUTHENTICATED, [200, 401, ...WRITE]],
  ['get', '/setup', LOCAL, [200, 401, ...EVERY]],
  ['post', '/setup/demo', NONE, [200, 409, ...WRITE]],
  ['post', '/setup/connect', NONE, [200, 409, ...WRITE]],
  ['get', '/audit-log', AUTHENTICATED, [200, 401, ...EVERY]],
];

describe('OpenAPI of the counter UI extensions', () => {
  const harness = useHarness('file');

  it.each(EXTENSIONS)('%s %s', async (method, path, security, statuses) => {
    const document = (await harness().request({ url: '/openapi.json' })).body;
    const operation: Operation = document.paths[path][method];
    expect(operation.summary).toMatch(/^Extension: /);
    expect(operation.tags?.length).toBeGreaterThan(0);
    expect(operation.security).toEqual(security);
    expect(Object.keys(operation.responses).map(Number).sort((a, b) => a - b)).toEqual([...new Set(statuses)].sort((a, b) => a - b));
  });

  it('tags the audit log and documents its entries per action', async () => {
    const document = (await harness().request({ url: '/openapi.json' })).body;
    const operation = document.paths['/audit-log'].get;
    expect(operation.tags).toEqual(['audit']);
    expect(operation.parameters.map((p: { name: string }) => p.name).sort()).toEqual(['action', 'eventId', 'from', 'limit', 'page', 'to']);
    // Its entries, one shape per action, are the AuditEntry component the answer refers to.
    expect(JSON.stringify(operation.responses[200])).toContain('#/components/schemas/AuditEntry');
    expect(JSON.stringify(document.components.schemas.AuditEntry)).toContain('order.payment_pending_verification');
  });

  it('says where identity numbers are masked: every order list, and the detail without event:update', async () => {
    const document = (await harness().request({ url: '/openapi.json' })).body;
    expect(document.paths['/events/{idOrSlug}/admin/orders'].get.description).toMatch(/masked/);
    expect(document.paths['/events/{idOrSlug}/admin/orders/{orderId}'].get.description).toMatch(/whole only for callers with event:update.*masked/s);
  });

  it('documents how the setup actions are guarded', async () => {
    const document = (await harness().request({ url: '/openapi.json' })).body;
    for (const path of ['/setup/demo', '/setup/connect']) {
      expect(document.paths[path].post.description).toMatch(/loopback.*X-Launch-Token/s);
    }
  });

  it('docs/decisions.md names every operation: the interface\'s in one table, the extensions in the other', async () => {
    const document = (await harness().request({ url: '/openapi.json' })).body;
    const served = { interface: [] as string[], extension: [] as string[] };
    for (const [path, methods] of Object.entries(document.paths as Record<string, Record<string, { operationId: string; 'x-extension'?: boolean }>>)) {
      for (const [method, operation] of Object.entries(methods)) {
        served[operation['x-extension'] ? 'extension' : 'interface'].push(`${method.toUpperCase()} ${path} ${operation.operationId}`);
      }
    }
    const decisions = readFileSync(new URL('../../docs/decisions.md', import.meta.url), 'utf8');
    const [interfaceTable, extensionTable] = decisions.split('| extension operation |');
    const rows = (table = '') => [...table.matchAll(/^\| `([A-Z]+ \S+)` \| (\w+) \|$/gm)].map((row) => `${row[1]} ${row[2]}`).sort();
    expect(rows(interfaceTable)).toEqual(served.interface.sort());
    expect(rows(extensionTable)).toEqual(served.extension.sort());
  });
});
