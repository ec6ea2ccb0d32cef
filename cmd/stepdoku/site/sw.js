// The service worker of a built site (stepdoku site): the first visit caches every
// file of the site, and from then on every file comes from that cache, with a network
// or without. `stepdoku site` fills in the version (made from the files' contents) and
// the list of files; a site with any file changed has a new version, which the
// browser installs on the next visit with a network, dropping the old cache.
const VERSION = "__VERSION__";
const FILES = __FILES__;
// One origin may hold several sites under different paths: each keeps its own cache.
const PREFIX = "stepdoku " + self.registration.scope + " ";
const CACHE = PREFIX + VERSION;

self.addEventListener("install", (e) => {
  e.waitUntil(caches.open(CACHE).then((c) => c.addAll(FILES.map((f) => new Request(f, { cache: "reload" })))).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (e) => {
  e.waitUntil(caches.keys()
    .then((keys) => Promise.all(keys.filter((k) => k.startsWith(PREFIX) && k !== CACHE).map((k) => caches.delete(k))))
    .then(() => self.clients.claim()));
});

self.addEventListener("fetch", (e) => {
  const req = e.request;
  if (req.method !== "GET" || new URL(req.url).origin !== self.location.origin) { return; }
  // The page's address carries the puzzle (?p=...): the page is the same file.
  e.respondWith(caches.open(CACHE)
    .then((c) => c.match(req, { ignoreSearch: req.mode === "navigate" }))
    .then((hit) => hit || fetch(req)));
});
