/**
 * What the end-to-end tests stand on: a real `serve --demo` per test on a copy of the run's demo
 * data dir (demo-data.ts; the UI as built into out/renderer), an organizer API key to arrange
 * things behind the UI's back, and the steps an operator takes, written once.
 */
import { expect, test as base, type Page, type Request } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fetchJson, startServe, type JsonReply, type Served } from '../../support/serve.js';
import { copyOfDemo, ORGANIZER_EMAIL } from './demo-data.js';

export { organizerKey, tempDataDir } from './demo-data.js';

export { expect };

export const CASHIER = { email: 'kasir@demo.test', password: 'demo-kasir' };
export const ORGANIZER = { email: ORGANIZER_EMAIL, password: 'demo-organizer', approvalPin: '246810' };
/** The demo counter's owner (super_admin): its remote, settings and device keys. */
export const OWNER = { email: 'admin@demo.test', password: 'demo-admin', approvalPin: '135790' };
/** The demo's coffee fair: Harian (300 seats, Rp 75.000 + 2.5% fee the customer bears) and Terusan 3 Hari (3 seats). */
export const COFFEE = { id: '01JDEM0000000000000000EV02', slug: 'pameran-kopi', name: 'Pameran Kopi Nusantara', daily: '01JDEM0000000000000000TK03', pass: '01JDEM0000000000000000TK04' };

export interface Counter {
  url: string;
  dataDir: string;
  served: Served;
  /** A request to the counter's API with the demo organizer's key. */
  api(path: string, options?: { method?: string; body?: unknown }): Promise<JsonReply>;
  /** That key, for requests whose answer is not JSON (a ticket's QR image). */
  key: string;
}

export function apiOf(url: string, key: string): Counter['api'] {
  return (path, options = {}) => fetchJson(`${url}${path}`, { ...options, headers: { 'x-api-key': key } });
}

export const test = base.extend<{ counter: Counter }>({
  // Playwright reads a fixture's dependencies from its first parameter, which must be a pattern.
  // eslint-disable-next-line no-empty-pattern
  counter: async ({}, use) => {
    const dir = await copyOfDemo();
    const served = await startServe(dir.path, { args: ['--demo'] });
    await use({ url: served.url, dataDir: dir.path, served, api: apiOf(served.url, dir.key), key: dir.key });
    await served.stop();
    dir.remove();
  },
});

/** Keeps a screenshot of what the operator sees, for a person to look at (test-results/screenshots). */
export async function screenshot(page: Page, name: string): Promise<void> {
  const dir = join('test-results', 'screenshots');
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: join(dir, `${name}.png`) });
}

export async function logIn(page: Page, url: string, who = CASHIER): Promise<void> {
  await page.goto(url);
  await submitLogin(page, who);
  await expect(page.getByRole('navigation', { name: 'Menu utama' })).toBeVisible();
}

/** Fills the login form and sends it, nothing more (the first-screen benchmark times what follows). */
export async function submitLogin(page: Page, who: { email: string; password: string }): Promise<void> {
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Kata sandi').fill(who.password);
  await page.getByRole('button', { name: 'Masuk', exact: true }).click();
}

export async function chooseEvent(page: Page, search: string): Promise<void> {
  if (!(await page.getByRole('combobox', { name: 'Cari acara' }).isVisible())) await page.keyboard.press('Control+k');
  await page.getByRole('combobox', { name: 'Cari acara' }).fill(search);
  await expect(page.getByRole('option').first()).toContainText(new RegExp(search, 'i'));
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('current-event')).toBeVisible();
}

export interface Customer {
  name: string;
  email: string;
  phone: string;
  gender: 'male' | 'female';
  /** DD-MM-YYYY, as on the identity card. */
  birthDate: string;
  identityNumber: string;
}

let serial = 0;

/**
 * A customer whose NIK agrees with their date of birth and gender (digits 7-12 are DDMMYY, the day
 * plus 40 for women), each with a number of their own.
 */
