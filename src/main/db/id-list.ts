/**
 * "Rows of these ids" with the ids bound as ONE parameter, a JSON array, so that the statement is
 * built and prepared once: drizzle's inArray writes a placeholder per id, and builds the query
 * anew at every call (building its statements was a large part of an order list's time). A query
 * built per call keeps one text whatever the count, so the statement cache still serves it.
 */
import { sql, type Column, type SQL } from 'drizzle-orm';

const IDS = 'ids';

/** `column` among the values of a JSON array given as one parameter. */
const inJsonArray = (column: Column | SQL, array: unknown): SQL => sql`${column} in (select value from json_each(${array}))`;

/** The condition on `column`, for a statement prepared once and run with `idsParam`. */
export const amongIds = (column: Column): SQL => inJsonArray(column, sql.placeholder(IDS));

/** The same condition with the values bound at once, for a query built per call (a rowid list, say). */
export const amongValues = (column: Column | SQL, values: readonly (string | number)[]): SQL => inJsonArray(column, JSON.stringify(values));

/** The ids as `amongIds` takes them. */
export const idsParam = (ids: readonly string[]) => ({ [IDS]: JSON.stringify(ids) });
