import type { PageMeta } from '#shared/schemas/common.js';

export function pageMeta(query: { page: number; limit: number }, total: number): PageMeta {
  return { page: query.page, limit: query.limit, total, totalPages: Math.ceil(total / query.limit) };
}

/** A LIKE pattern matching `text` anywhere, with LIKE's own wildcards taken literally (escape '\'). */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** SQLite's lower() and LIKE fold ASCII letters only: so does a search term, or a text compared as LIKE would. */
export const asciiLower = (text: string) => text.replace(/[A-Z]+/g, (letters) => letters.toLowerCase());
