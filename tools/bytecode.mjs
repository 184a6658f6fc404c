// The game packages compiled to bytecode by the Python that runs them in the browser, so
// that the page does not compile them on every start (some 0.1 s of it).
//
//     node tools/bytecode.mjs PYODIDE_DIR ZIP OUT_DIR
//
// Reads the packages' sources from ZIP and writes each module's .pyc under OUT_DIR, at the
// path Python looks for it (pkg/__pycache__/mod.cpython-3XX.pyc). The files are checked
// against nothing when imported (PEP 552's unchecked hash): the zip always holds them
// beside the very sources they were made from. A fresh Python compiles the same sources
// in the same order to the same bytes, so the build stays reproducible.

import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { pathToFileURL } from "node:url";

const [directory, zip, out] = process.argv.slice(2);
if (!directory || !zip || !out) {
  console.error("usage: node tools/bytecode.mjs PYODIDE_DIR ZIP OUT_DIR");
  process.exit(2);
}

const indexURL = resolve(directory) + "/";
const { loadPyodide } = await import(pathToFileURL(indexURL + "pyodide.mjs").href);
const pyodide = await loadPyodide({ indexURL, env: { PYTHONHASHSEED: "0" } });
const home = "/tmp/packages";
pyodide.unpackArchive(new Uint8Array(readFileSync(zip)), "zip", { extractDir: home });
const written = pyodide.runPython(`
import compileall, os, py_compile
ok = compileall.compile_dir(${JSON.stringify(home)}, quiet=1, workers=1,
                            invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
if not ok:
    raise SystemExit("a module did not compile")
sorted(os.path.relpath(os.path.join(top, name), ${JSON.stringify(home)})
       for top, _, names in os.walk(${JSON.stringify(home)}) for name in names if name.endswith(".pyc"))
`).toJs();
for (const name of written) {
  const target = join(out, name);
  mkdirSync(dirname(target), { recursive: true });
  writeFileSync(target, pyodide.FS.readFile(`${home}/${name}`));
}
console.log(`compiled ${written.length} modules`);
