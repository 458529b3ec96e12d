// The app's service worker: keeps the shell for use without a network, and sends the
// offline queue (IndexedDB, see queue.js) when the browser says the network is back.
import { allQueues, flush, kvGet } from "__STATIC__queue.js";

// The version of the files below (webapp/views.py: a hash of their bytes): any of them changed,
// this script changes, and the browser installs it again at the next visit. It fills a cache of
// its own and drops the older ones when it takes over.
const VERSION = __VERSION__;
const CACHE = `companion-shell-${VERSION}`;
// The page (/app/, also at /app/join/… and /app/screen/…) and the manifest: made by the server
// in the reader's language (the page with its Content-Security-Policy), so asked of the network
// first, the cached copy when offline. The page's request is also the one a start always makes
// through this worker (sendLeftQueues below rides on it where the browser has no Background Sync).
const PAGES = ["/app/", "/app/manifest.webmanifest"];
// The app's files (its modules, the style sheet, the icons, its words), the referee's worker
// and each installed game's module: the server lists them, every file of static/webapp/ and
// /app/games/<key>.js of every game with one (webapp/views.py). Answered from this cache, the
// network only on a miss: the version above says when they change.
const FILES = ["/app/referee-worker.js", ...__SHELL_FILES__.map((f) => `__STATIC__${f}`), ...__GAME_MODULES__];
const SHELL = [...PAGES, ...FILES];
const isFile = new Set(FILES);
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

// Where the browser has static routes (Chromium), the app's files are answered from this
// version's cache without this worker's script running (a miss goes to the network), and the
// API and the referee's address book go to the network as the fetch handler would let them;
// the referee's files stay with the fetch handler (which stores them), the page and the rest
// too. The rules apply in order: the first that matches decides.
const ROUTES = [
  { condition: { urlPattern: "__STATIC__pyodide/*" }, source: "fetch-event" },
  { condition: { urlPattern: "__STATIC__*", requestMethod: "GET" }, source: { cacheName: CACHE } },
  { condition: { urlPattern: "/app/games/*", requestMethod: "GET" }, source: { cacheName: CACHE } },
  { condition: { urlPattern: "/app/referee-worker.js", requestMethod: "GET" }, source: { cacheName: CACHE } },
  { condition: { urlPattern: "/api/*" }, source: "network" },
  { condition: { urlPattern: "/app/referee.json" }, source: "network" },
];

// A file of the app kept without its Vary header: the server's answer may vary by the reader's
// language (Django's middleware says so of every answer it makes, a game's module among them)
// or encoding, a file of the app does not; kept with it, a request that does not carry the
// same headers as the one that stored it (the browser's own, a static route's) would miss it.
function asKept(response) {
  if (!response.headers.has("Vary")) return response;
  const headers = new Headers(response.headers);
  headers.delete("Vary");
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

// This version's files, each as the server has it now: the HTTP cache's copy only if the
// server says it is current ("no-cache": asked again, a 304 for the same bytes, so the files
// the page has just loaded are not sent twice), never an older copy the HTTP cache may hold for
// a minute. A file this version's cache already holds is the same (same version).
async function fill() {
  const cache = await caches.open(CACHE);
  const held = new Set((await cache.keys()).map((request) => new URL(request.url).pathname));
  await Promise.all(SHELL.filter((path) => PAGES.includes(path) || !held.has(path)).map(async (path) => {
    const response = await fetch(new Request(path, { cache: "no-cache" }));
    if (!response.ok) throw new TypeError(`${path}: ${response.status}`);
    await cache.put(path, isFile.has(path) ? asKept(response) : response);
  }));
}

self.addEventListener("install", (event) => {
  let routed = null;
  try {
    routed = event.addRoutes?.(ROUTES).catch(() => {});
  } catch { /* refused: the fetch handler answers them all */ }
  event.waitUntil(Promise.all([fill(), routed]).then(() => self.skipWaiting()));
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

// A file of the app: this version's copy; the network's on a miss (kept then).
async function fromShellCache(request) {
  const cache = await caches.open(CACHE);
  const hit = await cache.match(request);
  if (hit) return hit;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, asKept(response.clone())).catch(() => {});
  return response;
}

// The page (or the manifest) as the network gave it, kept for use offline; one the cache holds
// as it is (the same ETag, or without one the same words and policy) is not written again:
// every start asks for the page.
async function keepPage(request, response) {
  const cache = await caches.open(CACHE);
  const cached = await cache.match(request, { ignoreVary: true });
  if (cached) {
    const tag = response.headers.get("ETag");
    const policy = (r) => r.headers.get("Content-Security-Policy");
    const same = tag ? cached.headers.get("ETag") === tag
      : policy(cached) === policy(response) && (await cached.text()) === (await response.clone().text());
    if (same) {
      await response.body?.cancel();
      return;
    }
  }
  await cache.put(request, response);
}

// The page: network first, the cached copy when offline (the app's one page for any of its
// paths). The API is never cached here.
async function fromNetwork(event, url) {
  try {
    const response = await fetch(event.request);
    if (response.ok && PAGES.includes(url.pathname)) keepPage(event.request, response.clone()).catch(() => {});
    return response;
  } catch (error) {
    const cached = await caches.match(event.request, { ignoreSearch: true, ignoreVary: true, cacheName: CACHE });
    if (cached) return cached;
    if (event.request.mode === "navigate") {
      const page = await caches.match("/app/", { ignoreVary: true, cacheName: CACHE });
      if (page) return page;
    }
    throw error;
  }
}

self.addEventListener("fetch", (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== "GET" || url.origin !== self.location.origin || url.pathname.startsWith("/api/")) return;
  if (isReferee(url.pathname)) event.respondWith(fromRefereeCache(event.request, url.pathname));
  else if (isFile.has(url.pathname)) event.respondWith(fromShellCache(event.request));
  else event.respondWith(fromNetwork(event, url));
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
// next (the app's page or any of its files asked for: no static routes there, every request
// comes through the fetch handler), at most once a minute.
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
