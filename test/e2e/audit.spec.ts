/**
 * The audit log screen: after a sale through a kiosk's API key and one at the counter, an organizer
 * finds both with who made them and from which device, and filters by action; a cashier is not
 * shown the screen at all.
 */
import { apiOf, COFFEE, chooseEvent, customer, expect, logIn, ORGANIZER, organizerKey, saleBody, screenshot, startSale, test } from './support/counter.js';

test('an organizer reads the entries of the day’s sales, with who and which device', async ({ page, counter }) => {
  const kiosk = apiOf(counter.url, await organizerKey(counter.dataDir, 'Kios lobi'));
  const visitor = customer('Agus Santoso', 'male', '03-02-1985');
  const made = await kiosk(`/events/${COFFEE.slug}/admin/orders`, { method: 'POST', body: saleBody(visitor) });
  expect(made.status).toBe(201);
  expect((await kiosk(`/events/${COFFEE.slug}/admin/orders/${made.body.data.id}/checkout`, { method: 'POST', body: { method: 'card', reference: 'EDC 104233' } })).status).toBe(200);

  await logIn(page, counter.url, ORGANIZER);
  await chooseEvent(page, 'kopi');
  const siti = customer('Siti Rahmawati');
  await startSale(page, 'Harian', siti);
  await page.getByLabel('Uang diterima').fill('100.000');
  await page.getByRole('button', { name: /Bayar/ }).click();
  await expect(page.getByText('LUNAS')).toBeVisible();

  await page.getByRole('button', { name: 'Audit' }).click();
  const rows = page.locator('.audit-table tbody tr');
  // Newest first: the counter's sale (paid, made), then the kiosk's.
  await expect(rows.nth(0)).toContainText('Pembayaran diterima');
  await expect(rows.nth(0)).toContainText('Rina Organizer');
  await expect(rows.nth(0)).toContainText('Login · 127.0.0.1');
  await expect(rows.nth(0)).toContainText('Tunai · Rp 76.875');
  await expect(rows.nth(1)).toContainText('Pesanan dibuat');
  await expect(rows.nth(1)).toContainText(`Siti Rahmawati · Harian · Rp 76.875 · NIK ${siti.identityNumber.slice(0, 4)}********${siti.identityNumber.slice(-4)}`);
  await expect(rows.nth(1)).toContainText(COFFEE.name);
  await expect(rows.nth(2)).toContainText('Kartu debit/kredit · Rp 76.875');
  await expect(rows.nth(2)).toContainText('Kunci API “Kios lobi” · 127.0.0.1');
  await expect(rows.nth(3)).toContainText('Agus Santoso');
  await expect(page.locator('.audit-table')).not.toContainText(siti.identityNumber);
  await screenshot(page, 'audit');

  await page.getByLabel('Jenis tindakan').selectOption('order.paid');
  await expect(rows).toHaveCount(2);
  await expect(page.getByTestId('audit-page-info')).toHaveText('Halaman 1 dari 1 · 2 catatan');

  await page.getByRole('button', { name: 'Keluar' }).click();
  await logIn(page, counter.url);
  await expect(page.getByRole('navigation', { name: 'Menu utama' }).getByRole('button', { name: 'Pengaturan' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Audit' })).toHaveCount(0);
});
