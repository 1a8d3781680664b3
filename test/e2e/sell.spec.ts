/**
 * The walk-in sale as an operator makes it: log in, sell for cash and hand back the change, print
 * and save the invoice, take a bank transfer and confirm it, and cancel a sale left unpaid.
 */
import { readFileSync } from 'node:fs';
import { pdfText } from '../support/pdf.js';
import { readQr } from '../support/qr.js';
import type { Page } from '@playwright/test';
import { COFFEE, chooseEvent, customer, expect, fillRegistration, holdBack, logIn, screenshot, startSale, test, type Counter, type Customer } from './support/counter.js';

test('a cash sale: the change, the ticket, the invoice saved as a PDF, the next customer', async ({ page, counter }) => {
  await logIn(page, counter.url);
  await screenshot(page, 'sell-choose-event');
  await chooseEvent(page, 'kopi');
  await screenshot(page, 'sell-form-empty');
  const siti = customer('Siti Rahmawati');
  await startSale(page, 'Harian', siti);
  // Rp 75.000 and the 2.5% fee the customer bears.
  await expect(page.getByTestId('order-total')).toHaveText('Rp 76.875');
  // Cash with no shift open is said where cash is chosen, with the way to open one.
  await expect(page.locator('.pay-main').getByRole('button', { name: 'Buka shift sekarang' })).toBeVisible();
  await screenshot(page, 'pay-cash-empty');

  // In cash, Rp 76.875 is Rp 76.900: the drawer holds nothing below a Rp 100 coin.
  await page.getByLabel('Uang diterima').fill('50.000');
  await expect(page.getByTestId('change')).toContainText('Kurang Rp 26.900');
  await expect(page.getByRole('button', { name: /Bayar/ })).toBeDisabled();
  await page.getByLabel('Uang diterima').fill('100.000');
  await expect(page.getByTestId('change')).toHaveText('Kembalian Rp 23.100');
  await screenshot(page, 'pay-cash-change');
  await page.getByRole('button', { name: /Bayar/ }).click();

  await expect(page.getByText('LUNAS')).toBeVisible();
  await expect(page.getByTestId('ticket-number')).toHaveText(/^[2-9A-HJKMNP-TV-Z]{4}-[2-9A-HJKMNP-TV-Z]{4}$/);
  await expect(page.getByTestId('change-back')).toHaveText('Kembalian Rp 23.100');
  await expect(page.getByRole('img', { name: /Kode QR tiket/ })).toBeVisible();
  await expect(page.getByTestId('invoice-number')).toHaveText(/^Invoice INV\/LOKET-1\/\d{4}\/\d{6}$/);
  await screenshot(page, 'sell-done');

  // The service has it as the screen says: paid, the change exact, one participant.
  const orders = await counter.api(`/events/${COFFEE.slug}/admin/orders?search=${encodeURIComponent(siti.email)}`);
  expect(orders.body.data).toHaveLength(1);
  const order = (await counter.api(`/events/${COFFEE.slug}/admin/orders/${orders.body.data[0].id}`)).body.data;
  expect(order).toMatchObject({ status: 'completed', paymentStatus: 'paid', payment: { method: 'cash', amountTendered: '100000.00', change: '23100.00', rounding: '25.00' } });
  expect(order.participants[0].ticketNumber).toBe(await page.getByTestId('ticket-number').textContent());
  expect(await page.getByTestId('invoice-number').textContent()).toBe(`Invoice ${order.invoiceNumber}`);
  expect(order.participants[0].phone).toBe(`+62${siti.phone.replace(/\D/g, '').slice(1)}`);

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: /Unduh PDF/ }).click()]);
  expect(download.suggestedFilename()).toBe(`invoice-${order.id}.pdf`);
  const saved = readFileSync(await download.path());
  expect(saved.subarray(0, 5).toString()).toBe('%PDF-');
  // The first print is the original: numbered, cash received and change, no SALINAN.
  const text = (await pdfText(saved)).replace(/\s+/g, ' ');
  expect(text).toContain(`Invoice ${order.invoiceNumber}`);
  expect(text).toContain('Tunai diterima Rp 100.000');
  expect(text).not.toContain('SALINAN');

  // Next customer: an empty form, the event and the category kept.
  await page.getByRole('button', { name: /Pelanggan berikutnya/ }).click();
  await expect(page.getByLabel('NIK (16 digit)')).toBeFocused();
  await expect(page.getByLabel('NIK (16 digit)')).toHaveValue('');
  await expect(page.getByTestId('current-event')).toHaveText(COFFEE.name);
  await expect(page.getByTestId('category-Harian').getByRole('radio')).toBeChecked();
});

