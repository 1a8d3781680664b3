/**
 * LIKE conditions with the pattern bound. Bound as is, a pattern makes SQLite prepare the whole
 * statement again at every call, since a pattern that does not begin with a wildcard could let it
 * use an index: preparing cost more than running it. Ours always begin with %, so the unary +
 * (which leaves a text as it is) hides the parameter from that rule.
 */
import { or, sql, type Column, type SQL } from 'drizzle-orm';

/** `column LIKE pattern ESCAPE '\'`, for a pattern that begins with %. */
export const likeBound = (column: Column | SQL, pattern: string): SQL => sql`${column} like +${pattern} escape '\\'`;

/** A LIKE pattern matching `text` anywhere, with LIKE's own wildcards taken literally. */
export const likePattern = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** One of the columns holds `text` anywhere (ASCII letters in either case, as LIKE compares). */
export function eitherContains(columns: readonly Column[], text: string): SQL {
  const pattern = likePattern(text);
  return or(...columns.map((column) => likeBound(column, pattern)))!;
}
