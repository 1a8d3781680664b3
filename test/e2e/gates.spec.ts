/**
 * The gates as the event's manager watches them: the Reports screen's Gerbang panel counts real
 * scans made through the API (admitted, refused and why, exited, re-entered) per gate, category
 * and quarter hour, by itself while shown; the re-entry switch, for those the service says may
 * change it. The Sync screen's gate list against the double of the central service:
 * tickets sold there before the day are ready at the gates after one press, and one the central
 * cancelled while its holder was inside is listed and noticed.
 */
import { contract, requestOf, type CallInput, type EndpointBase } from '../../src/shared/contract/index.js';
import { startCentralDouble } from '../support/central-double.js';
import { DEMO, doubleSeed } from '../support/double-seed.js';
import { fetchJson, runCli, type JsonReply } from '../support/serve.js';
import { CASHIER, COFFEE, OWNER, ORGANIZER, chooseEvent, customer, expect, holdBack, logIn, saleBody, screenshot, test } from './support/counter.js';

/** Calls an endpoint of the contract on the counter with these credentials' headers. */
function caller(url: string, headers: Record<string, string>) {
  return <E extends EndpointBase>(endpoint: E, input: CallInput<E>): Promise<JsonReply> => {
    const { method, url: path, body } = requestOf(endpoint, input);
    return fetchJson(`${url}${path}`, { method, body, headers });
  };
}

async function loggedInCaller(url: string, who: { email: string; password: string } = OWNER) {
  const login = await caller(url, {})(contract.logIn, { body: who });
  expect(login.status).toBe(200);
  return caller(url, { authorization: `Bearer ${login.body.data.token}` });
}

const coffee = { params: { idOrSlug: COFFEE.id } };

