/**
 * The customer display, as a venue sets it up: a tablet opens /display and shows a code, the
 * cashier types it in Settings, and the display follows the counter: a basket's lines and total as
 * attendees are added, the venue's QRIS code with the amount while the payment is awaited, thanks
 * once it is confirmed, and a cash sale's change. Screenshots of both screens go to docs/screenshots/.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { readQr } from '../support/qr.js';
import { staticQris } from '../support/qris.js';
import { chooseEvent, customer, expect, fillRegistration, logIn, saveSettingsAsOwner, test } from './support/counter.js';

async function documented(page: Page, name: string): Promise<void> {
  mkdirSync(join('docs', 'screenshots'), { recursive: true });
  await page.screenshot({ path: join('docs', 'screenshots', `${name}.png`) });
}

test('the customer display follows a basket through its QRIS payment, and a cash sale to its change', async ({ page, counter, browser }) => {
  // The owner sets the venue's QRIS code.
  expect(await saveSettingsAsOwner(counter.url, { qrisPayload: staticQris('PAMERAN KOPI') })).toBe(200);

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
  // On a small tablet (1024×600) the code and its merchant still fit the screen.
  await display.setViewportSize({ width: 1024, height: 600 });
  const bottom = await display.getByText(/^Merchant: /).evaluate((e) => e.getBoundingClientRect().bottom);
  expect(bottom).toBeLessThanOrEqual(600);

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
