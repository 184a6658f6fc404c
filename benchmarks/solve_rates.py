"""The solve-rate table: every game and rule set, deals 1 … N, undecided at two budgets.

    python -m benchmarks.solve_rates [--deals N] [--seconds S] [--long L] [--workers W]

For each row the solver gets S seconds per deal; the deals it leaves open get L more
(a rerun with the larger budget). Prints a Markdown table: won, proved lost and
undecided with 95% intervals, time per deal (median and 95th percentile at S) and
positions per second. The player is not run (``python -m tools.batch`` does
that, for the levels). With the defaults it takes about an hour on two cores.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from typing import Any

from pygame_engine import registry
from tools.batch import p95, run_jobs, wilson

ROWS: list[tuple[str, dict[str, Any]]] = [
    ("topsy_turvy_queens", {}),
    ("topsy_turvy_queens", {"book_rules": True}),
    ("hard_rug", {}),
    ("hard_rug", {"reshuffles": 0}),
    ("shrewish_queens", {}),
    ("stumbling_block", {}),
    ("thirteen_piles", {}),
]


def share(k: int, n: int) -> str:
    low, high = wilson(k, n)
    return f"{k} ({100 * k / n:.1f}%, {100 * low:.1f}–{100 * high:.1f})"


def row(game_id: str, options: dict[str, Any], deals: int, seconds: float, long: float, workers: int) -> str:
    options = registry.get(game_id).normalize_options(options)
    first = run_jobs([(game_id, d, options, seconds, 10**9, 0, True) for d in range(1, deals + 1)], workers)
    open_deals = [r["deal"] for r in first if r["verdict"] == "unknown"]
    again = run_jobs([(game_id, d, options, long, 10**9, 0, True) for d in open_deals], workers) if open_deals else []
    final = {r["deal"]: r for r in first} | {r["deal"]: r for r in again}
    if not all(r.get("verified", True) for r in final.values()):
        sys.exit(f"{game_id}: a winning line did not replay")
    count = {v: sum(r["verdict"] == v for r in final.values()) for v in ("won", "lost", "unknown")}
    times = sorted(r["seconds"] for r in first)
    rate = sum(r["nodes"] for r in first) / max(sum(times), 1e-9)
    return (f"| `{game_id}` {json.dumps(options)} | 1–{deals} | {share(count['won'], deals)} | "
            f"{share(count['lost'], deals)} | {share(len(open_deals), deals)} | {share(count['unknown'], deals)} | "
            f"{1000 * statistics.median(times):.0f} / {1000 * p95(times):.0f} ms | {rate:,.0f} |")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.solve_rates", description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--long", type=float, default=10.0)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--game", help="only this game's rows")
    args = parser.parse_args(argv)
    print(f"| game, options | deals | won | proved lost | undecided at {args.seconds:g} s | "
          f"undecided at {args.long:g} s | time per deal, median / p95 | positions/s |")
    print("|---|---|---|---|---|---|---|---|")
    for game_id, options in ROWS:
        if args.game in (None, game_id):
            print(row(game_id, options, args.deals, args.seconds, args.long, args.workers), flush=True)


if __name__ == "__main__":
    main()
