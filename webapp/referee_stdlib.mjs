// The phone referee's standard library, cut from Pyodide's to what it imports: Pyodide's own
// start and the engines at work. Run by `make install` (after `npm ci`):
//
//   node webapp/referee_stdlib.mjs [pyodide folder] [project folder] [output folder]
//
// In Node.js it starts Pyodide with its whole standard library, unpacks the engines as the
// phone gets them (matches/__init__.py and every .py and .json of matches/engine, zipped and
// unpacked as referee-worker.js unpacks the server's zip), installs a German catalog, imports
// every module named in an import of the engines' source, and plays each game's first moves
// through `matches.engine.referee.answer` (the phone's entry), with pictures. Every module then
// loaded from the standard library's zip goes into the cut, without docstrings and comments
// (but in Pyodide's own packages, which read theirs), its files uncompressed so that the
// server's Brotli compresses them together: `python_stdlib-<first 16 hex digits of its
// SHA-256>.zip`, beside `python_stdlib.json` naming it, the Pyodide version and the modules
// (webapp/runtime.py serves the cut for that version only). The cut is tried first: Pyodide
// started again on it alone plays the same moves, or nothing is written.
import { createHash } from "node:crypto";
import { mkdir, readFile, readdir, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [pyodideDir = "node_modules/pyodide", root = ".", folder = "var/referee"] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(path.resolve(pyodideDir, "pyodide.mjs")).href);
const indexURL = path.resolve(pyodideDir) + "/";

// the engines' files, as webapp/engine_bundle.py takes them
async function engineFiles() {
  const files = [["matches/__init__.py", path.join(root, "matches/__init__.py")]];
  async function walk(dir) {
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) { if (entry.name !== "__pycache__") await walk(full); }
      else if (/\.(py|json)$/.test(entry.name)) files.push([path.relative(root, full).split(path.sep).join("/"), full]);
    }
  }
  await walk(path.join(root, "matches/engine"));
  return files;
}

// Pyodide with the engines unpacked at /referee, as the phone's worker has them
async function start(stdLibURL) {
  const python = await loadPyodide({ indexURL, ...(stdLibURL ? { stdLibURL } : {}) });
  python.FS.mkdirTree("/engines-src");
  for (const [name, file] of await engineFiles()) {
    python.FS.mkdirTree(path.posix.dirname(`/engines-src/${name}`));
    python.FS.writeFile(`/engines-src/${name}`, await readFile(file));
  }
  const zip = python.runPython(ZIP_ENGINES).toJs();
  python.unpackArchive(zip, "zip", { extractDir: "/referee" });
  return python;
}

const ZIP_ENGINES = `
import io, os, zipfile
buffer = io.BytesIO()
with zipfile.ZipFile(buffer, "w", compression=zipfile.ZIP_DEFLATED) as zf:
    for folder, _, names in os.walk("/engines-src"):
        for name in sorted(names):
            full = os.path.join(folder, name)
            zf.write(full, os.path.relpath(full, "/engines-src"))
buffer.getvalue()
`;

// The engines at work: what the phone's worker does (referee-worker.js's WARM, the catalog,
// the referee's requests), every stdlib module the engines' source names, each game played.
const EXERCISE = `
import ast, json, os, random, struct, sys
sys.path.insert(0, "/referee")
from matches.engine import first_action, game_keys, get_engine
from matches.engine.referee import answer
for key in game_keys():
    get_engine(key)

named = set()
for folder, _, names in os.walk("/referee/matches"):
    for name in names:
        if name.endswith(".py"):
            tree = ast.parse(open(os.path.join(folder, name), encoding="utf-8").read())
            for node in ast.walk(tree):
                if isinstance(node, ast.Import):
                    named |= {alias.name for alias in node.names}
                elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                    named.add(node.module)
for name in sorted(named):
    if not name.startswith("matches"):
        __import__(name)

# a compiled catalog in German, read as the phone reads the server's (stdlib gettext)
os.makedirs("/catalog/de/LC_MESSAGES", exist_ok=True)
entries = {b"": b"Content-Type: text/plain; charset=UTF-8\\n", b"Goal": b"Tor"}
keys = sorted(entries)
ids = b"".join(k + b"\\0" for k in keys)
strs = b"".join(entries[k] + b"\\0" for k in keys)
start = 7 * 4 + 16 * len(keys)
table_ids, table_strs, offset = [], [], 0
for k in keys:
    table_ids += [len(k), start + offset]; offset += len(k) + 1
for k in keys:
    table_strs += [len(entries[k]), start + offset]; offset += len(entries[k]) + 1
head = struct.pack("Iiiiiii", 0x950412DE, 0, len(keys), 7 * 4, 7 * 4 + 8 * len(keys), 0, 0)
with open("/catalog/de/LC_MESSAGES/django.mo", "wb") as mo:
    mo.write(head + struct.pack(f"{len(table_ids)}i", *table_ids) + struct.pack(f"{len(table_strs)}i", *table_strs) + ids + strs)
assert json.loads(answer(json.dumps({"op": "language", "language": "de", "locale": "/catalog"})))["ok"]

played = {}
for key in game_keys():
    engine = get_engine(key)
    rng = random.Random(7)
    for count in (2, 4):
        try:
            state = engine.initial_state(edition=engine.default_edition(), sides=[{"name": f"S{i}"} for i in range(count)], options={})
            break
        except Exception:
            state = None
    if state is None:
        continue
    view = json.loads(answer(json.dumps({"op": "load", "table": key, "game": key, "state": engine.state_to_json(state), "picture": True})))["view"]
    moves = 0
    for turn in range(120):
        legal = view["legal"]
        if view.get("outcome") or not legal.get("actions"):
            break
        entry = rng.choice(legal["actions"])
        try:
            action = first_action(key, entry, legal)
        except Exception:
            continue
        reply = json.loads(answer(json.dumps({"op": "apply", "table": key, "action": action, "picture": turn % 5 == 0})))
        if reply.get("ok"):
            view = reply["view"]
            moves += 1
    json.loads(answer(json.dumps({"op": "view", "table": key, "picture": True})))
    played[key] = moves
json.dumps(played)
`;

