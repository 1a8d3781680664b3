/** The demo's data, its logins and events; app/demo.ts seeds them. */
import type { ImportFile } from '#shared/schemas/import.js';
import { toIso } from './time.js';

const DAY = 24 * 60 * 60 * 1000;

/** Logins the demo creates; printed by `demo` and shown on the login screen of a demo counter. */
export const DEMO_LOGINS = [
  { email: 'organizer@demo.test', name: 'Rina Organizer', role: 'organizer', password: 'demo-organizer', approvalPin: '246810' },
  { email: 'kasir@demo.test', name: 'Budi Kasir', role: 'staff', password: 'demo-kasir' },
  { email: 'admin@demo.test', name: 'Admin Demo', role: 'super_admin', password: 'demo-admin', approvalPin: '135790' },
] as const;

// Fixed ids make `demo` idempotent: running it again updates the same events.
export const DEMO_EVENT_IDS = ['01JDEM0000000000000000EV01', '01JDEM0000000000000000EV02', '01JDEM0000000000000000EV03'];
const IDS = { eventType: '01JDEM0000000000000000TYP1', category: '01JDEM0000000000000000CAT1', subcategory: '01JDEM0000000000000000SBC1' };

/** The demo's events, dated around `at`: whole hours, so that their times read like a real programme. */
export function demoEvents(at: number): ImportFile {
  const hour = 60 * 60 * 1000;
  const now = Math.floor(at / hour) * hour;
  const tz = 'Asia/Jakarta';
  const iso = (ms: number) => toIso(ms, tz);
  const ticket = (id: string, name: string, type: string, price: string, quota: number) => ({
    id,
    name,
    description: `Tiket ${name}`,
    type,
    quota,
    sold: 0,
    saleStartAt: iso(now - DAY),
    saleEndAt: iso(now + 30 * DAY),
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
    startAt: iso(now + startsIn * DAY),
    endAt: iso(now + startsIn * DAY + 5 * 60 * 60 * 1000),
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
