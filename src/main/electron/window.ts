/**
 * The counter's window: the UI from the local service, locked down. Isolated and sandboxed, no
 * Node; the preload's one object is all it gets; it never navigates away from the service, opens
 * no windows (links go to the system browser) and is granted no permission but the clipboard.
 */
import { BrowserWindow, shell } from 'electron';
import { join } from 'node:path';
import { LAUNCH_TOKEN_ARG } from '#shared/shell-bridge.js';
import type { ShellStore } from './secrets.js';

const ALLOWED_PERMISSIONS = new Set(['clipboard-sanitized-write']);

export function openWindow(here: string, url: string, launchToken: string, store: ShellStore): BrowserWindow {
  const window = new BrowserWindow({
    ...(store.get('bounds') ?? { width: 1366, height: 768 }),
    minWidth: 1024,
    minHeight: 640,
    title: 'Ticket Counter',
    webPreferences: {
      preload: join(here, '../preload/index.cjs'),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      // Chromium's PDF viewer, which prints the invoice through the system's print dialog.
      plugins: true,
      additionalArguments: [`${LAUNCH_TOKEN_ARG}${launchToken}`],
    },
  });
  const origin = new URL(url).origin;
  const contents = window.webContents;
  contents.on('will-navigate', (event, target) => {
    if (new URL(target).origin === origin) return;
    event.preventDefault();
    if (target.startsWith('https://')) void shell.openExternal(target);
  });
  contents.setWindowOpenHandler(({ url: target }) => {
    if (target.startsWith('https://')) void shell.openExternal(target);
    return { action: 'deny' };
  });
  contents.session.setPermissionRequestHandler((_contents, permission, grant) => grant(ALLOWED_PERMISSIONS.has(permission)));
  window.on('close', () => store.set('bounds', window.getBounds()));
  void window.loadURL(url);
  return window;
}
