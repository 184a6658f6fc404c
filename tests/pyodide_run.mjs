// Runs a Python snippet inside Pyodide under Node with the project's packages
// mounted (the front end's as the page has it, beside the others), and prints what the
// snippet prints. Usage: node pyodide_run.mjs ROOT CODE
import { readFileSync, readdirSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { loadPyodide } from "pyodide";

const [root, code] = process.argv.slice(2);
const pyodide = await loadPyodide();
for (const pkg of ["pygame_engine", "rules", "web/pasyansy_web"]) {
  const walk = (dir) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) {
        if (name !== "__pycache__") walk(path);
      } else if (name.endsWith(".py")) {
        const target = "/home/pyodide/" + relative(root, path).replace(/^web\//, "");
        pyodide.FS.mkdirTree(target.slice(0, target.lastIndexOf("/")));
        pyodide.FS.writeFile(target, readFileSync(path));
      }
    }
  };
  walk(join(root, pkg));
}
let out = "";
pyodide.setStdout({ batched: (line) => { out += line + "\n"; } });
await pyodide.runPythonAsync(code);
process.stdout.write(out);
