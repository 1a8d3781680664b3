/**
 * The response shapes of the interface, written out from the spec's tables (not imported from
 * src/, so that a schema that drifts from the spec is caught), and a strict checker: the exact
 * field set, and every field's type.
 */
import { expect } from 'vitest';

export const ULID = /^[0-9A-HJKMNP-TV-Z]{26}$/;
export const DECIMAL = /^\d+(\.\d{2})?$/;
export const ISO_WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?(Z|[+-]\d{2}:\d{2})$/;
export const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/;
export const E164 = /^\+[1-9]\d{7,14}$/;
/** Two groups of four from an alphabet without look-alikes (no 0/O, 1/I/L, U). */
export const TICKET_NUMBER = /^[2-9A-HJKMNP-TV-Z]{4}-[2-9A-HJKMNP-TV-Z]{4}$/;

type Scalar = 'ulid' | 'string' | 'url' | 'iso' | 'decimal' | 'signed' | 'int' | 'bool' | 'date' | 'object';
/** A scalar (nullable with `|null`), one of an enum, an array of objects, or an object or null. */
export type Kind = Scalar | `${Scalar}|null` | { enum: readonly string[] } | { arrayOf: Fields } | { nullableOf: Fields };
export type Fields = Record<string, Kind>;

function isUrl(value: unknown): boolean {
  return typeof value === 'string' && URL.canParse(value) && /^https?:/.test(value);
}

const SCALARS: Record<Scalar, (value: unknown) => boolean> = {
  ulid: (v) => typeof v === 'string' && ULID.test(v),
  string: (v) => typeof v === 'string',
  url: isUrl,
  iso: (v) => typeof v === 'string' && ISO_WITH_OFFSET.test(v) && !Number.isNaN(Date.parse(v)),
  decimal: (v) => typeof v === 'string' && DECIMAL.test(v),
  signed: (v) => typeof v === 'string' && DECIMAL.test(v.replace(/^-/, '')),
  int: (v) => Number.isInteger(v),
  bool: (v) => typeof v === 'boolean',
  date: (v) => typeof v === 'string' && CALENDAR_DATE.test(v),
  object: (v) => typeof v === 'object' && v !== null && !Array.isArray(v),
};

/** Every way `value` departs from `fields`, as readable lines; empty when it conforms. */
export function shapeErrors(value: unknown, fields: Fields, path = ''): string[] {
  if (!SCALARS.object(value)) return [`${path || 'value'}: not an object`];
  const record = value as Record<string, unknown>;
  const errors: string[] = [];
  for (const name of Object.keys(record)) if (!(name in fields)) errors.push(`${path}${name}: unexpected field`);
  for (const [name, kind] of Object.entries(fields)) {
    const at = `${path}${name}`;
    if (!(name in record)) {
      errors.push(`${at}: missing`);
      continue;
    }
    const field = record[name];
    if (typeof kind === 'object' && 'enum' in kind) {
      if (!kind.enum.includes(field as string)) errors.push(`${at}: ${JSON.stringify(field)} not one of ${kind.enum.join(', ')}`);
    } else if (typeof kind === 'object' && 'nullableOf' in kind) {
      if (field !== null) errors.push(...shapeErrors(field, kind.nullableOf, `${at}.`));
    } else if (typeof kind === 'object') {
      if (!Array.isArray(field)) errors.push(`${at}: not an array`);
      else field.forEach((item, i) => errors.push(...shapeErrors(item, kind.arrayOf, `${at}[${i}].`)));
    } else {
      const [scalar, nullable] = kind.split('|') as [Scalar, string | undefined];
      const ok = (nullable !== undefined && field === null) || SCALARS[scalar](field);
      if (!ok) errors.push(`${at}: ${JSON.stringify(field)} is not ${kind}`);
    }
  }
  return errors;
}

export function expectShape(value: unknown, fields: Fields): void {
  expect(shapeErrors(value, fields)).toEqual([]);
}

const EVENT_STATUS = { enum: ['draft', 'published', 'closed', 'archived'] } as const;
const ORDER_STATUS = { enum: ['payment_pending', 'verification_pending', 'completed', 'cancelled'] } as const;
const PAYMENT_STATUS = { enum: ['unpaid', 'paid', 'expired'] } as const;

export const EVENT: Fields = {
  id: 'ulid',
  ownerId: 'ulid',
  name: 'string',
  slug: 'string',
  description: 'string',
  terms: 'string',
  location: 'string',
  mapsLink: 'url',
  startAt: 'iso',
  endAt: 'iso',
  timezone: 'string',
  status: EVENT_STATUS,
  isPublic: 'bool',
  feeBearer: 'string',
  eventTypeId: 'ulid',
  categoryId: 'ulid',
  subcategoryId: 'ulid',
  isFeatured: 'bool',
  isTransferable: 'bool',
  transferDeadline: 'iso',
  quota: 'int',
  isFinished: 'bool',
  minPrice: 'decimal',
  maxPrice: 'decimal',
  feeRateBp: 'int',
  feeFlat: 'decimal',
  createdAt: 'iso',
  updatedAt: 'iso',
};

export const TICKET_CATEGORY: Fields = {
  id: 'ulid',
  eventId: 'ulid',
  name: 'string',
  description: 'string',
  type: 'string',
  quota: 'int',
  sold: 'int',
  saleStartAt: 'iso',
  saleEndAt: 'iso',
  price: 'decimal',
  status: 'string',
  isSoldOut: 'bool',
  available: 'int',
  holdLapsesAt: 'iso|null',
  createdAt: 'iso',
  updatedAt: 'iso',
};

