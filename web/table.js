// Pointer gestures, keys and animation for the table. The rules live in Python, in a
// worker: every gesture becomes one call to it (python.js), whose answer redraws the table.

import { ask, isReady, start as startPython } from "./python.js";

const DRAG_START = 8; // px: a shorter movement is a tap
const table = () => document.getElementById("table");
// Seconds a card takes to slide, by the speed Python puts on <html data-anim>; none when it is "off".
const FLY_SECONDS = { fast: 0.09, on: 0.18, slow: 0.45 };
const flight = () => FLY_SECONDS[document.documentElement.dataset.anim];
// Whether a box is being typed in (the deal number): a phone's keyboard is up, and the page
// may be low and wide only for as long as it is.
const typing = () => document.activeElement !== null && document.activeElement.tagName === "INPUT";

// Where the keyboard's focus was, said so that the same place can be found in the redrawn page.
function focusedPlace() {
  const el = document.activeElement;
  if (!el || el === document.body) return null;
  if (el.closest("#table [data-pile]")) return { pile: el.closest("[data-pile]").dataset.pile };
  if (el.dataset && el.dataset.call) return { call: el.dataset.call, verb: el.dataset.verb || "" };
  return null;
}

// After a redraw, the focus goes back to the pile or the button it was on; where that button is
// gone (a menu closed), to the menu's button; else to the table.
function refocus(place) {
  if (!place || (document.activeElement && document.activeElement !== document.body)) return;
  const find = (selector) => document.querySelector(selector);
  const target = place.pile
    ? find(`#table .slot[data-pile="${stop || place.pile}"]`)
    : find(`[data-call="${place.call}"]${place.verb ? `[data-verb="${place.verb}"]` : ""}:not([disabled])`)
      || find('#controls [data-call="menu"]');
  (target || find("#table .slot"))?.focus({ preventScroll: true });
}

async function call(kind, payload = {}) {
  if (!isReady()) return {};
  const where = focusedPlace();
  const result = await ask(kind, payload);
  rove();
  refocus(where);
  return result;
}

// The window's size as the last resize left it: reading window.innerHeight while the page is
// being redrawn would make the browser lay it out there and then.
let screenSize = { w: window.innerWidth, h: window.innerHeight };

// The card width that lets the whole layout (w × h cards) fit the table's box: as wide as the
// page allows, and no taller than the screen under the header and the controls, in either
// orientation, so that every card stays in sight without scrolling.
function fit(w, h) {
  const wrap = document.getElementById("table-wrap");
  const top = wrap.getBoundingClientRect().top + window.scrollY;
  const bar = document.getElementById("controls");
  // The bar at the bottom takes its height off the table's; as a rail on the side it takes none.
  const below = document.getElementById("play").classList.contains("side") ? 0 : bar.offsetHeight;
  return Math.min(wrap.clientWidth / w, (screenSize.h - top - below - 6) / (h * 1.4));
}


function layout() {
  const board = table();
  if (!board || !board.dataset.w) return;
  const w = parseFloat(board.dataset.w), h = parseFloat(board.dataset.h);
  // On a low, wide screen (a phone on its side) the controls go above the table or in a
  // column beside it, whichever leaves the larger cards: beside suits a layout that the
  // screen's height limits, above one that its width does. While the deal number is typed
  // they stay where they are.
  const play = document.getElementById("play");
  let cw = fit(w, h);
  const low = screenSize.w > screenSize.h && screenSize.h <= 520;
  if (!typing()) {
    if (low) {
      play.classList.toggle("side"); // the other arrangement, kept if its cards are larger
      const other = fit(w, h);
      if (other > cw) cw = other; else play.classList.toggle("side");
    } else if (play.classList.contains("side")) {
      play.classList.remove("side");
      cw = fit(w, h);
    }
  }
  const size = Math.max(18, Math.min(cw, 110));
  board.style.setProperty("--cw", size + "px");
  board.style.width = w * size + "px";
  board.style.height = h * size * 1.4 + "px";
}
window.pasyansyLayout = layout;

