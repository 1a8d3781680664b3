import type { PageMeta } from '#shared/schemas/common.js';

export function pageMeta(query: { page: number; limit: number }, total: number): PageMeta {
  return { page: query.page, limit: query.limit, total, totalPages: Math.ceil(total / query.limit) };
}

/** SQLite's lower() and LIKE fold ASCII letters only: so does a search term, or a text compared as LIKE would. */
export const asciiLower = (text: string) => text.replace(/[A-Z]+/g, (letters) => letters.toLowerCase());
