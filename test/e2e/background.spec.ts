/**
 * The counter's own work failing, where the operator looks: a red banner under the header says
 * which task, since when, and what it means for selling meanwhile. Here the search index's batches
 * are refused (a trigger on the index's mark, as a damaged index would refuse them) after a sale.
 */
import { refuseSearchIndexBatches } from '../support/db.js';
import { COFFEE, customer, expect, logIn, saleBody, screenshot, test } from './support/counter.js';

test('a failing background task is shown under the header', async ({ page, counter }) => {
  refuseSearchIndexBatches(counter.dataDir);
  const sold = await counter.api(`/events/${COFFEE.id}/admin/orders`, { method: 'POST', body: saleBody(customer('Rina Kembang')) });
  expect(sold.status).toBe(201);

  await logIn(page, counter.url);
  const banner = page.getByTestId('background-problems');
  await expect(banner).toContainText('Indeks pencarian gagal sejak');
  await expect(banner).toContainText('Pencarian tetap menemukan semua pesanan, hanya lebih lambat.');
  await expect(banner).toContainText('index refused the batch');
  await screenshot(page, 'background-problem');
});
