// The phone's referee, in a Web Worker: CPython in WebAssembly (Pyodide, served by this
// server) running the server's own engines (the zip /app/referee.json names). The page talks
// to it with messages {id, op, ...}; every answer is {id, ok, ...} (see referee.js).
let python = null;
let answer = null;
let booted = null;

async function boot({ runtime, bundle, engine }) {
  const phases = {};
  let mark = performance.now();
  const lap = (name) => { const now = performance.now(); phases[name] = Math.round(now - mark); mark = now; };
  const [{ loadPyodide }, zip] = await Promise.all([
    import(`${runtime}pyodide.mjs`),
    fetch(bundle).then((response) => {
      if (!response.ok) throw new Error(`engine bundle: ${response.status}`);
      return response.arrayBuffer();
    }),
  ]);
  lap("fetch");
  python = await loadPyodide({ indexURL: runtime, fullStdLib: false });
  lap("runtime");
  python.unpackArchive(zip, "zip", { extractDir: "/referee" });
  python.runPython(`import sys\nsys.path.insert(0, "/referee")\nfrom matches.engine.referee import answer`);
  answer = python.globals.get("answer");
  python.runPython(`answer('{"op": "language", "language": "en", "locale": "/referee/locale"}')`);
  lap("engines");
  return { engine, bytes: zip.byteLength, phases };
}

self.onmessage = async (event) => {
  const { id, op } = event.data;
  try {
    if (op === "boot") {
      booted = booted || boot(event.data);
      self.postMessage({ id, ok: true, ...(await booted) });
      return;
    }
    if (!booted) throw new Error("not booted");
    await booted;
    if (op === "memory") {
      const heap = python._module?.HEAPU8?.length ?? null;
      self.postMessage({ id, ok: true, heap });
      return;
    }
    const started = performance.now();
    const reply = JSON.parse(answer(JSON.stringify(event.data.request)));
    self.postMessage({ id, ...reply, ms: performance.now() - started });
  } catch (err) {
    self.postMessage({ id, ok: false, failed: String(err?.message || err) });
  }
};
