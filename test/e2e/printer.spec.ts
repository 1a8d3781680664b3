/**
 * The receipt printer as the counter's people use it, against the emulated network printer: the
 * owner sets it up in Settings and prints a test page; a cashier's cash sale prints its receipt by
 * itself (the drawer kicked), Alt+P prints a copy; with the printer off the header says a receipt
 * waits and why, and the queue cancels it; back on, the next print comes out. The receipt as the emulator
 * printed it is kept as an image for a person to look at.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { receiptHtml, startPrinterEmulator, type PrinterEmulator } from '../support/escpos-printer.js';
import { chooseEvent, customer, expect, fillRegistration, logIn, OWNER, saveSettingsAsOwner, test } from './support/counter.js';

async function documented(page: Page, name: string): Promise<void> {
  mkdirSync(join('docs', 'screenshots'), { recursive: true });
  await page.screenshot({ path: join('docs', 'screenshots', `${name}.png`), fullPage: true });
}

/** Waits until the emulator has cut `count` receipts. */
async function receiptsCut(printer: PrinterEmulator, count: number) {
  await expect.poll(() => printer.receipts().length, { timeout: 15_000 }).toBe(count);
  return printer.receipts();
}

let printer: PrinterEmulator;
test.beforeEach(async () => {
  printer = await startPrinterEmulator();
});
test.afterEach(() => printer.close());

test('set up in Settings with a test page; a cash sale prints by itself; a receipt for a printer that is off waits and is cancelled', async ({ page, counter }) => {
  test.slow();
  await logIn(page, counter.url, OWNER);
  await page.keyboard.press('F4');
  const section = page.locator('section', { has: page.getByRole('heading', { name: 'Printer struk' }) });
  await section.getByLabel('Alamat printer (host:port)').fill('printer tanpa port');
  await section.getByRole('button', { name: 'Simpan printer' }).click();
  await expect(section).toContainText('host:port printer');
  await section.getByLabel('Alamat printer (host:port)').fill(printer.address);
  await section.getByLabel('Cetak struk otomatis setelah pembayaran').check();
  await section.getByRole('button', { name: 'Simpan printer' }).click();
  await expect(section.getByText('Pengaturan printer disimpan.')).toBeVisible();
  await section.getByRole('button', { name: 'Cetak halaman tes' }).click();
  const [testPage] = await receiptsCut(printer, 1);
  expect(testPage!.text).toContain('Tes printer struk');
  await expect(section.getByTestId('print-queue')).toContainText('Tercetak');
  await documented(page, 'printer-settings');
  await page.getByRole('button', { name: 'Keluar' }).click();

  // A cashier opens a shift; a cash sale: the receipt prints by itself, the drawer opens.
  await logIn(page, counter.url);
  await chooseEvent(page, 'kopi');
  await page.keyboard.press('F5');
  await page.getByLabel('Jumlah Uang kertas Rp 50.000').fill('2');
  await page.getByRole('button', { name: 'Buka shift' }).click();
  await expect(page.getByRole('heading', { name: /^Shift / })).toBeVisible();
  await page.keyboard.press('F1');
  const rina = customer('Rina Printer');
  await fillRegistration(page, rina);
  await page.keyboard.press('Enter');
  await page.getByLabel('Uang diterima').fill('100.000');
  await page.keyboard.press('Enter');
  await expect(page.getByText('LUNAS')).toBeVisible();
  const [, sale] = await receiptsCut(printer, 2);
  expect(sale!.text).toContain('Rina Printer');
  expect(sale!.text).toMatch(/Kembalian\s+Rp 23\.100/);
  expect(sale!.drawerKicks).toBe(1);
  expect(sale!.qrCodes).toHaveLength(1);

  // Alt+P prints it again: a copy.
  await page.keyboard.press('Alt+p');
  const [, , copy] = await receiptsCut(printer, 3);
  expect(copy!.text).toContain('SALINAN');
  expect(copy!.drawerKicks).toBe(0);

  // The receipt as printed, for a person to look at.
  const preview = await page.context().newPage();
  await preview.setContent(await receiptHtml(sale!));
  await preview.screenshot({ path: join('docs', 'screenshots', 'receipt-printed.png'), fullPage: true });
  await preview.setContent(await receiptHtml(copy!));
  await preview.screenshot({ path: join('docs', 'screenshots', 'receipt-printed-copy.png'), fullPage: true });
  await preview.close();

  // The printer off: the header says a receipt waits, and why; the queue cancels it.
  await printer.power(false);
  await page.keyboard.press('Alt+p');
  // Said at once where it was printed, in words, with what to do meanwhile.
  await expect(page.getByText(/Struk belum tercetak: Printer .* tidak dapat dihubungi/)).toBeVisible({ timeout: 10_000 });
  await expect(page.getByText(/simpan PDF \(Alt\+U\)/)).toBeVisible();
  await expect(page.getByTestId('printer-pill')).toHaveText('Printer: 1 menunggu', { timeout: 15_000 });
  await documented(page, 'printer-waiting');
  await page.getByTestId('printer-pill').click();
  const waiting = page.getByTestId('print-queue').getByRole('row').filter({ hasText: 'Menunggu printer' });
  await expect(waiting).toContainText('tidak dapat dihubungi');
  await waiting.getByRole('button', { name: 'Batalkan' }).click();
  await expect(page.getByTestId('printer-pill')).toHaveCount(0, { timeout: 15_000 });
  await expect(page.getByTestId('print-queue')).toContainText('Dibatalkan');

  // Back on: the next print comes out, and the cancelled one never does.
  await printer.power(true);
  await section.getByRole('button', { name: 'Cetak halaman tes' }).click();
  const [, , , next] = await receiptsCut(printer, 4);
  expect(next!.text).toContain('Tes printer struk');

  // The drawer opened without a sale: a reason and the owner's approval.
  const kicks = printer.drawerKicks();
  await page.keyboard.press('F5');
  await page.getByRole('button', { name: 'Buka laci kas' }).click();
  const asking = page.getByRole('dialog', { name: 'Buka laci kas' });
  await asking.getByLabel('Alasan').fill('Tukar uang kecil');
  await asking.getByLabel('Email supervisor (organizer atau pemilik loket)').fill(OWNER.email);
  await asking.getByLabel('PIN persetujuan supervisor').fill(OWNER.approvalPin);
  await asking.getByRole('button', { name: 'Buka laci' }).click();
  await expect(page.getByText('Laci kas dibuka.')).toBeVisible();
  await expect.poll(() => printer.drawerKicks(), { timeout: 15_000 }).toBe(kicks + 1);
});

