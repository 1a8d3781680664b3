/**
 * The customer display in Electron: a second window, full screen on the second screen, showing
 * the service's /display page (which pairs with the counter by its code, as a tablet's does). No
 * preload and no permissions: it is a page a customer faces, and it never leaves the service.
 */
import { BrowserWindow, screen } from 'electron';

export function openDisplayWindow(url: string): BrowserWindow | undefined {
  const primary = screen.getPrimaryDisplay();
  const second = screen.getAllDisplays().find((display) => display.id !== primary.id);
  if (!second) return undefined;
  const window = new BrowserWindow({
    ...second.bounds,
    fullscreen: true,
    title: 'Ticket Counter: layar pelanggan',
    webPreferences: { contextIsolation: true, sandbox: true, nodeIntegration: false },
  });
  const origin = new URL(url).origin;
  const contents = window.webContents;
  contents.on('will-navigate', (event, target) => {
    if (new URL(target).origin !== origin) event.preventDefault();
  });
  contents.setWindowOpenHandler(() => ({ action: 'deny' }));
  contents.session.setPermissionRequestHandler((_contents, _permission, grant) => grant(false));
  void window.loadURL(new URL('/display', url).href);
  return window;
}
