/**
 * The Electron shell, the only code that imports 'electron'. It starts the local service from the
 * same entry as `serve` in a utilityProcess (better-sqlite3 is synchronous and must not block the
 * window), waits for its `listening on` line and opens a locked-down window on that URL.
 */
import { app, BrowserWindow, shell, utilityProcess, type UtilityProcess } from 'electron';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));

const LISTENING = /^listening on (http:\/\/\S+)$/m;
let service: UtilityProcess | undefined;
let window: BrowserWindow | undefined;

function startService(): Promise<string> {
  return new Promise((resolvePromise, reject) => {
    const child = utilityProcess.fork(join(here, 'cli.js'), ['serve', '--port', '0', '--data-dir', app.getPath('userData')], {
      stdio: 'pipe',
      serviceName: 'ticket-counter-service',
      env: { ...process.env, TICKET_COUNTER_SQLITE_BINDING: join(app.getAppPath(), 'out', 'electron-sqlite', 'better_sqlite3.node') },
    });
    service = child;
    let buffered = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      const match = LISTENING.exec(buffered);
      if (match?.[1]) resolvePromise(match[1]);
    });
    child.stderr?.on('data', (chunk: Buffer) => process.stderr.write(chunk));
    child.once('exit', (code) => reject(new Error(`the local service exited with code ${code}`)));
  });
}

function openWindow(url: string): void {
  window = new BrowserWindow({
    width: 1366,
    height: 768,
    title: 'Ticket Counter',
    webPreferences: {
      preload: join(here, '../preload/index.cjs'),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
    },
  });
  const origin = new URL(url).origin;
  // The window shows our own UI only: other pages open in the system browser, never in here.
  window.webContents.on('will-navigate', (event, target) => {
    if (new URL(target).origin !== origin) {
      event.preventDefault();
      void shell.openExternal(target);
    }
  });
  window.webContents.setWindowOpenHandler(({ url: target }) => {
    if (target.startsWith('https://')) void shell.openExternal(target);
    return { action: 'deny' };
  });
  void window.loadURL(url);
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
      openWindow(await startService());
    } catch (error) {
      process.stderr.write(`${(error as Error).message}\n`);
      app.exit(1);
    }
  });
  app.on('window-all-closed', () => app.quit());
  app.on('before-quit', () => service?.kill());
}
