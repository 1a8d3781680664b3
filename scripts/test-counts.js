#!/usr/bin/env node
// Prints `N passed, N failed` over every runner's JSON report (vitest, then Playwright). A run that
// stopped before a runner (a typecheck, lint or build failure, or a failed vitest run before the
// end-to-end tests) has no report from it: the failed step is counted as one failure.
import { existsSync, readFileSync } from 'node:fs';

const [vitestReport, playwrightReport, status] = process.argv.slice(2);
let passed = 0;
let failed = 0;
let reports = 0;
if (vitestReport && existsSync(vitestReport)) {
  const result = JSON.parse(readFileSync(vitestReport, 'utf8'));
  passed += result.numPassedTests;
  // A suite that fails to load has no failed tests of its own; count it once.
  failed += result.numFailedTests || result.numFailedTestSuites || 0;
  reports += 1;
}
if (playwrightReport && existsSync(playwrightReport)) {
  const { stats } = JSON.parse(readFileSync(playwrightReport, 'utf8'));
  passed += stats.expected + stats.flaky;
  failed += stats.unexpected;
  reports += 1;
}
if (status !== '0' && failed === 0) failed = 1;
if (reports === 0 && status === '0') process.stderr.write('no test report found\n');
process.stdout.write(`${passed} passed, ${failed} failed\n`);
