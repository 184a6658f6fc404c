// The page's Python: a worker that PyScript starts (main.py), with the rules and the table
// controller (pasyansy_web/app.py). Nothing here waits on it: each call is sent and its
// answer awaited, and the answer carries the edits that redraw the page, made here in
// order (apply; pasyansy_web/screen.py says what each one is). The main thread never runs
// Python.

// The functions of the page an edit may run ("run"), lent by table.js and boot.js.
const lent = {};

// What the page sees, sent with each call (pasyansy_web.app.Seen).
function seen() {
  const start = document.getElementById("start");
  return JSON.stringify({
    hash: location.hash,
    portrait: window.innerHeight > window.innerWidth,
    start: start.hidden ? "" : start.dataset.static || "",
  });
}

// localStorage's values of the site, or null where the browser keeps nothing (site data blocked).
function readLocal() {
  try {
    const values = {};
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i);
      if (key.startsWith("pasyansy:") && key !== "pasyansy:lastTable") values[key.slice(9)] = localStorage.getItem(key);
    }
    return values;
  } catch {
    return null;
  }
}

let canStore = true;

// A value stored (null removes it): the games in progress go to the durable store as well.
// False where localStorage refuses it.
function store(key, value) {
  if (key.startsWith("save:")) window.pasyansyDurable.write(key, value);
  try {
    if (value === null) localStorage.removeItem("pasyansy:" + key);
    else localStorage.setItem("pasyansy:" + key, value);
    return true;
  } catch (error) {
    console.warn(`could not store ${key}: ${error}`);
    return false;
  }
}

const find = (selector) => (selector === "html" ? document.documentElement : document.querySelector(selector));

function apply(edits) {
  const refused = [], asides = [], held = new Set();
  for (const [what, a, b, c] of edits) {
    if (what === "text") find(a).textContent = b;
    else if (what === "html") find(a).innerHTML = b;
    else if (what === "hidden") find(a).hidden = b;
    else if (what === "data") { if (c === null) delete find(a).dataset[b]; else find(a).dataset[b] = c; }
    else if (what === "attr") { if (c === null) find(a).removeAttribute(b); else find(a).setAttribute(b, c); }
    else if (what === "class") find(a).classList.toggle(b, c);
    else if (what === "title") document.title = a;
    else if (what === "url") history.replaceState(null, "", a);
    else if (what === "store") { if (!held.has(a) && !store(a, b)) refused.push(a); }
    else if (what === "aside") {
      // The copy first; the value is removed only once it is made, and is never written over after.
      if (store(b, c)) { store(a, null); asides.push(b); } else { held.add(a); refused.push(b); }
    } else if (what === "run") lent[a](...b);
    else if (what === "warn") console.warn(a);
  }
  // Python hears what became of its writes, when something did not go as it asked.
  if ((refused.length && canStore) || asides.length) ask("stored", { refused, set_aside: asides });
}

let worker = null;
let state = null; // the engine's piles as the last answer gave them (window.pasyansyState)
let ready = null;
let asked = 0; // calls sent and not yet answered
const waiters = []; // settled once they are (window.pasyansyAnswered)

// A call to the page's Python: resolves to its own answer once the page is redrawn, or to {}
// while Python is not ready.
export async function ask(kind, payload = {}) {
  if (!worker) return {};
  asked += 1;
  try {
    const answer = JSON.parse(await worker.call(kind, JSON.stringify(payload), seen()));
    apply(answer.edits);
    state = answer.state;
    return answer.reply;
  } finally {
    asked -= 1;
    if (asked === 0) waiters.splice(0).forEach((done) => done());
  }
}

export const isReady = () => worker !== null;

// The worker started, and the page drawn by it once storage is read; `then` runs after.
export function start(functions, then) {
  Object.assign(lent, functions);
  if (ready) return ready;
  const base = new URL("./", import.meta.url);
  ready = (async () => {
    const durable = window.pasyansyDurable.read();
    // Loaded here, not imported by the module, so that the page is drawn before PyScript arrives.
    const { PyWorker } = await import("./pyscript/core.js");
    const started = PyWorker(new URL("main.py", base).href, {
      version: new URL("start-pyodide.mjs", base).href,
      config: { files: { [new URL("pasyansy.zip", base).href]: "./*" } },
    });
    const local = readLocal();
    canStore = local !== null;
    const kept = JSON.stringify({ local, durable: JSON.parse(await durable),
      still: window.matchMedia("(prefers-reduced-motion: reduce)").matches });
    const sync = (await started).sync;
    const answer = JSON.parse(await sync.start(kept, seen()));
    worker = sync;
    document.documentElement.dataset.python = answer.python;
    document.getElementById("loading").hidden = true;
    apply(answer.edits);
    state = answer.state;
    then();
  })();
  ready.catch((error) => {
    console.error("Python did not start:", error);
    const box = document.querySelector("#loading p");
    if (box) box.textContent = `Python did not start: ${error}`.slice(0, 300);
  });
  return ready;
}

window.pasyansyState = () => JSON.stringify(state);
// Whether Python is ready and every call made has been answered: for tests, which wait for it
// before they read the page, as a person waits for the table to change.
window.pasyansyIdle = () => worker !== null && asked === 0;
// For benchmarks: settles once every call made has been answered and its edits made.
window.pasyansyAnswered = () => (asked === 0 ? Promise.resolve() : new Promise((done) => waiters.push(done)));
// For tests and benchmarks: a call as table.js makes it, awaited; its answer as JSON.
window.pasyansyCall = async (kind, payload) => JSON.stringify(await ask(kind, JSON.parse(payload || "{}")));
