"""The engine inside Pyodide (Python 3.14, WebAssembly) deals and plays as CPython does."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

# A fixed walk through every registered game: deals, the moves taken, the keys seen.
WALK = """
import json, sys
import rules
from pygame_engine import registry
report = {"python": sys.version_info[:2]}
for game in registry.games():
    for deal in (1, 2, 3):
        state = game.new(deal)
        moves = []
        for step in range(150):
            legal = game.legal_moves(state)
            if not legal:
                break
            move = legal[(step * 7 + deal) % len(legal)]
            moves.append(str(move))
            state = game.play(state, move)
        report[f"{game.id}/{deal}"] = [repr(game.key(game.new(deal))), moves, repr(game.key(state)), game.status(state)]
# The solver too, on the in-place board of Сложный коврик without reshuffles: one deal
# proved lost, one won (a node budget only, so both interpreters do the same work).
from pygame_engine.solver import solve
rug = registry.get("hard_rug")
for deal in (8, 17):
    v = solve(rug, rug.new(deal, {"reshuffles": 0}), max_nodes=100_000, max_seconds=float("inf"))
    report[f"solve hard_rug/{deal}"] = [v.result, v.nodes, [str(m) for m in v.line]]
print(json.dumps(report))
"""


@pytest.mark.pyodide
def test_pyodide_deals_and_plays_like_cpython() -> None:
    node = shutil.which("node")
    assert node, "node is needed to run Pyodide"
    assert (ROOT / "node_modules" / "pyodide").is_dir(), "run `npm ci` first (make test does)"
    done = subprocess.run(
        [node, str(ROOT / "tests" / "pyodide_run.mjs"), str(ROOT), WALK],
        capture_output=True, text=True, timeout=300, cwd=ROOT, check=False,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    in_pyodide = json.loads(done.stdout.strip().splitlines()[-1])
    here = subprocess.run([sys.executable, "-c", WALK], capture_output=True, text=True, cwd=ROOT, check=True)
    in_cpython = json.loads(here.stdout)
    assert in_pyodide.pop("python")[0] == 3
    assert in_cpython.pop("python")[:2] == [sys.version_info.major, sys.version_info.minor]
    assert in_pyodide == in_cpython


# What the page imports as it starts (web/main.py imports the app), with stand-ins for
# PyScript's module, which only the page has; and the standard library's modules this
# brings in beyond a fresh Pyodide's.
START = """
import json, sys, types
before = set(sys.modules)
sys.modules["pyscript"] = types.SimpleNamespace(document=None, window=None)
from pasyansy_web import app
from pasyansy_web.links import parse_link
from pygame_engine import registry
from pygame_engine.levels import catalogue
game, deal = parse_link("#game=hard_rug&deal=12")
registry.get(game).new(deal)
catalogue(game)
ours = ("pasyansy_web", "pygame_engine", "rules", "pyscript")
print(json.dumps(sorted(m for m in set(sys.modules) - before if m.split(".")[0] not in ours)))
"""


@pytest.mark.pyodide
def test_the_page_starts_without_modules_that_are_slow_to_import_in_pyodide() -> None:
    # Pyodide compiles these from source on import: urllib.parse (with ipaddress) took some
    # 80 ms of every start, importlib.resources 13 ms (docs/decisions.md).
    node = shutil.which("node")
    assert node, "node is needed to run Pyodide"
    done = subprocess.run([node, str(ROOT / "tests" / "pyodide_run.mjs"), str(ROOT), START],
                          capture_output=True, text=True, timeout=300, cwd=ROOT, check=False)
    assert done.returncode == 0, done.stderr[-3000:]
    brought = json.loads(done.stdout.strip().splitlines()[-1])
    assert brought, "the start imports some of the standard library (hashlib, html), so the check sees them"
    assert not {"urllib.parse", "ipaddress", "importlib.resources"} & set(brought), brought