function rects(pile, from) {
  return [...table().querySelectorAll(`.card[data-pile="${pile}"]`)]
    .filter((el) => +el.dataset.index >= from)
    .map((el) => el.getBoundingClientRect());
}

// Every pile's cards' boxes, for a move whose source is known only once Python has played it.
function allRects() {
  const boxes = {};
  table().querySelectorAll(".card").forEach((el) => {
    (boxes[el.dataset.pile] = boxes[el.dataset.pile] || []).push(el.getBoundingClientRect());
  });
  return boxes;
}

function slide(move, before) {
  // FLIP: the moved cards start where they were and slide to their new place.
  const seconds = flight();
  if (!seconds || !move || !move.includes(">")) return;
  const [src, dst] = move.split(">");
  const count = src.includes(":") ? +src.split(":")[1] : 1;
  const cards = [...table().querySelectorAll(`.card[data-pile="${dst}"]`)];
  const moved = cards.slice(-count);
  moved.forEach((el, i) => {
    const old = before[before.length - count + i];
    if (!old) return;
    const now = el.getBoundingClientRect();
    el.style.transform = `translate(${old.left - now.left}px, ${old.top - now.top}px)`;
    el.getBoundingClientRect();
    el.style.transitionDuration = `${seconds}s`;
    el.classList.add("fly");
    el.style.transform = "";
  });
}

function shake(target) {
  if (!target) return;
  const [pile, index] = target;
  const el = table().querySelector(`[data-pile="${pile}"][data-index="${index}"]`)
    || table().querySelector(`.slot[data-pile="${pile}"]`);
  if (!el) return;
  el.classList.remove("shake");
  void el.offsetWidth;
  el.classList.add("shake");
}

// A tap or a drop on the last table drawn, made while Python starts (boot.js shows that
// table): the card stays pressed, and the move is played once Python is ready, if the table
// it was made on is still the one on the page. Only the latest such gesture is kept.
let waiting = null;

function wait(kind, payload) {
  const board = table();
  table().querySelectorAll(".waiting").forEach((c) => c.classList.remove("waiting"));
  table().querySelectorAll(".pressed").forEach((c) => c.classList.add("waiting"));
  waiting = { kind, payload, on: board.dataset.last };
  const box = document.getElementById("message");
  if (box && box.dataset.wait) box.textContent = box.dataset.wait;
  return {};
}

function playWaiting() {
  const gesture = waiting, board = table();
  waiting = null;
  if (!gesture || !board) return;
  delete board.dataset.last;
  const now = `${board.dataset.game}/${board.dataset.deal}/${board.dataset.moves}`;
  if (gesture.on === now) act(gesture.kind, gesture.payload, gesture.payload.pile, Math.max(gesture.payload.index, 0));
}

async function act(kind, payload, srcPile, srcIndex) {
  if (!isReady()) return wait(kind, payload);
  // Where the cards were, for the slide; not asked when cards do not slide (it lays the page out).
  const before = !flight() ? [] : srcPile ? rects(srcPile, srcIndex) : allRects();
  const result = await call(kind, payload);
  if (result.move && result.move.includes(">")) {
    slide(result.move, srcPile ? before : before[result.move.split(/[:>]/)[0]] || []);
  }
  if (result.shake) shake(result.shake);
  return result;
}

// The solver's worker, started with the first position the page asks about. A position
// is sent once the table has been still for JUDGE_DELAY, so that the positions a quick
// player passes through are not searched; one is judged at a time, and while it runs only
// the latest of those asked since waits. A longer search the player asked for is sent at
// once, and gives way to the next position: its worker is stopped and a new one started.
// A longer search that answers retires its worker all the same: WebAssembly's memory never
// shrinks, so the hundreds of MB the search took would stay with the page. A new worker
// starts at once, so that its Python is ready by the next position, as a page's worker is
// after its first. <html data-solver> says "busy" while it searches.
const JUDGE_DELAY = 250; // ms
const solver = { worker: null, busy: false, asked: null, long: false, waiting: null, broken: false, timer: 0 };

