/**
 * Selling through an outage: a counter replicating to a remote (another instance of the service)
 * keeps selling while the remote is down, shows it is offline and how much waits, and the count
 * falls to zero once the remote is back, every sale arriving there.
 */
import { createServer } from 'node:net';
import { CASHIER, chooseEvent, COFFEE, customer, expect, logIn, ORGANIZER, organizerKey, saleBody, screenshot, startSale, tempDataDir, test, apiOf } from './support/counter.js';
import { runCli, startServe, type Served } from '../support/serve.js';

/** A port free now, so that the remote can come back on the same address. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function cli(args: string[], input?: string): Promise<string> {
  const result = await runCli(args, input);
  if (result.code !== 0) throw new Error(`${args.join(' ')}: ${result.stderr}`);
  return result.stdout;
}

const OWNER_HERE = { email: 'pemilik@loket.test', password: ORGANIZER.password, approvalPin: ORGANIZER.approvalPin };

/** A remote (a demo instance) and a counter replicating to it, with its owner and a cashier; both stopped after `run`. */
async function withRemote(run: (world: { remote: () => Served; restartRemote: () => Promise<Served>; remoteKey: string; counter: Served; counterDir: string }) => Promise<void>): Promise<void> {
  const remoteDir = await tempDataDir();
  const counterDir = await tempDataDir();
  const port = await freePort();
  let remote: Served | undefined;
  let counter: Served | undefined;
  try {
    await cli(['demo', '--data-dir', remoteDir.path]);
    const remoteKey = await organizerKey(remoteDir.path, 'loket 1');
    remote = await startServe(remoteDir.path, { port });

    // The counter: its owner and a cashier, the remote's key on stdin, events pulled.
    await cli(['user', 'create', '--data-dir', counterDir.path, '--email', OWNER_HERE.email, '--name', 'Pemilik Loket', '--role', 'organizer', '--password', OWNER_HERE.password]);
    await cli(['user', 'pin', '--data-dir', counterDir.path, '--email', OWNER_HERE.email], OWNER_HERE.approvalPin);
    await cli(['user', 'create', '--data-dir', counterDir.path, '--email', CASHIER.email, '--name', 'Kasir Loket', '--role', 'staff', '--password', CASHIER.password]);
    await cli(['remote', 'set', '--data-dir', counterDir.path, '--base-url', remote.url], remoteKey);
    await cli(['sync', 'now', '--data-dir', counterDir.path]);
    counter = await startServe(counterDir.path, { env: { TICKET_COUNTER_SYNC_INTERVAL_MS: '500', TICKET_COUNTER_SYNC_TIMEOUT_MS: '2000' } });
    const restartRemote = async () => (remote = await startServe(remoteDir.path, { port }));
    await run({ remote: () => remote!, restartRemote, remoteKey, counter, counterDir: counterDir.path });
  } finally {
    await counter?.stop();
    await remote?.stop();
    counterDir.remove();
    remoteDir.remove();
  }
}

test('sells while the remote is down; the pending count falls to zero when it returns', async ({ page }) => {
  // Two servers, two sales and an outage: on a loaded two-core machine this outlasts the default timeout.
  test.slow();
  await withRemote(async ({ remote, restartRemote, remoteKey, counter }) => {
    await logIn(page, counter.url);
    await chooseEvent(page, 'kopi');
    await expect(page.getByTestId('connection')).toHaveText('Online');
    await expect(page.getByTestId('pending-count')).toHaveText('Semua tersinkron');

    await remote().stop();
    const sold = [customer('Putri Offline'), customer('Bayu Offline', 'male', '03-02-1985')];
    for (const c of sold) {
      await startSale(page, 'Harian', c);
      await page.getByLabel('Uang diterima').fill('100.000');
      await page.getByRole('button', { name: /Bayar/ }).click();
      await expect(page.getByTestId('ticket-number')).toBeVisible();
      await page.getByRole('button', { name: /Pelanggan berikutnya/ }).click();
    }
    await expect(page.getByTestId('connection')).toHaveText('Offline');
    // Each sale is two changes to send: its creation and its payment.
    await expect(page.getByTestId('pending-count')).toHaveText('4 perubahan belum terkirim');
    await expect(page.getByTestId('category-Harian')).toContainText('Jatah offline: ');
    await screenshot(page, 'offline-selling');
    await page.keyboard.press('F3');
    await expect(page.getByTestId('sync-pending')).toHaveText('4');
    await screenshot(page, 'sync-offline');

    const back = await restartRemote();
    await expect(page.getByTestId('pending-count')).toHaveText('Semua tersinkron', { timeout: 30_000 });
    await expect(page.getByTestId('connection')).toHaveText('Online');
    await screenshot(page, 'sync-back-online');

    // Both sales reached the remote once, paid.
    const remoteApi = apiOf(back.url, remoteKey);
    for (const c of sold) {
      const found = await remoteApi(`/events/${COFFEE.slug}/admin/orders?search=${encodeURIComponent(c.email)}`);
      expect(found.body.data.map((o: { paymentStatus: string }) => o.paymentStatus)).toEqual(['paid']);
    }
  });
});

