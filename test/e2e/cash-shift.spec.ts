/**
 * A cashier's shift as the operator works it: the Sell screen says how to open a shift, the float
 * counted by denomination, a cash sale, a refund approved by the organizer (refused first with a
 * wrong password), the X report without the drawer's figures, a blind count a thousand rupiah over
 * that needs the organizer's approval, and the Z report as a PDF. Screenshots go to
 * docs/screenshots/ for the documentation.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { COFFEE, ORGANIZER, chooseEvent, customer, expect, holdBack, logIn, startSale, test } from './support/counter.js';

async function documented(page: Page, name: string): Promise<void> {
  mkdirSync(join('docs', 'screenshots'), { recursive: true });
  await page.screenshot({ path: join('docs', 'screenshots', `${name}.png`) });
}

const count = (page: Page, label: string, n: number) => page.getByLabel(`Jumlah ${label}`).fill(String(n));

test('open a shift, sell, refund with approval, close blind, read the Z report', async ({ page, counter }) => {
  await logIn(page, counter.url);
  await chooseEvent(page, 'kopi');
  await expect(page.getByText(/Shift Anda belum dibuka/)).toBeVisible();

  // Open: Rp 150.000 in two Rp 50.000 and five Rp 10.000 notes.
  await page.keyboard.press('F5');
  await count(page, 'Uang kertas Rp 50.000', 2);
  await count(page, 'Uang kertas Rp 10.000', 5);
  await expect(page.getByTestId('count-total')).toHaveText('Rp 150.000');
  await documented(page, 'shift-open');
  await page.getByRole('button', { name: 'Buka shift' }).click();
  await expect(page.getByRole('heading', { name: /^Shift / })).toBeVisible();

  // A cash sale, exact amount.
  await page.keyboard.press('F1');
  await expect(page.getByText(/Shift Anda belum dibuka/)).toHaveCount(0);
  const ani = customer('Ani Wulandari');
  await startSale(page, 'Harian', ani);
  await page.getByRole('button', { name: 'Uang pas' }).click();
  await page.keyboard.press('Enter');
  await expect(page.getByText('LUNAS')).toBeVisible();

  // Refund it from the order detail: a wrong password is refused, the organizer's approves.
  await page.keyboard.press('F2');
  await page.locator('.orders-table tbody tr').filter({ hasText: ani.name }).first().click();
  await page.getByRole('button', { name: /^Refund/ }).click();
  const refund = page.getByRole('dialog', { name: 'Refund pesanan' });
  await refund.getByLabel('Alasan').fill('Pembeli salah tanggal');
  await refund.getByLabel(/Email supervisor/).fill(ORGANIZER.email);
  await refund.getByLabel('PIN persetujuan supervisor').fill('000000');
  await refund.getByRole('button', { name: 'Refund', exact: true }).click();
  await expect(refund.getByText(/Persetujuan ditolak/)).toBeVisible();
  await refund.getByLabel('PIN persetujuan supervisor').fill(ORGANIZER.approvalPin);
  await documented(page, 'refund-approval');
  await refund.getByRole('button', { name: 'Refund', exact: true }).click();
  await expect(page.getByTestId('refund')).toContainText('Pembeli salah tanggal');
  await expect(page.getByTestId('participant-status')).toHaveText('Tidak berlaku: dikembalikan (refund)');
  await documented(page, 'refund-done');
  // The refund's dialog closes once the lists around the order are read again.
  await expect(refund).toBeHidden();
  await page.keyboard.press('Escape');

  // The X report: the drawer's figures wait for the count.
  await page.keyboard.press('F5');
  await expect(page.getByRole('heading', { name: 'Laporan X (sementara)' })).toBeVisible();
  await expect(page.getByTestId('expected-cash')).toHaveText('Tampil setelah kas dihitung');
  // Exporting it issues it: numbered, kept, and the PDF says which.
  const [xPdf] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Unduh PDF' }).click()]);
  expect(xPdf.suggestedFilename()).toBe('laporan-x-1.pdf');
  await expect(page.getByText('Laporan X No. 1 diterbitkan dan tersimpan; tidak dapat diubah.')).toBeVisible();

  // Blind count: Rp 151.000, a thousand over the Rp 150.000 the drawer should hold.
  await page.getByRole('button', { name: /Tutup shift/ }).click();
  // Enter after a denomination moves to the next one: it sends no count half typed.
  await count(page, 'Uang kertas Rp 50.000', 2);
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('Jumlah Uang kertas Rp 20.000')).toBeFocused();
  await expect(page.getByText(/dihitung, kirim\?/)).toHaveCount(0);
  await count(page, 'Uang kertas Rp 10.000', 5);
  await count(page, 'Koin Rp 1.000', 1);
  await documented(page, 'shift-blind-count');
  // The button asks first, with the sum counted.
  await page.getByRole('button', { name: 'Kirim hitungan' }).click();
  await expect(page.getByText('Rp 151.000 dihitung, kirim?')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Ya, kirim hitungan' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('count-result')).toContainText('selisih Rp 1.000');
  const approve = page.getByRole('region', { name: 'Persetujuan selisih' });
  await approve.getByLabel('Alasan').fill('Uang kembalian pembeli tertinggal');
  await approve.getByLabel(/Email supervisor/).fill(ORGANIZER.email);
  await approve.getByLabel('PIN persetujuan supervisor').fill(ORGANIZER.approvalPin);
  await documented(page, 'shift-approval');
  await approve.getByRole('button', { name: /Setujui/ }).click();

  await expect(page.getByRole('heading', { name: 'Laporan Z No. 1' })).toBeVisible();
  await expect(page.getByTestId('expected-cash')).toHaveText('Rp 150.000');
  await expect(page.getByTestId('difference')).toHaveText('Rp 1.000');
  await expect(page.getByText(/Shift Anda belum dibuka|Buka shift/).first()).toBeVisible();
  await documented(page, 'shift-z-report');

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Unduh PDF' }).click()]);
  expect(download.suggestedFilename()).toBe('laporan-z-1.pdf');
  expect(readFileSync(await download.path()).subarray(0, 5).toString()).toBe('%PDF-');

  // The service agrees: the order refunded and cancelled, the Z report issued with the approval.
  const sessions = (await counter.api('/cash-sessions')).body.data;
  expect(sessions).toMatchObject([{ status: 'closed', reportNumber: 1 }]);
  const z = (await counter.api(`/cash-sessions/${sessions[0].id}/report`)).body.data;
  expect(z).toMatchObject({ kind: 'Z', number: 1, salesCount: 1, refundsCount: 1, expectedCash: '150000.00', countedCash: '151000.00', difference: '1000.00', approvalReason: 'Uang kembalian pembeli tertinggal' });
  const listed = await counter.api(`/events/${COFFEE.slug}/admin/orders?search=${encodeURIComponent(ani.email)}`);
  expect(listed.body.data).toMatchObject([{ status: 'cancelled', paymentStatus: 'paid' }]);
});

test('Alt+U pressed twice on the shift issues one X report, not two', async ({ page, counter }) => {
  await logIn(page, counter.url);
  await page.keyboard.press('F5');
  await count(page, 'Uang kertas Rp 50.000', 1);
  await page.getByRole('button', { name: 'Buka shift' }).click();
  await expect(page.getByRole('heading', { name: 'Laporan X (sementara)' })).toBeVisible();

  // Exporting issues a numbered report for good: a second press while the first is out issued another.
  const issued = await holdBack(page, /\/x-reports$/);
  await page.keyboard.press('Alt+U');
  await page.keyboard.press('Alt+U');
  issued.release();
  await expect(page.getByText('Laporan X No. 1 diterbitkan dan tersimpan; tidak dapat diubah.')).toBeVisible();
  await page.waitForTimeout(800);
  expect(issued.held).toHaveLength(1);
});
