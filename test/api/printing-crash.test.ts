/**
 * The print queue through a crash of the real `serve` process: a receipt stored while the printer
 * was offline, then the process SIGKILLed, prints exactly once when serve is back (and the printer
 * too); a job that was being sent when the process died may have reached the paper, so it is not
 * sent again by itself: it waits as interrupted for the operator.
 */
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { contract, pathOf } from '../../src/shared/contract/index.js';
import { startPrinterEmulator, type PrinterEmulator } from '../support/escpos-printer.js';
import { orderBody, ordersPath } from '../support/fixtures.js';
import { seedDataDir, tempDir, type TempDir } from '../support/harness.js';
import { fetchJson, runCli, startServe, type Served } from '../support/serve.js';

describe('the print queue through a crash', () => {
  let dir: TempDir;
  let printer: PrinterEmulator;
  const running: Served[] = [];
  afterEach(async () => {
    for (const served of running.splice(0)) await served.stop('SIGKILL');
    await printer.close();
    dir.remove();
  });

  it('prints a job stored before the crash once after it; leaves one cut off mid-send to the operator', async () => {
    dir = tempDir();
    printer = await startPrinterEmulator();
    const { key, event } = seedDataDir(dir.path);
    expect((await runCli(['settings', 'set', '--data-dir', dir.path, '--printer-address', printer.address])).code).toBe(0);
    const api = (base: string, path: string, body?: unknown) => fetchJson(`${base}${path}`, { method: body === undefined ? 'GET' : 'POST', headers: { 'x-api-key': key }, body });

    printer.setOffline(true);
    const first = await startServe(dir.path);
    running.push(first);
    const made = await api(first.url, ordersPath(event.id), orderBody(event));
    const order = made.body.data;
    expect((await api(first.url, pathOf(contract.checkout.path, { idOrSlug: event.id, orderId: order.id }), { method: 'card', reference: 'EDC 5' })).status).toBe(200);
    const job = (await api(first.url, pathOf(contract.printInvoice.path, { idOrSlug: event.id, orderId: order.id }), {})).body.data;
    expect(job.state).toBe('waiting');
    // It waits, saying why.
    for (let tries = 0; ; tries++) {
      const listed = (await api(first.url, contract.listPrintJobs.path)).body.data.find((j: { id: string }) => j.id === job.id);
      if (listed.lastError) break;
      expect(tries).toBeLessThan(100);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await first.stop('SIGKILL');
    running.splice(0);

    // A second job as the crash left it: taken for sending, not known to be printed.
    const db = new Database(join(dir.path, 'counter.db'));
    db.prepare("insert into print_jobs (id, title, payload, state, attempts, created_by_name, created_at) values ('01JZZZZZZZZZZZZZZZZZZZZZZZ', 'Terputus', ?, 'printing', 1, 'Kasir', 0)").run(Buffer.from('\x1b@Terputus\n\x1dV\x01', 'latin1'));
    db.close();

    printer.setOffline(false);
    const second = await startServe(dir.path);
    running.push(second);
    const jobsNow = async () => (await api(second.url, contract.listPrintJobs.path)).body.data as { id: string; state: string; lastError: string | null }[];
    for (let tries = 0; (await jobsNow()).find((j) => j.id === job.id)?.state !== 'printed'; tries++) {
      expect(tries).toBeLessThan(200);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const jobs = await jobsNow();
    expect(jobs.find((j) => j.id === job.id)).toMatchObject({ state: 'printed' });
    expect(jobs.find((j) => j.id === '01JZZZZZZZZZZZZZZZZZZZZZZZ')).toMatchObject({ state: 'interrupted', lastError: expect.stringMatching(/mungkin sudah tercetak/) });
    // Give a second send, were there one, time to arrive: there is none.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(printer.receipts().map((r) => r.text.includes('Terputus'))).toEqual([false]);
    expect(printer.receipts()).toHaveLength(1);
  });
});
