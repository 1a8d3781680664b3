import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumExecutable } from './test/e2e/support/chromium.js';

/**
 * End-to-end tests of the counter UI in a real Chromium against real `serve` processes (each test
 * starts its own on a fresh data dir). `npm test` runs them after building the UI.
 */
export default defineConfig({
  testDir: 'test/e2e',
  outputDir: 'test-results/e2e',
  timeout: 90_000,
  expect: { timeout: 15_000 },
  // Two cores: a browser and a service per worker.
  workers: 2,
  fullyParallel: true,
  reporter: [['list'], ['json', { outputFile: 'test-results/playwright.json' }]],
  use: {
    browserName: 'chromium',
    viewport: { width: 1366, height: 768 },
    locale: 'id-ID',
    timezoneId: 'Asia/Jakarta',
    launchOptions: { executablePath: chromiumExecutable(), args: CHROMIUM_ARGS },
    acceptDownloads: true,
    trace: 'retain-on-failure',
  },
});
