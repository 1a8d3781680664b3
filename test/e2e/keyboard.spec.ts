/**
 * A whole sale by keyboard alone, as an operator with both hands on the keyboard makes it: no
 * click anywhere, and the focus already where the next key goes.
 */
import { readFileSync } from 'node:fs';
import { CASHIER, customer, expect, holdBack, logIn, screenshot, test } from './support/counter.js';

test('log in, choose the event, register, take cash, save the invoice, next customer: keys only', async ({ page, counter }) => {
  const c = customer('Wulan Sari', 'female', '09-11-1995');
  await page.goto(counter.url);
  await expect(page.getByLabel('Email')).toBeFocused();
  await page.keyboard.type(CASHIER.email);
  await page.keyboard.press('Tab');
  await page.keyboard.type(CASHIER.password);
  await page.keyboard.press('Enter');

  // No event chosen yet: the search has the focus.
  await expect(page.getByRole('combobox', { name: 'Cari acara' })).toBeFocused();
  await page.keyboard.type('kopi');
  await expect(page.getByRole('option').first()).toContainText('Pameran Kopi');
  await page.keyboard.press('Enter');

  // The first category on sale comes chosen with the event: the NIK has the focus.
  await expect(page.getByTestId('category-Harian').getByRole('radio')).toBeChecked();
  await expect(page.getByLabel('NIK (16 digit)')).toBeFocused();
  await page.keyboard.type(c.identityNumber);
  await page.keyboard.press('Tab');
  await page.keyboard.type(c.name);
  // The date of birth and gender came from the NIK: the operator checks them against the card and tabs on.
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Tanggal lahir')).toHaveValue(c.birthDate);
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Perempuan')).toBeChecked();
  await page.keyboard.press('Tab');
  await page.keyboard.type(c.phone);
  await page.keyboard.press('Tab');
  await page.keyboard.type(c.email);
  await screenshot(page, 'keyboard-form');
  await page.keyboard.press('Enter');

  await expect(page.getByLabel('Uang diterima')).toBeFocused();
  await page.keyboard.type('80000');
  // Rp 76.875 is Rp 76.900 in cash.
  await expect(page.getByTestId('change')).toHaveText('Kembalian Rp 3.100');
  await page.keyboard.press('Enter');

  const next = page.getByRole('button', { name: /Pelanggan berikutnya/ });
  await expect(next).toBeFocused();
  await expect(page.getByTestId('ticket-number')).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Alt+U')]);
  expect(readFileSync(await download.path()).subarray(0, 5).toString()).toBe('%PDF-');
  await page.keyboard.press('Enter');

  // The next customer starts at the NIK, with the event and category kept.
  await expect(page.getByLabel('NIK (16 digit)')).toBeFocused();
  await expect(page.getByTestId('category-Harian').getByRole('radio')).toBeChecked();

  // The screens by their shortcuts.
  await page.keyboard.press('F2');
  await expect(page.getByRole('row', { name: `Pesanan ${c.name}` })).toContainText('Lunas');
  // The order just sold, opened from the list: its invoice saved by its shortcut again.
  await page.getByRole('row', { name: `Pesanan ${c.name}` }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: `Pesanan ${c.name}` })).toBeVisible();
  const [again] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Alt+U')]);
  expect(readFileSync(await again.path()).subarray(0, 5).toString()).toBe('%PDF-');
  await page.keyboard.press('Escape');
  await page.keyboard.press('F3');
  await expect(page.getByRole('heading', { name: 'Sinkronisasi' })).toBeVisible();
  await page.keyboard.press('F4');
  await expect(page.getByRole('heading', { name: 'Kunci API perangkat' })).toBeVisible();
  await page.keyboard.press('F1');
  await expect(page.getByLabel('NIK (16 digit)')).toBeVisible();
});

test('an event typed and entered before its search comes back is the one chosen', async ({ page, counter }) => {
  await logIn(page, counter.url);
  await expect(page.getByRole('option')).toHaveCount(3);
  // The list of every event is on screen; the one for the typed name is held back, as on a busy
  // counter. Enter is pressed meanwhile.
  const search = await holdBack(page, /\/events\?.*search=/);
  await page.keyboard.type('wayang');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('option').first()).toContainText('Pameran Kopi');
  search.release();
  await expect(page.getByTestId('current-event')).toHaveText('Festival Wayang Malam');
});
