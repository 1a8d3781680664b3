/**
 * Finding a basket and a customer at the counter: a basket's group QR scanned anywhere lists the
 * basket's orders; an order of a basket leads to the others; "Semua acara" finds a customer in
 * every event, each row naming its event; a ticket number from a wedge scanner opens its order.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { readQr } from '../support/qr.js';
import { COFFEE, chooseEvent, customer, expect, holdBack, logIn, saleBody, scanWithWedge, test, type Counter } from './support/counter.js';

const WAYANG = { id: '01JDEM0000000000000000EV03', slug: 'festival-wayang', category: '01JDEM0000000000000000TK05', name: 'Festival Wayang Malam' };

async function documented(page: Page, name: string): Promise<void> {
  mkdirSync(join('docs', 'screenshots'), { recursive: true });
  await page.screenshot({ path: join('docs', 'screenshots', `${name}.png`) });
}

/** A paid basket of these people at the coffee exhibition, and its group token as its QR code holds it. */
async function paidBasket(counter: Counter, names: string[]): Promise<{ id: string; token: string }> {
  const lines = names.map((name) => {
    const { ticketCategoryId, registration } = saleBody(customer(name));
    return { ticketCategoryId, registration };
  });
  const made = await counter.api(`/events/${COFFEE.slug}/admin/transactions`, { method: 'POST', body: { eventId: COFFEE.id, lines } });
  expect(made.status).toBe(201);
  const paid = await counter.api(`/events/${COFFEE.slug}/admin/transactions/${made.body.data.id}/checkout`, { method: 'POST', body: { method: 'card', reference: 'EDC 7' } });
  expect(paid.status).toBe(200);
  const image = await fetch(`${counter.url}/events/${COFFEE.slug}/admin/transactions/${made.body.data.id}/qr`, { headers: { 'x-api-key': counter.key } });
  return { id: made.body.data.id, token: readQr(Buffer.from(await image.arrayBuffer()))! };
}

const rows = (page: Page) => page.locator('.orders-table tbody tr');

test("a basket's QR scanned at the counter lists its orders; an order of it leads back to them", async ({ page, counter }) => {
  const basket = await paidBasket(counter, ['Hendra Lestari', 'Maya Lestari', 'Tono Lestari']);
  await logIn(page, counter.url);
  await chooseEvent(page, 'kopi');
  // The scanner types the group code into the Sell form, then Enter.
  await page.getByLabel('NIK (16 digit)').fill('31');
  await page.keyboard.type(basket.token, { delay: 1 });
  await page.keyboard.press('Enter');

  await expect(page.getByRole('navigation', { name: 'Menu utama' }).getByRole('button', { name: /Pesanan/ })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByLabel('Cari pesanan')).toHaveValue(basket.id);
  await expect(rows(page)).toHaveCount(3);
  for (const name of ['Hendra Lestari', 'Maya Lestari', 'Tono Lestari']) await expect(rows(page).filter({ hasText: name }).getByText('Transaksi')).toBeVisible();
  await documented(page, 'orders-basket');

  // Found by one name, the order leads to the whole basket.
  await page.getByLabel('Cari pesanan').fill('Maya Lestari');
  await expect(rows(page)).toHaveCount(1);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Pesanan Maya Lestari' });
  await expect(dialog.getByRole('button', { name: /Bagian dari transaksi/ })).toBeVisible();
  await documented(page, 'order-in-basket');
  // Maya enters by the counter: checked in here, as at a gate, once.
  await page.keyboard.press('Alt+k');
  await expect(dialog.getByTestId('participant-status')).toHaveText('Sudah masuk (check-in)');
  await expect(dialog.getByRole('button', { name: /Check-in di loket/ })).toHaveCount(0);
  const group = await counter.api(`/events/${COFFEE.slug}/check-ins/group?token=${basket.token}`);
  expect(group.body.data.tickets.filter((t: { inside: boolean }) => t.inside).map((t: { participant: { name: string } }) => t.participant.name)).toEqual(['Maya Lestari']);
  await dialog.getByRole('button', { name: /Bagian dari transaksi/ }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByLabel('Cari pesanan')).toHaveValue(basket.id);
  await expect(rows(page)).toHaveCount(3);
});

