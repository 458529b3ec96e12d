// Moves logged without a network, kept in IndexedDB (shared by the page and the service
// worker) until they are sent as one batch: {match, baseSeq, actions, key, problem}.
import { sameJSON } from "./same.js";

const DB = "companion";
const STORE = "queue";

function open() {
  return new Promise((resolve, reject) => {
    const req = indexedDB.open(DB, 1);
    req.onupgradeneeded = () => {
      req.result.createObjectStore(STORE, { keyPath: "match" });
      req.result.createObjectStore("kv");
    };
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

async function run(store, mode, fn) {
  const db = await open();
  return new Promise((resolve, reject) => {
    const tx = db.transaction(store, mode);
    const req = fn(tx.objectStore(store));
    tx.oncomplete = () => resolve(req?.result);
    tx.onerror = () => reject(tx.error);
  });
}

export const getQueue = (match) => run(STORE, "readonly", (s) => s.get(Number(match)));
export const allQueues = () => run(STORE, "readonly", (s) => s.getAll());
export const dropQueue = (match) => run(STORE, "readwrite", (s) => s.delete(Number(match)));
export const kvGet = (key) => run("kv", "readonly", (s) => s.get(key));
export const kvSet = (key, value) => run("kv", "readwrite", (s) => s.put(value, key));

function freshKey() {
  return crypto.randomUUID ? crypto.randomUUID() : `${Date.now()}-${Math.random()}`;
}

// The queue of one match read and written again in one transaction: `change` gets the queue
// (or undefined) and gives the new one, null to drop it, or undefined to leave it as it is. The
// page and the service worker both write the queue, and a move may be queued while another is
// being written or the queue sent: read and write in two transactions, one writer would undo
// the other's move. -> the queue as it now stands (null when there is none).
export async function updateQueue(match, change) {
  const db = await open();
  return new Promise((resolve, reject) => {
    const tx = db.transaction(STORE, "readwrite");
    const store = tx.objectStore(STORE);
    let result = null;
    const read = store.get(Number(match));
    read.onsuccess = () => {
      const queue = change(read.result);
      if (queue === undefined) result = read.result ?? null;
      else if (queue === null || !queue.actions.length) store.delete(Number(match));
      else { store.put(queue); result = queue; }
    };
    tx.oncomplete = () => resolve(result);
    tx.onerror = () => reject(tx.error);
    tx.onabort = () => reject(tx.error);
  });
}

// moves added to the match's queue, in order (a queue begun on `baseSeq`)
export function enqueue(match, baseSeq, ...actions) {
  return updateQueue(match, (queue) => {
    const next = queue || { match: Number(match), baseSeq, actions: [] };
    next.actions.push(...actions);
    next.key = freshKey(); // the batch changed: a new idempotency key for it
    next.problem = null;
    return next;
  });
}

export function rebase(match, baseSeq, keep = null) {
  return updateQueue(match, (queue) => {
    if (!queue) return undefined;
    queue.baseSeq = baseSeq;
    if (keep !== null) queue.actions = queue.actions.slice(0, keep);
    queue.key = freshKey();
    queue.problem = null;
    return queue;
  });
}

// A conflict (409) whose moves in between are the queue's first moves, the same actions in the
// same order: they were stored already. -> whether they were.
async function storedAlready(queue, data, headers) {
  const current = data?.details?.current_seq;
  const count = current - queue.baseSeq;
  if (data?.code !== "stale_sequence" || !Number.isInteger(current) || count < 1 || count > queue.actions.length) return false;
  try {
    const response = await fetch(`/api/matches/${queue.match}/events/?after=${queue.baseSeq}`, { headers, cache: "no-store" });
    if (!response.ok) return false;
    const events = ((await response.json())?.results || []).slice(0, count);
    return events.length === count && events.every((e, i) => e.kind === "action" && e.seq === queue.baseSeq + i + 1 && sameJSON(e.action, queue.actions[i]));
  } catch {
    return false;
  }
}

// the match and its state as they stand (the answer a batch would have given)
async function matchNow(match, headers) {
  const [m, st] = await Promise.all([`/api/matches/${match}/`, `/api/matches/${match}/state/`].map((url) => fetch(url, { headers, cache: "no-store" }).then((r) => r.json())));
  return { match: m, current: st, events: [] };
}

// Send the queue of one match as one batch. -> {status, data} or null when nothing waits.
// A network failure leaves the queue as it was; 409 and 422 are kept on it as `problem`
// for the player to resolve; nothing is dropped without the player's say.
export async function flush(match, { token, language }) {
  const queue = await getQueue(match);
  if (!queue || !queue.actions.length || queue.problem) return null;
  const headers = {
    Accept: "application/json",
    "Accept-Language": language || "en",
    ...(token ? { Authorization: `Token ${token}` } : {}),
  };
  const response = await fetch(`/api/matches/${queue.match}/events/batch/?include=state`, {
    method: "POST",
    headers: { ...headers, "Content-Type": "application/json", "Idempotency-Key": queue.key },
    body: JSON.stringify({ expected_seq: queue.baseSeq, actions: queue.actions }),
  });
  const data = await response.json().catch(() => null);
  if (response.ok) {
    // stored: those moves leave the queue; moves queued meanwhile (by the page while the
    // service worker sent, say) stay, on top of the sequence number the server gave
    const sent = queue.actions.length;
    const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);
    await updateQueue(match, (current) => {
      if (!current) return undefined;
      if (current.key === queue.key) return null;
      if (!same(current.actions.slice(0, sent), queue.actions)) return undefined;
      current.actions = current.actions.slice(sent);
      current.baseSeq = data?.match?.seq ?? queue.baseSeq + sent;
      current.key = freshKey();
      current.problem = null;
      return current;
    });
  } else if (response.status === 409 && (await storedAlready(queue, data, headers))) {
    // the first moves of the batch are on the server already, ours: sent and stored before
    // while the answer was lost on its way (or by another sender of this phone's queue); the
    // rest is sent on top of them
    const stored = data.details.current_seq - queue.baseSeq;
    await updateQueue(match, (current) => {
      if (!current || !sameJSON(current.actions.slice(0, stored), queue.actions.slice(0, stored))) return undefined;
      current.actions = current.actions.slice(stored);
      current.baseSeq = data.details.current_seq;
      current.key = freshKey();
      current.problem = null;
      return current;
    });
    return (await flush(match, { token, language })) ?? { status: 201, data: await matchNow(match, headers) };
  } else if (response.status === 409 || response.status === 422 || response.status === 400) {
    // kept on the queue it answers, unless moves were queued meanwhile: the new batch is sent
    await updateQueue(match, (current) => {
      if (!current || current.key !== queue.key) return undefined;
      current.problem = { status: response.status, ...data };
      return current;
    });
  }
  return { status: response.status, data };
}
