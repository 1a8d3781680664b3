import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // The tests spawn the built CLI: built here when the sources are newer (test/support/built-cli.ts).
    globalSetup: ['test/support/build-before-tests.ts'],
    // Tests that start `serve` processes and browsers need more than the default 5 s.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    reporters: ['default', 'json'],
    outputFile: { json: 'test-results/vitest.json' },
  },
});
