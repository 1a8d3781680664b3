/**
 * Settings as the people who use them: the counter's owner makes an API key for a gate scanner in
 * the cashier's name (shown once, working at once with the cashier's rights) and revokes it; the
 * cashier sees the key but makes none; the owner changes the counter's rules and name, which an
 * organizer and a cashier only see.
 */
import { CASHIER, expect, logIn, ORGANIZER, OWNER, screenshot, test } from './support/counter.js';
import { fetchJson } from '../support/serve.js';

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

test('a peripheral API key: made with a name, shown once, works, listed with its last use, revoked', async ({ page, counter }) => {
  await logIn(page, counter.url, OWNER);
  await page.keyboard.press('F4');
  await page.getByLabel('Nama perangkat').fill('Pemindai gerbang utara');
  await page.getByLabel('Untuk pengguna').selectOption({ label: 'Budi Kasir (kasir@demo.test)' });
  await page.getByRole('button', { name: 'Buat kunci API' }).click();
  const shown = page.getByRole('dialog', { name: 'Kunci API baru' });
  await expect(shown).toContainText('Kunci hanya ditampilkan sekali');
  const key = await shown.getByRole('textbox').inputValue();
  expect(key).toMatch(/^tck_/);
  await screenshot(page, 'settings-key-shown-once');
  await shown.getByRole('button', { name: 'Salin' }).click();
  await expect(shown.getByRole('button', { name: 'Tersalin' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
  await page.keyboard.press('Escape');
  await expect(shown).toBeHidden();

  // The scanner uses it, with the cashier's rights: the cashier's events, not the counter's settings.
  const asScanner = () => fetchJson(`${counter.url}/events?ownerId=me`, { headers: { 'x-api-key': key } });
  expect((await asScanner()).status).toBe(200);
  expect((await fetchJson(`${counter.url}/settings`, { method: 'PATCH', headers: { 'x-api-key': key }, body: { holdWindowMinutes: 20 } })).status).toBe(403);
  const row = page.getByTestId('api-key-Pemindai gerbang utara');
  await expect(row).toContainText(key.slice(0, 8));
  await expect(row).toContainText('Budi Kasir');
  await page.reload();
  // The shortcuts are live once the counter has drawn itself again.
  await expect(page.getByRole('navigation', { name: 'Menu utama' })).toBeVisible();
  await page.keyboard.press('F4');
  await expect(row).not.toContainText('belum pernah');
  await expect(row).toContainText('Aktif');
  await screenshot(page, 'settings');

  // The cashier sees the key made in its name, and makes none itself.
  await page.getByRole('button', { name: 'Keluar' }).click();
  await logIn(page, counter.url, CASHIER);
  await page.keyboard.press('F4');
  await expect(page.getByTestId('api-key-Pemindai gerbang utara')).toContainText('Aktif');
  await expect(page.getByRole('button', { name: 'Buat kunci API' })).toHaveCount(0);
  await expect(page.getByText('Kunci perangkat dibuatkan oleh pemilik loket.')).toBeVisible();
  await page.getByRole('button', { name: 'Keluar' }).click();

  await logIn(page, counter.url, OWNER);
  await page.keyboard.press('F4');
  await row.getByRole('button', { name: 'Cabut' }).click();
  await page.getByRole('button', { name: 'Ya, cabut' }).click();
  await expect(row).toContainText('Dicabut');
  expect((await asScanner()).status).toBe(401);
});

test("the counter's owner changes the hold window; an organizer and a cashier see the settings but cannot change them", async ({ page, counter }) => {
  for (const who of [CASHIER, ORGANIZER]) {
    await logIn(page, counter.url, who);
    await page.keyboard.press('F4');
    await expect(page.getByLabel('Batas waktu bayar (menit)')).toBeDisabled();
    await expect(page.getByText('Hanya pemilik loket (super admin) yang dapat mengubah koneksi.')).toBeVisible();
    await page.getByRole('button', { name: 'Keluar' }).click();
  }

  await logIn(page, counter.url, OWNER);
  await page.keyboard.press('F4');
  await page.getByLabel('Batas waktu bayar (menit)').fill('20');
  await page.getByLabel('Ukuran invoice bawaan').selectOption('receipt');
  // The counter's name goes into invoice numbers: a slash or small letters are refused as typed.
  await page.getByLabel('Nama loket').fill('loket/2');
  await page.getByRole('button', { name: 'Simpan pengaturan' }).click();
  await expect(page.getByText('hanya huruf besar, angka dan tanda hubung, misalnya LOKET-1')).toBeVisible();
  await page.getByLabel('Nama loket').fill('LOKET-2');
  await page.getByRole('button', { name: 'Simpan pengaturan' }).click();
  await expect(page.getByText('Pengaturan disimpan.')).toBeVisible();
  const settings = await counter.api('/settings');
  // The ones the screen edits; the LAN and backup settings are not on it and stay as they were.
  expect(settings.body.data).toMatchObject({ holdWindowMinutes: 20, invoiceLayout: 'receipt', offlineAllotmentPercent: 25, counterName: 'LOKET-2' });
  await page.getByLabel('Batas waktu bayar (menit)').fill('0');
  await page.getByRole('button', { name: 'Simpan pengaturan' }).click();
  await expect(page.getByText('Antara 1 dan 1440 menit')).toBeVisible();
  await screenshot(page, 'settings-owner');
});
