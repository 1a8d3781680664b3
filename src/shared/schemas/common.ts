import { z } from 'zod';
import { MAX_PRICE_RUPIAH, atMost, isDecimalString } from '../money.js';
import { messages } from '../messages.js';

export const Ulid = z.ulid().meta({ examples: ['01JD3Y9W5Q8Z6M2K4T7R1XABCD'] });
export const Decimal = z
  .string()
  .refine(isDecimalString, 'harus berupa angka desimal dengan 0 atau 2 angka di belakang titik')
  .meta({ examples: ['150000.00'] });
/** A ticket's price or flat fee: at most MAX_PRICE_RUPIAH, refused beyond it wherever it enters (docs/cash-sessions.md, Money rules). */
export const Price = Decimal.refine(atMost(MAX_PRICE_RUPIAH), messages.priceTooLarge).meta({ examples: ['150000.00'], description: 'At most Rp 100.000.000.' });
/** A difference, which may be negative: a drawer's shortfall, a rounding down. */
export const SignedDecimal = z
  .string()
  .regex(/^-?\d{1,13}(\.\d{1,2})?$/)
  .meta({ examples: ['-2500.00'] });
export const Timestamp = z.iso.datetime({ offset: true }).meta({ examples: ['2026-12-01T19:00:00.000+07:00'] });

/** Query strings arrive as text: "true"/"false" become booleans, anything else is refused. */
export const QueryBool = z.enum(['true', 'false']).transform((v) => v === 'true');

export const SortOrder = z.enum(['asc', 'desc']).default('desc');

/**
 * Text someone can read: at least one letter, digit, punctuation mark or symbol. A name made only
 * of invisible characters (zero-width spaces, joiners, a byte-order mark) passes a length check
 * but names nothing anyone can see.
 */
export const visible = <T extends z.ZodString>(text: T) => text.refine((value) => /[\p{L}\p{N}\p{P}\p{S}]/u.test(value), messages.invisibleText);

/**
 * A search term as typed: printable text. Control characters (a NUL byte, say) are refused: no one
 * types them, and the search index's query parser cannot take them.
 */
export const SearchTerm = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .refine((term) => !/\p{Cc}/u.test(term), messages.searchControlCharacters);

export const PageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100, messages.limitMax).default(20),
});

export const PageMeta = z.object({
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
  totalPages: z.number().int(),
});
export type PageMeta = z.infer<typeof PageMeta>;

export const ErrorCode = z.enum([
  'VALIDATION_FAILED',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'EVENT_NOT_FOUND',
  'ORDER_NOT_FOUND',
  'TICKET_NOT_FOUND',
  'IDENTITY_NUMBER_REGISTERED',
  'SOLD_OUT',
  'SALE_CLOSED',
  'INVALID_STATE',
  'ALREADY_CHECKED_IN',
  'REMOTE_REFUSED',
  'REMOTE_UNAVAILABLE',
  'IDEMPOTENCY_IN_PROGRESS',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'IDEMPOTENCY_KEY_REUSED',
  'RATE_LIMITED',
  'REQUEST_TIMEOUT',
  'HEADERS_TOO_LARGE',
  'INTERNAL',
  'STORAGE_FULL',
  'CASH_SESSION_REQUIRED',
  'APPROVAL_REFUSED',
]);
export type ErrorCode = z.infer<typeof ErrorCode>;

export const FieldError = z.object({ field: z.string(), message: z.string() });
export type FieldError = z.infer<typeof FieldError>;

export const ErrorEnvelope = z.object({
  message: z.string(),
  requestId: z.string(),
  error: z.object({ code: ErrorCode, details: z.array(FieldError).optional() }),
});
export type ErrorEnvelope = z.infer<typeof ErrorEnvelope>;

export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ message: z.string(), requestId: z.string(), data });
}

export function listEnvelope<T extends z.ZodType>(item: T) {
  return z.object({ message: z.string(), requestId: z.string(), data: z.array(item), meta: PageMeta });
}
