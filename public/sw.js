// The service worker: after one visit the calculator works with the network off.
//
// scripts/post-build.mjs (a Trunk post_build hook) writes dist/sw.js as this file preceded by two constants:
//   VERSION  a digest of every file of the build: a new deployment has a new version
//   ASSETS   every file of the build by its (content-hashed) name, relative to this script
// Installing caches all of ASSETS; requests in scope are answered from that cache first (the network only for
// what is not in it). A new version installs beside the old one and waits: the page offers a Reload button,
// which sends 'skip-waiting'; on activation the new version deletes the old cache.
/* global VERSION, ASSETS */

// Cache names are per origin; the scope keeps copies deployed under different paths apart.
const PREFIX = `capacity-planner ${self.registration.scope} `;
const CACHE = PREFIX + VERSION;

self.addEventListener('install', event => {
  event.waitUntil(caches.open(CACHE).then(cache => Promise.all(ASSETS.map(async url => {
    // 'no-cache' revalidates with the server, so an HTTP cache cannot hand an old file to a new version.
    const response = await fetch(new Request(url, { cache: 'no-cache' }));
    if (!response.ok) throw new Error(`precaching ${url}: HTTP ${response.status}`);
    // Some servers redirect index.html to ./, and a redirected response cannot answer a navigation: keep a copy.
    await cache.put(url, response.redirected ? new Response(response.body, response) : response);
  }))));
});

self.addEventListener('activate', event => {
  event.waitUntil((async () => {
    for (const key of await caches.keys()) {
      if (key.startsWith(PREFIX) && key !== CACHE) await caches.delete(key);
    }
    await self.clients.claim();
  })());
});

// The page's Reload button: this version takes over now rather than when every tab of the old one is closed.
self.addEventListener('message', event => {
  if (event.data === 'skip-waiting') self.skipWaiting();
});

self.addEventListener('fetch', event => {
  const request = event.request;
  if (request.method !== 'GET' || !request.url.startsWith(self.registration.scope)) return;
  event.respondWith(cacheFirst(request));
});

async function cacheFirst(request) {
  const cache = await caches.open(CACHE);
  const navigation = request.mode === 'navigate';
  // A page's query string does not change the page; the fragment (a share link) never reaches here.
  let hit = await cache.match(request, { ignoreSearch: navigation });
  if (!hit && navigation && new URL(request.url).pathname.endsWith('/')) hit = await cache.match('index.html');
  return hit || fetch(request);
}
