/**
 * What the festival must not get wrong, read after the drain: every paid walk-in sale exactly once
 * on the central service (found by its customer's e-mail, with the sale's identity number, paid
 * there), and no category sold beyond its quota, neither on the central nor at the hub.
 */
import { fetchJson } from '../support/serve.js';
import type { Sale } from './festival-counters.js';

interface CentralOrder {
  customerEmail: string;
  paymentStatus: string;
  participants: { identityNumber: string }[];
}

export interface WalkInCheck {
  paid: number;
  once: number;
  /** Sales not found on the central, found more than once, or found once but not paid there. */
  lost: Sale[];
  duplicated: Sale[];
  unpaid: Sale[];
}

export interface Seats {
  name: string;
  quota: number;
  sold: number;
}

const headers = (key: string) => ({ 'x-api-key': key });

/**
 * The central's orders of this customer: its admin order list searched by the e-mail (the
 * interface's search, on name and e-mail), kept if the e-mail is the same or a ticket carries the
 * identity number.
 */
async function ordersOf(baseUrl: string, key: string, eventId: string, sale: Sale): Promise<CentralOrder[]> {
  const reply = await fetchJson(`${baseUrl}/events/${eventId}/admin/orders?limit=100&search=${encodeURIComponent(sale.email)}`, { headers: headers(key) });
  if (reply.status !== 200) throw new Error(`central order list searched for ${sale.email}: ${reply.status}`);
  return (reply.body.data as CentralOrder[]).filter(
    (o) => o.customerEmail.toLowerCase() === sale.email.toLowerCase() || o.participants.some((p) => p.identityNumber === sale.identityNumber),
  );
}

export async function walkInsOnCentral(baseUrl: string, key: string, eventId: string, sales: Sale[]): Promise<WalkInCheck> {
  const check: WalkInCheck = { paid: sales.length, once: 0, lost: [], duplicated: [], unpaid: [] };
  for (const sale of sales) {
    const found = await ordersOf(baseUrl, key, eventId, sale);
    if (found.length === 0) check.lost.push(sale);
    else if (found.length > 1) check.duplicated.push(sale);
    else if (found[0]!.paymentStatus !== 'paid' || !found[0]!.participants.some((p) => p.identityNumber === sale.identityNumber)) check.unpaid.push(sale);
    else check.once++;
  }
  return check;
}

/** How long the central takes to answer one page of 100 of the event's orders (what the gate list reads 450 of), sequentially. */
export async function centralPageMs(baseUrl: string, key: string, eventId: string, pages: number): Promise<number> {
  const times: number[] = [];
  for (let page = 1; page <= pages; page++) {
    const started = performance.now();
    const reply = await fetchJson(`${baseUrl}/events/${eventId}/admin/orders?page=${page}&limit=100&sort=createdAt&order=asc`, { headers: headers(key) });
    if (reply.status !== 200) throw new Error(`central order list page ${page}: ${reply.status}`);
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b)[Math.floor(times.length / 2)]!;
}

/** Each category's quota and sold as the instance answers GET /events/{id}/tickets. */
export async function seatsAt(baseUrl: string, key: string, eventId: string): Promise<Seats[]> {
  const reply = await fetchJson(`${baseUrl}/events/${eventId}/tickets`, { headers: headers(key) });
  if (reply.status !== 200) throw new Error(`tickets at ${baseUrl}: ${reply.status}`);
  return (reply.body.data as Seats[]).map(({ name, quota, sold }) => ({ name, quota, sold }));
}

export const oversold = (seats: Seats[]) => seats.reduce((n, c) => n + Math.max(0, c.sold - c.quota), 0);
