/**
 * GET /background: the counter's own work that is failing (scheduled backups, the search index's
 * batches, the sweep), for the banner of the counter UI. A failure stays listed, since its first
 * time, until a run of the same task succeeds; a running serve reports its own failures there.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { contract } from '../../src/shared/contract/index.js';
import type { BackgroundProblem } from '../../src/shared/schemas/background.js';
import { MINUTE } from '../support/clock.js';
import { refuseSearchIndexBatches } from '../support/db.js';
import { expectError, expectOk } from '../support/envelope.js';
import { makeCaller, orderBody, ordersPath } from '../support/fixtures.js';
import { seedDataDir, tempDir, useHarness, type TempDir } from '../support/harness.js';
import { call } from '../support/http.js';
import { fetchJson, startServe, type Served } from '../support/serve.js';

const diskFull = () => Object.assign(new Error('ENOSPC: no space left on device, copyfile'), { code: 'ENOSPC' });

describe('GET /background', () => {
  const harness = useHarness('file');

  it('lists a failing task since its first failure, with its last error, until it succeeds again', async () => {
    const h = harness();
    const cashier = makeCaller(h.services, 'staff');
    const problems = async (): Promise<BackgroundProblem[]> => expectOk(await h.request({ ...call(contract.backgroundHealth, {}), key: cashier.key })).problems;
    expect(await problems()).toEqual([]);

    const first = h.clock();
    h.services.background.failed('backup', 'scheduled backup', diskFull());
    h.clock.advance(60 * MINUTE);
    h.services.background.failed('backup', 'scheduled backup', diskFull());
    h.services.background.failed('sweep', 'sweep of lapsed holds', new Error('database is locked'));
    const [backup, sweep] = await problems();
    expect(backup).toMatchObject({ task: 'backup', storageFull: true, lastError: 'scheduled backup: ENOSPC: no space left on device, copyfile' });
    expect(Date.parse(backup!.failingSince)).toBe(first);
    expect(Date.parse(backup!.lastFailureAt)).toBe(first + 60 * MINUTE);
    expect(sweep).toMatchObject({ task: 'sweep', storageFull: false, lastError: 'sweep of lapsed holds: database is locked' });

    h.services.background.succeeded('backup');
    expect((await problems()).map((p) => p.task)).toEqual(['sweep']);
  });

  it('needs a login or an API key', async () => {
    expectError(await harness().request(call(contract.backgroundHealth, {})), 401, 'UNAUTHENTICATED');
  });
});

describe('a running serve', () => {
  let dir: TempDir | undefined;
  let served: Served | undefined;
  afterEach(async () => {
    await served?.stop();
    dir?.remove();
  });

  it('shows its search index failing to take a sale', async () => {
    dir = tempDir();
    const { key, event } = seedDataDir(dir.path);
    refuseSearchIndexBatches(dir.path);
    served = await startServe(dir.path, { logLevel: 'silent' });
    const sold = await fetchJson(`${served.url}${ordersPath(event.id)}`, { method: 'POST', headers: { 'x-api-key': key }, body: orderBody(event) });
    expect(sold.status).toBe(201);

    const problems = async () => ((await fetchJson(`${served!.url}/background`, { headers: { 'x-api-key': key } })).body as { data: { problems: unknown[] } }).data.problems;
    await expect.poll(problems, { timeout: 10_000 }).toEqual([
      expect.objectContaining({ task: 'search_index', storageFull: false, lastError: 'feeding the search index: index refused the batch' }),
    ]);
  });
});
