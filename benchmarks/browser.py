"""Browser speed: navigation to a playable table, and a tap to the redrawn table.

    python -m benchmarks.browser [--taps N] [--runs N]

Builds the site, serves it on 127.0.0.1 and drives Debian's Chromium. For each game
it opens a fixed deal, then taps the stock (or a movable card) and undoes, timing each
from the pointer events to the next animation frame after the table is redrawn.
Prints the median and 95th percentile. Budgets (PRODUCT.md): a tap within 50 ms at
the 95th percentile, a cold load playable within 4 s.
"""

from __future__ import annotations

import argparse
import functools
import http.server
import json
import statistics
import tempfile
import threading
from pathlib import Path

from pasyansy_web.table import Table
from playwright.sync_api import sync_playwright

from pygame_engine import registry
from tools import site

# One gesture in the page: pointer down and up on an element, then wait for a frame.
TAP = """async ([selector]) => {
  const el = document.querySelector(selector);
  if (!el) return -1;
  const box = el.getBoundingClientRect();
  const at = { bubbles: true, clientX: box.left + 6, clientY: box.top + 6, pointerId: 1, isPrimary: true };
  const t0 = performance.now();
  el.dispatchEvent(new PointerEvent("pointerdown", at));
  el.dispatchEvent(new PointerEvent("pointerup", at));
  await new Promise((done) => requestAnimationFrame(() => done()));
  return performance.now() - t0;
}"""


def movable_card(game_id: str, deal: int) -> tuple[str, int]:
    """A card that a tap moves at the start of the deal (or the stock)."""
    table = Table.new(game_id, deal)
    game, state = table.game, table.state
    for pile, cards in game.piles(state).items():
        if cards and game.destinations(state, pile, 1):
            return pile, len(cards) - 1
    return "s", -1


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--taps", type=int, default=60, help="timed taps per game")
    parser.add_argument("--runs", type=int, default=5, help="cold loads to time")
    args = parser.parse_args()
    built = site.build(Path(tempfile.mkdtemp()) / "site")
    handler = functools.partial(site._Handler, directory=str(built))
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{httpd.server_address[1]}/"
    loads: list[float] = []
    taps: dict[str, list[float]] = {}
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=site.CHROMIUM, args=site.CHROMIUM_FLAGS)
        for _ in range(args.runs):
            context = browser.new_context(viewport={"width": 1280, "height": 800})
            page = context.new_page()
            page.goto(base + "#game=hard_rug&deal=1")
            page.wait_for_selector("#table[data-game='hard_rug']", state="attached", timeout=60_000)
            loads.append(page.evaluate("performance.now()") / 1000)
            context.close()
        context = browser.new_context(viewport={"width": 1280, "height": 800})
        page = context.new_page()
        page.add_init_script("localStorage.setItem('pasyansy:anim', 'off')")
        for game in [g.id for g in registry.games()]:
            page.goto(base + f"#game={game}&deal=2")
            page.wait_for_selector(f"#table[data-game='{game}'][data-deal='2']", state="attached", timeout=60_000)
            pile, index = movable_card(game, 2)
            selector = f'#table [data-pile="{pile}"][data-index="{index}"]'
            times = taps.setdefault(game, [])
            for _ in range(args.taps):
                times.append(page.evaluate(TAP, [selector]))
                played = json.loads(page.evaluate("window.pasyansyState()"))["moves"]
                assert len(played) == 1, f"the tap on {selector} in {game} did not play a move"
                page.evaluate("window.pasyansyCall('undo', '{}')")
        browser.close()
    httpd.shutdown()
    print(f"navigation to a playable table, cold, {len(loads)} loads: median {statistics.median(loads):.2f} s, "
          f"max {max(loads):.2f} s")
    every: list[float] = []
    for game, times in taps.items():
        valid = [t for t in times if t >= 0]
        every += valid
        print(f"tap to redrawn table, {game}: median {statistics.median(valid):.1f} ms, "
              f"p95 {percentile(valid, 95):.1f} ms ({len(valid)} taps)")
    print(f"tap to redrawn table, all games: p95 {percentile(every, 95):.1f} ms ({len(every)} taps)")


if __name__ == "__main__":
    main()
