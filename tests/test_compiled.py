"""The compiled build of Сложный коврик (``tools/compiled.py``) searches as the source does."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from tools import compiled

SEARCH = """
import json, sys
from pygame_engine.batch import compiled_modules, stale_builds, whole_search
verdict, _ = whole_search("hard_rug", int(sys.argv[1]), {"reshuffles": 0})
print(json.dumps([verdict.result, verdict.nodes, [str(m) for m in verdict.line], compiled_modules(), stale_builds()]))
"""


def search(folder: Path | None, deal: int = 13) -> list[object]:
    environment = {k: v for k, v in os.environ.items() if k != "PASYANSY_COMPILED"}
    if folder is not None:
        environment["PASYANSY_COMPILED"] = str(folder)
    done = subprocess.run([sys.executable, "-c", SEARCH, str(deal)], cwd=compiled.ROOT, env=environment,
                          capture_output=True, text=True, check=True)
    result: list[object] = json.loads(done.stdout)
    return result


def test_the_compiled_build_makes_the_same_positions_as_the_source(tmp_path: Path) -> None:
    compiled.build(tmp_path)
    assert sorted(p.name.split(".")[0] for p in (tmp_path / "rules").glob("*.so")) == ["hard_rug", "hard_rug__mypyc"]
    source, built = search(None), search(tmp_path)
    assert source == ["lost", 419_801, [], [], []], source  # deal 13 without reshuffles: a whole search
    assert built == ["lost", 419_801, [], ["rules.hard_rug", "rules.hard_rug__mypyc"], []], built
    won = search(None, 2)
    assert won[0] == "won" and won[:3] == search(tmp_path, 2)[:3], "the same winning line, after as many positions"
    # A build older than its source is told apart, and the batch refuses to run on it.
    (tmp_path / "rules" / "hard_rug.py.built-from").write_text("# an older source\n")
    assert search(tmp_path)[4] == ["rules.hard_rug"]
