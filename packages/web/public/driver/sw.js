// The driver page's service worker (scope /driver/): keeps the page's shell, its HTML, hashed
// assets, manifest and icons, so the page opens on a weak signal or none. The API is never cached:
// the truck's state must be the server's, or nothing.
const SHELL = 'wb-driver-shell-v1';
const PAGE = '/driver/';

/** The hashed files a page names (its entry, the chunks it preloads, its CSS). */
const assetsOf = (html) => [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1]);

self.addEventListener('install', (event) => {
  // the page and everything it loads, taken now: the first visit was not under this worker yet
  event.waitUntil((async () => {
    const cache = await caches.open(SHELL);
    const page = await fetch(PAGE, { cache: 'no-store' });
    if (!page.ok) throw new Error(`the driver page answered ${page.status}`);
    const html = await page.clone().text();
    await cache.addAll([...assetsOf(html), '/driver/manifest.webmanifest', '/driver/icon-192.png']);
    await cache.put(PAGE, page);
  })());
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith('wb-driver-') && k !== SHELL).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

/** After a new page came in: the assets it no longer names (an older release's) leave the cache. */
async function keepPage(response) {
  const cache = await caches.open(SHELL);
  await cache.put(PAGE, response.clone());
  const html = await response.text();
  const named = assetsOf(html);
  for (const request of await cache.keys()) {
    const path = new URL(request.url).pathname;
    if (path.startsWith('/assets/') && !named.includes(path)) await cache.delete(request);
  }
  // a new release's files, taken while there is a network
  const missing = [];
  for (const path of named) if (!(await cache.match(path))) missing.push(path);
  await cache.addAll(missing).catch(() => undefined);
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== self.location.origin || url.pathname.startsWith('/api/')) return;
  if (request.mode === 'navigate') {
    // the page itself: the network's when it answers (a new release), the kept copy when not
    event.respondWith(
      fetch(request)
        .then((response) => {
          if (response.ok) event.waitUntil(keepPage(response.clone()));
          return response;
        })
        .catch(() => caches.match(PAGE).then((kept) => kept || Response.error())),
    );
    return;
  }
  if (url.pathname.startsWith('/assets/') || url.pathname.startsWith('/driver/')) {
    // hashed assets never change; the icons and manifest rarely: the kept copy first
    event.respondWith(
      caches.match(request).then((kept) => kept || fetch(request).then((response) => {
        if (response.ok) {
          const copy = response.clone();
          event.waitUntil(caches.open(SHELL).then((cache) => cache.put(request, copy)));
        }
        return response;
      })),
    );
  }
});
