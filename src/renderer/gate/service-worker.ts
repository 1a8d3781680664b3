/**
 * Registers the gate's service worker (public/gate-sw.js), which keeps the app itself for when the
 * device opens it with no network; then, once it controls the page, loads the camera's decoder
 * through it, so that the camera works offline too. Browsers have service workers on secure pages
 * only: over the LAN's plain http the app needs the network to open (it still scans offline once open).
 */
import { qrDetector } from './scan/qr-detector';
import { store } from './store';

export type ShellState = 'checking' | 'ready' | 'unavailable' | 'failed';

export const shellState = store<ShellState>('checking');

const controlled = (container: ServiceWorkerContainer) =>
  container.controller ? Promise.resolve() : new Promise<void>((resolve) => container.addEventListener('controllerchange', () => resolve(), { once: true }));

export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return shellState.set('unavailable');
  const container = navigator.serviceWorker;
  container
    .register('/gate-sw.js', { scope: '/gate' })
    .then(() => controlled(container))
    .then(() => {
      shellState.set('ready');
      // The decoder not loading is not the app not being kept: the camera says so when opened (and tries again).
      qrDetector().catch((error: unknown) => console.error(error));
    })
    .catch((error: unknown) => {
      console.error(error);
      shellState.set('failed');
    });
}
