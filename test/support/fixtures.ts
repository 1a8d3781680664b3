/** Users, keys, events and order bodies, each unique within a test run. */
import { ulid } from 'ulid';
import { contract, pathOf } from '../../src/shared/contract/index.js';
import type { Permission, Role } from '../../src/shared/schemas/auth.js';
import { supervisesCash } from '../../src/shared/roles.js';
import type { ImportEvent } from '../../src/shared/schemas/import.js';
import type { Registration } from '../../src/shared/schemas/registration.js';
import type { Actor } from '../../src/main/domain/access.js';
import { toIso } from '../../src/main/domain/time.js';
import type { UserRow } from '../../src/main/domain/users.js';
import type { Services } from '../../src/main/services.js';
import { DAY, HOUR } from './clock.js';

let sequence = 0;
const next = () => ++sequence;

export const PASSWORD = 'correct horse battery';

/** Fixed reference ids, so that filters on them have something to tell apart. */
export const REF = {
  eventType: '01JTYPE0000000000000000001',
  otherEventType: '01JTYPE0000000000000000002',
  category: '01JCATE0000000000000000001',
  otherCategory: '01JCATE0000000000000000002',
  subcategory: '01JSBCA0000000000000000001',
  otherSubcategory: '01JSBCA0000000000000000002',
} as const;

/** Every supervisor a test makes has this approval PIN (docs/cash-sessions.md, Approvals). */
export const APPROVAL_PIN = '246810';

export function makeUser(services: Services, role: Role = 'organizer', overrides: { email?: string; name?: string } = {}): UserRow {
  const n = next();
  const approvalPin = supervisesCash(role) ? APPROVAL_PIN : undefined;
  return services.users.create({ email: `${role}.${n}@test.example`, name: `${role} ${n}`, role, password: PASSWORD, approvalPin, ...overrides });
}

export function makeKey(services: Services, user: UserRow, expiresAt?: number): string {
  return services.apiKeys.create(user.id, `key of ${user.email}`, expiresAt).key;
}

export interface Caller {
  user: UserRow;
  key: string;
}

/** The caller as the service sees it once its key is checked. */
export const actorOf = ({ user }: Caller): Actor => ({ userId: user.id, role: user.role, name: user.name, credential: 'api_key' });

/** A user with an API key; with `grant`, given that permission on the event. */
export function makeCaller(services: Services, role: Role = 'staff', grant?: { eventId: string; permission: Permission }): Caller {
  const user = makeUser(services, role);
  if (grant) services.grants.grant(user.id, grant.eventId, grant.permission);
  return { user, key: makeKey(services, user) };
}

export type TicketInput = ImportEvent['tickets'][number];

export function ticketInput(now: number, overrides: Partial<TicketInput> = {}): TicketInput {
  const n = next();
  return {
    id: ulid(),
    name: `Kategori ${n}`,
    description: `Tiket kategori ${n}`,
    type: 'regular',
    quota: 100,
    sold: 0,
    saleStartAt: toIso(now - DAY, 'Asia/Jakarta'),
    saleEndAt: toIso(now + 20 * DAY, 'Asia/Jakarta'),
    price: '150000',
    status: 'active',
    ...overrides,
  };
}

export function eventInput(now: number, overrides: Partial<ImportEvent> = {}): ImportEvent {
  const n = next();
  const id = ulid();
  const startAt = now + 30 * DAY;
  return {
    id,
    name: `Acara ${n}`,
    slug: `acara-${n}-${id.slice(-6).toLowerCase()}`,
    description: `Deskripsi acara ${n}`,
    terms: 'Tiket tidak dapat dikembalikan.',
    location: `Gedung ${n}, Jakarta`,
    mapsLink: `https://maps.example.com/?q=gedung-${n}`,
    bannerUrl: `https://cdn.example.com/banners/${n}.jpg`,
    startAt: toIso(startAt, 'Asia/Jakarta'),
    endAt: toIso(startAt + 5 * HOUR, 'Asia/Jakarta'),
    timezone: 'Asia/Jakarta',
    status: 'published',
    isPublic: true,
    feeBearer: 'organizer',
    eventTypeId: REF.eventType,
    categoryId: REF.category,
    subcategoryId: REF.subcategory,
    isFeatured: false,
    isTransferable: false,
    tickets: [ticketInput(now)],
    ...overrides,
  };
}

/**
 * Imports one event owned by `owner`; returns what was imported (ids, slug, tickets). A `remote`
 * one is as if pulled from a remote: its orders' changes go to the outbox.
 */
export function importEvent(services: Services, owner: UserRow, overrides: Partial<ImportEvent> = {}, origin: 'local' | 'remote' = 'local'): ImportEvent {
  const event = eventInput(services.clock(), overrides);
  services.importer.importEvents({ events: [event] }, owner, origin);
  return event;
}

export function registration(overrides: Partial<Registration> = {}): Registration {
  const n = next();
  return {
    name: `Pembeli ${n}`,
    email: `pembeli.${n}@customer.example`,
    phone: `+62812${String(n).padStart(7, '0')}`,
    gender: n % 2 ? 'female' : 'male',
    birthDate: '1990-05-17',
    identityNumber: String(3171000000000000 + n),
    ...overrides,
  };
}

export function orderBody(event: ImportEvent, overrides: { ticketCategoryId?: string; registration?: Partial<Registration> } = {}) {
  return {
    eventId: event.id,
    ticketCategoryId: overrides.ticketCategoryId ?? event.tickets[0]!.id,
    registration: registration(overrides.registration),
  };
}

// Paths come from the contract, so that a test calls the route the service registers.
export const ordersPath = (idOrSlug: string) => pathOf(contract.createOrder.path, { idOrSlug });
export const orderPath = (idOrSlug: string, orderId: string) => pathOf(contract.getOrder.path, { idOrSlug, orderId });
export const ticketsPath = (idOrSlug: string) => pathOf(contract.listTicketCategories.path, { idOrSlug });

/** The order's transitions (checkout, payment verification, cancel), each a POST under the order. */
const TRANSITIONS = {
  checkout: contract.checkout,
  'payment/confirm': contract.confirmPayment,
  'payment/reject': contract.rejectPayment,
  cancel: contract.cancelOrder,
} as const;
export type OrderAction = keyof typeof TRANSITIONS;
export const ORDER_ACTIONS = Object.keys(TRANSITIONS) as OrderAction[];
export const orderActionPath = (idOrSlug: string, orderId: string, action: OrderAction) => pathOf(TRANSITIONS[action].path, { idOrSlug, orderId });
