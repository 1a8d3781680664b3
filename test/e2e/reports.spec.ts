/**
 * The Reports screen (Laporan) as a supervisor and a cashier read it: today's sales in four
 * methods and a refund, the tiles, the charts and the tables agreeing with the service's report,
 * the CSV download; a cashier sees only its own sales. On the way, the Orders screen's method
 * column and totals line. The screenshots go to docs/screenshots/.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { COFFEE, ORGANIZER, chooseEvent, customer, expect, logIn, saleBody, test } from './support/counter.js';

const METHODS = [
  { method: 'cash', amountTendered: '100000' },
  { method: 'card', reference: 'EDC-1' },
  { method: 'qris' },
  { method: 'bank_transfer' },
  { method: 'card', reference: 'EDC-2' },
  { method: 'qris' },
];

test('the supervisor reads the day in tiles, charts and tables; a cashier only its own', async ({ page, counter, browser }) => {
  for (const [i, payment] of METHODS.entries()) {
    const order = await counter.api(`/events/${COFFEE.id}/admin/orders`, { method: 'POST', body: saleBody(customer(`Pembeli Laporan ${i}`), i % 2 ? COFFEE.pass : COFFEE.daily) });
    expect(order.status).toBe(201);
    const base = `/events/${COFFEE.id}/admin/orders/${order.body.data.id}`;
    expect((await counter.api(`${base}/checkout`, { method: 'POST', body: payment })).status).toBe(200);
    if (payment.method === 'qris' || payment.method === 'bank_transfer') expect((await counter.api(`${base}/payment/confirm`, { method: 'POST', body: {} })).status).toBe(200);
    if (i === 1) {
      const refunded = await counter.api(`${base}/refund`, { method: 'POST', body: { reason: 'Salah hari', reference: 'VOID-1', approval: { email: ORGANIZER.email, pin: ORGANIZER.approvalPin } } });
      expect(refunded.status).toBe(200);
    }
  }
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jakarta' }).format(new Date());
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  const tomorrow = new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
  const expected = (await counter.api(`/reports/sales?from=${today}T00:00:00%2B07:00&to=${tomorrow}T00:00:00%2B07:00`)).body.data;
  expect(expected.sales.count).toBeGreaterThanOrEqual(METHODS.length);
  expect(expected.refunds.count).toBeGreaterThanOrEqual(1);

  await logIn(page, counter.url, ORGANIZER);
  await page.setViewportSize({ width: 1366, height: 900 });
  const rupiah = (decimal: string) => `Rp ${Number(decimal).toLocaleString('id-ID')}`;

  // The Orders screen: each order's payment method, and the totals of every page under the list.
  await page.keyboard.press('F2');
  await chooseEvent(page, 'kopi');
  const totals = (await counter.api(`/events/${COFFEE.id}/admin/order-totals`)).body.data;
  // The bold figure is what was sold and kept: the refunded order is in the count only.
  await expect(page.getByTestId('order-totals').locator('strong')).toHaveText(`${totals.completed.count} lunas · ${rupiah(totals.completed.amount)}`);
  await expect(page.getByTestId('order-totals')).toContainText(`dari ${totals.count} pesanan`);
  // The refunded order says so, and its detail shows no code of the void ticket.
  const refundedRow = page.locator('.orders-table tbody tr').filter({ hasText: 'Pembeli Laporan 1' });
  await expect(refundedRow).toContainText('Direfund');
  await refundedRow.click();
  await expect(page.getByText('Tiket tidak berlaku: direfund')).toBeVisible();
  // Named by its invoice number, not its raw id.
  await expect(page.locator('.order-state')).toContainText(/INV\/LOKET-1\/\d{4}\/\d{6}/);
  await expect(page.locator('.order-state')).not.toContainText(/\b01[0-9A-Z]{24}\b/);
  await expect(page.getByRole('img', { name: /Kode QR tiket/ })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(page.locator('.orders-table tbody tr').filter({ hasText: 'Pembeli Laporan 2' })).toContainText('QRIS');
  await expect(page.locator('.orders-table tbody tr').filter({ hasText: 'Pembeli Laporan 0' })).toContainText('Tunai');
  mkdirSync(join('docs', 'screenshots'), { recursive: true });
  await page.screenshot({ path: join('docs', 'screenshots', 'orders-totals.png') });

  await page.keyboard.press('F6');
  await expect(page.getByRole('heading', { name: 'Laporan penjualan' })).toBeVisible();
  await expect(page.getByTestId('report-sales')).toContainText(rupiah(expected.sales.amount));
  await expect(page.getByTestId('report-sales')).toContainText(`${expected.sales.count} tiket`);
  await expect(page.getByTestId('report-refunds')).toContainText(rupiah(expected.refunds.amount));
  await expect(page.getByText('Penjualan acara Anda.')).toBeVisible();
  // Recharts drew the hours' bars and the methods' pie.
  await expect(page.getByRole('figure', { name: 'Penjualan per jam' }).locator('.recharts-bar-rectangle').first()).toBeVisible();
  await expect(page.getByRole('figure', { name: 'Metode pembayaran' }).locator('.recharts-pie-sector')).toHaveCount(expected.byMethod.filter((x: { count: number }) => x.count > 0).length);
  const methods = page.getByRole('region', { name: 'Per metode pembayaran' });
  await expect(methods.getByRole('row', { name: /QRIS/ })).toContainText(`${expected.byMethod.find((x: { method: string }) => x.method === 'qris').count} ·`);
  await expect(page.getByRole('region', { name: 'Refund' })).toContainText('Salah hari');
  await page.screenshot({ path: join('docs', 'screenshots', 'reports.png') });

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Unduh CSV' }).click()]);
  expect(download.suggestedFilename()).toBe(`penjualan-${today}-${today}.csv`);
  const csv = readFileSync(await download.path(), 'utf8').split('\r\n');
  expect(csv[0]).toBe('bagian,keterangan,jumlah,nominal');
  expect(csv).toContain(`penjualan,Total,${expected.sales.count},${expected.sales.amount}`);

  // The cashier sold nothing today: its own report is empty, and says whose it is.
  const cashierPage = await (await browser.newContext()).newPage();
  await logIn(cashierPage, counter.url);
  await cashierPage.keyboard.press('F6');
  await expect(cashierPage.getByText('Penjualan dan refund Anda sendiri.')).toBeVisible();
  await expect(cashierPage.getByTestId('report-sales')).toContainText('0 tiket');
  await expect(cashierPage.getByText('Belum ada penjualan pada rentang ini.')).toBeVisible();
});