export function customer(name: string, gender: Customer['gender'] = 'female', birthDate = '17-05-1990'): Customer {
  serial += 1;
  const [day, month, year] = birthDate.split('-') as [string, string, string];
  const coded = String(Number(day) + (gender === 'female' ? 40 : 0)).padStart(2, '0');
  const unique = String((process.pid * 100 + serial) % 10_000).padStart(4, '0');
  return {
    name,
    email: `${name.toLowerCase().replace(/\W+/g, '.')}.${unique}@contoh.id`,
    phone: `0812 3456 ${unique}`,
    gender,
    birthDate,
    identityNumber: `317101${coded}${month}${year.slice(2)}${unique}`,
  };
}

/** What a kiosk sends to sell `c` a ticket of the coffee exhibition (Harian unless told). */
export function saleBody(c: Customer, ticketCategoryId: string = COFFEE.daily) {
  const [day, month, year] = c.birthDate.split('-');
  return {
    eventId: COFFEE.id,
    ticketCategoryId,
    registration: { name: c.name, email: c.email, phone: '+6281234567890', gender: c.gender, birthDate: `${year}-${month}-${day}`, identityNumber: c.identityNumber },
  };
}

export async function fillRegistration(page: Page, c: Customer): Promise<void> {
  await page.getByLabel('NIK (16 digit)').fill(c.identityNumber);
  await page.getByLabel('Nama lengkap').fill(c.name);
  await page.getByLabel('Tanggal lahir').fill(c.birthDate);
  await page.getByLabel(c.gender === 'female' ? 'Perempuan' : 'Laki-laki').check();
  await page.getByLabel('Nomor HP').fill(c.phone);
  await page.getByLabel('Email').fill(c.email);
}

/** Chooses the category and sends the registration: the payment step is next. */
export async function startSale(page: Page, category: string, c: Customer): Promise<void> {
  await page.getByTestId(`category-${category}`).click();
  await fillRegistration(page, c);
  await page.getByRole('button', { name: /Lanjut ke pembayaran/ }).click();
  await expect(page.getByRole('heading', { name: 'Pembayaran' })).toBeVisible();
}

/**
 * Holds the requests whose URL matches (those `which` picks) on their way to the counter until
 * `release()`, as a busy counter's network would: the operator acts before they are answered, for
 * as long as the test needs. `held`: their URLs, held or let through since.
 */
export async function holdBack(page: Page, url: RegExp, which: (request: Request) => boolean = () => true): Promise<{ held: string[]; release(): void }> {
  const held: string[] = [];
  let release = () => undefined as void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    if (which(route.request())) {
      held.push(route.request().url());
      await released;
    }
    await route.continue();
  });
  return { held, release };
}

/**
 * A keyboard-wedge scanner reading `text`: each key timed as the scanner's USB keyboard sends it,
 * 4 ms apart, then Enter. The keys are stamped with those times (as the OS stamps a real
 * scanner's), not with when the test got round to sending each one.
 */
export async function scanWithWedge(page: Page, text: string): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  // Stamped in the just-past: input stamped ahead of the browser's clock is held back.
  const start = Date.now() / 1000 - 1;
  const keys = [...text].map((key) => ({ key, text: key })).concat({ key: 'Enter', text: '\r' });
  for (const [i, { key, text: typed }] of keys.entries()) {
    const timestamp = start + i * 0.004;
    const code = key === 'Enter' ? { windowsVirtualKeyCode: 13, code: 'Enter' } : {};
    await cdp.send('Input.dispatchKeyEvent', { type: 'keyDown', key, text: typed, timestamp, ...code });
    await cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', key, timestamp: timestamp + 0.001, ...code });
  }
  await cdp.detach();
}

/** Changes settings as the counter's owner would (PATCH /settings after logging in); the answer's status. */
export async function saveSettingsAsOwner(url: string, patch: Record<string, unknown>): Promise<number> {
  const json = { 'content-type': 'application/json' };
  const login = await fetch(`${url}/auth/login`, { method: 'POST', headers: json, body: JSON.stringify(OWNER) });
  const { token } = ((await login.json()) as { data: { token: string } }).data;
  const saved = await fetch(`${url}/settings`, { method: 'PATCH', headers: { ...json, authorization: `Bearer ${token}` }, body: JSON.stringify(patch) });
  return saved.status;
}
