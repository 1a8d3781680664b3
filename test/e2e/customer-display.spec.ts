/**
 * The customer display, as a venue sets it up: a tablet opens /display and shows a code, the
 * cashier types it in Settings, and the display follows the counter: a basket's lines and total as
 * attendees are added, the venue's QRIS code with the amount while the payment is awaited, thanks
 * once it is confirmed, and a cash sale's change. Screenshots of both screens go to docs/screenshots/.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { qrisCrc } from '../../src/shared/qris.js';
import { readQr } from '../support/qr.js';
import { OWNER, chooseEvent, customer, expect, fillRegistration, logIn, test } from './support/counter.js';

async function documented(page: Page, name: string): Promise<void> {
  mkdirSync(join('docs', 'screenshots'), { recursive: true });
  await page.screenshot({ path: join('docs', 'screenshots', `${name}.png`) });
}

/** A merchant's static QRIS code (EMVCo fields and CRC), as the venue pastes it into Settings. */
function staticQris(): string {
  const field = (id: string, value: string) => `${id}${String(value.length).padStart(2, '0')}${value}`;
  const body = [field('00', '01'), field('01', '11'), field('26', field('00', 'ID.CO.QRIS.WWW') + field('01', '936008980000012345')), field('52', '7999'), field('53', '360'), field('58', 'ID'), field('59', 'PAMERAN KOPI'), field('60', 'JAKARTA')].join('');
  return `${body}6304${qrisCrc(`${body}6304`)}`;
}

test('the customer display follows a basket through its QRIS payment, and a cash sale to its change', async ({ page, counter, browser }) => {
  // The owner sets the venue's QRIS code.
  const login = await fetch(`${counter.url}/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(OWNER) });
  const { token } = (await login.json()).data;
  const saved = await fetch(`${counter.url}/settings`, { method: 'PATCH', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify({ qrisPayload: staticQris() }) });
  expect(saved.status).toBe(200);

  // The tablet facing the customer, a browser of its own.
  const tablet = await browser.newContext({ viewport: { width: 1024, height: 768 } });
  const display = await tablet.newPage();
  await display.goto(`${counter.url}/display`);
  const code = await display.getByTestId('display-code').innerText();
  expect(code).toMatch(/^\d{6}$/);
  await documented(display, 'display-pairing');

  await logIn(page, counter.url);
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.getByRole('button', { name: /Pengaturan/ }).click();
  await page.getByLabel('Kode layar pelanggan').fill(code);
  await page.getByRole('button', { name: 'Hubungkan' }).click();
  await expect(page.getByTestId('paired-displays').locator('tbody tr')).toHaveCount(1);
  await expect(display.getByText('Selamat datang').first()).toBeVisible();

  // Two attendees in a basket: the display shows each line and the running total.
  await page.getByRole('button', { name: /Jual/ }).click();
  await chooseEvent(page, 'kopi');
  const [rina, tomi] = [customer('Rina Wijaya'), customer('Tomi Wijaya', 'male', '02-03-1985')];
  await fillRegistration(page, rina);
  await page.keyboard.press('Alt+a');
  await fillRegistration(page, tomi);
  await page.keyboard.press('Alt+a');
  const lines = display.locator('.display-basket li');
  await expect(lines).toHaveCount(2);
  await expect(lines.first()).toContainText('Rina Wijaya');
  const counterTotal = await page.getByTestId('basket-total').innerText();
  await expect(display.getByTestId('display-total')).toHaveText(counterTotal);
  // Names, categories and amounts only: the NIK typed at the counter is not on the customer's screen.
  await expect(display.locator('body')).not.toContainText(rina.identityNumber);
  await documented(page, 'display-counter-basket');
  await documented(display, 'display-basket');

  // Paid by QRIS: while the cashier waits to see it arrive, the display shows the code with the amount.
  await page.getByRole('button', { name: /Bayar 2 peserta/ }).click();
  await expect(page.getByRole('heading', { name: 'Pembayaran transaksi' })).toBeVisible();
  await page.keyboard.press('Alt+q');
  await page.getByRole('button', { name: /Catat, tunggu verifikasi/ }).click();
  await expect(page.getByRole('heading', { name: 'Menunggu verifikasi' })).toBeVisible();
  const qris = display.getByTestId('display-qris');
  await expect(qris).toBeVisible();
  const scanned = readQr(Buffer.from((await qris.getAttribute('src'))!.split(',')[1]!, 'base64'));
  const rupiah = (await page.getByTestId('order-total').innerText()).replace(/\D/g, '');
  expect(scanned).toContain(`54${String(rupiah.length).padStart(2, '0')}${rupiah}`);
  await documented(page, 'display-counter-qris');
  await documented(display, 'display-qris');

  // Seen to arrive: thanks.
  await page.keyboard.press('Alt+y');
  await expect(page.getByText('LUNAS · 2 tiket')).toBeVisible();
  await expect(display.getByText('Terima kasih!')).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(display.getByText('Selamat datang').first()).toBeVisible();

  // A single cash sale: the display ends on the change to hand back.
  await fillRegistration(page, customer('Ayu Pertiwi'));
  await page.getByRole('button', { name: /Lanjut ke pembayaran/ }).click();
  await expect(display.locator('.display-basket li')).toHaveCount(1);
  await page.getByLabel('Uang diterima').fill('200.000');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('change-back')).toBeVisible();
  const change = (await page.getByTestId('change-back').innerText()).replace('Kembalian', '').trim();
  await expect(display.getByTestId('display-change')).toContainText(change);
  await documented(page, 'display-counter-paid');
  await documented(display, 'display-paid');
  await tablet.close();
});
