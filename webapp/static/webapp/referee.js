// The phone's referee, page side: starts the Web Worker (referee-worker.js) in the background
// once a manager is signed in, keeps its engines the server's (/app/referee.json names them
// by a hash of their source), and asks it what a move does. Nothing here ever waits for the
// worker to start: until it is ready every question answers null and the app asks the server.
// The messages are declared in referee-protocol.js.
import { applyRequest, askMessage, bootMessage, failure, languageRequest, loadRequest, memoryMessage } from "./referee-protocol.js";
import { registration } from "./registration.js";

const INFO_KEY = "referee";
let worker = null;
let engine = null; // the hash of the engines the worker holds
let ready = false;
let starting = null;
let language = null;
let next = 1;
const waiting = new Map();

function ask(message) {
  const id = next++;
  return new Promise((resolve) => {
    waiting.set(id, resolve);
    worker.postMessage({ id, ...message });
  });
}

function onMessage(event) {
  const resolve = waiting.get(event.data.id);
  waiting.delete(event.data.id);
  resolve?.(event.data);
}

async function referee() {
  // the server's engines and runtime; offline: the last answer (the files are in the
  // service worker's cache)
  try {
    const response = await fetch("/app/referee.json", { cache: "no-store" });
    if (response.ok) {
      const info = await response.json();
      localStorage.setItem(INFO_KEY, JSON.stringify(info));
      return info;
    }
  } catch { /* offline */ }
  return JSON.parse(localStorage.getItem(INFO_KEY) || "null");
}

function stop() {
  worker?.terminate();
  worker = null;
  engine = null;
  ready = false;
  language = null;
  for (const [id, resolve] of waiting) resolve(failure(id, "stopped"));
  waiting.clear();
}

// No referee on this phone (no runtime on the server, its files unreachable): the app asks
// the server, as it always did; the page only notes it (data-referee="off"), nothing alarming.
function off() {
  stop();
  document.documentElement.dataset.referee = "off";
  return false;
}

// On a first visit the app's service worker is still being installed when the referee starts.
// The referee's worker then waits until the service worker controls the page (at most
// CONTROL_WAIT ms), so that every file it loads (the runtime, the engines' zip) goes through
// the service worker into the referee's cache at this first start: the next start, online or
// not, finds them all there. Without a service worker coming (none, or an active one that
// does not control this page, as after a hard reload) it starts at once.
const CONTROL_WAIT = 15000;
async function underServiceWorker() {
  const container = navigator.serviceWorker;
  if (!container || container.controller) return;
  const coming = await registration.then((r) => r?.installing || r?.waiting);
  if (!coming || container.controller) return;
  await new Promise((resolve) => {
    const timer = setTimeout(resolve, CONTROL_WAIT);
    const done = () => { clearTimeout(timer); resolve(); };
    container.addEventListener("controllerchange", done, { once: true });
    coming.addEventListener("statechange", () => { if (coming.state === "redundant") done(); });
  });
}

async function boot(info) {
  worker = new Worker("/app/referee-worker.js", { type: "module" });
  worker.onmessage = onMessage;
  worker.onerror = () => stop();
  const answer = await ask(bootMessage(info));
  if (!answer.ok) { stop(); return false; }
  engine = info.engine;
  ready = true;
  document.documentElement.dataset.referee = engine;
  window.refereeBoot = { engine, phases: answer.phases };
  window.dispatchEvent(new CustomEvent("referee", { detail: { engine, phases: answer.phases } }));
  return true;
}

// Start the referee (or, when the server runs other engines than the worker holds, start it
// again with the server's). Quietly does nothing without the runtime or a module worker.
export function startReferee() {
  if (starting) return starting;
  starting = (async () => {
    try {
      const info = await referee();
      if (!info?.runtime || typeof Worker === "undefined") { off(); return false; }
      if (worker && engine === info.engine) return true;
      stop();
      await underServiceWorker();
      return (await boot(info)) || off();
    } catch {
      return off();
    } finally {
      starting = null;
    }
  })();
  return starting;
}

export function refereeReady() {
  return ready;
}

async function request(body, lang) {
  if (!ready) return null;
  if (lang && lang !== language) {
    await ask(askMessage(languageRequest(lang)));
    language = lang;
  }
  const answer = await ask(askMessage(body));
  return answer.failed ? null : answer;
}

// The match `table` of `game` at `state` (the API's state JSON): its view (legal actions with
// the hint, summary, outcome, the picture when `picture`), or null.
export function refLoad(table, game, state, lang, { picture = false } = {}) {
  return request(loadRequest(table, game, state, picture), lang);
}

// What `action` does on the table: {ok, action, notation, effects, view} or {ok: false, error}
// (the refusal in `lang`), {ok: false, unchecked} (the phone cannot know), or null.
export function refApply(table, action, lang, { picture = true } = {}) {
  return request(applyRequest(table, action, picture), lang);
}

export function refMemory() {
  return ready ? ask(memoryMessage()) : Promise.resolve(null);
}
