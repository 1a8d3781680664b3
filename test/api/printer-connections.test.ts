/**
 * The receipt printer on a local device and behind the system spooler, chosen by the form of
 * printerAddress: a receipt written to a device file (a FIFO standing in for /dev/usb/lp0, under
 * /dev/shm: only a path under /dev with a printer's name is taken as a printer) or piped
 * to CUPS's `lp` (a script standing in for it on PATH) is the invoice's, cut once, with no status
 * request; a device that is not there, a queue CUPS does not know and no lp at all leave the job
 * waiting, saying why, and it prints once the printer is there.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, closeSync, constants, createReadStream, mkdirSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { contract } from '../../src/shared/contract/index.js';
import { expectOk } from '../support/envelope.js';
import { decodeEscPos } from '../support/escpos-printer.js';
import { makeCaller } from '../support/fixtures.js';
import { tempDir, useHarness, type TempDir } from '../support/harness.js';
import { call } from '../support/http.js';
import { world, type World } from '../support/world.js';

type Job = { id: string; state: string; lastError: string | null };

describe('receipt printers on a device file and on the system spooler', () => {
  const harness = useHarness();
  let dir: TempDir;
  /** Where the stand-ins for printer devices are made: under /dev (a tmpfs every Linux has), as the setting asks. */
  let devices: TempDir;
  let w: World;

  beforeEach(() => {
    dir = tempDir();
    devices = tempDir('/dev/shm/ticket-counter-printers-');
    w = world(harness(), { name: 'Konser Senja' });
  });
  afterEach(() => {
    dir.remove();
    devices.remove();
  });

  /** Through the settings endpoint, as the counter's owner does it. */
  const setPrinter = async (printerAddress: string) => {
    const h = harness();
    const reply = await h.request({ method: 'PATCH', url: '/settings', key: makeCaller(h.services, 'super_admin').key, body: { printerAddress } });
    expect(expectOk(reply).printerAddress).toBe(printerAddress);
  };
  const print = async (order: { id: string }) => {
    const job = expectOk(await harness().request({ ...call(contract.printInvoice, { params: { idOrSlug: w.event.id, orderId: order.id }, body: {} }), key: w.organizer.key }), 201) as Job;
    await harness().services.printQueue.idle();
    return job;
  };
  const jobOf = async (id: string) => {
    const listed = expectOk(await harness().request({ ...call(contract.listPrintJobs, {}), key: w.organizer.key })) as Job[];
    return listed.find((j) => j.id === id);
  };
  const retry = async (id: string) => {
    expectOk(await harness().request({ ...call(contract.retryPrintJob, { params: { jobId: id }, body: {} }), key: w.organizer.key }));
    await harness().services.printQueue.idle();
  };

  /** One receipt, the order's invoice, as the printer was given it: cut once, no status asked of a printer that cannot answer. */
  const expectReceiptOf = (bytes: Buffer, order: { invoiceNumber: string }, buyer: string) => {
    const printed = decodeEscPos(bytes);
    expect(printed.receipts).toHaveLength(1);
    const [receipt] = printed.receipts;
    expect(receipt!.text).toContain(`Invoice ${order.invoiceNumber}`);
    expect(receipt!.text).toContain('LUNAS');
    expect(receipt!.text).toContain('Konser Senja');
    expect(receipt!.text).toContain(buyer);
    expect(receipt!.qrCodes).toHaveLength(1);
    expect(receipt!.cuts).toBe(1);
    expect(printed.statusRequests).toBe(0);
    expect(printed.unknown).toEqual([]);
  };

  describe('a device file', () => {
    const readers: { release(): void }[] = [];
    afterEach(() => {
      for (const reader of readers.splice(0)) reader.release();
    });

    /** What one writer writes into the FIFO at `path`, once it closes it. */
    function readFifo(path: string): Promise<Buffer> {
      const chunks: Buffer[] = [];
      let ended = false;
      const stream = createReadStream(path);
      readers.push({
        // A reader still waiting for a writer holds one of Node's file threads: a writer that comes and goes ends it.
        release: () => {
          if (!ended) closeSync(openSync(path, constants.O_WRONLY | constants.O_NONBLOCK));
        },
      });
      return new Promise((resolve, reject) => {
        stream.on('data', (chunk) => chunks.push(chunk as Buffer));
        stream.on('error', reject);
        stream.on('end', () => {
          ended = true;
          resolve(Buffer.concat(chunks));
        });
      });
    }

    it("writes a sale's receipt to the device: the invoice's text, one cut, no status request", async () => {
      const device = join(devices.path, 'lp0');
      execFileSync('mkfifo', [device]);
      await setPrinter(device);
      const received = readFifo(device);
      const order = await w.sell({ registration: { name: 'Ayu Lestari' } });
      const job = await print(order);
      expectReceiptOf(await received, order, 'Ayu Lestari');
      expect(await jobOf(job.id)).toMatchObject({ state: 'printed', lastError: null });
    });

    it('a device that is not there keeps the job waiting, saying so; it prints once the device is there', async () => {
      const device = join(devices.path, 'lp1');
      await setPrinter(device);
      const order = await w.sell({ registration: { name: 'Budi Santoso' } });
      const job = await print(order);
      expect(await jobOf(job.id)).toMatchObject({ state: 'waiting', lastError: expect.stringMatching(/tidak ditemukan: pastikan printer menyala/) });
      // Nothing was made in its place: the path is still free for the device.
      execFileSync('mkfifo', [device]);

      const received = readFifo(device);
      await retry(job.id);
      expectReceiptOf(await received, order, 'Budi Santoso');
      expect(await jobOf(job.id)).toMatchObject({ state: 'printed', lastError: null });
    });

    // A path is trusted to be a printer only if it is a device (or a pipe, as a print server's):
    // an owner's typo, or a stolen key, must not have receipts written over the counter's files.
    it('a plain file is no printer: the job waits, saying so, and the file is as it was', async () => {
      const file = join(devices.path, 'lp9');
      writeFileSync(file, 'isi penting');
      await setPrinter(file);
      const job = await print(await w.sell());
      expect(await jobOf(job.id)).toMatchObject({ state: 'waiting', lastError: expect.stringMatching(/bukan perangkat printer/) });
      expect(readFileSync(file, 'utf8')).toBe('isi penting');
    });
  });

  describe('the system spooler (CUPS, raw queue)', () => {
    const saved = { PATH: process.env.PATH };
    let jobsFile: string;

    /** A stand-in for CUPS's lp on PATH: takes `-d <queue> -o raw` for the one queue it knows, its job from stdin. */
    beforeEach(() => {
      const bin = join(dir.path, 'bin');
      mkdirSync(bin);
      const lp = join(bin, 'lp');
      writeFileSync(
        lp,
        [
          '#!/bin/sh',
          'if [ "$#" -ne 4 ] || [ "$1" != "-d" ] || [ "$3" != "-o" ] || [ "$4" != "raw" ]; then echo "lp: unexpected arguments: $*" >&2; exit 2; fi',
          'if [ "$2" != "$LP_DOUBLE_QUEUE" ]; then echo "lp: The printer or class does not exist." >&2; exit 1; fi',
          'cat >> "$LP_DOUBLE_JOBS"',
          'echo "request id is $2-1 (0 file(s))"',
          '',
        ].join('\n'),
      );
      chmodSync(lp, 0o755);
      jobsFile = join(dir.path, 'jobs');
      writeFileSync(jobsFile, '');
      Object.assign(process.env, { PATH: `${bin}:${saved.PATH}`, LP_DOUBLE_QUEUE: 'Kasir_1', LP_DOUBLE_JOBS: jobsFile });
    });
    afterEach(() => {
      process.env.PATH = saved.PATH;
      delete process.env.LP_DOUBLE_QUEUE;
      delete process.env.LP_DOUBLE_JOBS;
    });

    it("pipes a sale's receipt to lp -d <queue> -o raw: the invoice's text, one cut, no status request", async () => {
      await setPrinter('cups:Kasir_1');
      const order = await w.sell({ registration: { name: 'Citra Dewi' } });
      const job = await print(order);
      expect(await jobOf(job.id)).toMatchObject({ state: 'printed', lastError: null });
      expectReceiptOf(readFileSync(jobsFile), order, 'Citra Dewi');
    });

    it("a queue CUPS does not know keeps the job waiting with lp's words; it prints once the queue is there", async () => {
      await setPrinter('cups:Kasir_2');
      const order = await w.sell({ registration: { name: 'Dedi Kurnia' } });
      const job = await print(order);
      expect(await jobOf(job.id)).toMatchObject({ state: 'waiting', lastError: expect.stringContaining('lp: The printer or class does not exist.') });
      expect(readFileSync(jobsFile)).toHaveLength(0);

      process.env.LP_DOUBLE_QUEUE = 'Kasir_2';
      await retry(job.id);
      expect(await jobOf(job.id)).toMatchObject({ state: 'printed', lastError: null });
      expectReceiptOf(readFileSync(jobsFile), order, 'Dedi Kurnia');
    });

    it('without lp on the computer the job waits, saying CUPS is missing', async () => {
      const empty = join(dir.path, 'empty');
      mkdirSync(empty);
      process.env.PATH = empty;
      await setPrinter('cups:Kasir_1');
      const job = await print(await w.sell());
      expect(await jobOf(job.id)).toMatchObject({ state: 'waiting', lastError: expect.stringMatching(/Perintah lp tidak ditemukan/) });
    });
  });
});