test('"Semua acara" finds a customer in every event, each row naming its event', async ({ page, counter }) => {
  const sari = customer('Sari Anggraini');
  const here = await counter.api(`/events/${COFFEE.slug}/admin/orders`, { method: 'POST', body: saleBody(sari) });
  expect(here.status).toBe(201);
  const there = await counter.api(`/events/${WAYANG.slug}/admin/orders`, {
    method: 'POST',
    body: { ...saleBody(sari, WAYANG.category), eventId: WAYANG.id },
  });
  expect(there.status).toBe(201);

  await logIn(page, counter.url);
  await chooseEvent(page, 'kopi');
  await page.keyboard.press('F2');
  const search = page.getByLabel('Cari pesanan');
  await search.fill('Sari Anggraini');
  await expect(rows(page)).toHaveCount(1);
  await page.getByLabel('Semua acara').check();
  await expect(rows(page)).toHaveCount(2);
  await expect(page.getByRole('columnheader', { name: 'Acara' })).toBeVisible();
  await expect(rows(page).filter({ hasText: WAYANG.name })).toHaveCount(1);
  await expect(rows(page).filter({ hasText: COFFEE.name })).toHaveCount(1);
  await documented(page, 'orders-all-events');

  // The other event's order opens from here.
  await rows(page).filter({ hasText: WAYANG.name }).click();
  await expect(page.getByRole('dialog', { name: 'Pesanan Sari Anggraini' })).toContainText(WAYANG.name);
});

test('a ticket number scanned by a wedge scanner opens its order; typed by a person it stays typed', async ({ page, counter }) => {
  const sale = await counter.api(`/events/${COFFEE.slug}/admin/orders`, { method: 'POST', body: saleBody(customer('Wulan Sari')) });
  expect(sale.status).toBe(201);
  const paid = await counter.api(`/events/${COFFEE.slug}/admin/orders/${sale.body.data.id}/checkout`, { method: 'POST', body: { method: 'card', reference: 'EDC 9' } });
  const number: string = paid.body.data.participants[0].ticketNumber;

  await logIn(page, counter.url);
  await chooseEvent(page, 'kopi');
  const name = page.getByLabel('Nama lengkap');
  // A person types the number into a field at a person's pace: it is their text, left as typed.
  await name.click();
  await page.keyboard.type(number, { delay: 150 });
  await expect(name).toHaveValue(number);
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // The scanner types it in a few milliseconds, then Enter: the order opens, and the form was not sent.
  await name.fill('Wul');
  await scanWithWedge(page, number);
  const opened = page.getByRole('dialog', { name: 'Pesanan Wulan Sari' });
  await expect(opened).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Menu utama' }).getByRole('button', { name: /Pesanan/ })).toHaveAttribute('aria-current', 'page');
  await opened.getByRole('button', { name: 'Tutup' }).click();
  await expect(opened).toHaveCount(0);
});

test('two tickets scanned one after the other: the last one scanned is the one open', async ({ page, counter }) => {
  const numberOf = async (name: string) => {
    const sale = await counter.api(`/events/${COFFEE.slug}/admin/orders`, { method: 'POST', body: saleBody(customer(name)) });
    const paid = await counter.api(`/events/${COFFEE.slug}/admin/orders/${sale.body.data.id}/checkout`, { method: 'POST', body: { method: 'card', reference: 'EDC 5' } });
    return paid.body.data.participants[0].ticketNumber as string;
  };
  const first = await numberOf('Rini Pertama');
  const second = await numberOf('Dodi Kedua');
  await logIn(page, counter.url);
  await chooseEvent(page, 'kopi');
  await page.keyboard.press('F2');
  await expect(page.getByRole('searchbox', { name: 'Cari pesanan' })).toBeFocused();
  // Scanned with the focus on no field, as after a click on the page.
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());

  // The first ticket's lookup is slow to come back; the second is scanned meanwhile.
  const searchedFor = (url: string) => new URL(url).searchParams.get('search');
  const slow = await holdBack(page, /\/admin\/orders\?.*search=/, (request) => searchedFor(request.url()) === first);
  const answered = page.waitForResponse((response) => searchedFor(response.url()) === first);
  await scanWithWedge(page, first);
  await page.waitForTimeout(100);
  await scanWithWedge(page, second);
  await expect(page.getByRole('dialog', { name: 'Pesanan Dodi Kedua' })).toBeVisible();
  slow.release();
  await answered;
  await page.waitForTimeout(300);
  await expect(page.getByRole('dialog', { name: 'Pesanan Dodi Kedua' })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(1);
});
