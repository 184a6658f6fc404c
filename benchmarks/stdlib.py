"""How much of Python's standard library the site needs: its share of a first visit's bytes.

    python -m benchmarks.stdlib

Runs the page's Python in Pyodide under Node (``tests/pyodide_run.mjs``, with a stand-in
for PyScript's module): the start, a deal of every game played with a hint, an undo and
the solver's verdict. Lists the standard library's modules that brings in beyond a fresh
Pyodide's own, and weighs them in Pyodide's ``python_stdlib.zip`` (as fetched: the zip's
compressed bytes) against the whole zip and the whole first visit. PyScript's own imports
come on top of these; they are not counted here.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
STDLIB = ROOT / "node_modules" / "pyodide" / "python_stdlib.zip"

PLAY = """
import json, sys, types
fresh = {name: getattr(module, "__file__", None) for name, module in sys.modules.items()}
sys.modules["pyscript"] = types.SimpleNamespace(document=None, window=None)
import rules
from pasyansy_web import app, hints, verdict
from pasyansy_web.table import Table
from pygame_engine import registry
for game in registry.games():
    table = Table.new(game.id, 7, {}, lang="ru")
    table.hint()
    move = next(iter(game.legal_moves(table.state)), None)
    if move is not None:
        table.history.play(str(move))
        table.undo()
    table.view()
    verdict.judge(json.dumps({**verdict.position(table.history), "seconds": 0.2}))
brought = {name: getattr(module, "__file__", None) for name, module in sys.modules.items() if name not in fresh}
print(json.dumps({"fresh": fresh, "brought": brought}))
"""


def main() -> None:
    node = shutil.which("node")
    if node is None:
        sys.exit("node is needed to run Pyodide")
    done = subprocess.run([node, str(ROOT / "tests" / "pyodide_run.mjs"), str(ROOT), PLAY],
                          capture_output=True, text=True, cwd=ROOT, check=False)
    if done.returncode:
        sys.exit(done.stderr[-3000:])
    found = json.loads(done.stdout.strip().splitlines()[-1])
    ours = ("pasyansy_web", "pygame_engine", "rules", "pyscript")
    with zipfile.ZipFile(STDLIB) as stdlib:
        entries = {info.filename: info for info in stdlib.infolist()}

        def weigh(files: dict[str, str | None]) -> tuple[list[str], int]:
            names, size = [], 0
            for name, path in files.items():
                if name.split(".")[0] in ours or not path or ".zip/" not in path:
                    continue
                inside = path.split(".zip/", 1)[1]
                stem = inside[: -len(".py")] if inside.endswith(".py") else inside
                for candidate in (inside, stem + ".pyc"):
                    if candidate in entries:
                        names.append(name)
                        size += entries[candidate].compress_size
                        break
            return sorted(names), size

        fresh_names, fresh_size = weigh(found["fresh"])
        brought_names, brought_size = weigh(found["brought"])
    whole = STDLIB.stat().st_size
    first_visit = sum((ROOT / "node_modules" / "pyodide" / name).stat().st_size
                      for name in ("pyodide.asm.wasm", "pyodide.asm.mjs", "pyodide.mjs", "python_stdlib.zip"))
    print(f"python_stdlib.zip: {whole / 1e6:.2f} MB, {len(entries)} files")
    print(f"a fresh Pyodide's own modules from it: {len(fresh_names)}, {fresh_size / 1e3:.0f} kB")
    print(f"the site's besides: {len(brought_names)}, {brought_size / 1e3:.0f} kB: {', '.join(brought_names)}")
    needed = fresh_size + brought_size
    print(f"needed in all: {needed / 1e3:.0f} kB; the rest of the zip, {(whole - needed) / 1e6:.2f} MB, "
          f"is {100 * (whole - needed) / first_visit:.1f}% of Pyodide's {first_visit / 1e6:.1f} MB")


if __name__ == "__main__":
    main()