function startSolver() {
  // Its name tells it whether the service worker serves the build (start-pyodide.mjs).
  const served = Boolean(navigator.serviceWorker && navigator.serviceWorker.controller);
  const worker = new Worker(new URL("./solver-worker.mjs", import.meta.url),
    { type: "module", name: served ? "served" : "fresh" });
  worker.onmessage = (event) => {
    const retired = solver.long;
    if (retired) retire();
    solver.busy = false;
    document.documentElement.dataset.solver = "idle";
    call("verdict", JSON.parse(event.data));
    const next = solver.waiting;
    solver.waiting = null;
    if (next) send(next.request, next.long);
    else if (retired) ensureWorker();
  };
  worker.onerror = (event) => {
    worker.terminate();
    failed(event.message || "its script did not load");
  };
  return worker;
}

function failed(why) {
  // A worker that cannot run at all is not asked again; the page says the solver is unavailable.
  solver.broken = true;
  solver.busy = false;
  document.documentElement.dataset.solver = "broken";
  call("verdict", { result: "error", error: `the solver's worker failed: ${why}`, line: [] });
}

// The worker stopped, with the memory its searches took; the next one starts afresh.
function retire() {
  solver.worker.terminate();
  solver.worker = null;
}

// The worker, started if there is none; false when it cannot start (the page is told).
function ensureWorker() {
  try {
    solver.worker = solver.worker || startSolver();
    return true;
  } catch (error) {
    failed(error); // a browser without module workers, say
    return false;
  }
}

function send(request, long = false) {
  if (solver.broken) return;
  if (solver.busy && solver.long && !long) {
    retire();
    solver.busy = false;
  }
  if (solver.busy) { solver.waiting = request === solver.asked ? null : { request, long }; return; }
  if (!ensureWorker()) return;
  solver.busy = true;
  solver.asked = request;
  solver.long = long;
  solver.waiting = null;
  document.documentElement.dataset.solver = "busy";
  solver.worker.postMessage(request);
}

function judge(request, long = false) {
  clearTimeout(solver.timer);
  if (long) send(request, true);
  else solver.timer = setTimeout(() => send(request), JUDGE_DELAY);
}

// The solution shown move by move: one move of the solver's line every so often, until the
// line ends or the player taps or presses a key.
let showing = 0;

function stopSolution() {
  clearTimeout(showing);
  showing = 0;
}

function showSolution() {
  stopSolution();
  const pause = Math.max(400, (flight() || 0) * 2500);
  const step = async () => {
    const result = await act("solution_step", {});
    showing = result.move && result.more ? setTimeout(step, pause) : 0;
  };
  showing = setTimeout(step, pause);
}

// The table as last drawn, kept in storage for the next visit to show while Python starts
// (boot.js): written once the table has been still a moment, or as the page goes away.
let keeping = 0;

function keepTable() {
  clearTimeout(keeping);
  keeping = 0;
  const board = table();
  if (!board || !board.dataset.game) return;
  const last = { game: board.dataset.game, deal: board.dataset.deal, moves: board.dataset.moves,
    html: board.innerHTML, w: +board.dataset.w, h: +board.dataset.h,
    title: document.getElementById("title").textContent };
  try { localStorage.setItem("pasyansy:lastTable", JSON.stringify(last)); } catch { /* storage off or full */ }
}

function keepTableSoon() {
  clearTimeout(keeping);
  keeping = setTimeout(keepTable, 300);
}
window.addEventListener("pagehide", () => { if (keeping) keepTable(); });

let gesture = null;

function onDown(event) {
  const el = event.target.closest("[data-pile]");
  if (!el || event.button > 0) return;
  const pile = el.dataset.pile, index = +el.dataset.index;
  const group = index < 0 ? [] : [...table().querySelectorAll(`.card[data-pile="${pile}"]`)]
    .filter((c) => +c.dataset.index >= index && !c.classList.contains("back"));
  gesture = { pile, index, x: event.clientX, y: event.clientY, group, dragging: false };
  // Pressed at once, drawn here before Python answers; the redrawn table has it no more.
  (group.length ? group : [el]).forEach((c) => c.classList.add("pressed"));
  table().setPointerCapture(event.pointerId);
}

