// Runs before Python: the loading screen, the last drawn table while Python starts,
// and the service worker with its "new version" offer.

// Storage may be turned off (site data blocked): then reading it throws, and the page plays unsaved.
function stored(key) {
  try { return localStorage.getItem(key); } catch { return null; }
}

const lang = stored("pasyansy:lang") === "en" ? "en" : "ru";
const words = {
  ru: { python: "Загружаем Python…", loading: "загрузка…", update: "Доступна новая версия", reload: "Обновить",
        wait: "Ход будет сделан, как только загрузится Python." },
  en: { python: "Loading Python…", loading: "loading…", update: "A new version is available", reload: "Update",
        wait: "The move will be made as soon as Python has loaded." },
}[lang];

function showLastTable() {
  // The table as it was last drawn, shown until Python takes over. A card pressed on it
  // meanwhile is played once Python is ready (table.js).
  let last = null;
  try { last = JSON.parse(stored("pasyansy:lastTable") || "null"); } catch { return; }
  const game = new URLSearchParams(location.hash.slice(1)).get("game");
  if (!last || !game || game !== last.game) return;
  const board = document.getElementById("table");
  board.dataset.w = last.w;
  board.dataset.h = last.h;
  board.dataset.last = `${last.game}/${last.deal}/${last.moves}`; // what a press on it was made on
  board.innerHTML = last.html;
  document.getElementById("title").textContent = last.title;
  const box = document.getElementById("message");
  box.textContent = words.loading;
  box.dataset.wait = words.wait;
  document.getElementById("play").hidden = false;
  document.getElementById("loading").classList.add("over-table");
  if (window.pasyansyLayout) window.pasyansyLayout(true);
}

function offerUpdate(worker) {
  const bar = document.getElementById("update");
  bar.querySelector("span").textContent = words.update;
  const button = bar.querySelector("button");
  button.textContent = words.reload;
  button.onclick = () => worker.postMessage("update");
  bar.hidden = false;
}

let controlled = Boolean(navigator.serviceWorker && navigator.serviceWorker.controller);

function registerWorker() {
  // Called once the table is playable, so that caching the build does not slow the first load.
  if (!("serviceWorker" in navigator) || registerWorker.done) return;
  registerWorker.done = true;
  navigator.serviceWorker.register("service-worker.js").then((registration) => {
    if (registration.waiting && navigator.serviceWorker.controller) offerUpdate(registration.waiting);
    registration.addEventListener("updatefound", () => {
      const worker = registration.installing;
      worker.addEventListener("statechange", () => {
        if (worker.state === "installed" && navigator.serviceWorker.controller) offerUpdate(worker);
      });
    });
    document.addEventListener("visibilitychange", () => { if (!document.hidden) registration.update(); });
  }).catch((error) => {
    // A browser that refuses the worker (a private window, storage turned off) still plays; only offline is lost.
    console.warn("the service worker was not registered:", error);
  });
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    // A new version took over, asked for in this tab or another: every tab reloads into it, so
    // that none runs old code on the new files. The game is saved on every move. The first
    // worker of a first visit takes over a page that had none: that page stays as it is.
    if (controlled) location.reload();
    controlled = true;
  });
}

// The durable store of games in progress: IndexedDB, each write committed with strict
// durability, because Chromium writes localStorage to disk lazily and a move made seconds
// before a crash was lost there. It is read once at start, for Python (read), and every save
// is written to it as well as to localStorage (write; null deletes; python.js); a browser
// without it keeps localStorage alone.
const durable = (() => {
  let opened = null;
  const open = () => opened || (opened = new Promise((resolve, reject) => {
    const request = indexedDB.open("pasyansy", 1);
    request.onupgradeneeded = () => request.result.createObjectStore("saves");
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  }));
  const done = (request) => new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
  return {
    async read() {
      try {
        const store = (await open()).transaction("saves", "readonly").objectStore("saves");
        const [keys, values] = await Promise.all([done(store.getAllKeys()), done(store.getAll())]);
        return JSON.stringify(Object.fromEntries(keys.map((key, i) => [key, values[i]])));
      } catch (error) {
        console.warn("the durable store cannot be read:", error);
        return "{}";
      }
    },
    // Settles once the write is on disk (or refused: a warning, and localStorage alone keeps it).
    write(key, text) {
      return open().then((db) => new Promise((resolve, reject) => {
        const transaction = db.transaction("saves", "readwrite", { durability: "strict" });
        const store = transaction.objectStore("saves");
        if (text === null) store.delete(key); else store.put(text, key);
        transaction.oncomplete = () => resolve();
        transaction.onerror = () => reject(transaction.error);
      })).catch((error) => console.warn("the durable store refused a write:", error));
    },
  };
})();
window.pasyansyDurable = durable;

// The start page, drawn at build time (tools/site.py), shown at once where the link asks for it:
// the games can be chosen while Python starts. Its buttons wait for Python, which then draws
// the same page again, live.
function showStartPage() {
  const route = location.hash.slice(1);
  const template = document.getElementById(`start-${lang}`);
  if ((route && route !== "/") || !template) return;
  const start = document.getElementById("start");
  start.replaceChildren(template.content.cloneNode(true));
  start.querySelectorAll("button").forEach((button) => { button.disabled = true; });
  start.querySelectorAll("a[data-game]").forEach((link) => {
    if (stored(`pasyansy:save:${link.dataset.game}`) === null) return;
    const mark = document.createElement("span");
    mark.className = "mark";
    mark.textContent = template.dataset.mark;
    link.querySelector("strong").after(" ", mark);
  });
  start.hidden = false;
  start.dataset.static = lang; // Python makes this page live rather than draw it again
  document.getElementById("title").textContent = template.dataset.title;
  document.documentElement.lang = lang;
  document.getElementById("loading").classList.add("over-table");
}

// The start page made live once Python has started (pasyansy_web/app.py asks for it): each
// button takes the words the stored settings give it, in place (a new element would be
// painted anew, and the page's largest paint would wait for Python), and the games in
// progress are marked as storage has them.
window.pasyansyTakeOverStart = (liveHtml, inProgress, markWord) => {
  const start = document.getElementById("start");
  delete start.dataset.static;
  const live = document.createElement("div"); // never in the page: only read from
  live.innerHTML = liveHtml;
  start.querySelectorAll("button[data-call]").forEach((button) => {
    const verb = button.getAttribute("data-verb");
    const found = live.querySelector(`button[data-call="${button.dataset.call}"]${verb ? `[data-verb="${verb}"]` : ""}`);
    if (found) {
      button.textContent = found.textContent;
      if (found.hasAttribute("aria-pressed")) button.setAttribute("aria-pressed", found.getAttribute("aria-pressed"));
    }
    button.disabled = false;
  });
  start.querySelectorAll("a[data-game]").forEach((link) => {
    link.querySelector(".mark")?.remove();
    if (!inProgress.includes(link.dataset.game)) return;
    const mark = document.createElement("span");
    mark.className = "mark";
    mark.textContent = markWord;
    link.querySelector("strong").after(" ", mark);
  });
};

document.querySelector("#loading p").textContent = words.python;
showStartPage();
showLastTable();
window.pasyansyRegisterWorker = registerWorker;
if (navigator.serviceWorker && navigator.serviceWorker.controller) registerWorker();
