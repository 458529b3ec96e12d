// The app's service worker: keeps the shell for use without a network, and sends the
// offline queue (IndexedDB, see queue.js) when the browser says the network is back.
import { allQueues, flush, kvGet } from "__STATIC__queue.js";

const CACHE = "companion-shell-v5";
// the app's files (its modules, the style sheet, the icons) and each installed game's module:
// the server lists them, every file of static/webapp/ and /app/games/<key>.js of every game
// with one (webapp/views.py)
const SHELL = ["/app/", "/app/manifest.webmanifest", "/app/referee-worker.js", ...__SHELL_FILES__.map((f) => `__STATIC__${f}`), ...__GAME_MODULES__];
// The phone's referee: Pyodide's files and the engines' zip. Their addresses name their
// version, so a copy in this cache is never stale: cache first, and an engine zip replaced
// by a newer one is dropped. A file is answered from this cache the first time too (once
// stored): the browser keeps a WebAssembly module's compiled code beside the cache entry it
// was compiled from (Chromium, once the module has run a while), and the next start that
// reads the module from this cache skips compiling it. Compiled from the network's answer,
// its code went to the HTTP cache, where a start answered from this cache does not look.
const REFEREE = "companion-referee";
// The referee's saved start (referee-worker.js keeps it, by runtime and engines): a new
// version of this worker keeps it too, so the next start needs no cold one.
const REFEREE_START = "companion-referee-start";
const isReferee = (path) => path.startsWith("__STATIC__pyodide/") || path.startsWith("/app/engine/");

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(SHELL)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(caches.keys().then((keys) => Promise.all(keys.filter((k) => ![CACHE, REFEREE, REFEREE_START].includes(k)).map((k) => caches.delete(k))))
    .then(() => self.clients.claim()));
});

async function fromRefereeCache(request, path) {
  const cache = await caches.open(REFEREE);
  const hit = await cache.match(request);
  if (hit) return hit;
  const response = await fetch(request);
  if (!response.ok) return response;
  try {
    await cache.put(request, response.clone());
  } catch {
    return response; // not stored (no room): the network's answer
  }
  if (path.startsWith("/app/engine/")) {
    for (const old of await cache.keys()) {
      const oldPath = new URL(old.url).pathname;
      if (oldPath.startsWith("/app/engine/") && oldPath !== path) await cache.delete(old);
    }
  }
  return (await cache.match(request)) || response;
}

// A file of the shell as the network gave it, kept for use offline; one the cache holds as it
// is (the same ETag) is not written again: every start asks for every file of the shell.
async function keepShell(request, response) {
  const cache = await caches.open(CACHE);
  const tag = response.headers.get("ETag");
  if (tag && (await cache.match(request))?.headers.get("ETag") === tag) {
    await response.body?.cancel();
    return;
  }
  await cache.put(request, response);
}

// The shell: network first, the cached copy when offline. The API is never cached here.
self.addEventListener("fetch", (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== "GET" || url.origin !== self.location.origin || url.pathname.startsWith("/api/")) return;
  if (isReferee(url.pathname)) { event.respondWith(fromRefereeCache(event.request, url.pathname)); return; }
  event.respondWith(fetch(event.request).then((response) => {
    if (response.ok && SHELL.includes(url.pathname)) keepShell(event.request, response.clone()).catch(() => {});
    return response;
  }).catch(() => caches.match(event.request, { ignoreSearch: true })));
});

let sendingQueues = null; // the queues being sent: one send at a time
async function sendQueues() {
  sendingQueues ??= sendAll().finally(() => { sendingQueues = null; });
  return sendingQueues;
}

async function sendAll() {
  const token = await kvGet("token");
  const language = await kvGet("language");
  for (const queue of await allQueues()) {
    const result = await flush(queue.match, { token, language });
    if (result) for (const client of await self.clients.matchAll()) client.postMessage({ type: "queue", match: queue.match, status: result.status });
  }
}

// Without Background Sync, a queue left by a closed page is sent whenever the worker wakes
// next (the app or any of its files asked for), at most once a minute.
const NO_SYNC = !("sync" in self.registration);
let lastTry = 0;
function sendLeftQueues(event) {
  if (!NO_SYNC || Date.now() - lastTry < 60000) return;
  lastTry = Date.now();
  event.waitUntil(sendQueues().catch(() => {}));
}
self.addEventListener("fetch", sendLeftQueues);

self.addEventListener("sync", (event) => {
  if (event.tag === "moves") event.waitUntil(sendQueues());
});
self.addEventListener("message", (event) => {
  if (event.data === "send-queues") event.waitUntil(sendQueues().catch(() => {}));
});
