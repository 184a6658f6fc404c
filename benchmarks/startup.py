"""Start-up times in Chromium, median of N runs each:

* bare Pyodide: an empty page that only loads Pyodide from the build;
* the site, from navigation to a playable table: cold (nothing cached), warm (served
  by the service worker) and offline (the server stopped); how each load started Python
  (afresh, or from the build's memory image, which only the service worker serves);
* the same loads to the "still winnable?" indicator's first verdict, which waits for the
  solver's worker to start its own Python (afresh or from the image, as the page says);
* the bytes a cold load transfers: the page and the table's worker, and the solver's worker;
* the main thread's long tasks until each is ready (a PerformanceObserver for long
  tasks, from the page's first script): the longest, and how many took over 200 ms.

    python -m benchmarks.startup [--runs N] [--slow F]

``--slow F`` runs every page with its CPU slowed F times (Chromium's emulation, as a
phone's), cold, warm and offline alike.

The goal (issue: offline build) is a playable site within 1.3 × the bare Pyodide
start measured in the same run.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
from pathlib import Path
from typing import Any

from playwright.sync_api import sync_playwright

from tools import site
from tools.site import Server

BARE = """<!doctype html><meta charset="utf-8"><title>bare</title>
<script type="module">
import { loadPyodide } from "./pyodide/pyodide.mjs";
await loadPyodide();
document.title = "ready " + performance.now();
</script>"""
READY = "html[data-ready='1']"
LONG_TASKS = """window.pasyansyLongTasks = [];
new PerformanceObserver((list) => {
  for (const task of list.getEntries()) window.pasyansyLongTasks.push(task.duration);
}).observe({ type: "longtask", buffered: true });"""
LONG = 200  # ms: a main-thread task longer than this freezes the page for a player
STARTS = {"fresh": "afresh", "image": "from the memory image"}  # html's data-python (web/start-pyodide.mjs)
BYTES = """() => (performance.getEntriesByType('navigation') || []).concat(performance.getEntriesByType('resource'))
  .reduce((sum, e) => sum + (e.transferSize || 0), 0)"""


def seconds(page: Any) -> float:
    return float(page.evaluate("performance.now()")) / 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--slow", type=float, default=1.0, help="the CPU slowed this many times")
    args = parser.parse_args()

    def open_page(context: Any) -> Any:
        page = context.new_page()
        if args.slow != 1.0:
            context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": args.slow})
        return page

    built = site.build(Path(tempfile.mkdtemp()) / "site")
    (built / "bare.html").write_text(BARE)
    results: dict[str, list[float]] = {"bare": [], "cold": [], "warm": [], "offline": [], "bytes": [],
                                       "solver bytes": [], "cold verdict": [], "warm verdict": [],
                                       "offline verdict": []}
    starts: dict[str, set[str]] = {"cold": set(), "warm": set(), "offline": set(),
                                   "cold verdict": set(), "warm verdict": set(), "offline verdict": set()}

    def tasks(page: Any, kind: str) -> None:
        """The main thread's long tasks so far: the longest, and how many were over LONG."""
        found = [float(d) for d in page.evaluate("window.pasyansyLongTasks || []")]
        results.setdefault(kind + " longest task", []).append(max(found, default=0.0))
        results.setdefault(kind + " tasks over 200 ms", []).append(float(sum(d > LONG for d in found)))

    def playable(page: Any, kind: str) -> None:
        """Wait for the table, then for the solver's verdict, noting the time each took and how
        Python was started for each."""
        page.wait_for_selector(READY, state="attached", timeout=60_000)
        results[kind].append(seconds(page))
        tasks(page, kind)
        starts[kind].add(str(page.evaluate("document.documentElement.dataset.python")))
        verdict = page.locator("#verdict:not([data-result='pending'])")  # Сложный коврик deal 1: won at once
        verdict.wait_for(state="attached", timeout=60_000)
        results[kind + " verdict"].append(seconds(page))
        starts[kind + " verdict"].add(str(verdict.get_attribute("data-python")))

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=site.CHROMIUM, args=site.CHROMIUM_FLAGS)
        for _ in range(args.runs):
            server = Server(built)
            context = browser.new_context(service_workers="block")
            context.add_init_script(LONG_TASKS)
            page = open_page(context)
            page.goto(server.origin + "bare.html")
            page.wait_for_function("document.title.startsWith('ready')", timeout=60_000)
            results["bare"].append(float(page.title().split()[1]) / 1000)
            tasks(page, "bare")
            context.close()

            context = browser.new_context()
            context.add_init_script(LONG_TASKS)
            page = open_page(context)
            page.goto(server.origin + "#game=hard_rug&deal=1")
            playable(page, "cold")
            # The page's own and its workers' (Python's files are fetched by the table's worker,
            # and again by the solver's).
            solver = [w for w in page.workers if w.url.endswith("solver-worker.mjs")]
            results["bytes"].append(sum(float(scope.evaluate(BYTES)) for scope in [*page.workers, page]
                                        if scope not in solver))
            results["solver bytes"].append(sum(float(scope.evaluate(BYTES)) for scope in solver))
            page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=60_000)
            page.reload()
            playable(page, "warm")
            server.stop()
            page.reload()
            playable(page, "offline")
            context.close()
        browser.close()
    med = {k: statistics.median(v) for k, v in results.items()}
    print(f"runs: {args.runs} (median of each)" + (f", the CPU slowed {args.slow:g} times" if args.slow != 1 else ""))
    print(f"bare Pyodide start:                {med['bare']:.2f} s")
    for kind, label in (("cold", "cold:          "), ("warm", "warm (worker): "), ("offline", "offline:       ")):
        how = " and ".join(sorted(STARTS.get(start, start) for start in starts[kind]))
        print(f"site playable, {label}     {med[kind]:.2f} s  ({med[kind] / med['bare']:.2f} x bare;"
              f" Python started {how})")
    for kind, label in (("cold", "cold:          "), ("warm", "warm (worker): "), ("offline", "offline:       ")):
        how = " and ".join(sorted(STARTS.get(start, start) for start in starts[kind + " verdict"]))
        print(f"first verdict, {label}     {med[kind + ' verdict']:.2f} s  (the solver's Python started {how})")
    print(f"bytes transferred by a cold load:  {med['bytes'] / 1e6:.1f} MB by the page and the table's worker, "
          f"{med['solver bytes'] / 1e6:.1f} MB more by the solver's")
    for kind in ("bare", "cold", "warm", "offline"):
        print(f"main thread until ready, {kind + ':':8} longest task {med[kind + ' longest task']:.0f} ms, "
              f"{med[kind + ' tasks over 200 ms']:.0f} over {LONG} ms")


if __name__ == "__main__":
    main()
