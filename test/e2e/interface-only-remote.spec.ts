/**
 * A counter whose remote speaks only the interface (the double of the central service): the Sync
 * screen says what that remote lacks and what to do about it, what the last pull skipped and why,
 * and the last round's error in Indonesian.
 */
import { startCentralDouble } from '../support/central-double.js';
import { doubleSeed } from '../support/double-seed.js';
import { runCli, startServe, type Served } from '../support/serve.js';
import { CASHIER, chooseEvent, customer, expect, logIn, ORGANIZER, screenshot, startSale, tempDataDir, test } from './support/counter.js';

async function cli(args: string[], input?: string): Promise<string> {
  const result = await runCli(args, input);
  if (result.code !== 0) throw new Error(`${args.join(' ')}: ${result.stderr}`);
  return result.stdout;
}

test('the Sync screen tells what the central service lacks, what the pull skipped, and why a round failed', async ({ page }) => {
  const double = await startCentralDouble({ seed: doubleSeed() });
  double.switches.unknownEnums = true;
  double.switches.malformed = { eventId: '01JDEM0000000000000000EV03' };
  const dir = await tempDataDir();
  let counter: Served | undefined;
  try {
    await cli(['user', 'create', '--data-dir', dir.path, '--email', 'pemilik@loket.test', '--name', 'Pemilik Loket', '--role', 'organizer', '--password', ORGANIZER.password]);
    await cli(['user', 'create', '--data-dir', dir.path, '--email', CASHIER.email, '--name', 'Kasir Loket', '--role', 'staff', '--password', CASHIER.password]);
    await cli(['remote', 'set', '--data-dir', dir.path, '--base-url', double.url], double.counterKey);
    await cli(['sync', 'now', '--data-dir', dir.path]);
    counter = await startServe(dir.path, { env: { TICKET_COUNTER_SYNC_INTERVAL_MS: '500', TICKET_COUNTER_SYNC_TIMEOUT_MS: '2000' } });

    // A QRIS sale, confirmed at the counter: the remote has no payment confirm.
    await logIn(page, counter.url);
    await chooseEvent(page, 'kopi');
    await startSale(page, 'Harian', customer('Sari Qris'));
    await page.keyboard.press('Alt+q');
    await page.getByLabel('ID transaksi QRIS (opsional)').fill('QRIS-0001');
    await page.getByLabel('ID transaksi QRIS (opsional)').press('Enter');
    await expect(page.getByRole('heading', { name: 'Menunggu verifikasi' })).toBeFocused();
    await page.getByRole('button', { name: /Pembayaran diterima/ }).click();
    await expect(page.getByTestId('ticket-number')).toBeVisible();
    await expect(page.getByTestId('pending-count')).toHaveText('Semua tersinkron', { timeout: 30_000 });

    await page.keyboard.press('F3');
    const report = page.getByRole('region', { name: 'Catatan layanan pusat' });
    await expect(report).toContainText('1 penjualan QRIS/transfer sudah dikonfirmasi di loket tetapi masih "menunggu verifikasi" di layanan pusat');
    await expect(page.getByTestId('remote-lacks')).toContainText('Layanan pusat tidak punya konfirmasi pembayaran');
    const pulled = page.getByTestId('pull-report');
    await expect(pulled.getByRole('row', { name: /Festival Wayang Malam/ })).toContainText('Dilewati');
    await expect(pulled.getByRole('row', { name: /Pameran Kopi Nusantara/ })).toContainText('feeBearer "buyer" dibaca sebagai "customer"');
    await screenshot(page, 'sync-interface-only');

    await double.goDown();
    await page.getByRole('button', { name: 'Sinkronkan sekarang' }).click();
    await expect(page.getByTestId('last-error')).toHaveText(/^Layanan pusat tidak dapat dihubungi \(ECONNREFUSED\)/, { timeout: 30_000 });
    await screenshot(page, 'sync-interface-only-down');
  } finally {
    await counter?.stop();
    await double.close();
    dir.remove();
  }
});
