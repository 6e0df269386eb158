// Dogear's service worker. Offline, a page or file seen before opens from the device (the network
// first, always, so online nothing is ever stale); Home's current books are fetched ahead when Home
// asks. The API, feeds, calendars and live streams are never kept. Push messages become system
// notifications that open their page.

const SHELL = "dogear-shell-v1";
const PAGES = "dogear-pages-v1";
const APP_SHELL = [
  "/", "/css/app.css", "/js/app.js", "/js/csrf.js", "/js/offline.js", "/js/push.js", "/js/live-search.js",
  "/js/stepper.js", "/js/import-progress.js", "/js/confirm.js", "/js/book-form.js", "/js/list-reorder.js",
  "/js/copy-code.js", "/js/club-live.js", "/js/discover.js", "/js/time-zone.js", "/js/length-count.js", "/js/bell.js",
  "/icons/icon-192.png", "/icons/icon-512.png", "/manifest.webmanifest",
];
const NEVER = ["/api/", "/cal/", "/feeds/", "/metrics", "/notifications/unread"];

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

function kept(url) {
  return url.origin === self.location.origin && !NEVER.some((prefix) => url.pathname.startsWith(prefix))
    && !url.pathname.endsWith("/events");
}

async function networkFirst(request) {
  const url = new URL(request.url);
  const page = request.mode === "navigate";
  try {
    const response = await fetch(request);
    const type = response.headers.get("Content-Type") ?? "";
    if (response.ok && !response.redirected && (!page || type.startsWith("text/html"))) {
      const cache = await caches.open(page ? PAGES : SHELL);
      await cache.put(url.origin + url.pathname, response.clone());
    }
    return response;
  } catch (error) {
    const cached = await caches.match(url.origin + url.pathname, { ignoreSearch: true });
    if (cached) return cached;
    if (page) {
      const home = await caches.match(self.location.origin + "/");
      if (home) return home;
    }
    throw error;
  }
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || !kept(url)) return;
  event.respondWith(networkFirst(request));
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
