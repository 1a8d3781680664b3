#!/usr/bin/env node
// Prints `N passed, N failed` from vitest's JSON report. When the run stopped before vitest (a
// typecheck or lint failure) there is no report: that failed step is counted as one failure.
import { existsSync, readFileSync } from 'node:fs';

const [report, status] = process.argv.slice(2);
if (!report || !existsSync(report)) {
  process.stdout.write(`0 passed, ${status === '0' ? 0 : 1} failed\n`);
} else {
  const result = JSON.parse(readFileSync(report, 'utf8'));
  // A suite that fails to load has no failed tests of its own; count it once.
  const failed = result.numFailedTests || result.numFailedTestSuites || 0;
  process.stdout.write(`${result.numPassedTests} passed, ${failed} failed\n`);
}
