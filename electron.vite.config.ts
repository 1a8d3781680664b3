import react from '@vitejs/plugin-react';
import { defineConfig } from 'electron-vite';
import { resolve } from 'node:path';

export default defineConfig({
  main: {
    build: {
      rollupOptions: {
        // The Electron shell, and the very entry `serve` uses, which the shell runs in a utilityProcess.
        input: { index: resolve('src/main/electron/index.ts'), cli: resolve('src/main/cli.ts') },
      },
    },
  },
  preload: {
    build: { rollupOptions: { input: { index: resolve('src/preload/index.ts') }, output: { format: 'cjs' } } },
  },
  renderer: {
    root: resolve('src/renderer'),
    build: { outDir: resolve('out/renderer'), minify: true, rollupOptions: { input: resolve('src/renderer/index.html') } },
    plugins: [react()],
  },
});