test("a basket paid by card prints its receipt by itself, then each attendee's own slip", async ({ page, counter }) => {
  // The owner's settings: receipts by themselves, and a slip per ticket of a basket.
  const settings = { printerAddress: printer.address, printerAutoPrint: true, printerTicketSlips: true };
  expect(await saveSettingsAsOwner(counter.url, settings)).toBe(200);

  await logIn(page, counter.url);
  await chooseEvent(page, 'kopi');
  await fillRegistration(page, customer('Laras Hadi'));
  await page.keyboard.press('Alt+a');
  await fillRegistration(page, customer('Bima Hadi', 'male', '02-03-1985'));
  await page.getByRole('button', { name: /Bayar 2 peserta/ }).click();
  await page.locator('label.method', { hasText: 'Kartu debit/kredit' }).click();
  await page.getByRole('button', { name: /^Bayar/ }).click();
  await expect(page.getByText('LUNAS · 2 tiket')).toBeVisible();

  const [receipt, first, second] = await receiptsCut(printer, 3);
  expect(receipt!.text).toContain('Struk transaksi · 2 peserta');
  expect(first!.text).toContain('Laras Hadi');
  expect(first!.text).not.toContain('Bima Hadi');
  expect(second!.text).toContain('Bima Hadi');
  // Each slip is an original: its ticket's QR code, no SALINAN, no drawer for a card.
  for (const slip of [first!, second!]) {
    expect(slip.qrCodes).toHaveLength(1);
    expect(slip.text).not.toContain('SALINAN');
    expect(slip.drawerKicks).toBe(0);
  }
});