test("QRIS: the code with the amount on the counter the moment it is chosen; the demo's is a sample", async ({ page, counter }) => {
  await logIn(page, counter.url);
  await chooseEvent(page, 'kopi');
  await startSale(page, 'Harian', customer('Qori Amalia'));
  await page.keyboard.press('Alt+q');
  const code = page.getByTestId('counter-qris');
  await expect(code).toBeVisible();
  const pay = page.locator('.pay-main');
  await expect(pay).toContainText('Rp 76.875');
  await expect(pay).toContainText('Merchant: CONTOH DEMO JANGAN BAYAR');
  // The code carries the amount (field 54), so that the payer's app fills it in.
  const png = Buffer.from((await code.getAttribute('src'))!.split(',')[1]!, 'base64');
  expect(readQr(png)).toContain('540576875');
  await screenshot(page, 'pay-qris');
});

test('the exact amount by its quick button, then Enter pays it', async ({ page, counter }) => {
  await logIn(page, counter.url);
  await chooseEvent(page, 'kopi');
  await startSale(page, 'Harian', customer('Rudi Hartono', 'male', '21-06-1979'));
  await page.getByRole('button', { name: 'Uang pas' }).click();
  await expect(page.getByLabel('Uang diterima')).toHaveValue('76.900');
  await expect(page.getByRole('button', { name: /Bayar/ })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByText('LUNAS')).toBeVisible();
  // Nothing to hand back, so no change line.
  await expect(page.getByTestId('change-back')).toHaveCount(0);
});

test('a bank transfer waits for verification, then the operator confirms it', async ({ page, counter }) => {
  await logIn(page, counter.url);
  await chooseEvent(page, 'kopi');
  await startSale(page, 'Harian', customer('Bayu Pratama', 'male', '03-02-1985'));
  await page.getByText('Transfer bank').click();
  await page.getByLabel('Referensi transfer (opsional)').fill('BCA 2611-0042');
  await page.getByLabel('Referensi transfer (opsional)').press('Enter');
  await expect(page.getByRole('heading', { name: 'Menunggu verifikasi' })).toBeFocused();
  await expect(page.getByText('ref. BCA 2611-0042')).toBeVisible();
  // The Enter that recorded the transfer, pressed once more, must not confirm money nobody checked.
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Menunggu verifikasi' })).toBeVisible();
  await expect(page.getByText('LUNAS')).toHaveCount(0);
  await screenshot(page, 'pay-verification');
  await page.getByRole('button', { name: /Pembayaran diterima/ }).click();
  await expect(page.getByText('LUNAS')).toBeVisible();
  await expect(page.getByTestId('ticket-number')).toBeVisible();
});

test('an unpaid sale is cancelled after the operator confirms, and its NIK sells again', async ({ page, counter }) => {
  await logIn(page, counter.url);
  await chooseEvent(page, 'kopi');
  const dewi = customer('Dewi Lestari');
  await startSale(page, 'Harian', dewi);
  await page.getByRole('button', { name: /Batalkan pesanan/ }).click();
  await expect(page.getByRole('dialog', { name: 'Batalkan pesanan ini?' })).toBeVisible();
  await screenshot(page, 'pay-cancel-confirm');
  await page.getByRole('button', { name: 'Ya, batalkan pesanan' }).click();
  await expect(page.getByLabel('NIK (16 digit)')).toHaveValue('');

  const listed = await counter.api(`/events/${COFFEE.slug}/admin/orders?search=${encodeURIComponent(dewi.email)}`);
  expect(listed.body.data.map((o: { status: string }) => o.status)).toEqual(['cancelled']);
  // The identity number is free again: the same customer buys at once.
  await startSale(page, 'Harian', dewi);
});

