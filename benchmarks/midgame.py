"""How soon the solver decides a game in progress, in CPython and inside Pyodide (under Node).

    python -m benchmarks.midgame [--deals N] [--seconds S] [--no-pyodide]

The product's "still winnable?" indicator is to settle within 3 s for 95% of positions
(../shared/spec/PRODUCT.md). This measures the solver's side of that budget, for any budget of a
search (the page gives each 2 s: ``pasyansy_web.verdict.SECONDS``; ``benchmarks/browser.py``
times the indicator in the page). For every game and rule set a player can choose, the ordinary player's
first game (seed 0) of deals 1 … N is played, and the positions it moves from a
quarter, half and three quarters of the way through are each solved with the budget
(3 s unless told): the share decided (won or proved lost) with its 95% Wilson
interval, and the time to a verdict (median and 95th percentile, an undecided
position counting its whole budget).
"""

from __future__ import annotations

import argparse
import statistics
import sys

from benchmarks.solver import in_both
from tools.batch import p95, wilson

CODE = """
import json, sys
from pygame_engine import registry
from pygame_engine.player import play_once
from pygame_engine.solver import solve
out = {"python": ".".join(map(str, sys.version_info[:3]))}
cases = [(game.id, {}) for game in registry.games()]
cases += [("topsy_turvy_queens", {"book_rules": True}), ("hard_rug", {"reshuffles": 0})]
for game_id, options in cases:
    game = registry.get(game_id)
    rows = []
    for deal in range(1, DEALS + 1):
        trail = []
        play_once(game, deal, 0, options, trail=trail)
        if len(trail) < 4:
            continue
        for quarter in (1, 2, 3):
            v = solve(game, trail[len(trail) * quarter // 4], max_nodes=10**9, max_seconds=SECONDS)
            rows.append([deal, quarter, v.result, v.seconds])
    out[" ".join([game_id, *(f"{k}={v}" for k, v in options.items())])] = rows
print(json.dumps(out))
"""


def report(label: str, data: dict[str, object], seconds: float) -> None:
    print(f"{label} (Python {data.pop('python')}), {seconds:g} s a position:")
    for case, rows in data.items():
        assert isinstance(rows, list)
        if not rows:
            print(f"  {case:34} no game of four moves or more")
            continue
        won = sum(r[2] == "won" for r in rows)
        lost = sum(r[2] == "lost" for r in rows)
        decided = won + lost
        low, high = wilson(decided, len(rows))
        times = sorted(r[3] for r in rows)
        print(f"  {case:34} {len(rows):3} positions: won {won:3} lost {lost:3} undecided {len(rows) - decided:3}   "
              f"decided {100 * decided / len(rows):5.1f}% (95%: {100 * low:.1f}–{100 * high:.1f}%)   "
              f"median {1000 * statistics.median(times):7.1f} ms   p95 {1000 * p95(times):7.1f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=20)
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--no-pyodide", action="store_true", help="CPython only")
    args = parser.parse_args()
    if args.deals < 1 or args.seconds <= 0:
        sys.exit("--deals wants at least one deal and --seconds a positive budget")
    code = CODE.replace("DEALS", str(args.deals)).replace("SECONDS", str(args.seconds))
    for label, data in in_both(code, pyodide=not args.no_pyodide):
        report(label, data, args.seconds)


if __name__ == "__main__":
    main()
