/*
 * The gate app's service worker (scope /gate): the app opens with no network. At install it keeps
 * /gate and the files its page names; after that, whatever the app loads from /assets (the camera's
 * decoder and its .wasm too) is kept as it is first fetched. Files under /assets carry their content's
 * hash in their name, so a kept one is always right (cache first); the page itself is asked for
 * first and the kept copy used only when the instance does not answer. API requests are never touched.
 * /gate/ is sent to /gate, as the server does: the page's ./assets/… would resolve under /gate/assets/ there.
 */
/* global self, caches, fetch, Response, AbortController, setTimeout, clearTimeout */
const CACHE = 'gate-app-v1';
const PAGE = '/gate';
/** The page from the network if it comes this quickly; else the kept one (a Wi-Fi with no route hangs for long). */
const PAGE_TIMEOUT_MS = 3000;

async function keepApp() {
  const cache = await caches.open(CACHE);
  const page = await fetch(PAGE, { cache: 'no-store' });
  if (!page.ok) throw new Error(`${PAGE} answered ${page.status}`);
  // The built page names its files relative to itself (./assets/…): from /gate they are /assets/….
  const files = [...(await page.clone().text()).matchAll(/(?:src|href)="\.?(\/assets\/[^"]+)"/g)].map((match) => match[1]);
  await cache.addAll(files);
  await cache.put(PAGE, page);
}

async function forgetOldVersions() {
  for (const name of await caches.keys()) if (name !== CACHE) await caches.delete(name);
}

async function cacheFirst(request) {
  const cache = await caches.open(CACHE);
  const kept = await cache.match(request);
  if (kept) return kept;
  const fetched = await fetch(request);
  if (fetched.ok) await cache.put(request, fetched.clone());
  return fetched;
}

async function pageNetworkFirst(request) {
  const cache = await caches.open(CACHE);
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), PAGE_TIMEOUT_MS);
  try {
    const fetched = await fetch(request, { signal: abort.signal });
    if (fetched.ok) await cache.put(PAGE, fetched.clone());
    return fetched;
  } catch {
    return (await cache.match(PAGE)) ?? Response.error();
  } finally {
    clearTimeout(timer);
  }
}

self.addEventListener('install', (event) => event.waitUntil(keepApp().then(() => self.skipWaiting())));
self.addEventListener('activate', (event) => event.waitUntil(forgetOldVersions().then(() => self.clients.claim())));
self.addEventListener('fetch', (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== self.location.origin) return;
  if (url.pathname.startsWith('/assets/')) event.respondWith(cacheFirst(request));
  else if (request.mode === 'navigate' && url.pathname === PAGE) event.respondWith(pageNetworkFirst(request));
  // Redirected here too, offline included: the kept page served at /gate/ would be blank.
  else if (request.mode === 'navigate' && url.pathname === `${PAGE}/`) event.respondWith(Response.redirect(`${PAGE}${url.search}`, 301));
});
