/**
 * A test double of the central event ticket order service, written from the interface document
 * alone: it imports nothing from src/ and knows none of this project's extensions. It serves only
 * the interface's endpoints under a path prefix; anything else is 404 with an Indonesian message
 * and no machine-readable code, as is every error body. It keeps its own order ids and ticket
 * numbers, runs its clock 45 s behind, ignores Idempotency-Key, and writes money with two fraction
 * digits. Where the interface shows no shape (checkout, cancel, invoice), it does what a central
 * service plausibly does: checkout with `method` cash or card pays the order, any other method
 * leaves it awaiting verification; cancel is allowed while unpaid only.
 *
 * Switches break it in the ways the counter must survive: unknown enumeration values, an identity
 * number already registered there, answers dropped or turned into 500 after the change was
 * applied, 429 with Retry-After, and going down and coming back on the same address.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

// ---------------------------------------------------------------------------------------------
// What it is seeded with

export interface DoubleCategory {
  id: string;
  name: string;
  type: string;
  quota: number;
  price: string;
  saleStartAt: string;
  saleEndAt: string;
  status: string;
}

export interface DoubleEvent {
  id: string;
  slug: string;
  name: string;
  location: string;
  startAt: string;
  endAt: string;
  timezone: string;
  feeBearer: string;
  status: 'draft' | 'published' | 'closed' | 'archived';
  categories: DoubleCategory[];
}

export interface DoubleUser {
  id: string;
  name: string;
  email: string;
  role: 'super_admin' | 'organizer' | 'staff';
  /** Events the user may work on besides those it owns. */
  grants: string[];
}

export interface DoubleSeed {
  /** Owner of every seeded event. */
  organizer: DoubleUser;
  events: DoubleEvent[];
}

// ---------------------------------------------------------------------------------------------
// The switches

/** A fault on requests matching `method` (default: every POST) and `path` (a regular expression on the path after the prefix). */
export type DoubleFault =
  | { kind: 'none' }
  /** Apply the request, then cut the connection before answering. */
  | { kind: 'drop_after_apply'; method?: string; path?: RegExp }
  /** Apply the request, then answer 500. */
  | { kind: 'error_after_apply'; method?: string; path?: RegExp }
  /** Answer 429 with Retry-After (seconds) without applying anything. */
  | { kind: 'rate_limit'; retryAfterSeconds: number; method?: string; path?: RegExp };

export interface DoubleSwitches {
  /** Events and categories carry values the counter has not seen (feeBearer "buyer", type "festival_pass", status "on_sale"). */
  unknownEnums: boolean;
  /** This event is sent with a start that is no timestamp, this category with a price that is no amount. */
  malformed: { eventId?: string; categoryId?: string; hugePriceCategoryId?: string };
  fault: DoubleFault;
}

// ---------------------------------------------------------------------------------------------
// Its own records

interface Participant {
  id: string;
  ticketNumber: string;
  status: string;
  createdAt: number;
}

interface Order {
  id: string;
  /** Its place in the order it was made: ties of createdAt are sorted by it. */
  seq: number;
  itemId: string;
  eventId: string;
  categoryId: string;
  buyerUserId: string;
  status: 'payment_pending' | 'verification_pending' | 'completed' | 'cancelled';
  paymentStatus: 'unpaid' | 'paid' | 'expired';
  amountSen: number;
  registration: Registration;
  participant: Participant | null;
  createdAt: number;
  updatedAt: number;
}

interface Registration {
  name: string;
  email: string;
  phone: string;
  gender: 'male' | 'female';
  birthDate: string;
  identityNumber: string;
  formData: Record<string, unknown>;
}

/** A snapshot of one order as the double holds it, for the tests' own checks. */
export interface DoubleOrder {
  id: string;
  eventId: string;
  ticketCategoryId: string;
  status: Order['status'];
  paymentStatus: Order['paymentStatus'];
  customerName: string;
  customerEmail: string;
  identityNumber: string;
  ticketNumber: string | null;
}

