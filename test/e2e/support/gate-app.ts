/**
 * What the gate app's tests stand on: a phone's screen, tickets sold through the API with the
 * token their QR code holds, a basket's group code, a device paired the way a supervisor pairs one
 * (a pairing code, or a key pasted), and the instance's word on who is inside.
 */
import type { Page } from '@playwright/test';
import { contract, requestOf, type CallInput, type EndpointBase } from '../../../src/shared/contract/index.js';
import { readQr } from '../../support/qr.js';
import { fetchJson, type JsonReply } from '../../support/serve.js';
import { COFFEE, customer, expect, saleBody, type Counter } from './counter.js';

/** A phone in portrait, as the stewards hold them. */
export const PHONE = { width: 390, height: 844 };

/** The instance's requests the app makes, against the page and its assets: aborted, they are the network gone. */
export const API_REQUEST = (url: URL) => !/^\/(gate|gate-sw\.js|assets\/.*)$/.test(url.pathname);

/** Calls an endpoint of the contract on the counter with the organizer's key. */
export function send<E extends EndpointBase>(counter: Counter, endpoint: E, input: CallInput<E>, key = counter.key): Promise<JsonReply> {
  const { method, url, body } = requestOf(endpoint, input);
  return fetchJson(`${counter.url}${url}`, { method, body, headers: { 'x-api-key': key } });
}

const coffee = { params: { idOrSlug: COFFEE.id } };

export interface SoldTicket {
  name: string;
  ticketNumber: string;
  /** What its QR code reads: the signed ticket token. */
  token: string;
  /** As the gate shows it: the first and last 4 digits. */
  maskedNik: string;
}

/** The demo's evening concert: a ticket of another event than the gates' coffee fair. */
export const CONCERT = { eventId: '01JDEM0000000000000000EV01', ticketCategoryId: '01JDEM0000000000000000TK01' };

/** A ticket sold at the counter's API (of the coffee fair unless told) and paid in cash, and the token its QR image holds. */
export async function sellTicket(counter: Counter, name: string, { eventId, ticketCategoryId } = { eventId: COFFEE.id, ticketCategoryId: COFFEE.daily }): Promise<SoldTicket> {
  const who = customer(name);
  const order = await send(counter, contract.createOrder, { params: { idOrSlug: eventId }, body: { ...saleBody(who), eventId, ticketCategoryId } });
  expect(order.status, JSON.stringify(order.body)).toBe(201);
  const paid = await send(counter, contract.checkout, { params: { idOrSlug: eventId, orderId: order.body.data.id }, body: { method: 'cash', amountTendered: '1000000' } });
  expect(paid.status, JSON.stringify(paid.body)).toBe(200);
  const participant = paid.body.data.participants[0];
  const image = await fetch(participant.qrCode, { headers: { 'x-api-key': counter.key } });
  const token = readQr(Buffer.from(await image.arrayBuffer()));
  expect(token, 'no QR code in the ticket image').toBeDefined();
  return { name, ticketNumber: participant.ticketNumber, token: token!, maskedNik: `${who.identityNumber.slice(0, 4)}********${who.identityNumber.slice(-4)}` };
}

/** The token with one character of its payload changed: its signature no longer covers it (a forged ticket). */
export function altered(token: string): string {
  const [header, payload, signature] = token.split('.') as [string, string, string];
  const i = Math.floor(payload.length / 2);
  return `${header}.${payload.slice(0, i)}${payload[i] === 'A' ? 'B' : 'A'}${payload.slice(i + 1)}.${signature}`;
}

/** A family sold as one basket and paid once: its group QR code's token and each attendee's name. */
export async function sellBasket(counter: Counter, names: string[]): Promise<{ groupToken: string }> {
  const lines = names.map((name) => ({ ticketCategoryId: COFFEE.daily, registration: saleBody(customer(name)).registration }));
  const basket = await send(counter, contract.createTransaction, { ...coffee, body: { eventId: COFFEE.id, lines } });
  expect(basket.status, JSON.stringify(basket.body)).toBe(201);
  const paid = await send(counter, contract.checkoutTransaction, { params: { idOrSlug: COFFEE.id, transactionId: basket.body.data.id }, body: { method: 'cash', amountTendered: '1000000' } });
  expect(paid.status, JSON.stringify(paid.body)).toBe(200);
  return { groupToken: paid.body.data.groupToken };
}

/** A one-time pairing code for a gate of the coffee fair, as the Settings screen shows it. */
export async function pairingCode(counter: Counter, gate: string): Promise<{ code: string; pairPath: string }> {
  const made = await send(counter, contract.createGatePairing, { body: { event: COFFEE.slug, gate } });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  return made.body.data;
}

/** Opens the supervisor's pairing link on the phone: the gate's ready screen follows by itself. */
export async function openPaired(page: Page, counter: Counter, gate: string): Promise<void> {
  const { pairPath } = await pairingCode(counter, gate);
  await page.goto(`${counter.url}${pairPath}`);
  await expect(page.getByRole('heading', { name: gate })).toBeVisible();
}

/** The answer on screen, full screen: within it, role status for a yes, alert for a no. */
export const answer = (page: Page) => page.getByTestId('answer');

/** Where the instance says the ticket is: its check-in (when and at which gate), or null. */
export async function checkInOf(counter: Counter, ticketNumber: string): Promise<{ gate: string; checkedInAt: string } | null> {
  const found = await send(counter, contract.lookUpTicket, { ...coffee, query: { ticketNumber } });
  expect(found.status, JSON.stringify(found.body)).toBe(200);
  return found.body.data.checkIn;
}

/** The instance's counts of one gate (admitted there, and inside the venue now). */
export async function gateCounts(counter: Counter, gate: string): Promise<{ admitted: number; insideNow: number }> {
  const counts = await send(counter, contract.gateCounts, { ...coffee, query: { gate } });
  expect(counts.status).toBe(200);
  return counts.body.data;
}
