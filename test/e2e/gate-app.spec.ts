/**
 * The gate app (/gate) on a steward's phone against a real `serve --demo`: paired by a pasted key
 * or a pairing code, tickets scanned by a keyboard-wedge scanner with the focus anywhere, typed by
 * hand, a family's group code, exit and re-entry, the camera reading a QR code off Chromium's fake
 * camera with no key pressed, and a gate that loses the network: it admits from its copy, opens
 * again from its service worker, and its journal reaches the instance once, a ticket admitted
 * meanwhile at another gate reported as a double admission. Screenshots in test-results/screenshots.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { contract } from '../../src/shared/contract/index.js';
import { CHROMIUM_ARGS, chromiumExecutable, FULL_CHROMIUM } from './support/chromium.js';
import { COFFEE, expect, logIn, ORGANIZER, screenshot, test } from './support/counter.js';
import { altered, answer, API_REQUEST, CONCERT, checkInOf, gateCounts, openPaired, PHONE, sellBasket, sellTicket, send } from './support/gate-app.js';
import { qrClip } from './support/y4m.js';

test.use({ viewport: PHONE });

/** A keyboard-wedge scanner reads `text`: its keys, then Enter, wherever the focus is. */
async function wedge(page: Page, text: string): Promise<void> {
  await page.keyboard.type(text);
  await page.keyboard.press('Enter');
}

/** Nothing focused, as on a phone left on the counter of the gate. */
const blur = (page: Page) => page.evaluate(() => (document.activeElement instanceof HTMLElement ? document.activeElement.blur() : undefined));

test('paired with a pasted key; scanned by the scanner and by hand; a second entry refused', async ({ counter, page }) => {
  const ani = await sellTicket(counter, 'Ani Wijaya');
  const budi = await sellTicket(counter, 'Budi Hartono');

  await page.goto(`${counter.url}/gate`);
  await expect(page.getByRole('heading', { name: 'Pasangkan perangkat gerbang' })).toBeVisible();
  await screenshot(page, 'gate-pairing');
  await page.getByLabel('Kunci perangkat').fill(counter.key);
  await page.getByRole('button', { name: 'Gunakan kunci' }).click();
  // The organizer's key is for no one gate: the steward picks the event and names the gate.
  await page.getByLabel(COFFEE.name).check();
  await page.getByLabel('Nama gerbang').fill('Gerbang Utara');
  await screenshot(page, 'gate-choose');
  await page.getByRole('button', { name: 'Mulai memindai' }).click();
  await expect(page.getByRole('heading', { name: 'Gerbang Utara' })).toBeVisible();
  await expect(page.getByText(/^Online/)).toBeVisible();
  await screenshot(page, 'gate-ready');

  await blur(page);
  await wedge(page, ani.token);
  const shown = answer(page);
  await expect(shown.getByRole('status')).toContainText(ani.name);
  await expect(shown).toContainText('Harian');
  await expect(shown).toContainText(`Cocokkan KTP: ${ani.maskedNik}`);
  await expect(shown).toHaveClass(/admit/);
  await screenshot(page, 'gate-admitted');
  // Back to the ready screen by itself.
  await expect(shown).toBeHidden({ timeout: 5000 });
  await expect(page.getByTestId('admitted-here')).toHaveText('1');

  // The same ticket again: refused, saying when and where it came in, and which ticket.
  await wedge(page, ani.token);
  await expect(shown.getByRole('alert')).toContainText('sudah dipakai masuk');
  await expect(shown).toContainText('Gerbang Utara');
  await expect(shown).toContainText(`Tiket ${ani.ticketNumber}`);
  await expect(shown).toHaveClass(/refuse/);
  await screenshot(page, 'gate-already-in');

  // Typed by hand, lower case: the field's own form sends it, once.
  await page.getByLabel('Nomor tiket').fill(budi.ticketNumber.toLowerCase());
  await page.getByLabel('Nomor tiket').press('Enter');
  await expect(shown.getByRole('status')).toContainText(budi.name);
  await expect(page.getByLabel('Nomor tiket')).toHaveValue('');

  // A number no one sold, a forged QR code, and a ticket of the evening concert: each refused, saying why.
  await blur(page);
  await wedge(page, 'ZZZZ-2222');
  await expect(shown.getByRole('alert')).toHaveText(/Tiket tidak dikenal/);
  await wedge(page, altered(budi.token));
  await expect(shown.getByRole('alert')).toHaveText(/Tiket palsu \/ tidak sah/);
  await wedge(page, (await sellTicket(counter, 'Citra Konser', CONCERT)).token);
  await expect(shown.getByRole('alert')).toHaveText(/Bukan tiket acara ini/);
  await screenshot(page, 'gate-other-event');

  // The instance counted two admissions and four refusals: nothing was sent twice.
  expect(await gateCounts(counter, 'Gerbang Utara')).toMatchObject({ admitted: 2, refused: 4, insideNow: 2 });
});

