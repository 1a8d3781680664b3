/**
 * Prepares a counter data dir for the benchmark through the domain services (the same ones `serve`
 * builds): an organizer with an API key, an event whose category has a quota of 10 million for the
 * order-creation load, and an event with 100,000 orders inserted directly for the list latency.
 */
import { monotonicFactory } from 'ulid';
import type { ImportFile } from '../../src/shared/schemas/import.js';
import { toIso } from '../../src/main/domain/time.js';
import { writeTransaction } from '../../src/main/db/connection.js';
import { createServices, type Services } from '../../src/main/services.js';

const DAY = 24 * 60 * 60 * 1000;
const TZ = 'Asia/Jakarta';

export const IDS = {
  loadEvent: '01JBENCH000000000000000EV1',
  loadCategory: '01JBENCH000000000000000TK1',
  listEvent: '01JBENCH000000000000000EV2',
  listCategory: '01JBENCH000000000000000TK2',
  eventType: '01JBENCH00000000000000TYP1',
  category: '01JBENCH00000000000000CAT1',
  subcategory: '01JBENCH00000000000000SBC1',
} as const;

export const LOAD_QUOTA = 10_000_000;

export interface Prepared {
  apiKey: string;
  /** The organizer's e-mail: a known one for the wrong logins of login-load.ts. */
  organizerEmail: string;
  loadEventId: string;
  loadCategoryId: string;
  listEventId: string;
  /** Search terms for the list, with how many orders LIKE '%term%' finds (what the list must say). */
  searches: { label: string; term: string; indexed: boolean; expected: number }[];
  seedMs: number;
}

/** A published bench event starting `daysAhead` days from `now`, in the bench's type and category. */
export function benchEvent(now: number, id: string, name: string, slug: string, daysAhead = 30) {
  const at = (ms: number) => toIso(ms, TZ);
  return {
    id,
    name,
    slug,
    description: `${name} (benchmark)`,
    terms: '',
    location: 'Istora Senayan, Jakarta',
    startAt: at(now + daysAhead * DAY),
    endAt: at(now + daysAhead * DAY + 5 * 60 * 60 * 1000),
    timezone: TZ,
    status: 'published' as const,
    isPublic: true,
    feeBearer: 'customer' as const,
    feeRateBp: 250,
    eventTypeId: IDS.eventType,
    categoryId: IDS.category,
    subcategoryId: IDS.subcategory,
    isFeatured: false,
    isTransferable: false,
  };
}

/** Its one category, Festival at Rp 150,000, on sale from 60 days ago until `saleDaysAhead` days from `now`. */
export function benchTicket(now: number, id: string, quota: number, saleDaysAhead = 29) {
  const at = (ms: number) => toIso(ms, TZ);
  return {
    id,
    name: 'Festival',
    description: 'Tiket Festival',
    type: 'regular',
    quota,
    sold: 0,
    saleStartAt: at(now - 60 * DAY),
    saleEndAt: at(now + saleDaysAhead * DAY),
    price: '150000.00',
    status: 'active',
  };
}

function benchEvents(now: number, listOrders: number): ImportFile {
  return {
    events: [
      { ...benchEvent(now, IDS.loadEvent, 'Konser Beban', 'bench-load'), tickets: [benchTicket(now, IDS.loadCategory, LOAD_QUOTA)] },
      { ...benchEvent(now, IDS.listEvent, 'Festival Daftar', 'bench-list'), tickets: [benchTicket(now, IDS.listCategory, listOrders * 2)] },
    ],
  };
}

// Names as a counter in Indonesia sees them: a given name and a family or second name.
export const FIRST = [
  'Agus', 'Budi', 'Citra', 'Dewi', 'Eko', 'Fajar', 'Gita', 'Hendra', 'Indah', 'Joko', 'Kartika', 'Lestari',
  'Made', 'Nur', 'Oki', 'Putri', 'Rizky', 'Siti', 'Teguh', 'Utami', 'Wayan', 'Yusuf', 'Zahra', 'Ayu',
  'Bayu', 'Dian', 'Fitri', 'Gilang', 'Hadi', 'Intan', 'Kurnia', 'Lukman', 'Maya', 'Nanda', 'Rina', 'Sari',
  'Tono', 'Wulan', 'Yanti', 'Reza',
];
export const LAST = [
  'Pratama', 'Saputra', 'Wijaya', 'Santoso', 'Hidayat', 'Kusuma', 'Lubis', 'Nasution', 'Siregar', 'Harahap',
  'Setiawan', 'Gunawan', 'Hakim', 'Rahman', 'Susanto', 'Wibowo', 'Halim', 'Purnomo', 'Utomo', 'Sitompul',
  'Simanjuntak', 'Permana', 'Ramadhan', 'Firmansyah', 'Nugroho', 'Suryadi', 'Anggraini', 'Puspita',
  'Maharani', 'Wahyudi', 'Sembiring', 'Tanjung', 'Daulay', 'Manurung', 'Rangkuti', 'Sinaga',
];
export const DOMAINS = ['gmail.com', 'yahoo.co.id', 'outlook.com', 'gmail.com', 'gmail.com', 'ymail.com', 'mail.id'];

