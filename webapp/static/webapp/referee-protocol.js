// The phone's referee speaks in messages, declared here once for both of its sides: the page
// (referee.js) and the Web Worker (referee-worker.js, a module worker) import this module, and
// a test holds it to the Python referee the worker runs (matches/engine/referee.py).
//
// page -> worker: {id, op, ...} with op one of WORKER; worker -> page: {id, ok, ...}, or
// {id, ok: false, failed} when the worker itself failed (not started, stopped, an exception).
// The worker hands a request ({op, ...} with op one of REFEREE) to the Python referee as JSON
// and sends its JSON answer back as it is.

export const WORKER = Object.freeze({
  boot: "boot", // start CPython with the engines: {runtime, stdlib, bundle, engine} -> {engine, bytes, phases}
  memory: "memory", // the worker's memory in use -> {heap}
  ask: "x", // one request of the Python referee: {request} -> its answer
});

export const REFEREE = Object.freeze({
  language: "language", // {language, locale?}: the engines' sentences in that language -> {ok}
  load: "load", // {table, game, state, before?, picture} -> {ok, view} or {ok: false, error}
  apply: "apply", // {table, action, picture} -> {ok, action, notation, effects, view}, {ok: false, error} or {ok: false, unchecked}
  view: "view", // {table, picture} -> {ok, view}
  drop: "drop", // {table}: forget the table -> {ok}
});

// The Python function the worker calls with each request (JSON in, JSON out).
export const ENTRY = Object.freeze({ module: "matches.engine.referee", name: "answer" });

// What a view holds: the legal actions with their hint, the summary, the outcome, the state
// (the API's JSON) and, when asked for, the picture.
export const VIEW = Object.freeze(["legal", "summary", "outcome", "state", "svg"]);

export const bootMessage = ({ runtime, stdlib, bundle, engine }) => ({ op: WORKER.boot, runtime, stdlib: stdlib ?? null, bundle, engine });
export const memoryMessage = () => ({ op: WORKER.memory });
export const askMessage = (request) => ({ op: WORKER.ask, request });

export const languageRequest = (language, locale) => (locale ? { op: REFEREE.language, language, locale } : { op: REFEREE.language, language });
export const loadRequest = (table, game, state, picture) => ({ op: REFEREE.load, table: String(table), game, state, picture });
export const applyRequest = (table, action, picture) => ({ op: REFEREE.apply, table: String(table), action, picture });
export const viewRequest = (table, picture) => ({ op: REFEREE.view, table: String(table), picture });
export const dropRequest = (table) => ({ op: REFEREE.drop, table: String(table) });

// The worker's own failure, as the page reads it.
export const failure = (id, reason) => ({ id, ok: false, failed: reason });