export interface CentralDouble {
  /** The base URL to give a counter, path prefix included (no trailing slash). */
  url: string;
  /** The organizer's key: what a counter is given. */
  counterKey: string;
  /** Another key of the same organizer, for the tests' own reads; it outlives counterKey. */
  testsKey: string;
  switches: DoubleSwitches;
  /** Registers an identity number as taken in an event (a customer registered elsewhere). */
  preRegister(eventId: string, identityNumber: string): void;
  /**
   * Tickets sold before the day through the central service's other channels (its web shop, say):
   * paid orders with participants and ticket numbers of its own (ET-8FQ9C6QKZA), the registration
   * made up from `serial`. Returns what was sold.
   */
  sellElsewhere(eventId: string, categoryId: string, count: number): DoubleOrder[];
  /** Cancels an order as the central's staff would (a refund through its own channels), paid or not. */
  cancelElsewhere(orderId: string): void;
  /** Removes an order altogether (a test order deleted by the central's staff): it is no longer listed, and its detail is 404. */
  removeElsewhere(orderId: string): void;
  revokeCounterKey(): void;
  /** A fresh key for the organizer; it becomes counterKey. */
  newCounterKey(): string;
  /** Stop accepting connections (a counter's connections are refused) / accept them again on the same address. */
  goDown(): Promise<void>;
  comeBack(): Promise<void>;
  orders(): DoubleOrder[];
  /** Requests seen, method and path (after the prefix), in order. */
  seen: { method: string; path: string; status: number }[];
  close(): Promise<void>;
}

export interface DoubleOptions {
  seed: DoubleSeed;
  /** The counter's key, when it must be known beforehand (another process starts the double); else made up. */
  counterKey?: string;
  /** The double's notion of now, before its 45 s lag (a test clock, say); default Date.now. */
  now?: () => number;
  prefix?: string;
}

const LAG_MS = 45_000;
const NOT_FOUND = 'Sumber daya tidak ditemukan';

// ---------------------------------------------------------------------------------------------
// Small helpers of its own

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
/** A ULID: 48 bits of time, 80 random bits. */
function ulid(time: number): string {
  let out = '';
  for (let t = time, i = 0; i < 10; i++, t = Math.floor(t / 32)) out = CROCKFORD[t % 32] + out;
  for (const byte of randomBytes(16)) out += CROCKFORD[byte % 32];
  return out;
}

/** "75000" or "75000.00" to sen; anything else is not money. */
function toSen(amount: string): number {
  const match = /^(\d+)(?:\.(\d{2}))?$/.exec(amount);
  if (!match) throw new Error(`not an amount: ${amount}`);
  return Number(match[1]) * 100 + Number(match[2] ?? 0);
}
const money = (sen: number) => `${Math.floor(sen / 100)}.${String(sen % 100).padStart(2, '0')}`;

/** An instant as ISO 8601 with the +07:00 offset (the double's own zone). */
function iso(ms: number): string {
  const local = new Date(ms + 7 * 3_600_000).toISOString().replace('Z', '');
  return `${local}+07:00`;
}

/** A ticket number of the central's own: "ET-" and ten characters. */
function centralTicketNumber(): string {
  let code = '';
  for (const byte of randomBytes(10)) code += CROCKFORD[byte % 32];
  return `ET-${code}`;
}

const isUlid = (value: unknown): value is string => typeof value === 'string' && /^[0-9A-HJKMNP-TV-Z]{26}$/.test(value);

class Refusal extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

// ---------------------------------------------------------------------------------------------

