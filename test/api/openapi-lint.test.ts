/**
 * The served OpenAPI document passes a standard linter (Redocly's recommended rules, as the
 * committed redocly.yaml says), so that a device developer's generator takes it as it is.
 */
import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../../src/main/paths.js';
import { useHarness } from '../support/harness.js';

const run = promisify(execFile);

describe('the OpenAPI document', () => {
  const harness = useHarness('file');

  it('lints clean: no error, no warning', { timeout: 30_000 }, async () => {
    const h = harness();
    const file = join(h.dataDir, 'openapi.json');
    writeFileSync(file, (await h.request({ url: '/openapi.json' })).raw);
    const cli = join(projectRoot(), 'node_modules', '@redocly', 'cli', 'bin', 'cli.js');
    const linted = await run(process.execPath, [cli, 'lint', file, '--format', 'json'], { cwd: projectRoot() }).catch((error: { stdout: string; stderr: string }) => error);
    const report = JSON.parse(linted.stdout) as { totals: { errors: number; warnings: number }; problems: { ruleId: string; message: string }[] };
    expect(report.problems.map((p) => `${p.ruleId}: ${p.message}`)).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
  });
});
