/**
 * The customer display in Electron: a second window, full screen on the second screen, showing
 * the service's display page (which pairs with the counter by its code, as a tablet's does). No
 * preload and no permissions: it is a page a customer faces, and it never leaves the service. Its
 * own session, so that its "no permissions" is not the counter window's, and it never takes the
 * keyboard: the cashier's typing and the scanner's keys stay in the counter's window.
 */
import { BrowserWindow, screen, type Display } from 'electron';
import { DISPLAY_PAGE } from '#shared/schemas/customer-display.js';

/** The screen the display goes on: any but the primary one. */
function secondScreen(): Display | undefined {
  const primary = screen.getPrimaryDisplay();
  return screen.getAllDisplays().find((display) => display.id !== primary.id);
}

export function openDisplayWindow(url: string): BrowserWindow | undefined {
  const second = secondScreen();
  if (!second) return undefined;
  const window = new BrowserWindow({
    ...second.bounds,
    fullscreen: true,
    show: false,
    focusable: false,
    title: 'Ticket Counter: layar pelanggan',
    webPreferences: { contextIsolation: true, sandbox: true, nodeIntegration: false, partition: 'persist:customer-display' },
  });
  const origin = new URL(url).origin;
  const contents = window.webContents;
  contents.on('will-navigate', (event, target) => {
    if (new URL(target).origin !== origin) event.preventDefault();
  });
  contents.setWindowOpenHandler(() => ({ action: 'deny' }));
  contents.session.setPermissionRequestHandler((_contents, _permission, grant) => grant(false));
  window.once('ready-to-show', () => window.showInactive());
  // Its screen unplugged, it would land on the cashier's: it closes, and opens again with the screen.
  const closeWithoutScreen = () => {
    if (!secondScreen() && !window.isDestroyed()) window.destroy();
  };
  screen.on('display-removed', closeWithoutScreen);
  window.on('closed', () => screen.off('display-removed', closeWithoutScreen));
  void window.loadURL(new URL(DISPLAY_PAGE, url).href);
  return window;
}
