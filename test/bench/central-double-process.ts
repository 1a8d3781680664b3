/**
 * The double of the central service (test/support/central-double.ts) in a process of its own, for
 * the drain bench: one event of 10 million seats, the counter's key from the environment
 * (BENCH_CENTRAL_KEY). Prints `listening on URL` (the base URL, its path prefix included) once up.
 */
import { startCentralDouble } from '../support/central-double.js';
import { DRAIN_EVENT } from './drain-event.js';

const DAY = 24 * 60 * 60 * 1000;
const now = Date.now();
const double = await startCentralDouble({
  counterKey: process.env.BENCH_CENTRAL_KEY,
  seed: {
    organizer: { id: '01JBENCHDRA1N00000000000RG', name: 'Penyelenggara Bench', email: 'penyelenggara@pusat.bench', role: 'organizer', grants: [] },
    events: [
      {
        id: DRAIN_EVENT.id,
        slug: 'bench-drain',
        name: 'Konser Kuras',
        location: 'Istora Senayan, Jakarta',
        startAt: new Date(now + 30 * DAY).toISOString(),
        endAt: new Date(now + 30 * DAY + 5 * 60 * 60 * 1000).toISOString(),
        timezone: 'Asia/Jakarta',
        feeBearer: 'organizer',
        status: 'published',
        categories: [
          {
            id: DRAIN_EVENT.category,
            name: 'Festival',
            type: 'regular',
            quota: 10_000_000,
            price: '150000',
            saleStartAt: new Date(now - DAY).toISOString(),
            saleEndAt: new Date(now + 29 * DAY).toISOString(),
            status: 'active',
          },
        ],
      },
    ],
  },
});
process.stdout.write(`listening on ${double.url}\n`);
process.on('SIGTERM', () => void double.close().then(() => process.exit(0)));