test('paired by a code from Settings, typed or by its link; a device unpaired there goes back to pairing', async ({ counter, page, browser }) => {
  // The organizer pairs the south gate from the counter's Settings: a QR code and a code to type.
  const desk = await browser.newPage();
  await logIn(desk, counter.url, ORGANIZER);
  await desk.keyboard.press('F4');
  const devices = desk.getByRole('region', { name: 'Perangkat gerbang' });
  await devices.getByLabel('Acara').selectOption({ label: COFFEE.name });
  await devices.getByLabel('Nama gerbang').fill('Gerbang Selatan');
  await devices.getByRole('button', { name: 'Pasangkan perangkat' }).click();
  const dialog = desk.getByRole('dialog', { name: 'Pasangkan perangkat gerbang' });
  // The counter listens on this machine only: no QR code a phone could open, and it says why.
  await expect(dialog).toContainText('hanya dapat dijangkau dari komputer ini');
  const code = (await dialog.getByTestId('gate-pairing-code').textContent())!;
  await desk.setViewportSize({ width: 1366, height: 768 });
  await screenshot(desk, 'settings-gate-pairing');

  await page.goto(`${counter.url}/gate`);
  // Typed as a steward types it off a screen: lower case, a space for the dash.
  await page.getByLabel('Kode pemasangan').fill(code.toLowerCase().replace('-', ' '));
  await page.getByRole('button', { name: 'Pasangkan' }).click();
  await expect(page.getByRole('heading', { name: 'Gerbang Selatan' })).toBeVisible();
  await expect(page.getByText(COFFEE.name)).toBeVisible();
  // While its code is still shown, the device appears in the organizer's list by itself.
  await expect(devices.getByTestId('gate-devices')).toContainText('Gerbang Selatan');
  await dialog.getByRole('button', { name: 'Tutup' }).click();

  // The supervisor's link pairs another phone at once, and leaves no code in its address.
  const phone = await browser.newPage({ viewport: PHONE });
  await openPaired(phone, counter, 'Gerbang Timur');
  expect(phone.url()).not.toContain('pair=');
  // The same code again is refused, in words.
  await phone.goto(`${counter.url}/gate#pair=${code}`);
  await expect(phone.getByRole('alert')).toBeVisible();
  await expect(phone.getByRole('button', { name: 'Kembali ke gerbang' })).toBeVisible();
  await phone.getByRole('button', { name: 'Kembali ke gerbang' }).click();
  await expect(phone.getByRole('heading', { name: 'Gerbang Timur' })).toBeVisible();

  // The organizer unpairs the south gate in Settings, opened again (it lists devices afresh only
  // while a pairing code is shown): the phone says so at its next request.
  await desk.reload();
  await expect(desk.getByRole('navigation', { name: 'Menu utama' })).toBeVisible();
  await desk.keyboard.press('F4');
  const south = devices.getByTestId('gate-devices').getByRole('row').filter({ hasText: 'Gerbang Selatan' });
  await expect(devices.getByTestId('gate-devices').getByRole('row')).toHaveCount(3);
  await south.getByRole('button', { name: 'Putuskan' }).click();
  await desk.getByRole('dialog').getByRole('button', { name: 'Ya, putuskan' }).click();
  await expect(south).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Pasangkan perangkat gerbang' })).toBeVisible();
  await expect(page.getByRole('alert')).toContainText('Perangkat ini diputus dari gerbang');
  await screenshot(page, 'gate-unpaired');
  await expect(phone.getByRole('heading', { name: 'Gerbang Timur' })).toBeVisible();
  // Pages of their own keep polling the counter: closed, they let it stop when the test ends.
  await Promise.all([desk.context().close(), phone.context().close()]);
});

test("a family's group code admits them all in one scan, and no one twice", async ({ counter, page }) => {
  const family = ['Budi Santoso', 'Sari Santoso', 'Dina Santoso'];
  const { groupToken } = await sellBasket(counter, family);
  await openPaired(page, counter, 'Gerbang Utara');

  await wedge(page, groupToken);
  const shown = answer(page);
  await expect(shown.getByRole('status')).toContainText('3 dari 3 masuk');
  for (const name of family) await expect(shown.getByRole('listitem').filter({ hasText: name })).toBeVisible();
  await screenshot(page, 'gate-group');

  await wedge(page, groupToken);
  await expect(shown.getByRole('alert')).toContainText('Tidak ada yang masuk dari rombongan ini');
  await expect(shown.getByRole('listitem').filter({ hasText: 'sudah di dalam' })).toHaveCount(3);
  expect(await gateCounts(counter, 'Gerbang Utara')).toMatchObject({ admitted: 3, insideNow: 3 });
});

