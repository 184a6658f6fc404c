"""The compiled build (``tools/compiled.py``) searches as the source does."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tools import compiled

SEARCH = """
import json, sys
from pygame_engine import registry
from tools.batch import compiled_modules, stale_builds, whole_search
from pygame_engine.solver import solve
game_id, deal = sys.argv[1], int(sys.argv[2])
if game_id == "hard_rug" and not int(sys.argv[3]):
    verdict, _ = whole_search(game_id, deal, {"reshuffles": 0})
elif game_id == "hard_rug":  # the board search without reshuffles, bounded by positions
    game = registry.get(game_id)
    verdict = solve(game, game.new(deal, {"reshuffles": 0}), max_nodes=int(sys.argv[3]), max_seconds=float("inf"))
else:  # the whole of solve(), quick pass and all, bounded by positions alone
    game = registry.get(game_id)
    verdict = solve(game, game.new(deal), max_nodes=int(sys.argv[3]), max_seconds=float("inf"))
print(json.dumps([verdict.result, verdict.nodes, [str(m) for m in verdict.line], compiled_modules(), stale_builds()]))
"""

BUILT = ["rules.hard_rug", "rules.hard_rug__mypyc", "rules.hard_rug_board", "rules.hard_rug_board__mypyc",
         "rules.shrewish_queens", "rules.shrewish_queens__mypyc",
         "rules.shrewish_search", "rules.shrewish_search__mypyc",
         "rules.shrewish_stuck", "rules.shrewish_stuck__mypyc"]


def search(folder: Path | None, deal: int = 13, game_id: str = "hard_rug", nodes: int = 0) -> list[object]:
    environment = {k: v for k, v in os.environ.items() if k != "PASYANSY_COMPILED"}
    if folder is not None:
        environment["PASYANSY_COMPILED"] = str(folder)
    done = subprocess.run([sys.executable, "-c", SEARCH, game_id, str(deal), str(nodes)], cwd=compiled.ROOT,
                          env=environment, capture_output=True, text=True, check=True)
    result: list[object] = json.loads(done.stdout)
    return result


@pytest.mark.long
def test_the_compiled_build_makes_the_same_positions_as_the_source(tmp_path: Path) -> None:
    compiled.build(tmp_path)
    assert sorted(p.name.split(".")[0] for p in (tmp_path / "rules").glob("*.so")) == [m[6:] for m in BUILT]
    # Deal 13 without reshuffles, lost after 419,801 positions: its first 100,000 alike.
    source, built = search(None, nodes=100_000), search(tmp_path, nodes=100_000)
    assert source[0] == "unknown" and isinstance(source[1], int) and source[1] >= 100_000, source
    assert built == [*source[:3], BUILT, []], built
    won = search(None, 2)
    assert won[0] == "won" and won[:3] == search(tmp_path, 2)[:3], "the same winning line, after as many positions"
    # Строптивые дамы, the whole of solve() within 20,000 positions: deal 150 proved lost
    # (the proof of loss asked on the way), deal 196 won.
    for deal, result in ((150, "lost"), (196, "won")):
        source, built = search(None, deal, "shrewish_queens", 20_000), search(tmp_path, deal, "shrewish_queens", 20_000)
        assert source[0] == result and source[:3] == built[:3], (deal, source[:2], built[:2])
    # A build older than its source is told apart, and the batch refuses to run on it.
    for module in ("hard_rug", "shrewish_stuck"):
        (tmp_path / "rules" / f"{module}.py.built-from").write_text("# an older source\n")
    assert search(tmp_path)[4] == ["rules.hard_rug", "rules.shrewish_stuck"]
