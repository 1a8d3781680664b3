import react from '@vitejs/plugin-react';
import { defineConfig } from 'electron-vite';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

/**
 * Libraries in chunks of their own, named for them: none nears the 500 kB warning, and they change
 * less often than the app. A chunk loads with whatever imports it: the first three with the first
 * screen, the tables with the Orders and Audit screens only. The rest of what only some screens use
 * (charts, QR codes) stays in those screens' lazily loaded chunks.
 */
const VENDOR_CHUNKS: [name: string, path: RegExp][] = [
  ['react', /\/node_modules\/(react|react-dom|scheduler)\//],
  ['tanstack-query', /\/node_modules\/@tanstack\/(react-query|query-core)\//],
  ['zod', /\/node_modules\/zod\//],
  ['tanstack-table', /\/node_modules\/@tanstack\/(react-table|table-core)\//],
];

/**
 * The code under src/shared that both pages (the counter and the gate app) import: the contract,
 * the schemas, the ticket tokens. One chunk of its own, named for what it is; left to itself,
 * Rollup named it after Vite's preload helper, the first module it happened to hold.
 */
const SHARED_CODE = /\/src\/shared\//;

/**
 * Dependencies the build leaves as files: a native addon, libraries that read their own data files
 * beside them, and tsx (the CLI's dev runner, never imported). Every other one is bundled.
 */
const EXTERNAL_DEPS = ['better-sqlite3', 'pdfkit', '@fastify/swagger-ui', 'tsx'];
const { dependencies } = JSON.parse(readFileSync(resolve('package.json'), 'utf8')) as { dependencies: Record<string, string> };
const BUNDLED_DEPS = Object.keys(dependencies).filter((name) => !EXTERNAL_DEPS.includes(name));

const CLI_COMMONJS = [
  "import { createRequire as __createRequire } from 'node:module';",
  'const require = __createRequire(import.meta.url);',
  'const __filename = import.meta.filename;',
  'const __dirname = import.meta.dirname;',
].join(' ');

export default defineConfig({
  main: {
    build: {
      // Bundled into the entries, so that `serve` reads one file where it resolved and read hundreds:
      // a third of its cold start.
      externalizeDeps: { exclude: BUNDLED_DEPS },
      rollupOptions: {
        // The Electron shell, the very entry `serve` uses, which the shell runs in a utilityProcess,
        // and the thread of serve's long reads (src/main/read-thread), beside cli.js.
        input: {
          index: resolve('src/main/electron/index.ts'),
          cli: resolve('src/main/cli.ts'),
          'read-worker': resolve('src/main/read-thread/read-worker.ts'),
        },
        // Bundled CommonJS still asks `require` for a few things (fastify a plugin's name, pino its main
        // module) and names `__dirname` (@fastify/swagger looks for a package.json there, finds none,
        // and the app gives its own title). electron-vite gives the other chunks these (serve's own
        // chunk, which the CLI imports only for `serve`), but misses them in the entry.
        output: { banner: (chunk) => (chunk.fileName === 'cli.js' ? CLI_COMMONJS : '') },
      },
    },
  },
  preload: {
    build: { rollupOptions: { input: { index: resolve('src/preload/index.ts') }, output: { format: 'cjs' } } },
  },
  renderer: {
    root: resolve('src/renderer'),
    build: {
      outDir: resolve('out/renderer'),
      minify: true,
      rollupOptions: {
        // The counter UI, and the gate app for stewards' phones (served at /gate): two pages, two bundles.
        input: { index: resolve('src/renderer/index.html'), gate: resolve('src/renderer/gate.html') },
        output: { manualChunks: (id) => VENDOR_CHUNKS.find(([, path]) => path.test(id))?.[0] ?? (SHARED_CODE.test(id) ? 'shared' : undefined) },
      },
    },
    plugins: [react()],
  },
});
