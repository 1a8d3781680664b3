/**
 * A festival season on one counter, for `npm run bench -- --season`: 1,000,000 orders over 200
 * events, one of them with 200,000, bought by 300,000 customers (a customer comes back to several
 * events). Six in ten are paid, with their participant and ticket number; three await payment; one
 * is cancelled. Inserted with prepared statements in one transaction per event, through the
 * schema's own triggers (the order counts), then the search index fed with them all, as the
 * bench's 100,000-order seed is.
 */
import { monotonicFactory } from 'ulid';
import type { ImportFile } from '../../src/shared/schemas/import.js';
import { printedTicketNumber, TICKET_NUMBER_ALPHABET } from '../../src/shared/ticket-number.js';
import { createServices } from '../../src/main/services.js';
import { benchEvent, benchTicket, DOMAINS, FIRST, LAST, indexSeeded, mulberry32 } from './setup.js';

const DAY = 24 * 60 * 60 * 1000;
/** BENCH_SEASON_SCALE (0 to 1) makes a smaller season of as many events, for a quick look. */
const SCALE = Number(process.env.BENCH_SEASON_SCALE ?? 1);
export const SEASON = { orders: Math.round(1_000_000 * SCALE), events: 200, bigEvent: Math.round(200_000 * SCALE), customers: Math.round(300_000 * SCALE) } as const;

export interface Season {
  apiKey: string;
  /** The organizer who owns the season's events (and the API key): it logs in to the UI (first-screen.ts). */
  login: { email: string; password: string };
  bigEventId: string;
  bigEventName: string;
  /** A category of the big event, for sales during the backup. */
  bigCategoryId: string;
  /** Search terms on the big event and the number of orders each must find. */
  searches: { label: string; term: string; expected: number; target: number }[];
  seedMs: number;
}

/** ULIDs (26 Crockford characters) that say what they are. */
const eventId = (i: number) => `01JSEAS0N${String(i).padStart(5, '0')}0000000000EV`;
const categoryId = (i: number) => `01JSEAS0N${String(i).padStart(5, '0')}0000000000TK`;
const BIG_EVENT_NAME = 'Festival Besar Musim Ini';
const ORGANIZER = { email: 'organizer@bench.test', name: 'Bench Organizer', password: 'bench-organizer-password' };

function seasonEvents(now: number): ImportFile {
  return {
    events: Array.from({ length: SEASON.events }, (_, i) => ({
      ...benchEvent(now, eventId(i), i === 0 ? BIG_EVENT_NAME : `Pertunjukan Musim ${i}`, `musim-${i}`, 30 + i),
      tickets: [benchTicket(now, categoryId(i), 10_000_000, 29 + i)],
    })),
  };
}

interface Customer {
  name: string;
  email: string;
  phone: string;
}

export function prepareSeason(dataDir: string): Season {
  const services = createServices({ dataDir });
  try {
    const organizer = services.users.create({ ...ORGANIZER, role: 'organizer' });
    const now = services.clock();
    services.importer.importEvents(seasonEvents(now), organizer);
    const { key } = services.apiKeys.create(organizer.id, 'bench');
    const buyer = services.users.create({ email: 'pembeli@bench.test', name: 'Pembeli Bench', role: 'customer', password: 'bench-buyer-password' });

    const started = performance.now();
    const random = mulberry32(20_261_126);
    const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
    const customers: Customer[] = Array.from({ length: SEASON.customers }, (_, c) => {
      const first = pick(FIRST);
      const last = pick(LAST);
      return { name: `${first} ${last}`, email: `${first}.${last}${c}@${pick(DOMAINS)}`.toLowerCase(), phone: `+62813${String(10_000_000 + c).slice(-8)}` };
    });
    const sample = seedSeason(services.database.sqlite, buyer.id, customers, now, random);
    indexSeeded(services);
    const seedMs = performance.now() - started;

    const sqlite = services.database.sqlite;
    const big = eventId(0);
    const like = sqlite.prepare(`select count(*) as n from orders where event_id = ? and (customer_name like ? or customer_email like ?)`);
    const byName = (term: string) => (like.get(big, `%${term}%`, `%${term}%`) as { n: number }).n;
    const suffix = sample.nikSuffix;
    const bySuffix = (sqlite
      .prepare(`select count(*) as n from orders where event_id = ? and (identity_number like ? or customer_phone like ? or customer_name like ? or customer_email like ?)`)
      .get(big, `%${suffix}`, `%${suffix}`, `%${suffix}%`, `%${suffix}%`) as { n: number }).n;
    const searches = [
      { label: 'common name', term: 'Putri', expected: byName('putri'), target: 5 },
      { label: 'common domain', term: 'yahoo', expected: byName('yahoo'), target: 5 },
      { label: 'one e-mail', term: sample.email, expected: byName(sample.email), target: 5 },
      { label: 'no match', term: 'zzqx', expected: 0, target: 5 },
      { label: 'ticket number', term: sample.ticketNumber, expected: 1, target: 5 },
      { label: 'NIK suffix', term: suffix, expected: bySuffix, target: 5 },
      { label: 'two letters', term: 'an', expected: byName('an'), target: 50 },
    ];
    return { apiKey: key, login: ORGANIZER, bigEventId: big, bigEventName: BIG_EVENT_NAME, bigCategoryId: categoryId(0), searches, seedMs };
  } finally {
    services.close();
  }
}