function onMove(event) {
  if (!gesture) return;
  const dx = event.clientX - gesture.x, dy = event.clientY - gesture.y;
  if (!gesture.dragging && Math.hypot(dx, dy) > DRAG_START && gesture.group.length) gesture.dragging = true;
  if (gesture.dragging) {
    gesture.group.forEach((c) => { c.classList.add("dragging"); c.style.transform = `translate(${dx}px, ${dy}px)`; });
  }
}

// A click that no pointer made: a screen reader's activation, or element.click(). Pointer taps
// are played on pointerup; the click that follows them is let go, so nothing plays twice.
let pointedAt = 0;

function onTableClick(event) {
  if (performance.now() - pointedAt < 800) return;
  const el = event.target.closest("[data-pile]");
  if (!el) return;
  act("tap", { pile: el.dataset.pile, index: +el.dataset.index }, el.dataset.pile, Math.max(+el.dataset.index, 0));
}

async function onUp(event) {
  pointedAt = performance.now();
  if (!gesture) return;
  const g = gesture;
  gesture = null;
  if (!g.dragging) {
    act("tap", { pile: g.pile, index: g.index }, g.pile, g.index);
    return;
  }
  g.group.forEach((c) => (c.style.visibility = "hidden"));
  const under = document.elementsFromPoint(event.clientX, event.clientY)
    .map((e) => e.closest && e.closest("[data-pile]")).find((e) => e && e.dataset.pile !== g.pile);
  g.group.forEach((c) => (c.style.visibility = ""));
  const dx = event.clientX - g.x, dy = event.clientY - g.y;
  const result = under ? await act("drop", { pile: g.pile, index: g.index, target: under.dataset.pile }, g.pile, g.index)
    : { shake: true };
  if (!result.move) {
    // An illegal drop flies back to where it came from (at once with the animation off).
    const back = [...table().querySelectorAll(`.card[data-pile="${g.pile}"]`)].filter((c) => +c.dataset.index >= g.index);
    back.forEach((c) => {
      c.style.transform = `translate(${dx}px, ${dy}px)`;
      c.getBoundingClientRect();
      c.style.transitionDuration = `${flight() || 0}s`;
      c.classList.add("fly");
      c.style.transform = "";
    });
  }
}

// Keyboard play. The table is one tab stop (the pile last visited); the arrow keys move between
// piles (left and right, and up and down where a pile has no cards to step through), and up and
// down through a pile's face-up cards; Home and End go to the first and last pile, a number's
// keys to the pile of that number. Enter or Space picks up the focused card (or the pile's top
// card), and says where it may go; the arrows then move among those places only, Enter puts it
// down and Escape puts it back. Shift+Enter plays the card where a tap would. On the stock, an
// empty pile or a gap, Enter taps it.
function faceUp(pile) {
  return [...table().querySelectorAll(`.card[data-pile="${pile}"]:not(.back)`)];
}

const slots = () => [...table().querySelectorAll(".slot")];
const slotOf = (pile) => table().querySelector(`.slot[data-pile="${pile}"]`);
const place = (el) => ({ x: parseFloat(el.style.getPropertyValue("--x")), y: parseFloat(el.style.getPropertyValue("--y")) });
let stop = ""; // the pile that holds the table's tab stop
let picked = null; // { pile, index, targets, at }: a card picked up by the keyboard
let number = { keys: "", at: 0 };

function say(words) {
  const box = document.getElementById("announce");
  if (box) box.textContent = words;
}

// The table's one tab stop, on the pile last visited (the first pile of a new table).
function rove() {
  const board = table();
  if (!board) return;
  const home = (stop && slotOf(stop)) || board.querySelector(".slot");
  board.querySelectorAll('[tabindex="0"]').forEach((el) => { if (el !== home) el.tabIndex = -1; });
  if (home) home.tabIndex = 0;
}

function visit(el) {
  if (!el) return;
  stop = el.dataset.pile;
  rove();
  el.focus();
}