export async function startCentralDouble(options: DoubleOptions): Promise<CentralDouble> {
  const prefix = options.prefix ?? '/api/v1';
  const clock = () => (options.now ?? Date.now)() - LAG_MS;
  const { seed } = options;
  const users = new Map<string, DoubleUser>([[seed.organizer.id, seed.organizer]]);
  const keys = new Map<string, string>();
  const newKey = (userId: string) => {
    const key = `central_${randomBytes(18).toString('hex')}`;
    keys.set(key, userId);
    return key;
  };
  let counterKey = options.counterKey ?? newKey(seed.organizer.id);
  keys.set(counterKey, seed.organizer.id);
  const testsKey = newKey(seed.organizer.id);
  const createdAt = clock();
  const events = seed.events.map((event) => ({ ...event, ownerId: seed.organizer.id, createdAt }));
  const orders: Order[] = [];
  const preRegistered = new Set<string>();
  const switches: DoubleSwitches = { unknownEnums: false, malformed: {}, fault: { kind: 'none' } };
  const seen: CentralDouble['seen'] = [];
  let orderSeq = 0;

  // --- access -------------------------------------------------------------------------------

  function caller(req: IncomingMessage): DoubleUser {
    const key = req.headers['x-api-key'];
    const user = typeof key === 'string' ? users.get(keys.get(key) ?? '') : undefined;
    if (!user) throw new Refusal(401, 'Kunci API tidak valid atau kedaluwarsa');
    return user;
  }

  const mayWork = (user: DoubleUser, event: (typeof events)[number]) =>
    user.role === 'super_admin' || event.ownerId === user.id || user.grants.includes(event.id);

  function eventFor(user: DoubleUser, idOrSlug: string) {
    const event = events.find((e) => e.id === idOrSlug || e.slug === idOrSlug);
    if (!event) throw new Refusal(404, 'Acara tidak ditemukan');
    if (!mayWork(user, event)) throw new Refusal(403, 'Anda tidak memiliki akses ke acara ini');
    return event;
  }

  // --- views ----------------------------------------------------------------------------------

  const heldOrSold = (categoryId: string) => orders.filter((o) => o.categoryId === categoryId && o.status !== 'cancelled').length;
  const sold = (categoryId: string) => orders.filter((o) => o.categoryId === categoryId && o.paymentStatus === 'paid').length;

  function eventView(event: (typeof events)[number]) {
    const prices = event.categories.map((c) => toSen(c.price));
    return {
      id: event.id,
      ownerId: event.ownerId,
      name: event.name,
      slug: event.slug,
      description: `${event.name} di ${event.location}`,
      terms: 'Syarat dan ketentuan berlaku.',
      location: event.location,
      mapsLink: `https://maps.example.test/?q=${encodeURIComponent(event.location)}`,
      startAt: switches.malformed.eventId === event.id ? 'segera' : event.startAt,
      endAt: event.endAt,
      timezone: event.timezone,
      status: event.status,
      isPublic: true,
      feeBearer: switches.unknownEnums ? 'buyer' : event.feeBearer,
      eventTypeId: '01JCENTRA10000000000000TYP',
      categoryId: '01JCENTRA10000000000000CAT',
      subcategoryId: '01JCENTRA10000000000000SBC',
      isFeatured: false,
      isTransferable: false,
      transferDeadline: event.startAt,
      quota: event.categories.reduce((n, c) => n + c.quota, 0),
      isFinished: Date.parse(event.endAt) < clock(),
      minPrice: money(Math.min(...prices)),
      maxPrice: money(Math.max(...prices)),
      createdAt: iso(event.createdAt),
      updatedAt: iso(event.createdAt),
    };
  }

  function categoryView(event: (typeof events)[number], category: DoubleCategory) {
    return {
      id: category.id,
      eventId: event.id,
      name: category.name,
      description: `Tiket ${category.name}`,
      type: switches.unknownEnums ? 'festival_pass' : category.type,
      quota: category.quota,
      sold: sold(category.id),
      saleStartAt: category.saleStartAt,
      saleEndAt: category.saleEndAt,
      price: switches.malformed.categoryId === category.id ? 'gratis' : switches.malformed.hugePriceCategoryId === category.id ? '9999999999999.99' : money(toSen(category.price)),
      status: switches.unknownEnums ? 'on_sale' : category.status,
      isSoldOut: heldOrSold(category.id) >= category.quota,
      createdAt: iso(event.createdAt),
      updatedAt: iso(event.createdAt),
    };
  }

  function participantView(order: Order) {
    const p = order.participant;
    if (!p) return [];
    const r = order.registration;
    return [
      {
        id: p.id,
        orderId: order.id,
        eventId: order.eventId,
        ticketCategoryId: order.categoryId,
        userId: order.buyerUserId,
        ticketNumber: p.ticketNumber,
        qrCode: `https://central.example.test/qr/${p.ticketNumber}`,
        status: p.status,
        identityNumber: r.identityNumber,
        name: r.name,
        email: r.email,
        phone: r.phone,
        gender: r.gender,
        birthDate: r.birthDate,
        formData: r.formData,
        createdAt: iso(p.createdAt),
      },
    ];
  }

  function orderBase(order: Order) {
    const event = events.find((e) => e.id === order.eventId)!;
    return {
      id: order.id,
      buyerUserId: order.buyerUserId,
      eventId: event.id,
      eventName: event.name,
      status: order.status,
      paymentStatus: order.paymentStatus,
      totalAmount: money(order.amountSen),
      createdAt: iso(order.createdAt),
      updatedAt: iso(order.updatedAt),
    };
  }

  function eventSummary(order: Order) {
    const event = events.find((e) => e.id === order.eventId)!;
    return {
      eventLocation: event.location,
      eventMapsLink: `https://maps.example.test/?q=${encodeURIComponent(event.location)}`,
      eventStartAt: event.startAt,
      eventEndAt: event.endAt,
      organizerName: seed.organizer.name,
    };
  }

  function detailView(order: Order) {
    const category = events.flatMap((e) => e.categories).find((c) => c.id === order.categoryId)!;
    return {
      ...orderBase(order),
      ...eventSummary(order),
      eventBanner: 'https://central.example.test/banner.png',
      subtotal: money(order.amountSen),
      feeTotal: money(0),
      grandTotal: money(order.amountSen),
      items: [
        {
          id: order.itemId,
          orderId: order.id,
          ticketCategoryId: category.id,
          name: category.name,
          quantity: 1,
          unitPrice: money(order.amountSen),
          subtotal: money(order.amountSen),
          createdAt: iso(order.createdAt),
        },
      ],
      participants: participantView(order),
    };
  }

  // --- request bodies ---------------------------------------------------------------------------

  /** The create body exactly as the interface lists it: a field it does not list is refused. */
  function parseCreate(body: unknown, event: (typeof events)[number]): { category: DoubleCategory; registration: Registration } {
    const problems: string[] = [];
    const object = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
    if (!object(body)) throw new Refusal(400, 'Validasi gagal: badan permintaan harus objek JSON');
    for (const field of Object.keys(body)) if (!['eventId', 'ticketCategoryId', 'registration'].includes(field)) problems.push(`${field} tidak dikenal`);
    if (!isUlid(body.eventId) || body.eventId !== event.id) problems.push('eventId tidak valid');
    const category = event.categories.find((c) => c.id === body.ticketCategoryId);
    if (!isUlid(body.ticketCategoryId) || !category) problems.push('ticketCategoryId tidak valid');
    const r = body.registration;
    if (!object(r)) throw new Refusal(400, `Validasi gagal: registration wajib diisi; ${problems.join('; ')}`);
    const known = ['name', 'email', 'phone', 'gender', 'birthDate', 'identityNumber', 'formData'];
    for (const field of Object.keys(r)) if (!known.includes(field)) problems.push(`registration.${field} tidak dikenal`);
    const text = (field: string) => (typeof r[field] === 'string' ? (r[field] as string) : '');
    if (text('name').length < 1 || text('name').length > 100) problems.push('registration.name harus 1 sampai 100 karakter');
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text('email'))) problems.push('registration.email tidak valid');
    if (!/^\+[1-9]\d{6,14}$/.test(text('phone'))) problems.push('registration.phone harus format E.164');
    if (!['male', 'female'].includes(text('gender'))) problems.push('registration.gender harus male atau female');
    if (!/^\d{4}-\d{2}-\d{2}$/.test(text('birthDate'))) problems.push('registration.birthDate harus YYYY-MM-DD');
    if (!/^\d{16}$/.test(text('identityNumber'))) problems.push('registration.identityNumber harus 16 digit');
    if (r.formData !== undefined && !object(r.formData)) problems.push('registration.formData harus objek');
    if (problems.length > 0 || !category) throw new Refusal(400, `Validasi gagal: ${problems.join('; ')}`);
    return {
      category,
      registration: {
        name: text('name'),
        email: text('email'),
        phone: text('phone'),
        gender: text('gender') as Registration['gender'],
        birthDate: text('birthDate'),
        identityNumber: text('identityNumber'),
        formData: (r.formData as Record<string, unknown> | undefined) ?? {},
      },
    };
  }

  // --- handlers -------------------------------------------------------------------------------

  type Reply = { status: number; body: unknown; contentType?: string };
  const ok = (message: string, data: unknown, status = 200): Reply => ({ status, body: { message, requestId: ulid(clock()), data } });

  /** One page of `items`, each shown by `view` (only the page's: a list of 45,000 is not drawn whole). */
  function page<T, V>(items: T[], query: URLSearchParams, view: (item: T) => V): { data: V[]; meta: object } {
    const pageNo = Number(query.get('page') ?? '1');
    const limit = Number(query.get('limit') ?? '20');
    if (!Number.isInteger(pageNo) || pageNo < 1 || !Number.isInteger(limit) || limit < 1 || limit > 100) {
      throw new Refusal(400, 'Validasi gagal: page atau limit tidak valid (limit maksimal 100)');
    }
    const total = items.length;
    return { data: items.slice((pageNo - 1) * limit, pageNo * limit).map(view), meta: { page: pageNo, limit, total, totalPages: Math.ceil(total / limit) } };
  }

  /** Sorted by `key`, each item's key computed once. */
  function sortBy<T>(items: T[], key: (item: T) => string | number, order: string | null): T[] {
    const direction = order === 'asc' ? 1 : -1;
    return items
      .map((item) => ({ item, key: key(item) }))
      .sort((a, b) => (a.key < b.key ? -direction : a.key > b.key ? direction : 0))
      .map(({ item }) => item);
  }

  function listEvents(user: DoubleUser, query: URLSearchParams): Reply {
    const ownerId = query.get('ownerId');
    if (!ownerId) throw new Refusal(400, 'Validasi gagal: ownerId wajib diisi');
    if (query.get('scope') === 'all' && user.role !== 'super_admin') throw new Refusal(403, 'Hanya super admin yang dapat melihat semua acara');
    const owner = ownerId === 'me' ? user.id : ownerId;
    const search = query.get('search')?.toLowerCase();
    const status = query.get('status');
    const mine = events.filter(
      (e) =>
        (query.get('scope') === 'all' || e.ownerId === owner || (ownerId === 'me' && mayWork(user, e))) &&
        (!status || e.status === status) &&
        (!search || e.name.toLowerCase().includes(search) || e.location.toLowerCase().includes(search)),
    );
    const sort = query.get('sort') ?? 'createdAt';
    const sorted = sortBy(mine.map(eventView), (e) => String((e as Record<string, unknown>)[sort] ?? e.createdAt), query.get('order'));
    const paged = page(sorted, query, (e) => e);
    return { status: 200, body: { message: 'Daftar acara berhasil diambil', requestId: ulid(clock()), ...paged } };
  }

  function listOrders(event: (typeof events)[number], query: URLSearchParams): Reply {
    const search = query.get('search')?.toLowerCase();
    const status = query.get('status');
    const paymentStatus = query.get('paymentStatus');
    const matching = orders.filter(
      (o) =>
        o.eventId === event.id &&
        (!status || o.status === status) &&
        (!paymentStatus || o.paymentStatus === paymentStatus) &&
        (!search || o.registration.name.toLowerCase().includes(search) || o.registration.email.toLowerCase().includes(search)),
    );
    const sorted = sortBy(matching, (o) => (query.get('sort') === 'totalAmount' ? o.amountSen : o.createdAt * 1_000_000 + o.seq), query.get('order'));
    const paged = page(sorted, query, (o) => ({
      ...orderBase(o),
      customerName: o.registration.name,
      customerEmail: o.registration.email,
      ticketCategoryName: event.categories.find((c) => c.id === o.categoryId)!.name,
      participants: participantView(o),
    }));
    return { status: 200, body: { message: 'Daftar pesanan berhasil diambil', requestId: ulid(clock()), ...paged } };
  }

  /** A new order of the category, unpaid, appended to the list. */
  function addOrder(eventId: string, category: DoubleCategory, registration: Registration): Order {
    const now = clock();
    const order: Order = {
      id: ulid(now),
      seq: ++orderSeq,
      itemId: ulid(now),
      eventId,
      categoryId: category.id,
      buyerUserId: ulid(now),
      status: 'payment_pending',
      paymentStatus: 'unpaid',
      amountSen: toSen(category.price),
      registration,
      participant: null,
      createdAt: now,
      updatedAt: now,
    };
    orders.push(order);
    return order;
  }

  /** Pays the order: completed, its participant issued with a ticket number of the central's own. */
  function pay(order: Order, participantStatus: string): void {
    const now = clock();
    order.status = 'completed';
    order.paymentStatus = 'paid';
    order.participant = { id: ulid(now), ticketNumber: centralTicketNumber(), status: participantStatus, createdAt: now };
    order.updatedAt = now;
  }

  function createOrder(event: (typeof events)[number], body: unknown): Reply {
    const { category, registration } = parseCreate(body, event);
    const taken =
      preRegistered.has(`${event.id}:${registration.identityNumber}`) ||
      orders.some((o) => o.eventId === event.id && o.registration.identityNumber === registration.identityNumber && o.status !== 'cancelled');
    if (taken) throw new Refusal(409, 'Nomor identitas sudah terdaftar untuk acara ini');
    if (event.status !== 'published') throw new Refusal(409, 'Acara tidak sedang dijual');
    if (heldOrSold(category.id) >= category.quota) throw new Refusal(409, 'Tiket sudah habis');
    const order = addOrder(event.id, category, registration);
    return ok(
      'Pesanan berhasil dibuat',
      {
        ...orderBase(order),
        ...eventSummary(order),
        participants: [],
        createdUserId: order.buyerUserId,
        isExistingUser: false,
        generatedPassword: randomBytes(6).toString('base64url'),
      },
      201,
    );
  }

  function checkout(order: Order, body: unknown): Reply {
    // A payment awaiting verification may be initiated again, with another method.
    if (order.status !== 'payment_pending' && order.status !== 'verification_pending') throw new Refusal(409, 'Pesanan tidak dapat dibayar pada status ini');
    const method = typeof body === 'object' && body !== null ? (body as { method?: unknown }).method : undefined;
    if (method === 'cash' || method === 'card') {
      pay(order, switches.unknownEnums ? 'issued' : 'registered');
    } else {
      order.status = 'verification_pending';
      order.updatedAt = clock();
    }
    return ok('Pembayaran diproses', detailView(order));
  }

  function cancel(order: Order): Reply {
    if (order.paymentStatus === 'paid') throw new Refusal(409, 'Pesanan yang sudah dibayar tidak dapat dibatalkan');
    if (order.status === 'cancelled') throw new Refusal(409, 'Pesanan sudah dibatalkan');
    order.status = 'cancelled';
    order.updatedAt = clock();
    return ok('Pesanan dibatalkan', detailView(order));
  }

  function route(method: string, path: string, query: URLSearchParams, req: IncomingMessage, body: unknown): Reply {
    const parts = path.split('/').filter(Boolean).map(decodeURIComponent);
    if (method === 'GET' && parts.length === 1 && parts[0] === 'events') return listEvents(caller(req), query);
    if (parts[0] !== 'events' || parts.length < 3) throw new Refusal(404, NOT_FOUND);
    const [, idOrSlug, section, sub, orderId, action, ...rest] = parts;
    if (method === 'GET' && section === 'tickets' && parts.length === 3) {
      const event = eventFor(caller(req), idOrSlug!);
      return ok('Daftar tiket berhasil diambil', event.categories.map((c) => categoryView(event, c)));
    }
    if (section !== 'admin' || sub !== 'orders' || rest.length > 0) throw new Refusal(404, NOT_FOUND);
    const known =
      (parts.length === 4 && (method === 'GET' || method === 'POST')) ||
      (parts.length === 5 && method === 'GET') ||
      (parts.length === 6 && ((method === 'POST' && (action === 'checkout' || action === 'cancel')) || (method === 'GET' && action === 'invoice')));
    if (!known) throw new Refusal(404, NOT_FOUND);
    const event = eventFor(caller(req), idOrSlug!);
    if (parts.length === 4) return method === 'GET' ? listOrders(event, query) : createOrder(event, body);
    const order = orders.find((o) => o.id === orderId && o.eventId === event.id);
    if (!order) throw new Refusal(404, 'Pesanan tidak ditemukan');
    if (parts.length === 5) return ok('Detail pesanan berhasil diambil', detailView(order));
    if (action === 'checkout') return checkout(order, body);
    if (action === 'cancel') return cancel(order);
    return { status: 200, body: Buffer.from(`%PDF-1.4\n% Faktur ${order.id}\n%%EOF\n`), contentType: 'application/pdf' };
  }

  // --- what happens at the central service outside the interface ---------------------------------

  let elsewhereSerial = 0;
  function sellElsewhere(eventId: string, categoryId: string, count: number): DoubleOrder[] {
    const event = events.find((e) => e.id === eventId);
    const category = event?.categories.find((c) => c.id === categoryId);
    if (!category) throw new Error(`no category ${categoryId} in ${eventId}`);
    const sold: Order[] = [];
    for (let i = 0; i < count; i++) {
      const n = ++elsewhereSerial;
      const order = addOrder(eventId, category, {
        name: `Pembeli Web ${n}`,
        email: `pembeli${n}@web.example`,
        phone: `+62813${String(n).padStart(8, '0')}`,
        gender: n % 2 ? 'female' : 'male',
        birthDate: '1995-05-05',
        identityNumber: `99${String(n).padStart(14, '0')}`,
        formData: {},
      });
      pay(order, 'registered');
      sold.push(order);
    }
    return sold.map(snapshot);
  }

  function cancelElsewhere(orderId: string): void {
    const order = orders.find((o) => o.id === orderId);
    if (!order) throw new Error(`no order ${orderId}`);
    order.status = 'cancelled';
    if (order.participant) order.participant.status = 'cancelled';
    order.updatedAt = clock();
  }

  function removeElsewhere(orderId: string): void {
    const at = orders.findIndex((o) => o.id === orderId);
    if (at < 0) throw new Error(`no order ${orderId}`);
    orders.splice(at, 1);
  }

  function snapshot(o: Order): DoubleOrder {
    return {
      id: o.id,
      eventId: o.eventId,
      ticketCategoryId: o.categoryId,
      status: o.status,
      paymentStatus: o.paymentStatus,
      customerName: o.registration.name,
      customerEmail: o.registration.email,
      identityNumber: o.registration.identityNumber,
      ticketNumber: o.participant?.ticketNumber ?? null,
    };
  }

  // --- the listener -----------------------------------------------------------------------------

  const matches = (fault: Exclude<DoubleFault, { kind: 'none' }>, method: string, path: string) =>
    method === (fault.method ?? 'POST') && (!fault.path || fault.path.test(path));

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? '/', 'http://double');
    const method = req.method ?? 'GET';
    const path = url.pathname.startsWith(`${prefix}/`) ? url.pathname.slice(prefix.length) : null;
    const { fault } = switches;
    const faulted = fault.kind !== 'none' && path !== null && matches(fault, method, path);
    const send = (reply: Reply) => {
      seen.push({ method, path: path ?? url.pathname, status: reply.status });
      const isJson = !reply.contentType;
      res.writeHead(reply.status, {
        'content-type': reply.contentType ?? 'application/json; charset=utf-8',
        ...(reply.status === 429 && fault.kind === 'rate_limit' && { 'retry-after': String(fault.retryAfterSeconds) }),
      });
      res.end(isJson ? JSON.stringify(reply.body) : (reply.body as Buffer));
    };
    if (faulted && fault.kind === 'rate_limit') return send({ status: 429, body: { message: 'Terlalu banyak permintaan', requestId: ulid(clock()) } });
    let reply: Reply;
    try {
      if (path === null) throw new Refusal(404, NOT_FOUND);
      let body: unknown;
      if (chunks.length > 0) {
        try {
          body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        } catch {
          throw new Refusal(400, 'Badan permintaan bukan JSON yang valid');
        }
      }
      reply = route(method, path, url.searchParams, req, body);
    } catch (error) {
      if (!(error instanceof Refusal)) throw error;
      reply = { status: error.status, body: { message: error.message, requestId: ulid(clock()) } };
    }
    if (faulted && fault.kind === 'drop_after_apply') {
      seen.push({ method, path: path ?? url.pathname, status: 0 });
      req.socket.destroy();
      return;
    }
    if (faulted && fault.kind === 'error_after_apply') return send({ status: 500, body: { message: 'Terjadi kesalahan pada server', requestId: ulid(clock()) } });
    send(reply);
  }

  let server: Server | undefined;
  let port = 0;
  const sockets = new Set<Socket>();
  async function listen(): Promise<void> {
    server = createServer((req, res) => {
      handle(req, res).catch(() => {
        res.writeHead(500, { 'content-type': 'application/json; charset=utf-8' });
        res.end(JSON.stringify({ message: 'Terjadi kesalahan pada server', requestId: ulid(clock()) }));
      });
    });
    server.on('connection', (socket) => {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
    });
    await new Promise<void>((resolve, reject) => {
      server!.once('error', reject);
      server!.listen(port, '127.0.0.1', () => resolve());
    });
    port = (server.address() as AddressInfo).port;
  }
  async function stopListening(): Promise<void> {
    const closing = server;
    server = undefined;
    if (!closing) return;
    for (const socket of sockets) socket.destroy();
    await new Promise<void>((resolve) => closing.close(() => resolve()));
  }
  await listen();

  return {
    url: `http://127.0.0.1:${port}${prefix}`,
    get counterKey() {
      return counterKey;
    },
    testsKey,
    switches,
    seen,
    preRegister: (eventId, identityNumber) => void preRegistered.add(`${eventId}:${identityNumber}`),
    revokeCounterKey: () => void keys.delete(counterKey),
    newCounterKey() {
      counterKey = newKey(seed.organizer.id);
      return counterKey;
    },
    goDown: stopListening,
    comeBack: listen,
    orders: () => orders.map(snapshot),
    sellElsewhere,
    cancelElsewhere,
    removeElsewhere,
    close: stopListening,
  };
}