/** Inserts the season's orders, event by event; answers one paid order's ticket number, an e-mail and a NIK ending of the big event. */
function seedSeason(
  sqlite: ReturnType<typeof createServices>['database']['sqlite'],
  buyerId: string,
  customers: Customer[],
  now: number,
  random: () => number,
): { ticketNumber: string; email: string; nikSuffix: string } {
  const newId = monotonicFactory();
  const insertOrder = sqlite.prepare(
    `insert into orders (id, event_id, ticket_category_id, buyer_user_id, status, payment_status, subtotal, fee_total,
       total_amount, customer_name, customer_email, customer_phone, customer_gender, customer_birth_date,
       identity_number, form_data, created_at, updated_at)
     values (?, ?, ?, ?, ?, ?, 15000000, 375000, 15375000, ?, ?, ?, ?, '1990-05-17', ?, '{}', ?, ?)`,
  );
  const insertItem = sqlite.prepare(
    `insert into order_items (id, order_id, ticket_category_id, name, quantity, unit_price, subtotal, created_at)
     values (?, ?, ?, 'Festival', 1, 15000000, 15000000, ?)`,
  );
  const insertParticipant = sqlite.prepare(
    `insert into participants (id, order_id, event_id, ticket_category_id, user_id, ticket_number, status, identity_number,
       name, email, phone, gender, birth_date, form_data, created_at)
     values (?, ?, ?, ?, ?, ?, 'registered', ?, ?, ?, ?, ?, '1990-05-17', '{}', ?)`,
  );
  const setSeats = sqlite.prepare('update ticket_categories set held = ?, sold = ? where id = ?');
  const rest = Math.floor((SEASON.orders - SEASON.bigEvent) / (SEASON.events - 1));
  const sample = { ticketNumber: '', email: '', nikSuffix: '' };
  let nik = 0;
  for (let e = 0; e < SEASON.events; e++) {
    const total = e === 0 ? SEASON.bigEvent : e === SEASON.events - 1 ? SEASON.orders - SEASON.bigEvent - rest * (SEASON.events - 2) : rest;
    const start = now - 90 * DAY;
    const step = Math.floor((90 * DAY) / total);
    const numbers = new Set<string>();
    sqlite.transaction(() => {
      let held = 0;
      let sold = 0;
      for (let i = 0; i < total; i++) {
        const createdAt = start + i * step;
        const id = newId(createdAt);
        const customer = customers[Math.floor(random() * customers.length)]!;
        const identity = `3171${String(nik++).padStart(12, '0')}`;
        const gender = random() < 0.5 ? 'female' : 'male';
        const roll = random();
        const state = roll < 0.6 ? ['completed', 'paid'] : roll < 0.9 ? ['payment_pending', 'unpaid'] : ['cancelled', 'expired'];
        insertOrder.run(id, eventId(e), categoryId(e), buyerId, state[0], state[1], customer.name, customer.email, customer.phone, gender, identity, createdAt, createdAt);
        insertItem.run(newId(createdAt), id, categoryId(e), createdAt);
        if (state[0] === 'completed') {
          sold++;
          let code = '';
          while (code === '' || numbers.has(code)) {
            code = '';
            for (let k = 0; k < 8; k++) code += TICKET_NUMBER_ALPHABET[Math.floor(random() * TICKET_NUMBER_ALPHABET.length)];
          }
          numbers.add(code);
          insertParticipant.run(newId(createdAt), id, eventId(e), categoryId(e), buyerId, printedTicketNumber(code), identity, customer.name, customer.email, customer.phone, gender, createdAt);
          if (e === 0 && i >= total / 2 && sample.ticketNumber === '') Object.assign(sample, { ticketNumber: printedTicketNumber(code), email: customer.email, nikSuffix: identity.slice(-6) });
        } else if (state[0] === 'payment_pending') held++;
      }
      setSeats.run(held, sold, categoryId(e));
    })();
  }
  sqlite.pragma('wal_checkpoint(TRUNCATE)');
  return sample;
}
