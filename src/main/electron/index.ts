/**
 * The Electron shell, the only code that imports 'electron': one instance per machine, the local
 * service in a utilityProcess (service.ts), the locked-down window on it (window.ts), and a warning
 * before quitting while sales wait to be replicated.
 */
import { app, dialog, ipcMain, screen, type BrowserWindow } from 'electron';
import { randomBytes } from 'node:crypto';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { UNSYNCED_CHANNEL } from '#shared/shell-bridge.js';
import { dataKey, shellStore } from './secrets.js';
import { startService, type Service } from './service.js';
import { openWindow } from './window.js';
import { openDisplayWindow } from './display-window.js';

const here = dirname(fileURLToPath(import.meta.url));
let service: Service | undefined;
let window: BrowserWindow | undefined;
/** The customer display, on the second screen when there is one. */
let display: BrowserWindow | undefined;
/** Sales not yet replicated, as the window last reported them. */
let unsynced = 0;

/** Asks before closing while sales wait; true when the window may close. */
function mayClose(): boolean {
  if (unsynced === 0 || !window) return true;
  const choice = dialog.showMessageBoxSync(window, {
    type: 'warning',
    buttons: ['Tetap keluar', 'Batal'],
    defaultId: 1,
    cancelId: 1,
    title: 'Ticket Counter',
    message: `${unsynced} perubahan (penjualan, pembayaran, pembatalan) belum terkirim ke layanan pusat.`,
    detail: 'Semuanya tersimpan aman di loket ini dan terkirim saat aplikasi dibuka lagi dan koneksi tersedia.',
  });
  return choice === 0;
}

async function launch(): Promise<void> {
  // The CLI contract's data dir: --data-dir has no place here, the environment and the OS folder do.
  const dataDir = process.env.TICKET_COUNTER_DATA_DIR ?? app.getPath('userData');
  const store = shellStore(dataDir);
  const launchToken = randomBytes(32).toString('base64url');
  service = await startService(here, dataDir, launchToken, dataKey(store));
  window = openWindow(here, service.url, launchToken, store);
  const url = service.url;
  const showDisplay = () => {
    if (!display || display.isDestroyed()) display = openDisplayWindow(url);
  };
  showDisplay();
  screen.on('display-added', showDisplay);
  const contents = window.webContents;
  ipcMain.on(UNSYNCED_CHANNEL, (event, count: unknown) => {
    if (event.sender === contents && typeof count === 'number' && Number.isSafeInteger(count) && count >= 0) unsynced = count;
  });
  window.on('close', (event) => {
    if (!mayClose()) event.preventDefault();
  });
  // The display goes with the counter's window.
  window.on('closed', () => display?.destroy());
}

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  app.on('second-instance', () => {
    if (window?.isMinimized()) window.restore();
    window?.focus();
  });
  app.whenReady().then(async () => {
    try {
      await launch();
    } catch (error) {
      process.stderr.write(`${(error as Error).message}\n`);
      app.exit(1);
    }
  });
  app.on('window-all-closed', () => app.quit());
  app.on('before-quit', () => service?.process.kill());
}
