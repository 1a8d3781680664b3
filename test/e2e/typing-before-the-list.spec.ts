/**
 * An operator who types on the Orders screen before its list has come back. The list's table once
 * reset its paging on every render while it had no rows, and each reset rendered again, so the
 * whole counter froze (the page's script never yielded): there the first page is held back until
 * the search is typed. And Enter, pressed with the search, once opened the order at the top of the
 * list still on screen, another customer's.
 */
import type { Page } from '@playwright/test';
import { COFFEE, chooseEvent, customer, expect, holdBack, logIn, saleBody, test, type Counter, type Customer } from './support/counter.js';

/** Nina's order, then Oki's (the newest, on top of the list), sold; the cashier logged in on their event. */
async function ninaThenOki(page: Page, counter: Counter): Promise<Customer> {
  const nina = customer('Nina Kartika');
  await counter.api(`/events/${COFFEE.slug}/admin/orders`, { method: 'POST', body: saleBody(nina) });
  await counter.api(`/events/${COFFEE.slug}/admin/orders`, { method: 'POST', body: saleBody(customer('Oki Setiawan')) });
  await logIn(page, counter.url);
  await chooseEvent(page, 'kopi');
  return nina;
}

test('typing a search while the first page of orders is still on its way', async ({ page, counter }) => {
  const nina = await ninaThenOki(page, counter);

  // The unfiltered first page waits until the operator has typed.
  const unfiltered = await holdBack(page, /\/admin\/orders\?page=1&/, (request) => !new URL(request.url()).searchParams.has('search'));

  await page.keyboard.press('F2');
  const search = page.getByRole('searchbox', { name: 'Cari pesanan' });
  await search.pressSequentially(nina.identityNumber.slice(-6));
  unfiltered.release();
  await expect(page.locator('.orders-table tbody tr')).toHaveCount(1);
  await expect(page.getByRole('row', { name: 'Pesanan Nina Kartika' })).toBeVisible();
});

test('a NIK typed and entered at once opens that customer, not the top of the list before', async ({ page, counter }) => {
  const nina = await ninaThenOki(page, counter);
  await page.keyboard.press('F2');
  // The newest order, Oki's, tops the unfiltered list.
  await expect(page.locator('.orders-table tbody tr').first()).toContainText('Oki Setiawan');

  // The search's list comes back later, as on a busy counter.
  const searched = await holdBack(page, /\/admin\/orders\?.*search=/);
  const search = page.getByRole('searchbox', { name: 'Cari pesanan' });
  await search.pressSequentially(nina.identityNumber.slice(-6));
  await page.keyboard.press('Enter');
  await expect.poll(() => searched.held.length).toBe(1);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  searched.release();
  await expect(page.getByRole('dialog', { name: 'Pesanan Nina Kartika' })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(1);
});

test('an Enter waiting for its list is dropped when the operator changes what is asked', async ({ page, counter }) => {
  const nina = customer('Nina Kartika');
  await counter.api(`/events/${COFFEE.slug}/admin/orders`, { method: 'POST', body: saleBody(nina) });
  await logIn(page, counter.url);
  await chooseEvent(page, 'kopi');
  await page.keyboard.press('F2');
  await expect(page.locator('.orders-table tbody tr')).toHaveCount(1);

  const searched = await holdBack(page, /\/admin\/orders\?.*search=/);
  const filtered = page.waitForResponse((response) => {
    const url = new URL(response.url());
    return url.pathname.endsWith('/admin/orders') && url.searchParams.has('search') && url.searchParams.get('status') === 'payment_pending';
  });
  await page.getByRole('searchbox', { name: 'Cari pesanan' }).pressSequentially(nina.identityNumber.slice(-6));
  await page.keyboard.press('Enter');
  // Before that list is back, a filter: the Enter was for the list without it.
  await page.getByLabel('Status pesanan').selectOption('payment_pending');
  searched.release();
  await filtered;
  await expect(page.getByRole('row', { name: 'Pesanan Nina Kartika' })).toBeVisible();
  await page.waitForTimeout(300);
  await expect(page.getByRole('dialog')).toHaveCount(0);
});
