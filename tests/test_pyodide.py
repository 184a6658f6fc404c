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
    v = solve(rug, rug.new(deal, {"reshuffles": 0}), max_nodes=100_000, max_seconds=600)
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
