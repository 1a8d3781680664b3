import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // The tests spawn the built CLI: built here when the sources are newer (test/support/built-cli.ts).
    globalSetup: ['test/support/build-before-tests.ts'],
    // A file per worker thread, two at a time: as many as there are cores here. Each file has its
    // own modules (isolation), its own temp data dirs and ports.
    pool: 'threads',
    maxWorkers: 2,
    // A hang fails in seconds; a test that is long by nature (fuzz, property, load) says how long.
    testTimeout: 15_000,
    hookTimeout: 20_000,
    reporters: ['default', 'json'],
    outputFile: { json: 'test-results/vitest.json' },
  },
});
