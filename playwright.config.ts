import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumExecutable, FULL_CHROMIUM, headlessShellExecutable } from './test/e2e/support/chromium.js';

/**
 * End-to-end tests of the counter UI in a real Chromium against real `serve` processes (each test
 * starts its own on a copy of one demo data dir, test/e2e/support/demo-template.ts). `npm test`
 * runs them after building the UI. `--trace on` keeps a trace of each test for the trace viewer.
 */
export default defineConfig({
  testDir: 'test/e2e',
  outputDir: 'test-results/e2e',
  globalSetup: './test/e2e/support/global-setup.ts',
  // A test that hangs fails in half a minute; waits that are long by nature say so where they wait.
  timeout: 30_000,
  expect: { timeout: 10_000 },
  // Two cores: a browser and a service per worker.
  workers: 2,
  fullyParallel: true,
  reporter: [['list'], ['json', { outputFile: 'test-results/playwright.json' }]],
  use: {
    browserName: 'chromium',
    viewport: { width: 1366, height: 768 },
    locale: 'id-ID',
    timezoneId: 'Asia/Jakarta',
    acceptDownloads: true,
  },
  projects: [
    { name: 'headless shell', grepInvert: new RegExp(FULL_CHROMIUM), use: { launchOptions: { executablePath: headlessShellExecutable(), args: CHROMIUM_ARGS } } },
    { name: 'chromium', grep: new RegExp(FULL_CHROMIUM), use: { launchOptions: { executablePath: chromiumExecutable(), args: CHROMIUM_ARGS } } },
  ],
});
