import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/** What no web page of the renderer may import. */
const WEB_PAGE_FORBIDDEN = ['**/main/**', 'electron', 'node:*', 'better-sqlite3'];

export default tseslint.config(
  { ignores: ['out/**', 'node_modules/**', 'test-results/**', 'migrations/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { process: 'readonly', console: 'readonly', Buffer: 'readonly', URL: 'readonly' } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
    },
  },
  {
    // Only src/main/electron may import electron.
    files: ['src/main/**/*.ts', 'src/shared/**/*.ts', 'src/renderer/**/*.{ts,tsx}'],
    ignores: ['src/main/electron/**'],
    rules: { 'no-restricted-imports': ['error', { paths: ['electron'] }] },
  },
  {
    // Domain code knows nothing of HTTP or Electron.
    files: ['src/main/domain/**/*.ts', 'src/main/db/**/*.ts', 'src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['fastify', 'fastify-*', '@fastify/*', 'electron', '**/http/**', '**/electron/**'] }],
    },
  },
  {
    // Hooks are called in the same order every render, and effects name everything they read.
    files: ['src/renderer/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    // The renderer is a web page: no main-process code, no Node.
    files: ['src/renderer/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: WEB_PAGE_FORBIDDEN }],
    },
  },
  {
    // The gate app is a bundle of its own for stewards' phones: nothing of the counter UI (src/renderer/src) in it.
    files: ['src/renderer/gate/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [...WEB_PAGE_FORBIDDEN, '**/renderer/src/**', '../src/**', '../../src/**'] }],
    },
  },
);
