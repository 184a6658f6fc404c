"""What a position of a game's full search costs, counted in instructions, not timed.

    python -m benchmarks.instructions [--game G] [--options JSON] [--deals 13,27]

The machine's speed drifts from day to day, and within an hour, by more than most
changes to a search are worth, so a change to the search's code is best judged by the
instructions it runs. Each deal is searched as :mod:`benchmarks.whole_search` does,
under valgrind's cachegrind (counting instructions only), twice: to the end, and
stopped after its first hundred positions (by then the search has made its tables;
Сложный коврик's board makes them at its first move). The difference in instructions
over the difference in positions is what a position costs, with Python's start-up, the
imports and the game's tables left out. The same positions and instructions before and
after a change mean the same search doing the same work. The default is Сложный коврик
without reshuffles on deal 13 (lost, some 420,000 positions; under a minute). Needs
valgrind (Debian's package ``valgrind``).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

SHORT = 100
"""Positions of the short solve, whose instructions are taken off the long one's."""

REFS = re.compile(r"I\s+refs:\s+([\d,]+)")
SEARCH = re.compile(r": \d+ (\w+) ([\d,]+) ")
"""A deal's verdict and positions in a line of :mod:`benchmarks.whole_search`."""


def counted(game: str, options: str, deal: int, max_nodes: int) -> tuple[str, int, int]:
    """One search of :mod:`benchmarks.whole_search` under cachegrind: its verdict, its
    positions and the instructions run."""
    done = subprocess.run(
        ["valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null",
         sys.executable, "-m", "benchmarks.whole_search", "--game", game, "--options", options,
         "--deals", str(deal), "--runs", "1", "--max-nodes", str(max_nodes)],
        capture_output=True, text=True, cwd=ROOT, env={**os.environ, "PYTHONHASHSEED": "0"}, check=True)
    refs, search = REFS.search(done.stderr), SEARCH.search(done.stdout)
    if refs is None or search is None:
        raise SystemExit(f"no instruction count or no search in the output:\n{done.stdout}{done.stderr[-2000:]}")
    return search.group(1), int(search.group(2).replace(",", "")), int(refs.group(1).replace(",", ""))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="hard_rug")
    parser.add_argument("--options", default='{"reshuffles": 0}', help="the game's options as JSON")
    parser.add_argument("--deals", default="13", help="deal numbers, comma-separated")
    parser.add_argument("--max-nodes", type=int, default=10**9, help="positions at most for the long solve")
    args = parser.parse_args()
    if shutil.which("valgrind") is None:
        raise SystemExit("valgrind is not installed (apt-get install valgrind)")
    json.loads(args.options)  # a malformed option string fails here, not under valgrind
    for deal in (int(number) for number in args.deals.split(",")):
        _, first, before = counted(args.game, args.options, deal, SHORT)
        result, nodes, total = counted(args.game, args.options, deal, args.max_nodes)
        each = (total - before) / max(nodes - first, 1)
        print(f"{args.game} {args.options} deal {deal}: {result}, {nodes:,} positions, {total:,} instructions "
              f"({before:,} stopped after {first:,}): {each:,.0f} a position", flush=True)


if __name__ == "__main__":
    main()
