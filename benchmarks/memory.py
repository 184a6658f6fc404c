"""The memory the page's Pythons take in Chromium. First the page's renderer process (which
holds the page and its workers) while a game is played by hints, with the "still
winnable?" indicator off (one Python, the table's) and on (two: the solver has its own).
Then the memory a longer search takes: a game is opened, the "still winnable?"
indicator's first search runs (2 s), then the player's longer search ("искать дольше",
20 s) while the page's renderer process, which holds the page and its solver worker, is
read every quarter of a second. Prints its resident memory before the longer search, at
its peak, right after it and 15 s later, when the worker started in place of the one that
searched has loaded its Python (Linux only: it reads /proc); then how long the next deal's
first verdict takes.

    python -m benchmarks.memory [--game shrewish_queens] [--deal 2]

The deal should be one the first search leaves open, or there is no longer search to ask
for (Строптивые дамы's deal 2 is one).
"""

from __future__ import annotations

import argparse
import functools
import http.server
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

from playwright.sync_api import sync_playwright

from tools import site

SETTLED = "!['pending', 'longer', undefined].includes(document.getElementById('verdict').dataset.result)"


def renderers() -> dict[int, int]:
    """Chromium's renderer processes and their resident memory, in MB."""
    found = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            if b"--type=renderer" not in (entry / "cmdline").read_bytes():
                continue
            for line in (entry / "status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    found[int(entry.name)] = int(line.split()[1]) // 1024
        except OSError:  # the process ended meanwhile
            continue
    return found


def playing(browser: Any, base: str, game: str, deal: int, solver: bool) -> int:
    """The renderer's peak resident memory, in MB, over a game opened and ten hints played."""
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    if not solver:
        context.add_init_script("localStorage.setItem('pasyansy:solver', 'off')")
    page = context.new_page()
    page.goto(base + f"#game={game}&deal={deal}")
    page.wait_for_selector("html[data-ready='1']", state="attached", timeout=120_000)
    if solver:
        page.wait_for_function(SETTLED, timeout=120_000)
    peak = 0
    for _ in range(10):
        page.keyboard.press("h")
        page.wait_for_function("window.pasyansyIdle()")
        time.sleep(0.3)
        peak = max([peak, *renderers().values()])  # the page's is the largest: the others are spares
    context.close()
    return peak


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="shrewish_queens")
    parser.add_argument("--deal", type=int, default=2)
    args = parser.parse_args()
    built = site.build(Path(tempfile.mkdtemp()) / "site")
    handler = functools.partial(site._Handler, directory=str(built))
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{httpd.server_address[1]}/"
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=site.CHROMIUM, args=site.CHROMIUM_FLAGS)
        one = playing(browser, base, args.game, args.deal, solver=False)
        two = playing(browser, base, args.game, args.deal, solver=True)
        page = browser.new_context(viewport={"width": 1280, "height": 800}).new_page()
        page.goto(base + f"#game={args.game}&deal={args.deal}")
        page.wait_for_function(SETTLED, timeout=120_000)
        first = page.evaluate("document.getElementById('verdict').dataset.result")
        longer = page.locator('#verdict button[data-call="longer"]')
        if not longer.count():
            raise SystemExit(f"the first search decided deal {args.deal} ({first}): choose an open one")
        before = renderers()
        peak = dict(before)
        longer.click()
        started = time.perf_counter()
        while not page.evaluate(SETTLED) or time.perf_counter() - started < 1:
            for pid, mb in renderers().items():
                if pid in peak:
                    peak[pid] = max(peak[pid], mb)
            time.sleep(0.25)
        seconds = time.perf_counter() - started
        result = page.evaluate("document.getElementById('verdict').dataset.result")
        after = {pid: mb for pid, mb in renderers().items() if pid in peak}
        time.sleep(15)
        later = {pid: mb for pid, mb in renderers().items() if pid in peak}
        page.goto(base + f"#game={args.game}&deal={args.deal + 1}")
        page.wait_for_selector(f"#table[data-deal='{args.deal + 1}']", state="attached")
        asked = time.perf_counter()
        page.wait_for_function(SETTLED, timeout=120_000, polling=20)
        next_verdict = time.perf_counter() - asked
        browser.close()
    page_process = max(peak, key=lambda pid: peak[pid])  # Pyodide twice: the largest by far
    print(f"the page's renderer while ten hints are played, at its peak: {one} MB with one Python "
          f"(the indicator off), {two} MB with two (on)")
    print(f"{args.game}, deal {args.deal}: the longer search took {seconds:.1f} s ({result})")
    print(f"the page's renderer, resident memory: {before[page_process]} MB before it, "
          f"{peak[page_process]} MB at its peak, {after.get(page_process, 0)} MB after it, "
          f"{later.get(page_process, 0)} MB 15 s later")
    print(f"deal {args.deal + 1}'s first verdict came {next_verdict:.2f} s after it was opened")


if __name__ == "__main__":
    main()
