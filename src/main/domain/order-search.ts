/**
 * What an order search finds besides a customer's name or e-mail: the number on a ticket brought
 * back to the counter, the NIK on an identity card (whole, or its last digits as a customer reads
 * them out), a phone number as spoken ("0812…", "62812…" or "+62812…"), and an order's or a
 * basket's id (printed on the receipt; a basket's finds every order in it).
 */
import { and, eq, or, sql, type Column, type SQL } from 'drizzle-orm';
import { asPrintedTicketNumber } from '#shared/ticket-number.js';
import { likeBound } from '../db/like.js';
import { orders, participants } from '../db/schema.js';

/** Fewer digits than this name too many orders to be meant as a NIK's or a phone's ending. */
const MIN_ENDING_DIGITS = 4;
const NIK_DIGITS = 16;
const TICKET_NUMBER = /^[0-9A-Z]{4}-[0-9A-Z]{4}$/;
/** Orders and baskets are named by ULIDs (Crockford base32, any case). */
const ULID = /^[0-9A-HJKMNP-TV-Z]{26}$/i;

/** Which events' orders a search looks at: a condition on an event id column. */
export type EventScope = (eventId: Column) => SQL;

/**
 * The number's last four digits are those of the term: what the orders' ending indexes hold
 * (db/schema.ts), written as they are for SQLite to use them. A NIK or a phone is digits (a phone
 * after its +), so the remainder is exactly its last four digits.
 */
const endsIn = (column: Column, digits: string) => sql`${column} % 10000 = ${Number(digits.slice(-MIN_ENDING_DIGITS))}`;

/** A NIK or a phone the digits name: the `whole` number when they are one, else any ending in them. */
function namedBy(column: Column, digits: string, whole: string | undefined): SQL {
  return and(endsIn(column, digits), whole ? eq(column, whole) : likeBound(column, `%${digits}`))!;
}

/** "0812 3456 7890" as stored (+62…); undefined for what is not a whole Indonesian number. */
function asE164(digits: string): string | undefined {
  if (digits.startsWith('0') && digits.length >= 9) return `+62${digits.slice(1)}`;
  if (digits.startsWith('62') && digits.length >= 10) return `+${digits}`;
  return undefined;
}

/**
 * The conditions on an order in `scope` that the term names an identifier of, or none when it
 * looks like no identifier (then only the name and e-mail are searched).
 */
export function identifierMatches(term: string, scope: EventScope): SQL[] {
  const conditions: SQL[] = [];
  const ticketNumber = asPrintedTicketNumber(term);
  if (TICKET_NUMBER.test(ticketNumber)) {
    conditions.push(
      sql`${orders.id} in (select ${participants.orderId} from ${participants} where ${scope(participants.eventId)} and ${participants.ticketNumber} = ${ticketNumber})`,
    );
  }
  if (ULID.test(term)) {
    const id = term.toUpperCase();
    conditions.push(or(eq(orders.id, id), eq(orders.transactionId, id))!);
  }
  const digits = term.replace(/[\s+-]+/g, '');
  if (/^\d+$/.test(digits) && digits.length >= MIN_ENDING_DIGITS) {
    conditions.push(namedBy(orders.identityNumber, digits, digits.length === NIK_DIGITS ? digits : undefined));
    conditions.push(namedBy(orders.customerPhone, digits, asE164(digits)));
  }
  return conditions;
}
