/**
 * The one event of the festival bench (festival.ts): the central double holds it
 * (central-double-process.ts) with PRESOLD tickets sold before the day, the venue sells walk-ins
 * into what each category's quota leaves. VIP is nearly sold out: walk-ins find its end.
 */
export const FESTIVAL_EVENT = {
  id: '01JBENCHFEST1VA1000000000E',
  slug: 'bench-festival',
  categories: [
    { id: '01JBENCHFEST1VA100000000T1', name: 'Reguler', price: '100000', quota: 36_000, presold: 34_000 },
    { id: '01JBENCHFEST1VA100000000T2', name: 'VIP', price: '150000', quota: 6_080, presold: 6_000 },
    { id: '01JBENCHFEST1VA100000000T3', name: 'Pelajar', price: '75000', quota: 6_000, presold: 5_000 },
  ],
} as const;

export const PRESOLD = FESTIVAL_EVENT.categories.reduce((n, c) => n + c.presold, 0);
