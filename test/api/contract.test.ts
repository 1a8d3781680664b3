/**
 * The service answers exactly the contract: every endpoint of src/shared/contract is a route of
 * the served OpenAPI document under its own operationId, and no route is outside the contract.
 */
import { describe, expect, it } from 'vitest';
import { contract } from '../../src/shared/contract/index.js';
import { useHarness } from '../support/harness.js';

/** `/events/:idOrSlug` as OpenAPI writes it: `/events/{idOrSlug}`. */
const openApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');

describe('the contract', () => {
  const harness = useHarness('file');

  it('is every route the service registers, each under its operationId, marked as an extension where it is one', async () => {
    const document = (await harness().request({ url: '/openapi.json' })).body;
    const served: string[] = [];
    for (const [path, operations] of Object.entries<Record<string, { operationId: string; 'x-extension': boolean }>>(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) served.push(`${method.toUpperCase()} ${path} ${operation.operationId} ${operation['x-extension'] === true}`);
    }
    const contracted = Object.entries(contract).map(([id, e]) => `${e.method} ${openApiPath(e.path)} ${id} ${e.extension}`);
    expect(served.sort()).toEqual(contracted.sort());
  });

});
