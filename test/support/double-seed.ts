/**
 * The demo's events as the double of the central service holds them: the same ids, slugs, quotas
 * and prices as the demo seed (src/main/domain/demo.ts), so that a test reads the same against the
 * double and against an instance of the service. The double charges no fee.
 */
import type { DoubleSeed } from './central-double.js';

/** The demo's "Pameran Kopi Nusantara" and its categories ("Terusan 3 Hari" has a quota of 3). */
export const DEMO = {
  eventId: '01JDEM0000000000000000EV02',
  slug: 'pameran-kopi',
  harian: '01JDEM0000000000000000TK03',
  terusan: '01JDEM0000000000000000TK04',
} as const;

export function doubleSeed(now = Date.now()): DoubleSeed {
  const day = 24 * 60 * 60 * 1000;
  const at = (ms: number) => new Date(ms).toISOString();
  const category = (id: string, name: string, price: string, quota: number) => ({
    id,
    name,
    type: 'regular',
    quota,
    price,
    saleStartAt: at(now - day),
    saleEndAt: at(now + 30 * day),
    status: 'active',
  });
  const event = (n: number, name: string, slug: string, location: string, startsIn: number) => ({
    id: `01JDEM0000000000000000EV0${n}`,
    slug,
    name,
    location,
    startAt: at(now + startsIn * day),
    endAt: at(now + startsIn * day + 5 * 60 * 60 * 1000),
    timezone: 'Asia/Jakarta',
    feeBearer: 'organizer',
    status: 'published' as const,
  });
  return {
    organizer: { id: '01JCENTRA1000000000000RG01', name: 'Penyelenggara Pusat', email: 'penyelenggara@pusat.test', role: 'organizer', grants: [] },
    events: [
      {
        ...event(1, 'Konser Senja di Kota', 'konser-senja', 'Istora Senayan, Jakarta', 30),
        categories: [category('01JDEM0000000000000000TK01', 'Festival', '150000', 500), category('01JDEM0000000000000000TK02', 'VIP', '450000', 50)],
      },
      {
        ...event(2, 'Pameran Kopi Nusantara', 'pameran-kopi', 'JCC Senayan, Jakarta', 14),
        categories: [category(DEMO.harian, 'Harian', '75000', 300), category(DEMO.terusan, 'Terusan 3 Hari', '180000', 3)],
      },
      {
        ...event(3, 'Festival Wayang Malam', 'festival-wayang', 'Taman Budaya, Yogyakarta', 45),
        categories: [category('01JDEM0000000000000000TK05', 'Umum', '50000', 200)],
      },
    ],
  };
}

