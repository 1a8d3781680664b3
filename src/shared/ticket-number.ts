/**
 * Ticket numbers: eight characters an operator can read aloud, printed in two groups of four
 * ("K7QM-4X9P"). Issued by the service (main/domain/participants.ts); typed back at gates.
 */
const GROUP = 4;

/** The characters of a ticket number: none an operator could misread (no 0/O, 1/I/L, U). */
export const TICKET_NUMBER_ALPHABET = '23456789ABCDEFGHJKMNPQRSTVWXYZ';

const NUMBER_SHAPE = new RegExp(`^[${TICKET_NUMBER_ALPHABET}]{${GROUP}}-?[${TICKET_NUMBER_ALPHABET}]{${GROUP}}$`);

/** Text that is a ticket number, printed ("K7QM-4X9P") or bare, in capitals as printed. */
export const isTicketNumber = (text: string) => NUMBER_SHAPE.test(text);

/** Eight characters in their printed form. */
export const printedTicketNumber = (code: string) => `${code.slice(0, GROUP)}-${code.slice(GROUP)}`;

/** A number as typed at a gate ("k7qm 4x9p", "K7QM4X9P") in its printed form; other text upper-cased, as it is. */
export function asPrintedTicketNumber(typed: string): string {
  const bare = typed.replace(/[\s-]+/g, '').toUpperCase();
  return bare.length === 2 * GROUP ? printedTicketNumber(bare) : typed.trim().toUpperCase();
}

/** A ticket number as compared at a gate: capitals, no spaces or dashes ("et-8fq9 c6qkza" is ET8FQ9C6QKZA). */
export const ticketLookupKey = (text: string) => text.replace(/[\s-]+/g, '').toUpperCase();

/** A URL's path segment decoded; as it is when it holds a stray `%`. */
function decodedOr(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** The query keys whose value a ticket's URL may carry its number in. */
const NUMBER_KEYS = new Set(['ticket', 'code']);

/**
 * The ticket numbers a scanned text may be, as lookup keys: the text itself, and when it is a URL
 * (the central service's QR codes are, in a form the interface does not show) its last path
 * segment and its `ticket` or `code` query value.
 */
export function ticketNumbersIn(scanned: string): string[] {
  const text = scanned.trim();
  const found = [text];
  if (/^https?:\/\//i.test(text) && URL.canParse(text)) {
    const url = new URL(text);
    const last = url.pathname.split('/').filter(Boolean).at(-1);
    if (last) found.push(decodedOr(last));
    for (const [key, value] of url.searchParams) if (NUMBER_KEYS.has(key.toLowerCase())) found.push(value);
  }
  return [...new Set(found.map(ticketLookupKey).filter((key) => key.length > 0 && key.length <= 100))];
}
