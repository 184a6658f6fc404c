// Compiles the game packages to bytecode with Pyodide's own Python, so that the page
// loads .pyc files instead of compiling every module at start-up.
// Usage: node precompile.mjs IN.zip OUT.zip
import { readFileSync, writeFileSync } from "node:fs";
import { loadPyodide } from "pyodide";

const [input, output] = process.argv.slice(2);
const pyodide = await loadPyodide();
pyodide.FS.writeFile("/tmp/in.zip", readFileSync(input));
await pyodide.runPythonAsync(`
import compileall, os, py_compile, zipfile
os.makedirs("/tmp/src", exist_ok=True)
with zipfile.ZipFile("/tmp/in.zip") as zf:
    zf.extractall("/tmp/src")
# Hash-based bytecode stays valid whatever the files' times after unpacking.
ok = compileall.compile_dir("/tmp/src", quiet=1, invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
assert ok, "a module did not compile"
with zipfile.ZipFile("/tmp/out.zip", "w", zipfile.ZIP_DEFLATED) as zf:
    for root, dirs, files in sorted(os.walk("/tmp/src")):
        dirs.sort()
        for name in sorted(files):
            path = os.path.join(root, name)
            info = zipfile.ZipInfo(os.path.relpath(path, "/tmp/src"), date_time=(2020, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            with open(path, "rb") as f:
                zf.writestr(info, f.read())
`);
writeFileSync(output, pyodide.FS.readFile("/tmp/out.zip"));
