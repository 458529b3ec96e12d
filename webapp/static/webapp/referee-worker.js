// The phone's referee, in a Web Worker: CPython in WebAssembly (Pyodide, served by this
// server) running the server's own engines (the zip /app/referee.json names). The page talks
// to it with the messages of referee-protocol.js: {id, op, ...}; every answer is {id, ok, ...}.
// (Served at /app/; the protocol's address is filled in by the server, as the service worker's.)
import { ENTRY, WORKER, failure, languageRequest } from "__STATIC__referee-protocol.js";

let python = null;
let answer = null;
let booted = null;

// Starting CPython is most of the start; once started with these engines imported, the
// worker keeps a copy of its memory (Pyodide's memory snapshot) in this cache, by runtime and
// engines, and the next start restores it instead of starting CPython again.
const STARTS = "companion-referee-start";
const WARM = `import sys
sys.path.insert(0, "/referee")
from matches.engine import game_keys, get_engine
from ${ENTRY.module} import ${ENTRY.name} as answer
for key in game_keys():
    get_engine(key)
`;

async function savedStart(key) {
  try {
    const hit = await (await caches.open(STARTS)).match(key);
    return hit ? await hit.arrayBuffer() : null;
  } catch {
    return null;
  }
}

async function saveStart(key, snapshot) {
  try {
    const cache = await caches.open(STARTS);
    for (const old of await cache.keys()) await cache.delete(old);
    await cache.put(key, new Response(snapshot, { headers: { "Content-Type": "application/octet-stream" } }));
  } catch { /* no room: the next start starts CPython again */ }
}

// Pyodide restores a snapshot into the heap its module starts with (30 MiB) and does not grow
// it first (pyodide/pyodide#6254): a start whose engines took more memory than that would never
// be restored. The module is made here instead, and before the snapshot is copied in, its heap
// is grown through the module's own allocator (so every view of the memory follows); the room
// beyond the snapshot is cleared after.
// (Its two steps are timed in the start's phases: `module`, the WebAssembly compiled and
// instantiated; `restore`, the snapshot copied in.)
function roomyModule(runtime, phases) {
  return async (settings) => {
    const started = performance.now();
    const { default: createModule } = await import(`${runtime}pyodide.asm.mjs`);
    const module = await createModule(settings);
    phases.module = Math.round(performance.now() - started);
    const restore = module.API.restoreSnapshot;
    module.API.restoreSnapshot = (snapshot) => {
      const copying = performance.now();
      while (module.HEAP8.length < snapshot.byteLength && module._malloc(1 << 20)) { /* grow */ }
      const header = new Uint32Array(snapshot.buffer, snapshot.byteOffset, 2)[1];
      const restored = restore(snapshot);
      module.HEAPU8.fill(0, snapshot.byteLength - header);
      phases.restore = Math.round(performance.now() - copying);
      return restored;
    };
    return module;
  };
}

// The engines' zip written out under /referee: read here and each file written to Pyodide's
// file system as the slice of the zip it is (the server stores them and compresses the answer
// as a whole, which the browser undoes; a deflated file is inflated by the browser,
// DecompressionStream), quicker than Pyodide's unpackArchive (Python's zipfile in
// WebAssembly), which stays the fallback. -> by whom.
async function unpackEngines(python, zip) {
  try {
    const files = await zipFiles(new Uint8Array(zip));
    for (const [name, data] of files) {
      const path = `/referee/${name}`;
      python.FS.mkdirTree(path.slice(0, path.lastIndexOf("/")));
      python.FS.writeFile(path, data);
    }
    return "browser";
  } catch {
    python.unpackArchive(zip, "zip", { extractDir: "/referee" });
    return "python";
  }
}

// [name, bytes] of every file of a zip (stored or deflated), from its central directory.
async function zipFiles(bytes) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let end = bytes.length - 22;
  while (end >= 0 && view.getUint32(end, true) !== 0x06054b50) end -= 1;
  if (end < 0) throw new Error("not a zip");
  const count = view.getUint16(end + 10, true);
  let at = view.getUint32(end + 16, true);
  const names = new TextDecoder();
  const files = [];
  for (let i = 0; i < count; i++) {
    if (view.getUint32(at, true) !== 0x02014b50) throw new Error("bad central directory");
    const method = view.getUint16(at + 10, true);
    const size = view.getUint32(at + 20, true);
    const nameLength = view.getUint16(at + 28, true);
    const extra = view.getUint16(at + 30, true);
    const comment = view.getUint16(at + 32, true);
    const local = view.getUint32(at + 42, true);
    const name = names.decode(bytes.subarray(at + 46, at + 46 + nameLength));
    at += 46 + nameLength + extra + comment;
    if (name.endsWith("/")) continue;
    const start = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
    const packed = bytes.subarray(start, start + size);
    if (method === 0) files.push([name, packed]);
    else if (method === 8) files.push([name, new Uint8Array(await new Response(new Blob([packed]).stream().pipeThrough(new DecompressionStream("deflate-raw"))).arrayBuffer())]);
    else throw new Error(`zip method ${method}`);
  }
  return files;
}

async function boot({ runtime, stdlib, bundle, engine }) {
  const phases = {};
  let mark = performance.now();
  const lap = (name) => { const now = performance.now(); phases[name] = Math.round(now - mark); mark = now; };
  // the standard library cut for the engines (/app/referee.json), else the runtime's whole one
  const library = stdlib ? { stdLibURL: stdlib } : {};
  const key = new Request(new URL(`/app/referee-start/${encodeURIComponent(stdlib || runtime)}/${engine}`, self.location.origin));
  const [{ loadPyodide }, zip, saved] = await Promise.all([
    import(`${runtime}pyodide.mjs`),
    fetch(bundle).then((response) => {
      if (!response.ok) throw new Error(`engine bundle: ${response.status}`);
      return response.arrayBuffer();
    }),
    savedStart(key),
  ]);
  lap("fetch");
  if (saved) {
    try {
      python = await loadPyodide({
        indexURL: runtime, ...library, _loadSnapshot: saved, createPyodideModule: roomyModule(runtime, phases),
      });
      phases.restored = true;
    } catch (err) {
      python = null;
      phases.unrestored = String(err?.message || err);
    }
  }
  python = python || await loadPyodide({ indexURL: runtime, ...library, _makeSnapshot: true });
  lap("runtime");
  phases.unpacked = await unpackEngines(python, zip); // (by whom)
  python.runPython(WARM);
  lap("engines");
  if (!phases.restored) {
    saveStart(key, python.makeMemorySnapshot());
    lap("snapshot"); // (its copy is written to the cache meanwhile)
  }
  answer = python.globals.get("answer");
  answer(JSON.stringify(languageRequest("en", "/referee/locale")));
  lap("words");
  return { engine, bytes: zip.byteLength, phases };
}

self.onmessage = async (event) => {
  const { id, op } = event.data;
  try {
    if (op === WORKER.boot) {
      booted = booted || boot(event.data);
      self.postMessage({ id, ok: true, ...(await booted) });
      return;
    }
    if (!booted) throw new Error("not booted");
    await booted;
    if (op === WORKER.memory) {
      const heap = python._module?.HEAPU8?.length ?? null;
      self.postMessage({ id, ok: true, heap });
      return;
    }
    if (op !== WORKER.ask) throw new Error(`unknown op: ${op}`);
    const started = performance.now();
    const reply = JSON.parse(answer(JSON.stringify(event.data.request)));
    self.postMessage({ id, ...reply, ms: performance.now() - started });
  } catch (err) {
    self.postMessage(failure(id, String(err?.message || err)));
  }
};
