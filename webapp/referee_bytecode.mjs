// The engines' bytecode for the phone's referee, compiled by Pyodide's own Python. Run by
// `make install` (after `npm ci`):
//
//   node webapp/referee_bytecode.mjs [pyodide folder] [project folder] [output folder]
//
// On a cold start the phone's worker spent most of the engines' part compiling their source
// (0.74 MB of it); reading bytecode takes a fraction of that. The server's Python is another
// version than Pyodide's, so the bytecode is made here, in Node.js, by Pyodide's own Python:
// every .py of matches/ the engines' zip holds (webapp/engine_bundle.py) compiled to
// `bytecode/<its name>c` (hash-based, so the same source gives the same bytes whatever the
// files' dates), beside `bytecode.json`, which names the Pyodide version and each source's
// SHA-256. The server puts a module's .pyc in the zip in place of its source only while the
// source is still that one and the runtime that version (webapp/engine_bundle.py).
import { createHash } from "node:crypto";
import { mkdir, readFile, readdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [pyodideDir = "node_modules/pyodide", root = ".", folder = "var/referee"] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(path.resolve(pyodideDir, "pyodide.mjs")).href);

// the engines' Python files, as webapp/engine_bundle.py takes them
async function sources() {
  const files = ["matches/__init__.py"];
  async function walk(dir) {
    for (const entry of await readdir(path.join(root, dir), { withFileTypes: true })) {
      const name = `${dir}/${entry.name}`;
      if (entry.isDirectory()) { if (entry.name !== "__pycache__") await walk(name); }
      else if (entry.name.endsWith(".py")) files.push(name);
    }
  }
  await walk("matches/engine");
  return files.sort();
}

// (a traceback names the module's source, as on the server)
const COMPILE = `
import json, py_compile
for name in json.loads(NAMES):
    py_compile.compile("/src/" + name, cfile="/src/" + name + "c", dfile=name, doraise=True,
                       invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
`;

process.on("uncaughtException", (error) => { console.error(String(error?.message || error)); process.exit(1); });
process.on("unhandledRejection", (error) => { console.error(String(error?.message || error)); process.exit(1); });

const python = await loadPyodide({ indexURL: path.resolve(pyodideDir) + "/" });
const names = await sources();
const digests = {};
for (const name of names) {
  const data = await readFile(path.join(root, name));
  digests[name] = createHash("sha256").update(data).digest("hex");
  python.FS.mkdirTree(path.posix.dirname(`/src/${name}`));
  python.FS.writeFile(`/src/${name}`, data);
}
python.globals.set("NAMES", JSON.stringify(names));
python.runPython(COMPILE);

const out = path.join(folder, "bytecode");
await rm(out, { recursive: true, force: true });
const files = {};
let bytes = 0;
for (const name of names) {
  const data = python.FS.readFile(`/src/${name}c`);
  await mkdir(path.dirname(path.join(out, name)), { recursive: true });
  await writeFile(path.join(out, `${name}c`), data);
  files[name] = digests[name];
  bytes += data.length;
}
const version = JSON.parse(await readFile(path.join(pyodideDir, "package.json"), "utf-8")).version;
await writeFile(path.join(folder, "bytecode.json"), JSON.stringify({ pyodide: version, files }, null, 1) + "\n");
console.log(`the engines' bytecode: ${names.length} files, ${bytes} bytes: ${out}`);
