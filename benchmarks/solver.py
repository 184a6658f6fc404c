"""Solver speed on fixed deals, in CPython and inside Pyodide (under Node, and in Chromium).

    python -m benchmarks.solver [--deals N] [--seconds S] [--chromium]

For every game (and Сложный коврик without reshuffles, whose search plays one grid in
place), deals 1 … N with a time budget each: verdicts (the undecided share with its 95%
Wilson interval), positions per second and time per deal (median and 95th percentile),
first in this Python, then the same code in Pyodide under Node. With ``--chromium``, last
in Pyodide in Chromium as the page runs it: the site built, its Pyodide and its zip of
the packages (with their bytecode) loaded by a bare page beside it.
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

from pygame_engine import registry
from tools import site
from tools.batch import p95, wilson

ROOT = Path(__file__).resolve().parent.parent

CODE = """
import json, sys, time
from pygame_engine import registry
from pygame_engine.solver import solve
out = {"python": ".".join(map(str, sys.version_info[:3]))}
cases = [(game.id, {}) for game in registry.games()] + [("hard_rug", {"reshuffles": 0})]
for game_id, options in cases:
    game = registry.get(game_id)
    rows = []
    for deal in range(1, DEALS + 1):
        v = solve(game, game.new(deal, options), max_nodes=10**9, max_seconds=SECONDS)
        rows.append([v.result, v.nodes, v.seconds])
    out[" ".join([game_id, *(f"{k}={v}" for k, v in options.items())])] = rows
print(json.dumps(out))
"""


def report(label: str, data: dict[str, object]) -> None:
    print(f"{label} (Python {data.pop('python')}):")
    for game, rows in data.items():
        assert isinstance(rows, list)
        won = sum(r[0] == "won" for r in rows)
        lost = sum(r[0] == "lost" for r in rows)
        nodes = sum(r[1] for r in rows)
        seconds = sum(r[2] for r in rows)
        times = sorted(r[2] for r in rows)
        unknown = len(rows) - won - lost
        low, high = wilson(unknown, len(rows))
        print(f"  {game:22} won {won:3} lost {lost:3} unknown {unknown:3} "
              f"({100 * unknown / len(rows):.0f}%, 95%: {100 * low:.0f}–{100 * high:.0f}%)   "
              f"{nodes / max(seconds, 1e-9):9,.0f} positions/s   "
              f"median {1000 * statistics.median(times):8.1f} ms   p95 {1000 * p95(times):8.1f} ms")


def in_both(code: str, pyodide: bool = True) -> Iterator[tuple[str, dict[str, object]]]:
    """Run ``code`` (which prints one JSON object last) in this Python, then in Pyodide
    under Node: each interpreter's name and what the code printed."""
    here = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True)
    yield "CPython", json.loads(here.stdout)
    if not pyodide:
        return
    node = shutil.which("node")
    if node is None:
        sys.exit("node is needed for the Pyodide half")
    there = subprocess.run([node, str(ROOT / "tests" / "pyodide_run.mjs"), str(ROOT), code],
                           capture_output=True, text=True, cwd=ROOT, check=True)
    yield "Pyodide", json.loads(there.stdout.strip().splitlines()[-1])


PAGE = """<!doctype html><meta charset="utf-8"><title>solver</title>
<script type="module">
import { loadPyodide } from "./pyodide/pyodide.mjs";
try {
  const pyodide = await loadPyodide();
  const zip = await (await fetch("./pasyansy.zip")).arrayBuffer();
  pyodide.unpackArchive(zip, "zip", { extractDir: "/home/pyodide" });
  let out = "";
  pyodide.setStdout({ batched: (line) => { out += line + "\\n"; } });
  await pyodide.runPythonAsync(CODE);
  window.solverOutput = out;
} catch (error) {
  window.solverOutput = "failed: " + error;
}
</script>"""


def in_chromium(code: str, timeout: float) -> dict[str, object]:
    """Run ``code`` in Pyodide in Chromium, as the built site loads it, and return what it
    printed; ``timeout`` seconds at most."""
    from playwright.sync_api import sync_playwright

    from benchmarks.startup import Server

    built = site.build(Path(tempfile.mkdtemp()) / "site")
    (built / "solver.html").write_text(PAGE.replace("CODE", json.dumps(code)))
    server = Server(built)
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=site.CHROMIUM, args=site.CHROMIUM_FLAGS)
            page = browser.new_page()
            page.goto(server.origin + "solver.html")
            page.wait_for_function("window.solverOutput !== undefined", timeout=1000 * timeout)
            out = str(page.evaluate("window.solverOutput"))
            browser.close()
    finally:
        server.stop()
        shutil.rmtree(built.parent)
    if out.startswith("failed: "):
        sys.exit(f"the solver's code failed in Chromium: {out}")
    return dict(json.loads(out.strip().splitlines()[-1]))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=10)
    parser.add_argument("--seconds", type=float, default=1.0)
    parser.add_argument("--chromium", action="store_true", help="also in Pyodide in Chromium, as the page runs it")
    args = parser.parse_args()
    code = CODE.replace("DEALS", str(args.deals)).replace("SECONDS", str(args.seconds))
    for label, data in in_both(code):
        report(label, data)
    if args.chromium:
        # Every row's deals their budgets, thrice over, and two minutes for the build and the start.
        rows = len(registry.games()) + 1
        report("Pyodide in Chromium", in_chromium(code, 3 * rows * args.deals * args.seconds + 120))


if __name__ == "__main__":
    main()
