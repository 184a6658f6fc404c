"""How often following the hint alone wins, per game.

    python -m benchmarks.hints [--deals N] [--positions P] [--moves M] [--workers W] [--games ID ...]

For every game, deals 1 … N (100 unless told) are played from the start by the first
hint alone (``pasyansy_web.hints.follow``), with the page's verdicts: the solver's
worker is asked, as the page asks it, wherever no verdict is carried from the position
before, here bounded by P positions a search (20,000 unless told, the tests' bound) so
that the figures do not depend on the machine's speed. Prints, per game, the deals won
with their 95% Wilson interval, how many the solver proved winnable from the start,
and the longest run of hints without a repeated position (none may repeat).
"""

from __future__ import annotations

import argparse
import json
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from pasyansy_web import hints
from pasyansy_web.table import Table
from pasyansy_web.verdict import judge, position

from pygame_engine import registry
from tools.batch import wilson


def one_deal(game_id: str, deal: int, positions: int, moves: int) -> dict[str, Any]:
    def ask(table: Table) -> dict[str, Any]:
        answer: dict[str, Any] = json.loads(judge(json.dumps(position(table.history)), float("inf"), positions))
        return answer

    table = Table.new(game_id, deal)
    start = ask(table)["result"]
    passed = hints.follow(table, ask, moves)
    return {"game": game_id, "deal": deal, "start": start, "won": table.game.is_won(table.state),
            "moves": len(passed) - 1, "repeated": len(passed) - len(set(passed))}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--positions", type=int, default=20_000)
    parser.add_argument("--moves", type=int, default=5_000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--games", nargs="*", help="these games only (ids), not every game")
    args = parser.parse_args()
    print(f"deals 1–{args.deals}, {args.positions:,} positions a search, at most {args.moves} moves")
    print("| game | won by the hints | proved winnable at the start | moves at most | positions repeated |")
    print("|---|---|---|---|---|")
    with ProcessPoolExecutor(args.workers) as pool:
        for game in registry.games():
            if args.games and game.id not in args.games:
                continue
            jobs = [pool.submit(one_deal, game.id, deal, args.positions, args.moves)
                    for deal in range(1, args.deals + 1)]
            rows = [job.result() for job in jobs]
            won = sum(row["won"] for row in rows)
            low, high = wilson(won, len(rows))
            share = f"{won} of {len(rows)} ({100 * won / len(rows):.0f}%, {100 * low:.0f}–{100 * high:.0f})"
            proved = sum(row["start"] == "won" for row in rows)
            print(f"| {game.id} | {share} | {proved} | {max(row['moves'] for row in rows)} "
                  f"| {sum(row['repeated'] for row in rows)} |", flush=True)


if __name__ == "__main__":
    main()
