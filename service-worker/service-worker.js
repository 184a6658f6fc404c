// The service worker: every file of the build is cached on install, checked against
// its content hash, and served cache-first; old caches are dropped on activation, when
// every open tab reloads into the new version (boot.js). The build replaces the line
// below with the list of files and their content hashes (the first 12 hex digits of
// each file's SHA-256).
const PRECACHE = /* PRECACHE */ { version: "dev", files: [] };

const CACHE = `pasyansy-${PRECACHE.version}`;

async function digest(response) {
  const bytes = await response.clone().arrayBuffer();
  const hash = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return [...hash].map((b) => b.toString(16).padStart(2, "0")).join("").slice(0, 12);
}

async function precache() {
  // Each file is revalidated with the server (a file the page has just loaded costs only a
  // "not modified" answer) and checked against its hash, so the cache holds exactly this
  // build: a deploy caught half-way, old files under a new list or new under an old, fails
  // the install, and the version before keeps serving until a whole build is there.
  const cache = await caches.open(CACHE);
  try {
    await Promise.all(PRECACHE.files.map(async ([url, hash]) => {
      const response = await fetch(new Request(url, { cache: "no-cache" }));
      if (!response.ok) throw new Error(`${url}: ${response.status}`);
      const got = await digest(response);
      if (got !== hash) throw new Error(`${url}: its content does not match this build (${got}, not ${hash})`);
      await cache.put(url, response);
    }));
  } catch (error) {
    await caches.delete(CACHE);
    throw error;
  }
}

self.addEventListener("install", (event) => event.waitUntil(precache()));

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
