// Pyodide's memory once it has started, written at build time and compressed, so that the
// page can start Python from it instead of starting it afresh (web/start-pyodide.mjs).
//
//     node tools/snapshot.mjs PYODIDE_DIR OUT
//
// The same Pyodide gives the same bytes: while the image is made, the entropy Python
// draws and the clock it reads are fixed, and string hashing is not randomized. The page
// seeds Python's random generator afresh once it starts (web/pasyansy_web/app.py), and the
// image does not depend on where the checkout or the build lies.

import nodeCrypto from "node:crypto";
import { writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";

const [directory, out] = process.argv.slice(2);
if (!directory || !out) {
  console.error("usage: node tools/snapshot.mjs PYODIDE_DIR OUT");
  process.exit(2);
}

let state = 1;
const fill = (view) => {
  const bytes = new Uint8Array(view.buffer, view.byteOffset, view.byteLength);
  for (let i = 0; i < bytes.length; i++) {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    bytes[i] = state >>> 24;
  }
  return view;
};
nodeCrypto.randomFillSync = fill;
globalThis.crypto.getRandomValues = fill;
Date.now = () => 0;
performance.now = () => 0;
// Python takes its executable's name from the script's path; a browser's is this one, and
// with it the image does not depend on where the checkout lies.
process.argv[1] = "./this.program";

const indexURL = resolve(directory) + "/";
const { loadPyodide } = await import(pathToFileURL(indexURL + "pyodide.mjs").href);
const pyodide = await loadPyodide({ indexURL, _makeSnapshot: true, env: { PYTHONHASHSEED: "0" } });
writeFileSync(out, gzipSync(pyodide.makeMemorySnapshot(), { level: 6 }));