test('exit and re-entry where the event allows it', async ({ counter, page }) => {
  const ani = await sellTicket(counter, 'Ani Rahmawati');
  await openPaired(page, counter, 'Gerbang Utara');
  // Re-entry is off: the gate only admits.
  await expect(page.getByRole('group', { name: 'Mode pindai' })).toHaveCount(0);
  expect((await send(counter, contract.setGateSettings, { params: { idOrSlug: COFFEE.id }, body: { reentryAllowed: true } })).status).toBe(200);
  // The counts' poll brings the switch.
  const modes = page.getByRole('group', { name: 'Mode pindai' });
  await expect(modes.getByRole('button', { name: 'Masuk' })).toHaveAttribute('aria-pressed', 'true');
  await screenshot(page, 'gate-ready-modes');

  await wedge(page, ani.token);
  const shown = answer(page);
  await expect(shown.getByRole('status')).toContainText(ani.name);
  await modes.getByRole('button', { name: 'Keluar' }).click();
  await blur(page);
  await wedge(page, ani.token);
  await expect(shown.getByRole('status')).toContainText(`Keluar: ${ani.name}`);
  await expect(shown).toHaveClass(/exit/);
  await screenshot(page, 'gate-exit');
  // Out already: a second exit scan is refused.
  await wedge(page, ani.token);
  await expect(shown.getByRole('alert')).toContainText('tidak sedang di dalam');

  await modes.getByRole('button', { name: 'Masuk' }).click();
  await blur(page);
  await wedge(page, ani.token);
  await expect(shown.getByRole('status')).toContainText(ani.name);
  expect(await gateCounts(counter, 'Gerbang Utara')).toMatchObject({ admitted: 2, exited: 1, insideNow: 1 });
});