test('the Gerbang panel counts real scans by itself; the re-entry switch for those who may change it', async ({ page, counter, browser }) => {
  const send = caller(counter.url, { 'x-api-key': counter.key });
  const orderIds: string[] = [];
  for (const [i, category] of [COFFEE.daily, COFFEE.daily, COFFEE.pass].entries()) {
    const order = await send(contract.createOrder, { ...coffee, body: saleBody(customer(`Pengunjung Gerbang ${i}`), category) });
    expect(order.status).toBe(201);
    const paid = await send(contract.checkout, { params: { idOrSlug: COFFEE.id, orderId: order.body.data.id }, body: { method: 'cash', amountTendered: '500000' } });
    expect(paid.status).toBe(200);
    orderIds.push(order.body.data.id);
  }
  const [ani, budi, citra] = orderIds as [string, string, string];

  await logIn(page, counter.url, ORGANIZER);
  await chooseEvent(page, 'kopi');
  await page.keyboard.press('F6');
  const panel = page.getByRole('region', { name: 'Gerbang', exact: true });
  await expect(panel.getByRole('heading', { name: `Gerbang · ${COFFEE.name}` })).toBeVisible();
  await expect(panel.getByText('Belum ada pindaian di gerbang untuk acara ini.')).toBeVisible();
  const reentry = panel.getByRole('checkbox', { name: 'Boleh masuk kembali setelah keluar' });
  await expect(reentry).not.toBeChecked();

  const scan = (body: CallInput<typeof contract.checkIn>['body']) => send(contract.checkIn, { ...coffee, body });
  expect((await scan({ orderId: ani, gate: 'Gerbang Utara' })).status).toBe(201);
  expect((await scan({ orderId: budi, gate: 'Gerbang Selatan' })).status).toBe(201);
  expect((await scan({ orderId: citra, gate: 'Gerbang Utara' })).status).toBe(201);
  expect((await scan({ orderId: ani, gate: 'Gerbang Utara' })).status).toBe(409);
  expect((await scan({ ticketNumber: 'TIDAK-ADA-0001', gate: 'Gerbang Selatan' })).status).toBe(404);
  // Re-entry is off: an exit scan is refused.
  expect((await send(contract.exitTicket, { ...coffee, body: { orderId: budi, gate: 'Gerbang Selatan' } })).status).toBe(409);

  // The panel reads them by itself, no reload: 3 inside, 3 refused, nobody out yet.
  await expect(panel.getByTestId('gate-inside')).toContainText('3');
  await expect(panel.getByTestId('gate-refused')).toContainText('3');
  const why = panel.getByRole('region', { name: 'Alasan penolakan' });
  await expect(why.getByRole('row', { name: /Sudah di dalam/ })).toContainText('1');
  await expect(why.getByRole('row', { name: /Tiket tidak ditemukan/ })).toContainText('1');
  await expect(why.getByRole('row', { name: /Masuk kembali tidak diizinkan/ })).toContainText('1');

  // The manager allows re-entry; Budi goes out and comes back, Ani goes out.
  await reentry.check();
  await expect(reentry).toBeChecked();
  await expect.poll(async () => (await send(contract.gateCounts, coffee)).body.data.reentryAllowed).toBe(true);
  expect((await send(contract.exitTicket, { ...coffee, body: { orderId: budi, gate: 'Gerbang Selatan' } })).status).toBe(201);
  expect((await scan({ orderId: budi, gate: 'Gerbang Utara' })).status).toBe(201);
  expect((await send(contract.exitTicket, { ...coffee, body: { orderId: ani, gate: 'Gerbang Utara' } })).status).toBe(201);

  const expected = (await send(contract.gateCounts, coffee)).body.data;
  expect(expected).toMatchObject({ insideNow: 2, admitted: 4, refused: 3, exited: 2 });
  await expect(panel.getByTestId('gate-inside')).toContainText('2');
  await expect(panel.getByTestId('gate-admitted')).toContainText('4');
  await expect(panel.getByTestId('gate-refused')).toContainText('3');
  await expect(panel.getByTestId('gate-exited')).toContainText('2');
  // Each line as the service counted it: masuk, ditolak, keluar.
  const line = (t: { admitted: number; refused: number; exited: number }) => new RegExp(`${t.admitted}\\s*${t.refused}\\s*${t.exited}$`);
  const gates = panel.getByRole('region', { name: 'Per gerbang' });
  await expect(gates.getByRole('row', { name: /Gerbang Utara/ })).toHaveText(/Gerbang Utara\s*3\s*1\s*1$/);
  await expect(gates.getByRole('row', { name: /Gerbang Selatan/ })).toHaveText(/Gerbang Selatan\s*1\s*2\s*1$/);
  const categories = panel.getByRole('region', { name: 'Per kategori' });
  for (const c of expected.byCategory.filter((c: { ticketCategoryName: string }) => c.ticketCategoryName)) {
    await expect(categories.getByRole('row', { name: new RegExp(c.ticketCategoryName) })).toHaveText(line(c));
  }
  await expect(categories.getByRole('row', { name: /Harian/ })).toHaveText(/Harian\s*3\s*2\s*2$/);
  const quarters = panel.getByRole('region', { name: 'Per 15 menit' });
  const last = expected.byQuarter.at(-1);
  await expect(quarters.getByRole('row').nth(1)).toContainText(last.from.slice(11, 16).replace(':', '.'));
  await expect(quarters.getByRole('row').nth(1)).toHaveText(line(last));
  await panel.evaluate((element) => element.scrollIntoView());
  await screenshot(page, 'reports-gates');

  // The cashier may change the setting (the demo grants it event:update on the fair): it gets the
  // switch. Lowered to gate staff meanwhile, the panel's next read takes the switch away and shows
  // the setting as a sentence: the service says who may change it.
  const cashierPage = await (await browser.newContext()).newPage();
  await logIn(cashierPage, counter.url, CASHIER);
  await chooseEvent(cashierPage, 'kopi');
  await cashierPage.keyboard.press('F6');
  const staffPanel = cashierPage.getByRole('region', { name: 'Gerbang', exact: true });
  await expect(staffPanel.getByRole('checkbox', { name: 'Boleh masuk kembali setelah keluar' })).toBeChecked();
  const lowered = await runCli(['user', 'grant', '--data-dir', counter.dataDir, '--email', CASHIER.email, '--event', COFFEE.slug, '--permission', 'event:checkin']);
  expect(lowered.code, lowered.stderr).toBe(0);
  await expect(staffPanel.getByText('Masuk kembali setelah keluar diizinkan.')).toBeVisible();
  await expect(staffPanel.getByRole('checkbox')).toHaveCount(0);
  await staffPanel.evaluate((element) => element.scrollIntoView());
  await screenshot(cashierPage, 'reports-gates-staff');
  // And the service refuses it the change all the same.
  const asCashier = await loggedInCaller(counter.url, CASHIER);
  expect((await asCashier(contract.setGateSettings, { ...coffee, body: { reentryAllowed: false } })).status).toBe(403);
  expect((await send(contract.gateCounts, coffee)).body.data.reentryAllowed).toBe(true);
  await expect(staffPanel.getByTestId('gate-inside')).toContainText('2');
});