/** A small deterministic PRNG, so that every run seeds the same orders. */
export function mulberry32(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The search index fed with every order seeded, as serve feeds it after each sale (domain/search-index.ts). */
export function indexSeeded(services: Services): void {
  // Batches of a size memory allows: the short pieces of text of each order are counted in JS.
  writeTransaction(services.database.db, () => {
    while (services.searchIndex.indexNext(100_000) > 0);
  });
}

export function prepareDataDir(dataDir: string, listOrders: number): Prepared {
  const services = createServices({ dataDir });
  try {
    const organizer = services.users.create({
      email: 'organizer@bench.test',
      name: 'Bench Organizer',
      role: 'organizer',
      password: 'bench-organizer-password',
    });
    const now = services.clock();
    services.importer.importEvents(benchEvents(now, listOrders), organizer);
    const { key } = services.apiKeys.create(organizer.id, 'bench');
    const buyer = services.users.create({
      email: 'pembeli@bench.test',
      name: 'Pembeli Bench',
      role: 'customer',
      password: 'bench-buyer-password',
    });

    const started = performance.now();
    const rareEmail = seedOrders(services.database.sqlite, buyer.id, listOrders, now);
    indexSeeded(services);
    const seedMs = performance.now() - started;

    const count = services.database.sqlite.prepare(
      `select count(*) as n from orders where event_id = ? and (customer_name like ? or customer_email like ?)`,
    );
    const expected = (term: string) => (count.get(IDS.listEvent, `%${term}%`, `%${term}%`) as { n: number }).n;
    // A name an operator types (a common given name), a term one order in seven matches, one
    // customer's e-mail, a miss, and two letters: too short for the search index.
    const searches = [
      { label: 'common name', term: 'Putri', indexed: true },
      { label: 'common domain', term: 'yahoo', indexed: true },
      { label: 'one e-mail', term: rareEmail, indexed: true },
      { label: 'no match', term: 'zzqx', indexed: true },
      { label: 'two letters', term: 'an', indexed: false },
    ].map((s) => ({ ...s, expected: expected(s.term) }));

    return {
      apiKey: key,
      organizerEmail: organizer.email,
      loadEventId: IDS.loadEvent,
      loadCategoryId: IDS.loadCategory,
      listEventId: IDS.listEvent,
      searches,
      seedMs,
    };
  } finally {
    services.close();
  }
}

/**
 * Inserts `total` orders (and their order items) into the list event in one transaction with
 * prepared statements, as the schema requires: one buyer user, a unique identity number per live
 * order, statuses mostly pending with some cancelled. Returns the e-mail of one order (a rare term).
 */
function seedOrders(
  sqlite: ReturnType<typeof createServices>['database']['sqlite'],
  buyerId: string,
  total: number,
  now: number,
): string {
  const random = mulberry32(20_251_121);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const newId = monotonicFactory();
  const insertOrder = sqlite.prepare(
    `insert into orders (id, event_id, ticket_category_id, buyer_user_id, status, payment_status, subtotal, fee_total,
       total_amount, customer_name, customer_email, customer_phone, customer_gender, customer_birth_date,
       identity_number, form_data, created_at, updated_at)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, '{}', ?, ?)`,
  );
  const insertItem = sqlite.prepare(
    `insert into order_items (id, order_id, ticket_category_id, name, quantity, unit_price, subtotal, created_at)
     values (?, ?, ?, 'Festival', 1, ?, ?, ?)`,
  );
  const price = 15_000_000;
  const fee = 375_000;
  // Spread over the last 30 days, oldest first, so that ids and created_at both increase.
  const start = now - 30 * DAY;
  const step = Math.floor((30 * DAY) / total);
  let rareEmail = '';
  let held = 0;
  sqlite.transaction(() => {
    for (let i = 0; i < total; i++) {
      const createdAt = start + i * step + Math.floor(random() * step);
      const id = newId(createdAt);
      const first = pick(FIRST);
      const last = pick(LAST);
      const n = Math.floor(random() * 10_000);
      const email = `${first}.${last}${n}@${pick(DOMAINS)}`.toLowerCase();
      if (i === Math.floor(total / 2)) rareEmail = `${first}.${last}${n}`.toLowerCase();
      const cancelled = random() < 0.1;
      if (!cancelled) held++;
      const birthYear = 1960 + Math.floor(random() * 45);
      insertOrder.run(
        id,
        IDS.listEvent,
        IDS.listCategory,
        buyerId,
        cancelled ? 'cancelled' : 'payment_pending',
        cancelled ? 'expired' : 'unpaid',
        price,
        fee,
        price + fee,
        `${first} ${last}`,
        email,
        `+62812${String(10_000_000 + i).slice(-7)}`,
        random() < 0.5 ? 'female' : 'male',
        `${birthYear}-0${1 + Math.floor(random() * 9)}-1${Math.floor(random() * 9)}`,
        `3171${String(i).padStart(12, '0')}`,
        createdAt,
        createdAt,
      );
      insertItem.run(newId(createdAt), id, IDS.listCategory, price, price, createdAt);
    }
    sqlite.prepare('update ticket_categories set held = ? where id = ?').run(held, IDS.listCategory);
  })();
  // A running counter checkpoints as it goes: start the server on a settled file, not a 100k-row WAL.
  sqlite.pragma('wal_checkpoint(TRUNCATE)');
  return rareEmail;
}
