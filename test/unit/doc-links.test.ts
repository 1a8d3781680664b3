/**
 * The documentation stands on its own: every relative link of the README and docs/ leads to a file
 * of this repository (and to a heading there, when it names one), every docs/ file a comment
 * names exists, and nothing points to a document a clone does not have.
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const THIS_FILE = relative(ROOT, import.meta.filename);

function files(dir: string, pattern: RegExp): string[] {
  return readdirSync(join(ROOT, dir)).flatMap((name) => {
    const path = join(dir, name);
    return statSync(join(ROOT, path)).isDirectory() ? files(path, pattern) : pattern.test(name) ? [path] : [];
  });
}

const DOCUMENTS = ['README.md', ...files('docs', /\.md$/)];
const SOURCES = ['src', 'test', 'scripts', 'bin', '.ci'].flatMap((dir) => files(dir, /\.(ts|tsx|js|mjs)$|^run$/));

/** Markdown outside code blocks, where a link is a link. */
const prose = (file: string) => readFileSync(join(ROOT, file), 'utf8').replace(/```[\s\S]*?```/g, '');

/** A heading's anchor as GitHub makes it: lower case, punctuation dropped, spaces as hyphens. */
const anchor = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replace(/ /g, '-');

const anchorsOf = (file: string) => new Set([...prose(file).matchAll(/^#{1,6} (.+)$/gm)].map((m) => anchor(m[1]!)));

describe('the documentation', () => {
  it('links only to files and headings that exist in this repository', () => {
    const broken: string[] = [];
    for (const file of DOCUMENTS) {
      for (const [, link] of prose(file).matchAll(/\]\(([^)\s]+)\)/g)) {
        if (/^[a-z]+:/.test(link!)) continue;
        const [path, heading] = link!.split('#');
        const target = path ? join(dirname(file), path) : file;
        if (target.startsWith('..') || !existsSync(join(ROOT, target))) broken.push(`${file}: ${link}`);
        else if (heading && target.endsWith('.md') && !anchorsOf(target).has(heading)) broken.push(`${file}: ${link} (no such heading)`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('is where comments say it is', () => {
    const missing = SOURCES.flatMap((file) =>
      [...readFileSync(join(ROOT, file), 'utf8').matchAll(/\bdocs\/[\w-]+\.\w+/g)].map((m) => m[0]).filter((doc) => !existsSync(join(ROOT, doc))).map((doc) => `${file}: ${doc}`),
    );
    expect(missing).toEqual([]);
  });

  it('names no document from outside the repository', () => {
    const outside = /\b(?:DESIGN|STYLE|service-interface)\.md\b|\.\.\/shared\b/;
    const found = [...DOCUMENTS, ...SOURCES].filter((file) => file !== THIS_FILE && outside.test(readFileSync(join(ROOT, file), 'utf8')));
    expect(found).toEqual([]);
  });
});
