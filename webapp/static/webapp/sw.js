// The app's service worker: keeps the shell for use without a network, and sends the
// offline queue (IndexedDB, see queue.js) when the browser says the network is back.
import { allQueues, flush, kvGet } from "__STATIC__queue.js";

const CACHE = "companion-shell-v2";
const SHELL = ["/app/", "/app/manifest.webmanifest",
  ...["app.js", "api.js", "i18n.js", "moves.js", "queue.js", "live.js", "build.js", "stats.js", "invitations.js", "app.css", "icon.svg", "icon-192.png", "icon-512.png"].map((f) => `__STATIC__${f}`)];

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(SHELL)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(caches.keys().then((keys) => Promise.all(keys.filter((k) => k !== CACHE).map((k) => caches.delete(k))))
    .then(() => self.clients.claim()));
});

// The shell: network first, the cached copy when offline. The API is never cached here.
self.addEventListener("fetch", (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== "GET" || url.origin !== self.location.origin || url.pathname.startsWith("/api/")) return;
  event.respondWith(fetch(event.request).then((response) => {
    if (response.ok && SHELL.includes(url.pathname)) {
      const copy = response.clone();
      caches.open(CACHE).then((cache) => cache.put(event.request, copy));
    }
    return response;
  }).catch(() => caches.match(event.request, { ignoreSearch: true })));
});

async function sendQueues() {
  const token = await kvGet("token");
  const language = await kvGet("language");
  for (const queue of await allQueues()) {
    const result = await flush(queue.match, { token, language });
    if (result) for (const client of await self.clients.matchAll()) client.postMessage({ type: "queue", match: queue.match, status: result.status });
  }
}

self.addEventListener("sync", (event) => {
  if (event.tag === "moves") event.waitUntil(sendQueues());
});
self.addEventListener("message", (event) => {
  if (event.data === "send-queues") event.waitUntil(sendQueues());
});
