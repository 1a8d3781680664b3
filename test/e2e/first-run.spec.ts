/**
 * A counter started on an empty data dir: "try with demo data" leads to the login with the demo
 * cashier offered; "connect to a service" pulls the service's events and logs the new organizer in.
 */
import { COFFEE, expect, organizerKey, screenshot, tempDataDir, test } from './support/counter.js';
import { runCli, startServe } from '../support/serve.js';

test('try with demo data', async ({ page }) => {
  const dir = await tempDataDir();
  const served = await startServe(dir.path);
  try {
    await page.goto(served.url);
    await expect(page.getByRole('heading', { name: 'Selamat datang di Ticket Counter' })).toBeVisible();
    await screenshot(page, 'first-run');
    await page.getByRole('button', { name: /Coba dengan data demo/ }).click();
    await expect(page.getByRole('heading', { name: 'Masuk ke loket' })).toBeVisible();
    await expect(page.getByText('Loket demo: masuk sebagai kasir')).toBeVisible();
    await screenshot(page, 'login');
    await page.getByLabel('Email').fill('kasir@demo.test');
    await page.getByLabel('Kata sandi').fill('salah sekali');
    await page.getByRole('button', { name: 'Masuk', exact: true }).click();
    await expect(page.getByText('Email atau kata sandi salah')).toBeVisible();
    await page.getByRole('button', { name: 'Masuk sebagai kasir demo' }).click();
    await expect(page.getByRole('combobox', { name: 'Cari acara' })).toBeVisible();
    await expect(page.getByRole('option')).toHaveCount(3);
  } finally {
    await served.stop();
    dir.remove();
  }
});

test('connect to a service: a wrong key is refused at its field, the right one pulls the events', async ({ page }) => {
  const remoteDir = await tempDataDir();
  const counterDir = await tempDataDir();
  const ran = await runCli(['demo', '--data-dir', remoteDir.path]);
  expect(ran.code).toBe(0);
  const key = await organizerKey(remoteDir.path);
  const remote = await startServe(remoteDir.path);
  const counter = await startServe(counterDir.path);
  try {
    await page.goto(counter.url);
    await page.getByRole('button', { name: /Hubungkan ke layanan pusat/ }).click();
    await page.getByLabel('Alamat layanan (base URL)').fill(remote.url);
    await page.getByLabel('Kunci API penyelenggara').fill('tck_kunci-yang-salah');
    await page.getByLabel('Nama Anda').fill('Rina Pemilik');
    await page.getByLabel('Email Anda (untuk masuk ke loket)').fill('rina@loket.test');
    await page.getByLabel('Kata sandi loket').fill('kata-sandi-loket-1');
    await page.getByRole('button', { name: 'Hubungkan' }).click();
    await expect(page.getByLabel('Kunci API penyelenggara')).toHaveAttribute('aria-invalid', 'true');
    await screenshot(page, 'first-run-connect-refused');

    await page.getByLabel('Kunci API penyelenggara').fill(key);
    await page.getByRole('button', { name: 'Hubungkan' }).click();
    // Logged in as the new organizer, the service's events here.
    await expect(page.getByRole('combobox', { name: 'Cari acara' })).toBeVisible();
    await expect(page.getByRole('option').filter({ hasText: COFFEE.name })).toBeVisible();
    await expect(page.getByTestId('connection')).toHaveText('Online');
  } finally {
    await counter.stop();
    await remote.stop();
    counterDir.remove();
    remoteDir.remove();
  }
});
