/**
 * `column = value` written so that SQLite cannot use the column's index for it: the unary + makes
 * it an expression. For a condition that only filters, when a narrower set (a range, matches)
 * should drive the query and SQLite would otherwise walk every row the index holds for the value.
 */
import { sql, type Column, type SQL } from 'drizzle-orm';

export const eqUnindexed = (column: Column, value: unknown): SQL => sql`+${column} = ${value}`;