test('a sale answered after another event was chosen is paid under its own event', async ({ page, counter }) => {
  await logIn(page, counter.url);
  await chooseEvent(page, 'kopi');
  const c = customer('Sari Berpindah');
  await fillRegistration(page, c);
  // The sale's answer is on its way when the operator turns to another event.
  const sale = await holdBack(page, /\/admin\/orders$/, (request) => request.method() === 'POST');
  await page.getByRole('button', { name: /Lanjut ke pembayaran/ }).click();
  await chooseEvent(page, 'wayang');
  await expect(page.getByTestId('current-event')).toHaveText('Festival Wayang Malam');
  sale.release();

  // The order is Pameran Kopi's: its payment is shown under it, not under the event chosen since.
  await expect(page.getByRole('heading', { name: 'Pembayaran' })).toBeVisible();
  await expect(page.getByTestId('current-event')).toHaveText(COFFEE.name);
  const sold = await counter.api(`/events/${COFFEE.slug}/admin/orders?search=${c.identityNumber}`);
  expect(sold.body).toMatchObject({ meta: { total: 1 } });
  // Paid, the next customer is the chosen event's.
  await page.getByRole('button', { name: 'Uang pas' }).click();
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: /Pelanggan berikutnya/ }).click();
  await expect(page.getByTestId('current-event')).toHaveText('Festival Wayang Malam');
});

/** A sale of `name` left at its payment step for the Orders screen (F2), as a cashier looking something up. */
async function leftAtPayment(page: Page, counter: Counter, name: string): Promise<Customer> {
  await logIn(page, counter.url);
  await chooseEvent(page, 'kopi');
  const c = customer(name);
  await startSale(page, 'Harian', c);
  await page.keyboard.press('F2');
  return c;
}

test('a payment left for another screen is there again on coming back', async ({ page, counter }) => {
  // The cashier looks something up on the Orders screen, then comes back to take the money.
  const c = await leftAtPayment(page, counter, 'Sari Kembali');
  await expect(page.getByRole('searchbox', { name: 'Cari pesanan' })).toBeVisible();
  await page.keyboard.press('F1');
  await expect(page.getByRole('heading', { name: 'Pembayaran' })).toBeVisible();
  await expect(page.locator('.sell')).toContainText(c.name);
  await page.getByLabel('Uang diterima').fill('80000');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('ticket-number')).toBeVisible();
  const paid = await counter.api(`/events/${COFFEE.slug}/admin/orders?search=${c.identityNumber}`);
  expect(paid.body).toMatchObject({ meta: { total: 1 }, data: [{ status: 'completed', paymentStatus: 'paid' }] });
});

test('a payment left for another screen and cancelled there is not asked for again', async ({ page, counter }) => {
  const c = await leftAtPayment(page, counter, 'Sari Batal');
  await page.getByRole('row', { name: `Pesanan ${c.name}` }).click();
  const detail = page.getByRole('dialog', { name: `Pesanan ${c.name}` });
  await detail.getByRole('button', { name: 'Batalkan pesanan' }).click();
  await page.getByRole('button', { name: 'Ya, batalkan pesanan' }).click();
  await expect(detail).toContainText('Dibatalkan');
  // The confirmation closes after the order is shown cancelled; then the detail's own Tutup is the one left.
  await expect(page.getByRole('button', { name: 'Ya, batalkan pesanan' })).toHaveCount(0);
  await detail.getByRole('button', { name: 'Tutup' }).click();
  await expect(detail).toHaveCount(0);

  await page.keyboard.press('F1');
  await expect(page.getByLabel('NIK (16 digit)')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Pembayaran' })).toHaveCount(0);
});
