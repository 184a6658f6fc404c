// The solver's worker: a Python of its own that judges the positions the page sends it
// (pasyansy_web/verdict.py), so that the table never waits for a search. It only
// computes, and answers each message with one, as JSON text.

import { loadPyodide, started } from "./start-pyodide.mjs";

const home = "/home/pyodide/pasyansy";

const judge = (async () => {
  const pyodide = await loadPyodide();
  const response = await fetch(new URL("./pasyansy.zip", import.meta.url));
  if (!response.ok) throw new Error(`pasyansy.zip: ${response.status}`);
  pyodide.unpackArchive(await response.arrayBuffer(), "zip", { extractDir: home });
  pyodide.runPython(`import sys; sys.path.insert(0, ${JSON.stringify(home)})`);
  return pyodide.pyimport("pasyansy_web.verdict").judge;
})();
judge.catch(() => {}); // met in onmessage, where the page is told

self.onmessage = async (event) => {
  let answer;
  try {
    answer = JSON.parse((await judge)(event.data));
  } catch (error) {
    answer = { result: "error", error: `the solver did not start: ${error}`.slice(0, 300), line: [] };
  }
  answer.python = started;
  self.postMessage(JSON.stringify(answer));
};