test("a basket's line the remote refused after an outage is refunded from its conflict", async ({ page }) => {
  test.slow();
  await withRemote(async ({ remote, restartRemote, remoteKey, counter, counterDir }) => {
    const ayu = customer('Ayu Konflik');
    const dimas = customer('Dimas Konflik', 'male', '09-09-1988');
    // Dimas registered himself online at the remote, with his own e-mail; the counter, cut off,
    // sells him in his family's basket.
    const himself = saleBody({ ...dimas, email: 'dimas.sendiri@contoh.id' });
    const online = await apiOf(remote().url, remoteKey)(`/events/${COFFEE.slug}/admin/orders`, { method: 'POST', body: himself });
    expect(online.status).toBe(201);
    await remote().stop();
    const kiosk = apiOf(counter.url, (await cli(['apikey', 'create', '--data-dir', counterDir, '--email', OWNER_HERE.email, '--name', 'kios'])).trim());
    const lines = [ayu, dimas].map((c) => ({ ticketCategoryId: COFFEE.daily, registration: saleBody(c).registration }));
    const made = await kiosk(`/events/${COFFEE.slug}/admin/transactions`, { method: 'POST', body: { eventId: COFFEE.id, lines } });
    expect(made.status).toBe(201);
    const paid = await kiosk(`/events/${COFFEE.slug}/admin/transactions/${made.body.data.id}/checkout`, { method: 'POST', body: { method: 'card', reference: 'EDC 42' } });
    expect(paid.status).toBe(200);
    await restartRemote();

    await logIn(page, counter.url);
    await chooseEvent(page, 'kopi');
    await page.keyboard.press('F3');
    const conflict = page.getByRole('row').filter({ hasText: dimas.name });
    await expect(conflict).toContainText('Nomor identitas sudah terdaftar', { timeout: 30_000 });
    await conflict.getByRole('button', { name: 'Refund di loket' }).click();
    const refund = page.getByRole('dialog', { name: 'Refund pesanan' });
    await refund.getByLabel('Alasan').fill('NIK sudah terdaftar di pusat');
    await refund.getByLabel('Email supervisor (organizer atau pemilik loket)').fill(OWNER_HERE.email);
    await refund.getByLabel('PIN persetujuan supervisor').fill(OWNER_HERE.approvalPin);
    await screenshot(page, 'conflict-refund');
    await refund.getByRole('button', { name: 'Refund', exact: true }).click();
    await expect(refund).toHaveCount(0);
    await expect(page.getByText('Tidak ada perubahan yang ditolak layanan pusat.')).toBeVisible();
    await expect(page.getByTestId('pending-count')).toHaveText('Semua tersinkron', { timeout: 30_000 });

    // Dimas's line is refunded here; Ayu's reached the remote, paid.
    const [line] = made.body.data.orders.filter((o: { id: string }, i: number) => i === 1);
    const detail = await kiosk(`/events/${COFFEE.slug}/admin/orders/${line.id}`);
    expect(detail.body.data).toMatchObject({ status: 'cancelled', refund: { reason: 'NIK sudah terdaftar di pusat' } });
    const there = await apiOf(remote().url, remoteKey)(`/events/${COFFEE.slug}/admin/orders?search=${encodeURIComponent(ayu.email)}`);
    expect(there.body.data.map((o: { paymentStatus: string }) => o.paymentStatus)).toEqual(['paid']);
  });
});
