"""Whole searches of lost deals, to time a change to a game's full search.

    python -m benchmarks.whole_search [--game G] [--options JSON] [--deals 13,27,40] [--runs 3] [--max-nodes N]

Each deal is searched to the end (these deals are proved lost, so no budget stops the
search), one after another in one process, ``--runs`` times over: each deal's verdict,
positions and seconds, and each run's total. The default is Сложный коврик without
reshuffles on deals 13, 27 and 40 (0.4, 1.7 and 4.0 million positions). The same
positions before and after a change mean the search itself is the same, and the
seconds then compare the speed of its code; run the old and the new code in turn, as
the machine's speed drifts by some percent within an hour.
"""

from __future__ import annotations

import argparse
import json

from pygame_engine import registry
from tools.batch import whole_search


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="hard_rug")
    parser.add_argument("--options", type=json.loads, default={"reshuffles": 0})
    parser.add_argument("--deals", default="13,27,40", help="deal numbers, comma-separated")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--max-nodes", type=int, default=10**10, help="positions at most for each search")
    args = parser.parse_args()
    registry.get(args.game)  # an unknown game stops here, before any search
    deals = [int(number) for number in args.deals.split(",")]
    for run in range(1, args.runs + 1):
        parts, total = [], 0.0
        for deal in deals:
            verdict, seconds = whole_search(args.game, deal, args.options, args.max_nodes)
            total += seconds
            parts.append(f"{deal} {verdict.result} {verdict.nodes:,} {seconds:.2f} s")
        print(f"run {run}: " + " | ".join(parts) + f" | total {total:.2f} s", flush=True)


if __name__ == "__main__":
    main()
