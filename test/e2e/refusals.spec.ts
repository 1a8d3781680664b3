/**
 * What only the service knows comes back to the operator at the field it concerns: an identity
 * number already registered for the event, and a category sold out while the form was open.
 */
import { COFFEE, chooseEvent, customer, expect, fillRegistration, logIn, saleBody, screenshot, test } from './support/counter.js';

test('a NIK already registered for the event is refused at the NIK field', async ({ page, counter }) => {
  const first = customer('Rina Wijaya');
  expect((await counter.api(`/events/${COFFEE.slug}/admin/orders`, { method: 'POST', body: saleBody(first) })).status).toBe(201);

  await logIn(page, counter.url);
  await chooseEvent(page, 'kopi');
  await page.getByTestId('category-Harian').click();
  await fillRegistration(page, { ...customer('Orang Lain'), identityNumber: first.identityNumber });
  await page.getByRole('button', { name: /Lanjut ke pembayaran/ }).click();
  const nik = page.getByLabel('NIK (16 digit)');
  await expect(nik).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('alert').filter({ hasText: 'Nomor identitas sudah terdaftar untuk acara ini' })).toBeVisible();
  await expect(nik).toBeFocused();
  await screenshot(page, 'sell-refused-nik');
});

test('a category sold out while the form was open is refused at the category, which then shows it sold out', async ({ page, counter }) => {
  await logIn(page, counter.url);
  await chooseEvent(page, 'kopi');
  await page.getByTestId('category-Terusan 3 Hari').click();
  await fillRegistration(page, customer('Yudi Saputra', 'male', '01-01-1991'));
  // Meanwhile another counter sells the last three seats.
  for (let i = 0; i < 3; i++) {
    const other = customer(`Pembeli Lain ${i}`);
    const made = await counter.api(`/events/${COFFEE.slug}/admin/orders`, { method: 'POST', body: saleBody(other, COFFEE.pass) });
    expect(made.status).toBe(201);
    const paid = await counter.api(`/events/${COFFEE.slug}/admin/orders/${made.body.data.id}/checkout`, { method: 'POST', body: { method: 'card' } });
    expect(paid.status).toBe(200);
  }
  await page.getByRole('button', { name: /Lanjut ke pembayaran/ }).click();
  await expect(page.locator('#category-error')).toHaveText('Tiket kategori ini sudah habis');
  const card = page.getByTestId('category-Terusan 3 Hari');
  await expect(card).toContainText('Habis terjual');
  await expect(card.getByRole('radio')).toBeDisabled();
  await screenshot(page, 'sell-refused-sold-out');
});

test('the form checks every rule as the operator types, and warns when the NIK disagrees with the date of birth', async ({ page, counter }) => {
  await logIn(page, counter.url);
  await chooseEvent(page, 'kopi');
  await page.getByTestId('category-Harian').click();
  await page.getByLabel('NIK (16 digit)').fill('31710157059');
  await page.getByLabel('Nama lengkap').fill('Siti');
  await expect(page.getByText('Nomor identitas harus 16 digit angka')).toBeVisible();
  await page.getByLabel('Nomor HP').fill('0812');
  await page.getByLabel('Email').fill('siti@');
  await page.getByLabel('Tanggal lahir').click();
  await expect(page.getByText('Nomor HP tidak valid, misalnya 0812 3456 7890')).toBeVisible();
  await page.getByLabel('Tanggal lahir').fill('31-02-1990');
  await page.getByLabel('Nama lengkap').click();
  await expect(page.getByText('Tanggal lahir tidak valid: tulis seperti di KTP, misalnya 17-08-1990')).toBeVisible();
  await page.getByLabel('Nomor HP').fill('0812-3456-7890');
  await expect(page.getByText('Tersimpan sebagai +6281234567890')).toBeVisible();

  // A woman's NIK (day 57 = 17 + 40) with a man's gender and another birthday: a warning, not a refusal.
  await page.getByLabel('NIK (16 digit)').fill('3171015705900099');
  await page.getByLabel('Tanggal lahir').fill('18-05-1990');
  await page.getByLabel('Laki-laki').check();
  await page.getByLabel('Email').fill('siti@contoh.id');
  await expect(page.getByText('NIK menunjukkan tanggal lahir 17-05-90, berbeda dengan yang diisi (18-05-90)')).toBeVisible();
  await expect(page.getByText('NIK menunjukkan perempuan, tetapi jenis kelamin diisi laki-laki')).toBeVisible();
  await screenshot(page, 'sell-nik-warning');
  await page.getByRole('button', { name: /Lanjut ke pembayaran/ }).click();
  await expect(page.getByRole('button', { name: /Tetap lanjut ke pembayaran/ })).toBeVisible();
  await page.getByRole('button', { name: /Tetap lanjut ke pembayaran/ }).click();
  await expect(page.getByRole('heading', { name: 'Pembayaran' })).toBeVisible();
});
