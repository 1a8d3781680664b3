/**
 * A write refused for lack of space: SQLite's SQLITE_FULL (the database or its WAL could not grow),
 * or the file system's ENOSPC/EDQUOT (a settings file, a backup). Nothing was stored, and the same
 * write goes through once space returns: the connection stays usable.
 */
const CODES = new Set(['SQLITE_FULL', 'ENOSPC', 'EDQUOT']);

export function isStorageFull(error: unknown): boolean {
  return error instanceof Error && CODES.has((error as { code?: string }).code ?? '');
}
