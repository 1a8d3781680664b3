/**
 * The double of the central service (test/support/central-double.ts) in a process of its own, for
 * the drain and festival benches, the counter's key from the environment (BENCH_CENTRAL_KEY).
 * Prints `listening on URL` (the base URL, its path prefix included) once up.
 *
 * The drain's event by default: one category of 10 million seats. With BENCH_CENTRAL_EVENT=festival
 * the festival's (festival-event.ts), its tickets sold before the day through the central's other
 * channels (sellElsewhere) before it listens; their ticket numbers are written as a JSON array to
 * the file BENCH_CENTRAL_TICKETS names, for the gates to scan.
 */
import { writeFileSync } from 'node:fs';
import { startCentralDouble, type DoubleCategory, type DoubleEvent } from '../support/central-double.js';
import { DRAIN_EVENT } from './drain-event.js';
import { FESTIVAL_EVENT } from './festival-event.js';

const DAY = 24 * 60 * 60 * 1000;
const now = Date.now();
const festival = process.env.BENCH_CENTRAL_EVENT === 'festival';

const category = (id: string, name: string, quota: number, price: string): DoubleCategory => ({
  id,
  name,
  type: 'regular',
  quota,
  price,
  saleStartAt: new Date(now - DAY).toISOString(),
  saleEndAt: new Date(now + 29 * DAY).toISOString(),
  status: 'active',
});

const event = (id: string, slug: string, name: string, categories: DoubleCategory[]): DoubleEvent => ({
  id,
  slug,
  name,
  location: 'Istora Senayan, Jakarta',
  startAt: new Date(now + 30 * DAY).toISOString(),
  endAt: new Date(now + 30 * DAY + 5 * 60 * 60 * 1000).toISOString(),
  timezone: 'Asia/Jakarta',
  feeBearer: 'organizer',
  status: 'published',
  categories,
});

const seeded = festival
  ? event(
      FESTIVAL_EVENT.id,
      FESTIVAL_EVENT.slug,
      'Festival Bench',
      FESTIVAL_EVENT.categories.map((c) => category(c.id, c.name, c.quota, c.price)),
    )
  : event(DRAIN_EVENT.id, 'bench-drain', 'Konser Kuras', [category(DRAIN_EVENT.category, 'Festival', 10_000_000, '150000')]);

const double = await startCentralDouble({
  counterKey: process.env.BENCH_CENTRAL_KEY,
  seed: {
    organizer: { id: '01JBENCHDRA1N00000000000RG', name: 'Penyelenggara Bench', email: 'penyelenggara@pusat.bench', role: 'organizer', grants: [] },
    events: [seeded],
  },
});
if (festival) {
  const sold = FESTIVAL_EVENT.categories.flatMap((c) => double.sellElsewhere(FESTIVAL_EVENT.id, c.id, c.presold));
  writeFileSync(process.env.BENCH_CENTRAL_TICKETS!, JSON.stringify(sold.map((o) => o.ticketNumber)));
}
process.stdout.write(`listening on ${double.url}\n`);
process.on('SIGTERM', () => void double.close().then(() => process.exit(0)));
