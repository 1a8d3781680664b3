/**
 * The operator's own account: a cashier changes its password at the counter; the same cashier's
 * login on a second tablet ends (and its login screen says why); logging out ends the session, and
 * only the new password logs in again.
 */
import { CASHIER, expect, logIn, ORGANIZER, screenshot, test } from './support/counter.js';

const NEW_PASSWORD = 'kasir-sandi-baru-2026';

test('a password change ends the other logins; logging out, then only the new password works', async ({ page, browser, counter }) => {
  const tablet = await (await browser.newContext()).newPage();
  await logIn(tablet, counter.url);
  await logIn(page, counter.url);

  await page.keyboard.press('F4');
  await page.getByLabel('Kata sandi saat ini').fill(CASHIER.password);
  await page.getByLabel('Kata sandi baru', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Ulangi kata sandi baru').fill(`${NEW_PASSWORD}x`);
  await page.getByRole('button', { name: 'Ganti kata sandi' }).click();
  await expect(page.getByText('Kata sandi baru tidak sama')).toBeVisible();
  await page.getByLabel('Ulangi kata sandi baru').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Ganti kata sandi' }).click();
  await expect(page.getByText('Kata sandi diganti; login lain akun ini berakhir.')).toBeVisible();
  await screenshot(page, 'settings-password-changed');

  // The tablet's next request finds its login ended.
  await tablet.keyboard.press('F2');
  await expect(tablet.getByRole('heading', { name: 'Masuk ke loket' })).toBeVisible();
  await expect(tablet.getByText(/Sesi berakhir/)).toBeVisible();

  // This counter goes on with the new login, until it logs out.
  await page.keyboard.press('F1');
  await expect(page.getByRole('combobox', { name: 'Cari acara' })).toBeVisible();
  await page.getByRole('button', { name: 'Keluar' }).click();
  await expect(page.getByRole('heading', { name: 'Masuk ke loket' })).toBeVisible();
  await page.getByLabel('Email').fill(CASHIER.email);
  await page.getByLabel('Kata sandi').fill(CASHIER.password);
  await page.getByRole('button', { name: 'Masuk', exact: true }).click();
  await expect(page.getByText('Email atau kata sandi salah')).toBeVisible();
  await logIn(page, counter.url, { email: CASHIER.email, password: NEW_PASSWORD });
});

test("a supervisor sets its approval PIN in Settings; a cashier's Settings has none", async ({ page, counter }) => {
  await logIn(page, counter.url);
  await page.keyboard.press('F4');
  await expect(page.getByRole('heading', { name: 'Akun saya' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'PIN persetujuan' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Keluar' }).click();

  await logIn(page, counter.url, ORGANIZER);
  await page.keyboard.press('F4');
  const section = page.locator('section', { has: page.getByRole('heading', { name: 'PIN persetujuan' }) });
  await section.getByLabel('Kata sandi saat ini').fill(ORGANIZER.password);
  await section.getByLabel('PIN baru').fill('12ab');
  await section.getByLabel('Ulangi PIN').fill('12ab');
  await section.getByRole('button', { name: 'Simpan PIN' }).click();
  await expect(section.getByText('PIN persetujuan 6 sampai 12 angka')).toBeVisible();
  await section.getByLabel('PIN baru').fill('864209');
  await section.getByLabel('Ulangi PIN').fill('864209');
  await section.getByRole('button', { name: 'Simpan PIN' }).click();
  await expect(section.getByText('PIN persetujuan disimpan.')).toBeVisible();
  await screenshot(page, 'settings-approval-pin');

  // A PIN logs in nowhere.
  const login = await counter.api('/auth/login', { method: 'POST', body: { email: ORGANIZER.email, password: '864209' } });
  expect(login.status).toBe(401);
});
