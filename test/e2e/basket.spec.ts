/**
 * A family of four at the counter, sold as one basket by keyboard: each attendee added with
 * Tambah peserta (Alt+A), the first one's phone and e-mail carried over (Alt+S), one in another
 * category, one line refused by the service (its seat sold out meanwhile) marked and removed while
 * the others stay, one cash payment with one change, and one Done screen with every ticket and its QR.
 * Screenshots go to docs/screenshots/.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { pdfPages } from '../support/pdf.js';
import { readQr } from '../support/qr.js';
import { COFFEE, chooseEvent, customer, expect, fillRegistration, holdBack, logIn, saleBody, test, type Customer } from './support/counter.js';

async function documented(page: Page, name: string): Promise<void> {
  mkdirSync(join('docs', 'screenshots'), { recursive: true });
  await page.screenshot({ path: join('docs', 'screenshots', `${name}.png`) });
}

/** The card's fields of an attendee, the phone and e-mail left to Alt+S when asked. */
async function typeAttendee(page: Page, c: Customer, { carryContact = false } = {}): Promise<void> {
  await page.getByLabel('NIK (16 digit)').fill(c.identityNumber);
  await page.getByLabel('Nama lengkap').fill(c.name);
  if (carryContact) {
    await page.keyboard.press('Alt+s');
    return;
  }
  await page.getByLabel('Nomor HP').fill(c.phone);
  await page.getByLabel('Email').fill(c.email);
}

test('a family of four in one basket: added by keys, one line refused and removed, paid once', async ({ page, counter }) => {
  // The three-day pass has 3 seats: two go to a kiosk first.
  const kiosk = (name: string) => counter.api(`/events/${COFFEE.slug}/admin/orders`, { method: 'POST', body: saleBody(customer(name), COFFEE.pass) });
  for (const name of ['Pembeli Kios 1', 'Pembeli Kios 2']) expect((await kiosk(name)).status).toBe(201);

  await logIn(page, counter.url);
  await page.setViewportSize({ width: 1366, height: 768 });
  await chooseEvent(page, 'kopi');
  const [ayah, ibu, anak, kakak] = [customer('Budi Santoso', 'male', '02-03-1980'), customer('Sari Santoso', 'female', '14-07-1982'), customer('Dina Santoso', 'female', '09-09-2012'), customer('Raka Santoso', 'male', '21-01-2010')];

  await typeAttendee(page, ayah);
  await page.keyboard.press('Alt+a');
  const basket = page.getByRole('region', { name: 'Transaksi' });
  await expect(basket).toContainText('Transaksi: 1 peserta');
  await expect(page.getByLabel('NIK (16 digit)')).toBeFocused();
  // The fresh form says nothing is wrong before anything is typed in it.
  await expect(page.getByText('Alamat email tidak valid')).toHaveCount(0);

  await typeAttendee(page, ibu, { carryContact: true });
  // Alt+S gave the second attendee the first one's phone and e-mail.
  await expect(page.getByLabel('Email')).toHaveValue(ayah.email);
  await page.keyboard.press('Alt+a');
  await expect(basket).toContainText('Sari Santoso');

  // The third attendee takes the last pass, which the kiosk sells meanwhile: the service refuses that line, naming it.
  await page.getByTestId('category-Terusan 3 Hari').click();
  await typeAttendee(page, anak, { carryContact: true });
  await page.keyboard.press('Alt+a');
  await page.getByTestId('category-Harian').click();
  await typeAttendee(page, kakak, { carryContact: true });
  await documented(page, 'basket-lines');
  expect((await kiosk('Pembeli Kios 3')).status).toBe(201);
  await page.keyboard.press('Enter');
  await expect(basket.getByText(/Peserta 3: .*habis/i)).toBeVisible();
  await expect(basket).toContainText('Transaksi: 3 peserta');

  // Removed; the other lines and the attendee still in the form stay.
  await page.getByRole('button', { name: 'Hapus peserta 3' }).click();
  await expect(basket).toContainText('Transaksi: 2 peserta');
  await expect(page.getByLabel('Nama lengkap')).toHaveValue(kakak.name);
  // The third attendee on a day ticket instead, the fourth still in the form: Enter pays for all four.
  await page.keyboard.press('Alt+a');
  await expect(basket).toContainText('Transaksi: 3 peserta');
  await typeAttendee(page, anak, { carryContact: true });
  // The running total counts the attendee in the form too: the four that Bayar pays for.
  await expect(basket).toContainText('Total 4 peserta (dengan yang di formulir)');
  const running = await page.getByTestId('basket-total').innerText();
  await page.getByRole('button', { name: /Bayar 4 peserta/ }).click();

  await expect(page.getByRole('heading', { name: 'Pembayaran transaksi' })).toBeVisible();
  await expect(page.getByText('Total 4 peserta')).toBeVisible();
  const total = await page.getByTestId('order-total').innerText();
  expect(total).toBe(running);
  await page.getByLabel('Uang diterima').fill('400.000');
  await expect(page.getByTestId('change')).toContainText('Kembalian');
  await documented(page, 'basket-payment');
  await page.keyboard.press('Enter');

  await expect(page.getByText('LUNAS · 4 tiket')).toBeVisible();
  const tickets = page.getByTestId('basket-ticket');
  await expect(tickets).toHaveCount(4);
  for (const who of [ayah, ibu, kakak, anak]) await expect(tickets.filter({ hasText: who.name }).getByRole('img')).toBeVisible();
  await expect(page.getByTestId('group-qr').getByRole('img')).toBeVisible();
  await expect(page.getByTestId('change-back')).toBeVisible();
  await documented(page, 'basket-done');

  // One receipt for the family, every ticket on it (Alt+U saves it).
  const [saved] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Alt+u')]);
  expect(saved.suggestedFilename()).toMatch(/^struk-.*\.pdf$/);
  const receipt = readFileSync(await saved.path());
  expect(receipt.subarray(0, 5).toString()).toBe('%PDF-');
  const pages = await pdfPages(receipt, 60);
  writeFileSync(join('docs', 'screenshots', 'basket-receipt.png'), pages[0]!);

  // The service agrees: four paid orders of one family, the total as shown.
  const listed = (await counter.api(`/events/${COFFEE.slug}/admin/orders?search=Santoso`)).body.data;
  expect(listed.map((o: { status: string }) => o.status)).toEqual(['completed', 'completed', 'completed', 'completed']);
  const sum = listed.reduce((s: number, o: { totalAmount: string }) => s + Number(o.totalAmount), 0);
  expect(`Rp ${sum.toLocaleString('id-ID')}`).toBe(total);

  // The group's QR code, as the gate scans it off the counter's image, admits all four in one scan, and no one twice.
  const detail = (await counter.api(`/events/${COFFEE.slug}/admin/orders/${listed[0].id}`)).body.data;
  const image = await fetch(`${counter.url}/events/${COFFEE.slug}/admin/transactions/${detail.transactionId}/qr`, { headers: { 'x-api-key': counter.key } });
  const token = readQr(Buffer.from(await image.arrayBuffer()));
  const entered = await counter.api(`/events/${COFFEE.slug}/check-ins/group`, { method: 'POST', body: { token, gate: 'Gerbang Utara' } });
  expect(entered.body.data.admitted).toBe(4);
  const again = await counter.api(`/events/${COFFEE.slug}/check-ins/group`, { method: 'POST', body: { token, gate: 'Gerbang Selatan' } });
  expect(again.body.data.admitted).toBe(0);

  await page.keyboard.press('Enter');
  await expect(basket).toHaveCount(0);
});

