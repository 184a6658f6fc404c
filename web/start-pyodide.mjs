// PyScript's interpreter: Pyodide, started from the memory image the build made of it
// (tools/snapshot.mjs) when the service worker serves the page, and afresh otherwise.
// The image skips Python's own start-up, most of the time before the table can be
// played; it is read only from the service worker's cache, so a first visit fetches no
// more than it did without it, and the worker serves it with the very Pyodide it was made
// from. Whatever goes wrong with the image, Python is started afresh.
// The page's Python runs in workers, each started here: the table's (main.py, through
// PyScript) and the solver's (solver-worker.mjs). A worker cannot ask whether a service
// worker serves the build: the solver's is told in its name ("served"); the table's reads
// it from this module's own fetch, which the service worker, when it served it, timed.

import { loadPyodide as startPyodide, version } from "./pyodide/pyodide.mjs";

export { version };

// PyScript takes Pyodide's files from the folder of this module; they are one folder down.
const indexURL = new URL("./pyodide/", import.meta.url).href;

// A worker may be lent a stand-in of the page's document (PyScript's), so the scope is asked.
const inPage = typeof WorkerGlobalScope === "undefined";

function servedHere() {
  if (inPage) return Boolean(navigator.serviceWorker?.controller);
  if (self.name === "served") return true;
  const here = performance.getEntriesByType("resource").find((entry) => entry.name === import.meta.url);
  return Boolean(here && here.workerStart > 0);
}

const served = servedHere();

function readImage() {
  if (!served || typeof DecompressionStream !== "function") return null;
  const image = fetch(indexURL + "snapshot.gzip").then((response) => {
    if (!response.ok) throw new Error(`snapshot.gzip: ${response.status}`);
    return new Response(response.body.pipeThrough(new DecompressionStream("gzip"))).arrayBuffer();
  });
  image.catch(() => {}); // a failure is met where Pyodide is started, not as an unhandled rejection
  return image;
}

// Read while PyScript gets ready and Pyodide fetches its own files; Pyodide waits for it.
// Handed over once and then let go, so that the page does not keep its 31 MB.
let pending = readImage();

// How Python started: on the page's <html data-python>, as the worker reports it.
export let started = "";

function mark(how) {
  started = how;
  globalThis.pasyansyStarted = how; // for the worker's Python to report (main.py)
  if (inPage) document.documentElement.dataset.python = how;
}

export async function loadPyodide(options = {}) {
  const settings = { ...options, indexURL };
  const image = pending;
  pending = null;
  if (image) {
    try {
      const pyodide = await startPyodide({ ...settings, _loadSnapshot: image });
      mark("image");
      return pyodide;
    } catch (error) {
      console.warn("Pyodide did not start from its memory image; starting it afresh:", error);
    }
  }
  mark("fresh");
  return startPyodide(settings);
}