test(`the camera admits a ticket held up to it, no key pressed ${FULL_CHROMIUM}`, async ({ counter }) => {
  const ani = await sellTicket(counter, 'Ani Kamera');
  const dir = mkdtempSync(join(tmpdir(), 'gate-camera-'));
  const clip = join(dir, 'ticket.y4m');
  writeFileSync(clip, qrClip(ani.token));
  const camera = ['--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream', `--use-file-for-fake-video-capture=${clip}`];
  const browser = await chromium.launch({ executablePath: chromiumExecutable(), args: [...CHROMIUM_ARGS, ...camera] });
  try {
    const page = await browser.newPage({ viewport: PHONE, locale: 'id-ID', timezoneId: 'Asia/Jakarta' });
    await openPaired(page, counter, 'Gerbang Utara');
    await page.getByRole('button', { name: 'Buka kamera' }).click();
    // Chromium on Linux has no BarcodeDetector: ZXing's WebAssembly, served by the instance, decodes the frames.
    await expect(answer(page).getByRole('status')).toContainText(ani.name, { timeout: 15_000 });
    await screenshot(page, 'gate-camera-admitted');
    await expect(answer(page)).toBeHidden({ timeout: 5000 });
    await expect(page.getByLabel('Kamera pemindai')).toBeVisible();
    await screenshot(page, 'gate-camera');
    // Still held up to the camera a while later: the same person, not scanned again.
    await page.waitForTimeout(3500);
    expect(await gateCounts(counter, 'Gerbang Utara')).toMatchObject({ admitted: 1, refused: 0 });
  } finally {
    await browser.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

test('offline: admits from its copy, opens with no network, and its journal reaches the instance once', async ({ counter, page, browser }) => {
  test.setTimeout(60_000);
  const ani = await sellTicket(counter, 'Ani Offline');
  const budi = await sellTicket(counter, 'Budi Offline');
  await sellTicket(counter, 'Citra Offline');
  await openPaired(page, counter, 'Gerbang Utara');
  // The page is its service worker's once the app has been kept for offline use, and the copy of
  // the event's tickets is ready once the badge says so.
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  await expect(page.getByText(/^Online · salinan 3 tiket siap \(pukul \d\d\.\d\d\)$/)).toBeVisible();

  // The venue's Wi-Fi drops: the instance's requests get no answer. The counts' poll notices.
  await page.route(API_REQUEST, (route) => route.abort('internetdisconnected'));
  await expect(page.getByText(/^Offline — memeriksa dari salinan \(3 tiket, diambil pukul \d\d\.\d\d\)$/)).toBeVisible();
  await screenshot(page, 'gate-offline');

  await blur(page);
  await wedge(page, ani.token);
  const shown = answer(page);
  await expect(shown.getByRole('status')).toContainText(ani.name);
  await expect(shown).toContainText('Diperiksa offline dari salinan');
  await screenshot(page, 'gate-offline-admitted');
  await wedge(page, ani.token);
  await expect(shown.getByRole('alert')).toContainText(/Sudah masuk pukul \d\d\.\d\d di Gerbang Utara/);
  await expect(shown).toContainText(`Tiket ${ani.ticketNumber} · ${ani.name}`);
  await page.getByLabel('Nomor tiket').fill(budi.ticketNumber);
  await page.getByLabel('Nomor tiket').press('Enter');
  await expect(shown.getByRole('status')).toContainText(budi.name);
  // What the copy cannot vouch for: a number it does not hold (ask), a QR code whose signature fails (refused).
  await blur(page);
  await wedge(page, 'ZZZZ-3333');
  await expect(shown.getByRole('alert')).toHaveText(/Tiket tidak dikenal \(offline\)/);
  await expect(shown).toHaveClass(/ask/);
  await screenshot(page, 'gate-offline-unknown');
  // The same answer again is a new one on screen, not the first left there.
  const first = (await shown.elementHandle())!;
  await wedge(page, 'ZZZZ-3333');
  await expect.poll(() => first.evaluate((node) => node.isConnected)).toBe(false);
  await expect(shown.getByRole('alert')).toHaveText(/Tiket tidak dikenal \(offline\)/);
  await wedge(page, altered(ani.token));
  await expect(shown.getByRole('alert')).toHaveText(/Tiket palsu \/ tidak sah/);
  await expect(shown).toBeHidden({ timeout: 6000 });
  await expect(page.getByText('2 catatan offline menunggu diunggah')).toBeVisible();
  await screenshot(page, 'gate-offline-pending');
  expect(await checkInOf(counter, ani.ticketNumber)).toBeNull();

  // Meanwhile the south gate, online, lets Budi in too.
  const south = await (await browser.newContext({ viewport: PHONE })).newPage();
  await openPaired(south, counter, 'Gerbang Selatan');
  await wedge(south, budi.token);
  await expect(answer(south).getByRole('status')).toContainText(budi.name);
  await south.context().close();

  // The north phone is reloaded with no network at all: its service worker opens the app, the journal kept.
  await page.context().setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Gerbang Utara' })).toBeVisible();
  await expect(page.getByText('2 catatan offline menunggu diunggah')).toBeVisible();
  // Typed with a slash: sent to /gate, where the kept page's files resolve, not a blank page.
  await page.goto(`${counter.url}/gate/`);
  await expect(page).toHaveURL(`${counter.url}/gate`);
  await expect(page.getByRole('heading', { name: 'Gerbang Utara' })).toBeVisible();
  await page.context().setOffline(false);

  // The network is back: the journal goes up by itself, once; Budi is reported as let in twice.
  await page.unroute(API_REQUEST);
  await expect(page.getByText(/^Online/)).toBeVisible();
  await expect(page.getByText(/catatan offline menunggu diunggah/)).toBeHidden();
  const double = page.getByRole('alert').filter({ hasText: `Tiket ${budi.ticketNumber} tercatat masuk dua kali` });
  await expect(double).toBeVisible();
  await screenshot(page, 'gate-double-admission');
  expect(await checkInOf(counter, ani.ticketNumber)).toMatchObject({ gate: 'Gerbang Utara' });
  expect((await gateCounts(counter, 'Gerbang Utara')).admitted).toBe(1);
  await double.getByRole('button', { name: 'Tutup' }).click();
  await expect(double).toBeHidden();
});

test('the gate app and the counter UI load none of each other\'s code', async ({ counter, page, browser }) => {
  /** The scripts a page at `path` loads from the instance. */
  const scriptsOf = async (on: Page, path: string, ready: () => Promise<void>) => {
    const loaded: string[] = [];
    on.on('request', (request) => {
      if (request.resourceType() === 'script') loaded.push(new URL(request.url()).pathname);
    });
    await on.goto(`${counter.url}${path}`);
    await ready();
    return loaded;
  };
  const gate = await scriptsOf(page, '/gate', () => expect(page.getByRole('heading', { name: 'Pasangkan perangkat gerbang' })).toBeVisible());
  const desk = await browser.newPage();
  const ui = await scriptsOf(desk, '/', () => expect(desk.getByLabel('Email')).toBeVisible());
  const entry = (scripts: string[], name: string) => scripts.find((path) => new RegExp(`^/assets/${name}-[\\w-]+\\.js$`).test(path));
  expect(entry(gate, 'gate'), gate.join(' ')).toBeDefined();
  expect(entry(ui, 'index'), ui.join(' ')).toBeDefined();
  expect(entry(gate, 'index'), gate.join(' ')).toBeUndefined();
  expect(entry(ui, 'gate'), ui.join(' ')).toBeUndefined();
  await desk.context().close();
});