test('the basket cannot change while it is being sent', async ({ page, counter }) => {
  await logIn(page, counter.url);
  await chooseEvent(page, 'kopi');
  for (const name of ['Ayu Satu', 'Bima Dua']) {
    await fillRegistration(page, customer(name));
    await page.keyboard.press('Alt+A');
  }
  const basket = page.getByRole('heading', { name: /^Transaksi: / });
  await expect(basket).toHaveText('Transaksi: 2 peserta');

  const sent = await holdBack(page, /\/admin\/transactions$/, (request) => request.method() === 'POST');
  await page.getByRole('button', { name: /Bayar 2 peserta/ }).click();
  // While it is on its way, another attendee's Alt+A adds no one, and no line can be removed:
  // the basket sent is the one shown, and the one paid.
  await fillRegistration(page, customer('Citra Tiga'));
  await page.keyboard.press('Alt+A');
  await expect(basket).toHaveText('Transaksi: 2 peserta');
  await expect(page.getByRole('button', { name: 'Hapus peserta 2' })).toBeDisabled();
  // Escape, which starts the form again, does not forget the basket on its way either (forgotten,
  // Alt+A added to it again).
  await page.keyboard.press('Escape');
  await fillRegistration(page, customer('Citra Tiga'));
  await page.keyboard.press('Alt+A');
  await expect(basket).toHaveText('Transaksi: 2 peserta');
  sent.release();
  await expect(page.getByRole('heading', { name: 'Pembayaran' })).toBeVisible();
  await expect(page.locator('.sell')).toContainText('2 peserta');
});
