/**
 * Which code may import what, checked over the source itself: the renderer is a web page (its own
 * files, the shared schemas and texts, the preload's types, npm packages for the browser); the
 * domain and the database know nothing of HTTP or Electron, and the domain nothing of the layers
 * built on it (use cases, sync, adapters, the composition root); use cases know no adapter; only
 * src/main/electron imports electron.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sources(path) : /\.(ts|tsx)$/.test(name) ? [path] : [];
  });
}

/** Every module a file imports: relative ones and #shared/ (package.json "imports") as paths from the project root, packages as named. */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const specifiers = [...text.matchAll(/(?:^|\n)\s*(?:import|export)[^'"]*?from\s+['"]([^'"]+)['"]|(?:^|\n)\s*import\s+['"]([^'"]+)['"]/g)].map((m) => m[1] ?? m[2]!);
  return specifiers.map((s) => (s.startsWith('#shared/') ? `src/shared/${s.slice('#shared/'.length)}` : s.startsWith('.') ? relative(ROOT, resolve(dirname(file), s)) : s));
}

function violations(dir: string, allowed: (specifier: string) => boolean): string[] {
  return sources(join(ROOT, dir)).flatMap((file) => importsOf(file).filter((s) => !allowed(s)).map((s) => `${relative(ROOT, file)} imports ${s}`));
}

const isPackage = (s: string) => !s.startsWith('src/') && !s.startsWith('test/');
const NODE_OR_SERVER = /^(node:|electron$|better-sqlite3$|fastify|@fastify\/|drizzle-orm|conf$|pino)/;

describe('import boundaries', () => {
  it('the renderer imports only its own files, src/shared, the preload types and browser packages', () => {
    const found = violations('src/renderer', (s) =>
      isPackage(s) ? !NODE_OR_SERVER.test(s) : s.startsWith('src/renderer/') || s.startsWith('src/shared/') || /^src\/preload\/[^/]+\.d(\.ts)?$|^src\/preload\/shell/.test(s),
    );
    expect(found).toEqual([]);
  });

  it('domain and database code import neither HTTP nor Electron', () => {
    const forbidden = /^(electron$|fastify|@fastify\/|src\/main\/(http|electron|sync)\/)/;
    expect([...violations('src/main/domain', (s) => !forbidden.test(s)), ...violations('src/main/db', (s) => !forbidden.test(s))]).toEqual([]);
  });

  it('the domain imports neither the composition root nor the layers built on it', () => {
    const forbidden = /^src\/main\/((services|cli)\.[jt]s$|(app|http|cli|electron|sync|read-thread)\/)/;
    expect(violations('src/main/domain', (s) => !forbidden.test(s))).toEqual([]);
  });

  it('the sync engine takes the services it uses, not the composition root', () => {
    expect(violations('src/main/sync', (s) => !/^src\/main\/services\.[jt]s$/.test(s))).toEqual([]);
  });

  it('only sync/outbox.ts reads or writes the outbox table: the rest asks it', () => {
    const schemaImport = /import\s*\{([^}]*)\}\s*from\s*['"][^'"]*\/db\/schema\.js['"]/g;
    const offenders = sources(join(ROOT, 'src/main'))
      .filter((file) => relative(ROOT, file) !== 'src/main/sync/outbox.ts')
      .filter((file) => [...readFileSync(file, 'utf8').matchAll(schemaImport)].some((m) => m[1]!.split(',').some((name) => name.trim() === 'outbox')))
      .map((file) => relative(ROOT, file));
    expect(offenders).toEqual([]);
  });

  it('use cases (src/main/app) import no adapter, nor the composition root that builds them', () => {
    const forbidden = /^(electron$|fastify|@fastify\/|src\/main\/((services|cli)\.[jt]s$|(http|cli|electron)\/))/;
    expect(violations('src/main/app', (s) => !forbidden.test(s))).toEqual([]);
  });

  it('only src/main/electron and the preload import electron', () => {
    const offenders = ['src/main', 'src/shared', 'src/renderer'].flatMap((dir) =>
      sources(join(ROOT, dir))
        .filter((file) => !relative(ROOT, file).startsWith('src/main/electron/'))
        .filter((file) => importsOf(file).includes('electron'))
        .map((file) => relative(ROOT, file)),
    );
    expect(offenders).toEqual([]);
  });

  it('the checks see real imports (the renderer does import shared schemas and react)', () => {
    const all = sources(join(ROOT, 'src/renderer')).flatMap(importsOf);
    expect(all).toContain('react');
    expect(all.some((s) => s.startsWith('src/shared/schemas/'))).toBe(true);
  });
});