export const PARTICIPANT: Fields = {
  id: 'ulid',
  orderId: 'ulid',
  eventId: 'ulid',
  ticketCategoryId: 'ulid',
  userId: 'ulid',
  ticketNumber: 'string',
  qrCode: 'url',
  status: 'string',
  identityNumber: 'string',
  name: 'string',
  email: 'string',
  phone: 'string',
  gender: { enum: ['male', 'female'] },
  birthDate: 'date',
  formData: 'object',
  createdAt: 'iso',
};

export const ORDER_ITEM: Fields = {
  id: 'ulid',
  orderId: 'ulid',
  ticketCategoryId: 'ulid',
  name: 'string',
  quantity: 'int',
  unitPrice: 'decimal',
  subtotal: 'decimal',
  createdAt: 'iso',
};

const ORDER_BASE: Fields = {
  id: 'ulid',
  buyerUserId: 'ulid',
  eventId: 'ulid',
  eventName: 'string',
  status: ORDER_STATUS,
  paymentStatus: PAYMENT_STATUS,
  totalAmount: 'decimal',
  createdAt: 'iso',
  updatedAt: 'iso',
};

const EVENT_SUMMARY: Fields = {
  eventLocation: 'string',
  eventMapsLink: 'string',
  eventStartAt: 'iso',
  eventEndAt: 'iso',
  organizerName: 'string',
};

export const ORDER_CREATED: Fields = {
  ...ORDER_BASE,
  ...EVENT_SUMMARY,
  participants: { arrayOf: PARTICIPANT },
  createdUserId: 'ulid',
  isExistingUser: 'bool',
  generatedPassword: 'string|null',
};

export const ORDER_LIST_ITEM: Fields = {
  ...ORDER_BASE,
  customerName: 'string',
  customerEmail: 'string',
  ticketCategoryName: 'string',
  participants: { arrayOf: PARTICIPANT },
  /** Extension: the method of the payment in force. */
  paymentMethod: 'string|null',
  /** Extension: the basket the order was sold in. */
  transactionId: 'string|null',
};

/** Extension: the payment in force on an order (a rejected one is not shown). */
export const PAYMENT: Fields = {
  method: { enum: ['cash', 'card', 'bank_transfer', 'qris'] },
  status: { enum: ['pending', 'paid'] },
  amount: 'decimal',
  amountTendered: 'decimal|null',
  change: 'decimal|null',
  reference: 'string|null',
  rounding: 'signed|null',
  createdAt: 'iso',
  paidAt: 'iso|null',
};

/** Extension: the refund of a paid order. */
export const REFUND: Fields = {
  method: { enum: ['cash', 'card', 'bank_transfer', 'qris'] },
  amount: 'decimal',
  reason: 'string',
  reference: 'string|null',
  approvedBy: 'string',
  refundedBy: 'string',
  refundedAt: 'iso',
};

export const ORDER_DETAIL: Fields = {
  ...ORDER_BASE,
  ...EVENT_SUMMARY,
  eventBanner: 'url',
  subtotal: 'decimal',
  feeTotal: 'decimal',
  grandTotal: 'decimal',
  items: { arrayOf: ORDER_ITEM },
  participants: { arrayOf: PARTICIPANT },
  payment: { nullableOf: PAYMENT },
  refund: { nullableOf: REFUND },
  // Extension: given when the order is paid at this counter.
  invoiceNumber: 'string|null',
  // Extension: the basket it was sold in.
  transactionId: 'string|null',
};

export const PAGE_META: Fields = { page: 'int', limit: 'int', total: 'int', totalPages: 'int' };

// Extensions the counter UI uses (not in the spec; docs/api.md).

/** An operator as /auth/me, /auth/login and /setup/connect answer it. */
export const USER: Fields = {
  id: 'ulid',
  email: 'string',
  name: 'string',
  role: { enum: ['super_admin', 'organizer', 'staff'] },
  createdAt: 'iso',
};

/** An API key as listed: never the key itself. */
export const API_KEY_INFO: Fields = {
  id: 'ulid',
  user: 'object',
  name: 'string',
  prefix: 'string',
  gate: { nullableOf: { eventId: 'string', gate: 'string' } },
  expiresAt: 'iso|null',
  revokedAt: 'iso|null',
  lastUsedAt: 'iso|null',
  createdAt: 'iso',
};

// Check-in at the gate (an extension; docs/api.md, "Check-in at the gate").

export const CHECK_IN: Fields = { checkedInAt: 'iso', gate: 'string', checkedInBy: 'string' };

/** A participant as a gate sees it: the identity number masked. */
export const GATE_PARTICIPANT: Fields = {
  id: 'ulid',
  orderId: 'ulid',
  ticketNumber: 'string',
  name: 'string',
  ticketCategoryId: 'ulid',
  ticketCategoryName: 'string',
  status: { enum: ['registered', 'checked_in'] },
  identityNumber: 'string',
  checkIn: { nullableOf: CHECK_IN },
};

// The audit log (an extension; docs/api.md, "Audit log").

export const AUDIT_ACTOR: Fields = {
  userId: 'ulid|null',
  name: 'string|null',
  credential: { enum: ['api_key', 'login', 'cli', 'system'] },
  apiKeyName: 'string|null',
  address: 'string|null',
};

/** An entry; its actor is checked against AUDIT_ACTOR, its details per action by the tests. */
export const AUDIT_ENTRY: Fields = {
  id: 'ulid',
  at: 'iso',
  action: 'string',
  actor: 'object',
  eventId: 'string|null',
  subjectId: 'string|null',
  details: 'object',
};