test('the Sync screen pulls the gate list from the central: ready at the gates, and cancelled while inside', async ({ page, counter }) => {
  test.setTimeout(60_000);
  const double = await startCentralDouble({ seed: doubleSeed() });
  try {
    // Sold on the central's web shop before the day.
    const presold = double.sellElsewhere(DEMO.eventId, DEMO.harian, 5);
    const send = await loggedInCaller(counter.url);
    expect((await send(contract.setRemote, { body: { baseUrl: double.url, apiKey: double.counterKey } })).status).toBe(200);

    await logIn(page, counter.url, OWNER);
    await page.keyboard.press('F3');
    const section = page.getByRole('region', { name: 'Daftar gerbang' });
    const pull = section.getByRole('button', { name: 'Tarik daftar gerbang sekarang' });
    await expect(pull).toBeEnabled();
    // Held on its way a moment, as on a slow link: the button says it is busy and takes no second press.
    const slow = await holdBack(page, /\/sync\/gate-list$/, (request) => request.method() === 'POST');
    await pull.click();
    await expect(section.getByRole('button', { name: 'Menarik daftar gerbang…' })).toBeDisabled();
    slow.release();
    await expect(section.getByRole('status')).toContainText('Daftar gerbang selesai ditarik: 5 tiket');
    const row = section.getByTestId('gate-list').getByRole('row', { name: new RegExp(COFFEE.name) });
    await expect(row.getByTestId('gate-list-ready')).toHaveText('5 tiket');
    await expect(section.getByTestId('cancelled-inside')).toHaveCount(0);

    // One is admitted at the gate, then the central cancels it: the next pull reports it.
    const inside = presold[0]!;
    const admitted = await send(contract.checkIn, { params: { idOrSlug: DEMO.eventId }, body: { ticketNumber: inside.ticketNumber!, gate: 'Gerbang Utara' } });
    expect(admitted.status, JSON.stringify(admitted.body)).toBe(201);
    double.cancelElsewhere(inside.id);
    await pull.click();
    const cancelled = section.getByTestId('cancelled-inside');
    await expect(cancelled.getByRole('row', { name: new RegExp(inside.ticketNumber!) })).toContainText('Gerbang Utara');
    await expect(cancelled.getByRole('row', { name: new RegExp(inside.ticketNumber!) })).toContainText('Admin Demo');
    await expect(row.getByTestId('gate-list-ready')).toHaveText('4 tiket');
    // The notices say it too, counted, like the others.
    const expected = (await send(contract.syncStatus, {})).body.data.notices.find((n: { kind: string }) => n.kind === 'cancelled_inside');
    expect(expected).toBeTruthy();
    await expect(page.getByRole('region', { name: 'Catatan layanan pusat' })).toContainText(expected.message);
    await section.evaluate((element) => element.scrollIntoView());
    await screenshot(page, 'sync-gate-list');
  } finally {
    await double.close();
  }
});
