// Keeps the app for offline use (SPEC §17): its files come from the cache
// first; the sync calls under /v1 always go to the network. A new version
// of the app is a new cache, and the old one goes.
const VERSION = '__HAVEN_APP_VERSION__';
const FILES = __HAVEN_APP_FILES__;
const CACHE = `haven-app-${VERSION}`;
const scope = new URL(self.registration.scope);
const base = scope.href.endsWith('/') ? scope.href : `${scope.href}/`;

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(CACHE)
    .then((cache) => cache.addAll(FILES.map((file) => base + file)))
    .then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(caches.keys()
    .then((names) => Promise.all(names.filter((n) => n.startsWith('haven-app-') && n !== CACHE).map((n) => caches.delete(n))))
    .then(() => self.clients.claim()));
});

self.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== 'GET' || url.origin !== scope.origin) return;
  // `/app` itself (a one-tap link's address) is the app's folder.
  if (url.href.split('#')[0] === base.slice(0, -1)) {
    event.respondWith(Response.redirect(base, 301));
    return;
  }
  if (!url.href.startsWith(base)) return;
  const file = url.pathname === new URL(base).pathname ? base + 'index.html' : url.origin + url.pathname;
  event.respondWith(caches.match(file).then((hit) => hit || fetch(event.request)));
});
