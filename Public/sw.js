// Dogear's service worker. Offline, a page seen before, or one of the app's own files, opens from
// the device (the network first, always, so online nothing is ever stale); Home's current books are
// fetched ahead when Home asks. Only whole pages a reader opened and the app's files are kept,
// never the API's answers, a page's parts, feeds, calendars or streams; signing out empties the
// pages (offline.js). Push messages become system notifications that open their page.

const SHELL = "dogear-shell-v1";
const PAGES = "dogear-pages-v1";
const APP_SHELL = [
  "/css/app.css", "/js/app.js", "/js/csrf.js", "/js/offline.js", "/js/push.js", "/js/live-search.js",
  "/js/stepper.js", "/js/import-progress.js", "/js/confirm.js", "/js/book-form.js", "/js/list-reorder.js",
  "/js/copy-code.js", "/js/club-live.js", "/js/discover.js", "/js/time-zone.js", "/js/length-count.js", "/js/bell.js",
  "/icons/icon-192.png", "/icons/icon-512.png", "/manifest.webmanifest",
];
// The app's own files: the same for every reader, kept in SHELL.
const STATIC = ["/css/", "/js/", "/icons/", "/manifest.webmanifest"];

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(SHELL).then((cache) =>
    Promise.all(APP_SHELL.map((path) => cache.add(path).catch(() => {})))));
  self.skipWaiting();
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name !== SHELL && name !== PAGES) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

// The network first; what it answered is kept (a page by its path, whatever its query: Home after
// "?saved=" is Home), and offline the kept copy answers, or for a page never seen, Home.
async function networkFirst(request, cacheName) {
  const url = new URL(request.url);
  const key = url.origin + url.pathname;
  try {
    const response = await fetch(request);
    const type = response.headers.get("Content-Type") ?? "";
    const page = cacheName === PAGES;
    if (response.ok && !response.redirected && (!page || type.startsWith("text/html"))) {
      const cache = await caches.open(cacheName);
      await cache.put(key, response.clone());
    }
    return response;
  } catch (error) {
    const cache = await caches.open(cacheName);
    const kept = await cache.match(key);
    if (kept) return kept;
    if (cacheName === PAGES) {
      const home = await cache.match(url.origin + "/");
      if (home) return home;
    }
    throw error;
  }
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return;
  if (request.mode === "navigate") {
    // Pages only, never the API's answers, the feeds, the calendars or the metrics.
    if (["/api/", "/cal/", "/feeds/", "/metrics"].some((prefix) => url.pathname.startsWith(prefix))) return;
    event.respondWith(networkFirst(request, PAGES));
  } else if (STATIC.some((prefix) => url.pathname.startsWith(prefix))) {
    event.respondWith(networkFirst(request, SHELL));
  }
  // Anything else a script fetches (a page's part, a count, a stream) goes to the network alone.
});

self.addEventListener("message", (event) => {
  const paths = Array.isArray(event.data?.keep) ? event.data.keep.slice(0, 50) : [];
  event.waitUntil((async () => {
    const cache = await caches.open(PAGES);
    for (const path of paths) {
      if (typeof path !== "string" || !path.startsWith("/books/")) continue;
      try {
        const response = await fetch(path, { credentials: "same-origin" });
        if (response.ok && !response.redirected) await cache.put(self.location.origin + path, response);
      } catch {
        // Offline already: what was kept stays.
      }
    }
  })());
});

self.addEventListener("push", (event) => {
  let message = { title: "Dogear", body: "", url: "/notifications", tag: undefined };
  try { message = { ...message, ...event.data.json() }; } catch {}
  event.waitUntil(self.registration.showNotification(message.title, {
    body: message.body, tag: message.tag, icon: "/icons/icon-192.png", data: { url: message.url },
  }));
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = new URL(event.notification.data?.url ?? "/notifications", self.location.origin);
  event.waitUntil(self.clients.openWindow(url.pathname + url.hash));
});