// The pile nearest above (dy -1) or below (dy 1) the focused one, by the layout's places.
function pileAcross(pile, dy) {
  const from = place(slotOf(pile));
  const others = slots().filter((el) => dy * (place(el).y - from.y) > 0.5);
  others.sort((a, b) => (Math.abs(place(a).y - from.y) + 0.01 * Math.abs(place(a).x - from.x))
    - (Math.abs(place(b).y - from.y) + 0.01 * Math.abs(place(b).x - from.x)));
  // Nearest row first, then the nearest pile in it.
  const row = others.filter((el) => Math.abs(place(el).y - place(others[0]).y) < 0.5);
  row.sort((a, b) => Math.abs(place(a).x - from.x) - Math.abs(place(b).x - from.x));
  return row[0];
}

async function pick(pile, index) {
  const result = await call("choices", { pile, index });
  say(result.say || "");
  if (!result.targets || !result.targets.length) return;
  picked = { pile, index, targets: result.targets, at: 0 };
  table().querySelectorAll(`.card[data-pile="${pile}"]`).forEach((c) => {
    if (+c.dataset.index >= index) c.classList.add("picked");
  });
  // Each place it may go is marked: its top card, or the empty place itself.
  result.targets.forEach((p) => { const cards = [...table().querySelectorAll(`.card[data-pile="${p}"]`)];
    (cards.length ? cards[cards.length - 1] : slotOf(p))?.classList.add("can-go"); });
  aim(result.targets[0]);
}

// The place chosen among those a picked card may go: the focus on its pile (whose name says the
// pile), and the ring on its top card, which would otherwise hide the pile's own ring.
function aim(pile) {
  table().querySelectorAll(".aimed").forEach((el) => el.classList.remove("aimed"));
  const cards = [...table().querySelectorAll(`.card[data-pile="${pile}"]`)];
  if (cards.length) cards[cards.length - 1].classList.add("aimed");
  slotOf(pile)?.focus();
}

function unpick(words) {
  if (!picked) return;
  const was = picked;
  picked = null;
  table().querySelectorAll(".picked, .can-go, .aimed").forEach((el) => el.classList.remove("picked", "can-go", "aimed"));
  if (words) {
    say(words);
    visit(faceUp(was.pile).find((c) => +c.dataset.index === was.index) || slotOf(was.pile));
  }
}

function onPickedKey(event) {
  const key = event.key;
  if (key === "Escape") {
    event.preventDefault();
    event.stopPropagation();
    unpick(document.documentElement.lang === "en" ? "Put back." : "Карта на месте.");
  } else if (key.startsWith("Arrow")) {
    event.preventDefault();
    const step = key === "ArrowUp" || key === "ArrowLeft" ? -1 : 1;
    picked.at = (picked.at + step + picked.targets.length) % picked.targets.length;
    aim(picked.targets[picked.at]);
  } else if (key === "Enter" || key === " ") {
    event.preventDefault();
    const { pile, index, targets, at } = picked;
    unpick("");
    stop = pile;
    act("drop", { pile, index, target: targets[at] }, pile, index);
  } else if (key === "Tab") {
    unpick("");
  }
}

