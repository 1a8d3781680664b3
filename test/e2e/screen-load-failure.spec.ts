/**
 * A screen's code is fetched when the page is idle or when the screen is first shown. Should that
 * fetch fail (the service out of reach a moment, or upgraded under an open page), the screen says
 * so in its place and the rest of the counter works on: selling never depends on another screen.
 */
import { expect, logIn, test } from './support/counter.js';

test("a screen whose code cannot be fetched says so; the counter's other screens work on", async ({ page, counter }) => {
  await page.route(/\/assets\/OrdersScreen-[^/]+\.js$/, (route) => route.abort('connectionrefused'));
  await logIn(page, counter.url);
  await expect(page.getByRole('combobox', { name: 'Cari acara' })).toBeVisible();

  await page.keyboard.press('F2');
  const failed = page.getByRole('alert').filter({ hasText: 'Layar ini gagal ditampilkan' });
  await expect(failed).toBeVisible();
  await expect(failed.getByRole('button', { name: 'Muat ulang' })).toBeVisible();

  await page.keyboard.press('F1');
  await expect(page.getByRole('combobox', { name: 'Cari acara' })).toBeVisible();
  await expect(failed).toBeHidden();
});
