/**
 * The desktop app itself, where an Electron binary exists: the shell starts the service, opens its
 * window on it, and the window gets the preload's one object and nothing of Node. Where the binary
 * cannot be had (a machine without internet: the electron package downloads it on first use), the
 * test is skipped and says so; everything behind the window is tested in browser mode.
 */
import { _electron as electron } from '@playwright/test';
import { electronBinary, ensureElectronSqlite } from '../../scripts/electron.js';
import { expect, screenshot, tempDataDir, test } from './support/counter.js';

const binary = electronBinary();

test('the Electron app opens the counter on its own service, with only counterShell on window', async () => {
  test.skip(!binary, 'No Electron binary on this machine: the electron package downloads it on first use and this machine cannot; the UI is tested in browser mode.');
  ensureElectronSqlite();
  const dir = await tempDataDir();
  const app = await electron.launch({ executablePath: binary!, args: ['.'], env: { ...process.env, TICKET_COUNTER_DATA_DIR: dir.path } });
  try {
    const page = await app.firstWindow();
    await expect(page.getByRole('heading', { name: 'Selamat datang di Ticket Counter' })).toBeVisible();
    await screenshot(page, 'electron-first-run');
    const surface = await page.evaluate(() => ({
      keys: Object.keys(window.counterShell ?? {}).sort(),
      kind: window.counterShell?.kind,
      token: typeof window.counterShell?.launchToken,
      require: typeof (window as { require?: unknown }).require,
      process: typeof (window as { process?: unknown }).process,
    }));
    expect(surface).toEqual({ keys: ['kind', 'launchToken', 'setUnsyncedCount'], kind: 'electron', token: 'string', require: 'undefined', process: 'undefined' });
    // Only this window, with its launch token, may set the counter up.
    await page.getByRole('button', { name: /Coba dengan data demo/ }).click();
    await expect(page.getByRole('heading', { name: 'Masuk ke loket' })).toBeVisible();
  } finally {
    await app.close();
    dir.remove();
  }
});