function onTableKey(event) {
  const el = event.target.closest && event.target.closest("[data-pile]");
  if (!el || event.ctrlKey || event.metaKey || event.altKey) return;
  if (picked) { onPickedKey(event); return; }
  const pile = el.dataset.pile;
  const cards = faceUp(pile);
  const onCard = el.classList.contains("card");
  const key = event.key;
  if (key === "Enter" || key === " ") {
    event.preventDefault();
    let index = onCard ? +el.dataset.index : -1;
    if (index < 0 && cards.length) index = +cards[cards.length - 1].dataset.index;
    const kind = slotOf(pile)?.className || "";
    stop = pile;
    if (index < 0 || event.shiftKey || kind.includes("kind-stock")) {
      act("tap", { pile, index }, pile, Math.max(index, 0));
    } else {
      pick(pile, index);
    }
  } else if (key === "ArrowLeft" || key === "ArrowRight") {
    event.preventDefault();
    const all = slots();
    const at = all.indexOf(slotOf(pile));
    visit(all[Math.min(all.length - 1, Math.max(0, at + (key === "ArrowLeft" ? -1 : 1)))]);
  } else if (key === "ArrowUp" || key === "ArrowDown") {
    event.preventDefault();
    const down = key === "ArrowDown";
    const at = onCard ? cards.indexOf(el) : -1;
    // Into the pile from its place (to its top card), deeper with up, back to the top with down.
    // A pile of one card is not stepped into: Enter on the pile takes that card.
    let next = null;
    if (at < 0 && cards.length > 1) next = cards[cards.length - 1];
    else if (at >= 0 && down && at < cards.length - 1) next = cards[at + 1];
    else if (at >= 0 && !down && at > 0) next = cards[at - 1];
    if (next) { next.focus(); return; }
    visit(pileAcross(pile, down ? 1 : -1) || null);
  } else if (key === "Home" || key === "End") {
    event.preventDefault();
    const all = slots();
    visit(key === "Home" ? all[0] : all[all.length - 1]);
  } else if (/^[0-9]$/.test(key) && table().querySelector(".slot[data-no]")) {
    // A pile's number: one digit, or two typed within a second (pile 13).
    event.preventDefault();
    const now = performance.now();
    number = { keys: now - number.at < 1000 ? number.keys + key : key, at: now };
    const target = table().querySelector(`.slot[data-no="${number.keys}"]`)
      || table().querySelector(`.slot[data-no="${key}"]`);
    if (!table().querySelector(`.slot[data-no="${number.keys}"]`)) number.keys = key;
    if (target) visit(target);
  }
}

// The letter a shortcut names: the key's own on a Latin layout, else the key's place on the
// keyboard, so that Ctrl+Z and H work on a Russian layout too (where they give "я" and "р").
function letter(event) {
  if (/^[a-z]$/i.test(event.key) || !/^Key[A-Z]$/.test(event.code || "")) return event.key.toLowerCase();
  return event.code.slice(3).toLowerCase();
}

// Every key the table knows, for the help that «?» opens.
const KEYS = {
  ru: [["Tab", "к столу и к кнопкам"], ["← →", "соседняя стопка"], ["↑ ↓", "по картам стопки; соседний ряд"],
    ["Home, End", "первая и последняя стопка"], ["1 … 13", "стопка с этим номером"],
    ["Enter, пробел", "взять карту; положить её; взять из колоды"], ["Escape", "вернуть взятую карту"],
    ["Shift+Enter", "сыграть карту туда, куда её положил бы тап"], ["Ctrl+Z, Ctrl+Y", "отменить и вернуть ход"],
    ["H", "подсказка (клавиши-буквы можно выключить в настройках)"], ["?", "этот список"]],
  en: [["Tab", "to the table and the buttons"], ["← →", "the next pile"], ["↑ ↓", "through a pile's cards; the next row"],
    ["Home, End", "the first and the last pile"], ["1 … 13", "the pile of that number"],
    ["Enter, Space", "pick a card up; put it down; draw from the stock"], ["Escape", "put the picked card back"],
    ["Shift+Enter", "play the card where a tap would"], ["Ctrl+Z, Ctrl+Y", "undo and redo"],
    ["H", "a hint (letter keys can be turned off in the settings)"], ["?", "this list"]],
};

function showKeys() {
  const en = document.documentElement.lang === "en";
  let box = document.getElementById("keys");
  if (!box) {
    box = document.createElement("dialog");
    box.id = "keys";
    document.body.append(box);
  }
  const rows = KEYS[en ? "en" : "ru"].map(([k, what]) => `<tr><th scope="row"><kbd>${k}</kbd></th><td>${what}</td></tr>`);
  box.setAttribute("aria-labelledby", "keys-title");
  box.innerHTML = `<h2 id="keys-title">${en ? "Keys" : "Клавиши"}</h2><table>${rows.join("")}</table>`
    + `<button data-close>${en ? "Close" : "Закрыть"}</button>`;
  box.querySelector("[data-close]").addEventListener("click", () => box.close());
  box.showModal();
}