const MODULES = `
import json, sys
prefix = "/lib/python%d%d.zip/" % sys.version_info[:2]
json.dumps(sorted(n for n, m in list(sys.modules.items()) if (getattr(m, "__file__", None) or "").startswith(prefix)))
`;

// The cut: every file of the kept modules (a package's __init__ for the package), uncompressed.
const CUT = `
import ast, io, json, sys, zipfile

def slim(source):
    """The module without its docstrings and comments (Pyodide's own packages read theirs)."""
    tree = ast.parse(source)
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) and isinstance(body[0].value.value, str):
                node.body = body[1:] or [ast.Pass()]
    return (ast.unparse(tree) + "\\n").encode("utf-8")

prefix = "/lib/python%d%d.zip" % sys.version_info[:2]
keep = set(json.loads(MODULES_KEPT))
files = set()
for name in keep:
    module = sys.modules.get(name)
    file = getattr(module, "__file__", "") or ""
    if file.startswith(prefix + "/"):
        files.add(file[len(prefix) + 1:])
buffer = io.BytesIO()
with zipfile.ZipFile(prefix) as whole, zipfile.ZipFile(buffer, "w", compression=zipfile.ZIP_STORED) as cut:
    names = set(whole.namelist())
    # a module by its own name too (collections.abc is _collections_abc.py, and has a file)
    for name in keep:
        base = name.replace(".", "/")
        files |= {f for f in (base + ".py", base + "/__init__.py") if f in names}
    # each package's own folder entry, as the whole zip has them
    folders = {n for n in names if n.endswith("/") and any(f.startswith(n) for f in files)}
    for name in sorted(files | folders):
        old = whole.getinfo(name)
        info = zipfile.ZipInfo(name, date_time=old.date_time)
        info.external_attr = old.external_attr
        data = whole.read(name)
        if name.endswith(".py") and not name.startswith(("_pyodide/", "pyodide/")):
            data = slim(data)
        cut.writestr(info, data)
buffer.getvalue()
`;

// (a failure says what failed, not the runtime's source)
process.on("uncaughtException", (error) => { console.error(String(error?.message || error)); process.exit(1); });
process.on("unhandledRejection", (error) => { console.error(String(error?.message || error)); process.exit(1); });

const whole = await start(null);
const played = JSON.parse(whole.runPython(EXERCISE));
const modules = JSON.parse(whole.runPython(MODULES));
whole.globals.set("MODULES_KEPT", JSON.stringify(modules));
const cut = whole.runPython(CUT).toJs();

// tried: Pyodide on the cut alone plays the same moves
await mkdir(folder, { recursive: true });
const tmp = path.resolve(folder, "python_stdlib.zip.new");
await writeFile(tmp, cut);
const tried = await start(tmp);
const replayed = JSON.parse(tried.runPython(EXERCISE));
if (JSON.stringify(replayed) !== JSON.stringify(played)) throw new Error(`the cut plays otherwise: ${JSON.stringify(replayed)} != ${JSON.stringify(played)}`);

const version = JSON.parse(await readFile(path.join(pyodideDir, "package.json"), "utf-8")).version;
const name = `python_stdlib-${createHash("sha256").update(cut).digest("hex").slice(0, 16)}.zip`;
for (const old of await readdir(folder)) if (/^python_stdlib-.*\.zip$/.test(old) && old !== name) await rm(path.join(folder, old));
await rename(tmp, path.join(folder, name));
await writeFile(path.join(folder, "python_stdlib.json"), JSON.stringify({ pyodide: version, file: name, modules }, null, 1) + "\n");
const whole_size = (await readFile(path.join(pyodideDir, "python_stdlib.zip"))).length;
console.log(`the referee's standard library: ${modules.length} modules, ${cut.length} bytes (Pyodide's ${whole_size}), moves played ${JSON.stringify(played)}: ${path.join(folder, name)}`);
