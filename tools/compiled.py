"""Build the modules whose search is limited by the cost of a position, compiled to C,
for long batch runs in CPython.

    python -m tools.compiled [FOLDER]        (make compiled: build/compiled)

The same sources, compiled by mypyc (one of the dev tools; it needs a C compiler and
Python's headers), search the same positions in the same order as the source, faster:
Сложный коврик's some 1.6 times, Строптивые дамы's rules and its proof of loss together
some 2.5 times in positions a second (``docs/decisions.md``, ``docs/figures.md``). The
built modules go to ``FOLDER/rules/``, each with the source it was built from beside it
(``<module>.py.built-from``, which the batch compares with the source before it runs).
The C is compiled for the processor of the machine that builds it (``-march=native``;
``CFLAGS`` chooses otherwise), some 5% faster again.
With ``PASYANSY_COMPILED=FOLDER`` the package ``rules`` finds them before the source
(``rules/__init__.py``); the site and the tests use the source.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MODULES = ("hard_rug", "hard_rug_board", "shrewish_queens", "shrewish_search", "shrewish_stuck")
"""The modules compiled: Сложный коврик's, and Строптивые дамы's with its proof of loss."""


def build(folder: Path) -> Path:
    """Compile :data:`MODULES` into ``folder/rules`` (made anew) and return that folder."""
    target = folder / "rules"
    # For this machine's processor: the build serves the batch runs made where it is built.
    flags = {"CFLAGS": os.environ.get("CFLAGS", "-O3 -march=native")}

    def compile_one(name: str, work: Path) -> list[Path]:
        # Each module in a copy of its own, so that each is one extension with nothing shared
        # beside it, and two can be compiled at once.
        for package in ("pygame_engine", "rules"):
            shutil.copytree(ROOT / package, work / package, ignore=shutil.ignore_patterns("__pycache__"))
        done = subprocess.run([sys.executable, "-m", "mypyc", f"rules/{name}.py"], cwd=work, capture_output=True,
                              text=True, env={**os.environ, **flags})
        if done.returncode:
            raise SystemExit(f"mypyc failed on {name}:\n{done.stdout[-2000:]}{done.stderr[-2000:]}")
        return sorted((work / "rules").glob("*.so"))

    with tempfile.TemporaryDirectory() as work, ThreadPoolExecutor(2) as pool:
        found = pool.map(compile_one, MODULES, [Path(work) / name for name in MODULES])
        shutil.rmtree(target, ignore_errors=True)
        target.mkdir(parents=True)
        for built in (path for paths in found for path in paths):
            shutil.copy2(built, target)
        for levels in (ROOT / "rules").glob("*.levels.json"):  # read beside the game's module
            shutil.copy2(levels, target)
    for name in MODULES:
        shutil.copy2(ROOT / "rules" / f"{name}.py", target / f"{name}.py.built-from")
    return target


if __name__ == "__main__":
    print(f"Built {build(Path(sys.argv[1] if len(sys.argv) > 1 else ROOT / 'build' / 'compiled'))}")