function onKey(event) {
  const mod = event.ctrlKey || event.metaKey;
  const key = letter(event);
  if (event.defaultPrevented || (event.target.closest && event.target.closest("dialog"))) return;
  if (key === "escape" && document.querySelector('[data-call="cancel"]')) { call("cancel"); return; }
  if (event.target.closest && event.target.closest("input")) {
    if (key === "enter") call("deal", { value: event.target.value });
    return;
  }
  // Single keys, which a player who speaks to the page may turn off (the setting "keys").
  const letters = document.documentElement.dataset.keys !== "off";
  if (letters && !mod && key === "h") { call("hint"); event.preventDefault(); }
  else if (letters && !mod && event.key === "?") { showKeys(); event.preventDefault(); }
  else if (mod && key === "z" && !event.shiftKey) { call("undo"); event.preventDefault(); }
  else if (mod && (key === "y" || (key === "z" && event.shiftKey))) { call("redo"); event.preventDefault(); }
}

function onClick(event) {
  if (event.target.closest("[data-skip]")) { // the skip link: to the table's tab stop, not to a route
    event.preventDefault();
    rove();
    table().querySelector('[tabindex="0"]')?.focus();
    return;
  }
  const button = event.target.closest("[data-call]");
  if (!button || button.disabled) return;
  event.preventDefault();
  // A call that cannot be undone asks the player first (the statistics' reset).
  if (button.dataset.confirm && !window.confirm(button.dataset.confirm)) return;
  const input = document.getElementById("deal-number");
  call(button.dataset.call, { verb: button.dataset.verb || "", value: input ? input.value : "" })
    .then((result) => { if (result.solution) showSolution(); });
}

document.addEventListener("DOMContentLoaded", () => {
  const board = table();
  board.addEventListener("pointerdown", onDown);
  board.addEventListener("pointermove", onMove);
  board.addEventListener("pointerup", onUp);
  board.addEventListener("keydown", onTableKey);
  board.addEventListener("click", onTableClick);
  // The tab stop follows the focus; a card picked up is put back when the focus leaves the table.
  board.addEventListener("focusin", (event) => {
    const el = event.target.closest("[data-pile]");
    if (el && !picked) { stop = el.dataset.pile; rove(); }
  });
  board.addEventListener("focusout", (event) => {
    if (picked && !board.contains(event.relatedTarget)) unpick("");
  });
  board.addEventListener("pointercancel", () => {
    table().querySelectorAll(".pressed").forEach((c) => c.classList.remove("pressed"));
    gesture = null;
    call("resize");
  });
  // Any tap or key stops a solution being shown; the capture phase sees it before anything else.
  document.addEventListener("pointerdown", stopSolution, true);
  document.addEventListener("keydown", stopSolution, true);
  document.addEventListener("keydown", onKey);
  document.addEventListener("click", onClick);
  // Another tab stored a value: Python takes it into its copy of storage, and takes up a
  // saved game if it is the one on this table.
  window.addEventListener("storage", (event) => {
    if (event.key && event.key.startsWith("pasyansy:") && event.key !== "pasyansy:lastTable") {
      call("synced", { verb: event.key, value: event.newValue });
    }
  });
  window.addEventListener("hashchange", () => call("route"));
  startPython({ layout, keepTable: keepTableSoon, judge, takeOverStart: window.pasyansyTakeOverStart,
    registerWorker: window.pasyansyRegisterWorker }, () => {
    playWaiting(); // a card pressed on the last table while Python started
    window.pasyansyRegisterWorker();
  });
  let portrait = window.innerHeight > window.innerWidth;
  window.addEventListener("resize", () => {
    screenSize = { w: window.innerWidth, h: window.innerHeight };
    const now = window.innerHeight > window.innerWidth;
    // A phone's keyboard, opened for the deal number, can make the page wider than tall: redrawing
    // then would take the box away, and the keyboard with it. The table is only sized again.
    if (now !== portrait && !typing()) { portrait = now; call("resize"); } else layout();
  });
});
