/**
 * The counter settings over HTTP (extension): every operator reads them, the counter's owner
 * (super_admin) changes them (organizers and staff are refused: roles.test.ts), and a change is what the counter then does (the hold window of new
 * orders), the same store the CLI's `settings` reads.
 */
import { describe, expect, it } from 'vitest';
import { messages } from '../../src/shared/messages.js';
import type { Role } from '../../src/shared/schemas/auth.js';
import { MINUTE } from '../support/clock.js';
import { expectError, expectOk, expectValidation } from '../support/envelope.js';
import { makeCaller } from '../support/fixtures.js';
import { useHarness, type Harness } from '../support/harness.js';
import { world } from '../support/world.js';

const DEFAULTS = {
  holdWindowMinutes: 15,
  invoiceLayout: 'a4',
  offlineAllotmentPercent: 25,
  listenHost: '127.0.0.1',
  listenPort: 8787,
  corsOrigins: [],
  requestsPerMinutePerKey: 600,
  requestsPerMinutePerAddress: 120,
  backupIntervalMinutes: 60,
  backupsKept: 24,
  cashRoundingRupiah: 0,
  cashToleranceRupiah: 0,
  counterName: 'LOKET-1',
  printerAddress: '',
  printerPaperWidth: 80,
  printerCodepage: 'cp858',
  printerAutoPrint: false,
  printerTicketSlips: false,
  drawerKick: 'before',
  qrisPayload: '',
  transferInstructions: '',
};

const read = (h: Harness, key?: string) => h.request({ url: '/settings', key });
const patch = (h: Harness, key: string | undefined, body: unknown) => h.request({ method: 'PATCH', url: '/settings', key, body });

