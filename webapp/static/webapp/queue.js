// Moves logged without a network, kept in IndexedDB (shared by the page and the service
// worker) until they are sent as one batch: {match, baseSeq, actions, key, problem}.
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
export const putQueue = (queue) => run(STORE, "readwrite", (s) => s.put(queue));
export const dropQueue = (match) => run(STORE, "readwrite", (s) => s.delete(Number(match)));
export const kvGet = (key) => run("kv", "readonly", (s) => s.get(key));
export const kvSet = (key, value) => run("kv", "readwrite", (s) => s.put(value, key));

function freshKey() {
  return crypto.randomUUID ? crypto.randomUUID() : `${Date.now()}-${Math.random()}`;
}

export async function enqueue(match, baseSeq, action) {
  const queue = (await getQueue(match)) || { match: Number(match), baseSeq, actions: [] };
  queue.actions.push(action);
  queue.key = freshKey(); // the batch changed: a new idempotency key for it
  queue.problem = null;
  await putQueue(queue);
  return queue;
}

export async function rebase(match, baseSeq, keep = null) {
  const queue = await getQueue(match);
  if (!queue) return null;
  queue.baseSeq = baseSeq;
  if (keep !== null) queue.actions = queue.actions.slice(0, keep);
  queue.key = freshKey();
  queue.problem = null;
  if (!queue.actions.length) {
    await dropQueue(match);
    return null;
  }
  await putQueue(queue);
  return queue;
}

// Send the queue of one match as one batch. -> {status, data} or null when nothing waits.
// A network failure leaves the queue as it was; 409 and 422 are kept on it as `problem`
// for the player to resolve; nothing is dropped without the player's say.
export async function flush(match, { token, language }) {
  const queue = await getQueue(match);
  if (!queue || !queue.actions.length || queue.problem) return null;
  const response = await fetch(`/api/matches/${queue.match}/events/batch/?include=state`, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      Accept: "application/json",
      "Accept-Language": language || "en",
      "Idempotency-Key": queue.key,
      ...(token ? { Authorization: `Token ${token}` } : {}),
    },
    body: JSON.stringify({ expected_seq: queue.baseSeq, actions: queue.actions }),
  });
  const data = await response.json().catch(() => null);
  if (response.ok) {
    // stored: those moves leave the queue; moves queued meanwhile (by the page while the
    // service worker sent, say) stay, on top of the sequence number the server gave
    const current = await getQueue(match);
    const sent = queue.actions.length;
    const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);
    if (current && current.key === queue.key) await dropQueue(match);
    else if (current && same(current.actions.slice(0, sent), queue.actions)) {
      current.actions = current.actions.slice(sent);
      current.baseSeq = data?.match?.seq ?? queue.baseSeq + sent;
      current.key = freshKey();
      current.problem = null;
      if (current.actions.length) await putQueue(current);
      else await dropQueue(match);
    }
  } else if (response.status === 409 || response.status === 422 || response.status === 400) {
    queue.problem = { status: response.status, ...data };
    await putQueue(queue);
  }
  return { status: response.status, data };
}
