import type { ImportFile } from '../../shared/schemas/import.js';
import type { AuditActor } from './audit.js';
import { toIso } from './time.js';
import type { Services } from '../services.js';

const DAY = 24 * 60 * 60 * 1000;

/** Logins the demo creates; printed by `demo` and shown on the login screen of a demo counter. */
export const DEMO_LOGINS = [
  { email: 'organizer@demo.test', name: 'Rina Organizer', role: 'organizer', password: 'demo-organizer' },
  { email: 'kasir@demo.test', name: 'Budi Kasir', role: 'staff', password: 'demo-kasir' },
  { email: 'admin@demo.test', name: 'Admin Demo', role: 'super_admin', password: 'demo-admin' },
] as const;

// Fixed ids make `demo` idempotent: running it again updates the same events.
export const DEMO_EVENT_IDS = ['01JDEM0000000000000000EV01', '01JDEM0000000000000000EV02', '01JDEM0000000000000000EV03'];
const IDS = { eventType: '01JDEM0000000000000000TYP1', category: '01JDEM0000000000000000CAT1', subcategory: '01JDEM0000000000000000SBC1' };

function demoEvents(now: number): ImportFile {
  const tz = 'Asia/Jakarta';
  const at = (ms: number) => toIso(ms, tz);
  const ticket = (id: string, name: string, type: string, price: string, quota: number) => ({
    id,
    name,
    description: `Tiket ${name}`,
    type,
    quota,
    sold: 0,
    saleStartAt: at(now - DAY),
    saleEndAt: at(now + 30 * DAY),
    price,
    status: 'active',
  });
  const event = (n: number, name: string, slug: string, location: string, startsIn: number) => ({
    id: DEMO_EVENT_IDS[n]!,
    name,
    slug,
    description: `${name}: acara demo untuk mencoba Ticket Counter.`,
    terms: 'Tiket tidak dapat dikembalikan. Bawa kartu identitas saat masuk.',
    location,
    mapsLink: 'https://maps.google.com/?q=' + encodeURIComponent(location),
    startAt: at(now + startsIn * DAY),
    endAt: at(now + startsIn * DAY + 5 * 60 * 60 * 1000),
    timezone: tz,
    status: 'published' as const,
    isPublic: true,
    feeBearer: n === 1 ? ('customer' as const) : ('organizer' as const),
    feeRateBp: 250,
    eventTypeId: IDS.eventType,
    categoryId: IDS.category,
    subcategoryId: IDS.subcategory,
    isFeatured: n === 0,
    isTransferable: false,
  });
  return {
    events: [
      {
        ...event(0, 'Konser Senja di Kota', 'konser-senja', 'Istora Senayan, Jakarta', 30),
        tickets: [
          ticket('01JDEM0000000000000000TK01', 'Festival', 'regular', '150000', 500),
          ticket('01JDEM0000000000000000TK02', 'VIP', 'vip', '450000', 50),
        ],
      },
      {
        ...event(1, 'Pameran Kopi Nusantara', 'pameran-kopi', 'JCC Senayan, Jakarta', 14),
        tickets: [
          ticket('01JDEM0000000000000000TK03', 'Harian', 'regular', '75000', 300),
          ticket('01JDEM0000000000000000TK04', 'Terusan 3 Hari', 'regular', '180000', 3),
        ],
      },
      {
        ...event(2, 'Festival Wayang Malam', 'festival-wayang', 'Taman Budaya, Yogyakarta', 45),
        tickets: [ticket('01JDEM0000000000000000TK05', 'Umum', 'regular', '50000', 200)],
      },
    ],
  };
}

/** Seeds the demo organizer, operator logins and events on `by`'s behalf; safe to run again (what exists already is not recorded again). */
export function seedDemo(services: Services, by: AuditActor): typeof DEMO_LOGINS {
  for (const login of DEMO_LOGINS) {
    if (!services.users.findByEmail(login.email)) services.users.createBy(by, login);
  }
  const organizer = services.users.findByEmail(DEMO_LOGINS[0].email)!;
  const cashier = services.users.findByEmail(DEMO_LOGINS[1].email)!;
  // Whole hours, so that the demo's times read like a real programme.
  const hour = 60 * 60 * 1000;
  services.importer.importEvents(demoEvents(Math.floor(services.clock() / hour) * hour), organizer);
  for (const id of DEMO_EVENT_IDS) services.grants.grantBy(by, cashier, id, 'event:update');
  return DEMO_LOGINS;
}