describe('settings', () => {
  const harness = useHarness();

  describe('GET /settings', () => {
    it.each<Role>(['staff', 'organizer', 'super_admin'])('answers the settings in force to a %s', async (role) => {
      const h = harness();
      const reply = await read(h, makeCaller(h.services, role).key);
      expect(expectOk(reply)).toEqual(DEFAULTS);
      expect(reply.body.message).toBe(messages.settingsFetched);
    });

    it('is 401 without credentials', async () => {
      expectError(await read(harness()), 401, 'UNAUTHENTICATED');
    });
  });

  describe('PATCH /settings', () => {
    it('lets the counter\'s owner change some settings; GET and the store then show them', async () => {
      const h = harness();
      const { key } = makeCaller(h.services, 'super_admin');
      const reply = await patch(h, key, { holdWindowMinutes: 30, invoiceLayout: 'receipt' });
      const changed = { ...DEFAULTS, holdWindowMinutes: 30, invoiceLayout: 'receipt' };
      expect(expectOk(reply)).toEqual(changed);
      expect(reply.body.message).toBe(messages.settingsUpdated);
      expect(expectOk(await read(h, key))).toEqual(changed);
      expect(h.services.settings.get()).toEqual(changed);

      expect(expectOk(await patch(h, key, { offlineAllotmentPercent: 0 }))).toEqual({ ...changed, offlineAllotmentPercent: 0 });
      expect(expectOk(await patch(h, key, {}))).toEqual({ ...changed, offlineAllotmentPercent: 0 });
    });

    it('refuses staff with 403 FORBIDDEN and changes nothing', async () => {
      const h = harness();
      const staff = makeCaller(h.services, 'staff');
      const reply = await patch(h, staff.key, { holdWindowMinutes: 5 });
      expectError(reply, 403, 'FORBIDDEN');
      expect(reply.body.message).toBe(messages.settingsForbidden);
      expect(h.services.settings.get()).toEqual(DEFAULTS);
    });

    it('is 401 without credentials', async () => {
      expectError(await patch(harness(), undefined, { holdWindowMinutes: 5 }), 401, 'UNAUTHENTICATED');
    });

    it.each([
      ['a hold window of 0 minutes', { holdWindowMinutes: 0 }, 'holdWindowMinutes'],
      ['a hold window over a day', { holdWindowMinutes: 24 * 60 + 1 }, 'holdWindowMinutes'],
      ['a fractional hold window', { holdWindowMinutes: 1.5 }, 'holdWindowMinutes'],
      ['a hold window as text', { holdWindowMinutes: '20' }, 'holdWindowMinutes'],
      ['an unknown layout', { invoiceLayout: 'letter' }, 'invoiceLayout'],
      ['an allotment over 100 %', { offlineAllotmentPercent: 101 }, 'offlineAllotmentPercent'],
      ['a negative allotment', { offlineAllotmentPercent: -1 }, 'offlineAllotmentPercent'],
      ['a port beyond 65535', { listenPort: 70_000 }, 'listenPort'],
      ['an empty listen host', { listenHost: ' ' }, 'listenHost'],
      ['a CORS origin with a path', { corsOrigins: ['https://kios.contoh.id/app'] }, 'corsOrigins.0'],
      ['a CORS origin that is no URL', { corsOrigins: ['kios'] }, 'corsOrigins.0'],
      ['a rate limit under 10 a minute', { requestsPerMinutePerKey: 5 }, 'requestsPerMinutePerKey'],
      ['keeping no backup at all', { backupsKept: 0 }, 'backupsKept'],
      ['a counter name in small letters', { counterName: 'loket-1' }, 'counterName'],
      ['a counter name with a slash, which the invoice number uses', { counterName: 'LOKET/1' }, 'counterName'],
      ['an empty counter name', { counterName: '' }, 'counterName'],
      ['a counter name over 20 characters', { counterName: 'LOKET-UTAMA-GEDUNG-BARAT' }, 'counterName'],
      ['a printer address without a port', { printerAddress: '192.168.1.50' }, 'printerAddress'],
      ['a printer address with a port beyond 65535', { printerAddress: 'printer.lan:91000' }, 'printerAddress'],
      ['a printer address with a space', { printerAddress: 'printer lan:9100' }, 'printerAddress'],
      ['a spooler queue without its name', { printerAddress: 'cups:' }, 'printerAddress'],
      ['a spooler queue name with a space', { printerAddress: 'cups:a b' }, 'printerAddress'],
      ['a device path that is not absolute', { printerAddress: 'relative/path' }, 'printerAddress'],
      // Only what can be a printer: never memory, a disk, or a file the service (root, maybe) would overwrite.
      ['the memory device', { printerAddress: '/dev/mem' }, 'printerAddress'],
      ['a disk', { printerAddress: '/dev/sda' }, 'printerAddress'],
      ['a file of the system', { printerAddress: '/etc/passwd' }, 'printerAddress'],
      ['a file of the counter', { printerAddress: '/tmp/struk.txt' }, 'printerAddress'],
      ['a printer name in a folder that is no device', { printerAddress: '/home/kasir/lp0' }, 'printerAddress'],
      ['a spooler queue that reads as an option of lp', { printerAddress: 'cups:-hfoo' }, 'printerAddress'],
      ['a roll of 76 mm', { printerPaperWidth: 76 }, 'printerPaperWidth'],
      ['auto print as text', { printerAutoPrint: 'ya' }, 'printerAutoPrint'],
      ['an unknown field', { holdWindowMinutes: 20, printerName: 'EPSON' }, 'body'],
      ['a body that is no object', [1], 'body'],
    ])('refuses %s with 400 naming the field, and changes nothing', async (_why, body, field) => {
      const h = harness();
      expectValidation(await patch(h, makeCaller(h.services, 'super_admin').key, body), field);
      expect(h.services.settings.get()).toEqual(DEFAULTS);
    });

    it.each(['10.0.0.5:9100', '/dev/usb/lp0', '/dev/lp1', '/dev/ttyUSB0', '/dev/ttyACM0', '/dev/ttyS1', '/dev/rfcomm0', '/dev/cu.usbserial-1410', 'cups:Kasir_1'])('takes %s as the printer address (network, device, spooler)', async (printerAddress) => {
      const h = harness();
      expect(expectOk(await patch(h, makeCaller(h.services, 'super_admin').key, { printerAddress })).printerAddress).toBe(printerAddress);
      expect(h.services.settings.get().printerAddress).toBe(printerAddress);
    });

    it('names the three forms of a printer address when it refuses one', async () => {
      const h = harness();
      const reply = await patch(h, makeCaller(h.services, 'super_admin').key, { printerAddress: 'printer' });
      expect(expectError(reply, 400, 'VALIDATION_FAILED').details).toEqual([{ field: 'printerAddress', message: expect.stringMatching(/host:port.*\/dev\/usb\/lp0.*cups:/) }]);
    });

    it('names an unknown field in its refusal', async () => {
      const h = harness();
      const reply = await patch(h, makeCaller(h.services, 'super_admin').key, { printerName: 'EPSON' });
      expect(expectError(reply, 400, 'VALIDATION_FAILED').details).toEqual([{ field: 'body', message: expect.stringContaining('printerName') }]);
    });

    it('a new hold window applies to the orders created from then on', async () => {
      const h = harness();
      const w = world(h);
      const before = await w.createOrder();
      expectOk(await patch(h, makeCaller(h.services, 'super_admin').key, { holdWindowMinutes: 1 }));
      const after = await w.createOrder();

      h.clock.advance(MINUTE);
      expect(await w.detail(after)).toMatchObject({ status: 'cancelled', paymentStatus: 'expired' });
      expect(await w.detail(before)).toMatchObject({ status: 'payment_pending', paymentStatus: 'unpaid' });
      h.clock.advance(14 * MINUTE);
      expect(await w.detail(before)).toMatchObject({ status: 'cancelled', paymentStatus: 'expired' });
    });
  });
});
