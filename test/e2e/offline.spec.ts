/**
 * Selling through an outage: a counter replicating to a remote (another instance of the service)
 * keeps selling while the remote is down, shows it is offline and how much waits, and the count
 * falls to zero once the remote is back, every sale arriving there.
 */
import { createServer } from 'node:net';
import { CASHIER, chooseEvent, COFFEE, customer, expect, logIn, ORGANIZER, organizerKey, screenshot, startSale, tempDataDir, test, apiOf } from './support/counter.js';
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

test('sells while the remote is down; the pending count falls to zero when it returns', async ({ page }) => {
  // Two servers, two sales and an outage: on a loaded two-core machine this outlasts the default timeout.
  test.slow();
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
    await cli(['user', 'create', '--data-dir', counterDir.path, '--email', 'pemilik@loket.test', '--name', 'Pemilik Loket', '--role', 'organizer', '--password', ORGANIZER.password]);
    await cli(['user', 'create', '--data-dir', counterDir.path, '--email', CASHIER.email, '--name', 'Kasir Loket', '--role', 'staff', '--password', CASHIER.password]);
    await cli(['remote', 'set', '--data-dir', counterDir.path, '--base-url', remote.url], remoteKey);
    await cli(['sync', 'now', '--data-dir', counterDir.path]);
    counter = await startServe(counterDir.path, { env: { TICKET_COUNTER_SYNC_INTERVAL_MS: '500', TICKET_COUNTER_SYNC_TIMEOUT_MS: '2000' } });

    await logIn(page, counter.url);
    await chooseEvent(page, 'kopi');
    await expect(page.getByTestId('connection')).toHaveText('Online');
    await expect(page.getByTestId('pending-count')).toHaveText('Semua tersinkron');

    await remote.stop();
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

    remote = await startServe(remoteDir.path, { port });
    await expect(page.getByTestId('pending-count')).toHaveText('Semua tersinkron', { timeout: 30_000 });
    await expect(page.getByTestId('connection')).toHaveText('Online');
    await screenshot(page, 'sync-back-online');

    // Both sales reached the remote once, paid.
    const remoteApi = apiOf(remote.url, remoteKey);
    for (const c of sold) {
      const found = await remoteApi(`/events/${COFFEE.slug}/admin/orders?search=${encodeURIComponent(c.email)}`);
      expect(found.body.data.map((o: { paymentStatus: string }) => o.paymentStatus)).toEqual(['paid']);
    }
  } finally {
    await counter?.stop();
    await remote?.stop();
    counterDir.remove();
    remoteDir.remove();
  }
});
