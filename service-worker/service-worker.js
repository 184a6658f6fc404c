// The service worker: every file of the build is cached on install, served
// cache-first, and old caches are dropped on activation. The build replaces the
// line below with the list of files and their content hashes.
const PRECACHE = /* PRECACHE */ { version: "dev", files: [] };

const CACHE = `pasyansy-${PRECACHE.version}`;

self.addEventListener("install", (event) => {
  // Each file is revalidated with the server, so the cache holds exactly this build
  // (a file the page has just loaded costs only a "not modified" answer).
  event.waitUntil(
    caches.open(CACHE).then((cache) =>
      Promise.all(PRECACHE.files.map(([url]) =>
        fetch(new Request(url, { cache: "no-cache" })).then((response) => {
          if (!response.ok) throw new Error(`${url}: ${response.status}`);
          return cache.put(url, response);
        }))))
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith("pasyansy-") && k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim())
  );
});

self.addEventListener("message", (event) => {
  if (event.data === "update") self.skipWaiting();
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    const url = new URL(request.url);
    // A page of the site is its one page, whatever follows it.
    const key = request.mode === "navigate" ? new URL("./", self.registration.scope).href : url.href;
    const hit = await cache.match(key, { ignoreSearch: true });
    return hit || fetch(request);
  })());
});
