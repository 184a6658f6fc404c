"""Every level of every game measured again, on fresh seeds, beside its catalogue's figure.

    python -m benchmarks.levels [--deals N] [--plays P] [--seed S] [--workers W] [--games ID ...]
        [--ahead BUDGET]

For each level, N of its deals (60 unless told; 0: all of them), drawn with a fixed
random choice, are played P times each (32 unless told) by the catalogue's own player
(:func:`pygame_engine.player.play_once`), on seeds S, S + 1, … (10,000 unless told: seeds
neither the grading nor the catalogue's figure used). Prints the catalogue's rate, the
fresh one with its 95% Wilson interval, and whether Лёгкий's rate is at least twice
Сложный's. With ``--ahead``, the player who looks ``BUDGET`` positions ahead before each
move (:func:`pygame_engine.player.play_ahead`) plays instead: how the levels fare for a
player who can win the games the hasty player cannot.
"""

from __future__ import annotations

import argparse
import random
from concurrent.futures import ProcessPoolExecutor

from pygame_engine import registry
from pygame_engine.levels import LEVELS, catalogue
from tools.batch import wilson
from tools.regrade import wins

NAMES = {"easy": "Лёгкий", "medium": "Средний", "hard": "Сложный"}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=60)
    parser.add_argument("--plays", type=int, default=32)
    parser.add_argument("--seed", type=int, default=10_000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--games", nargs="*", help="these games only (ids), not every game")
    parser.add_argument("--ahead", type=int, default=0, help="the player looks this many positions ahead")
    args = parser.parse_args()
    seeds = range(args.seed, args.seed + args.plays)
    print(f"{args.deals or 'all'} deals a level, {args.plays} games a deal on seeds {seeds.start}–{seeds.stop - 1}")
    print("| game | level | catalogue says | measured again | Лёгкий ≥ 2 × Сложный |")
    print("|---|---|---|---|---|")
    with ProcessPoolExecutor(args.workers) as pool:
        for game in registry.games():
            data = catalogue(game.id)
            if data is None or (args.games and game.id not in args.games):
                continue
            fresh = {}
            for level in LEVELS:
                deals = list(data[level])
                if args.deals:
                    deals = sorted(random.Random(f"{game.id}/{level}").sample(deals, min(args.deals, len(deals))))
                counted = list(pool.map(wins, [game.id] * len(deals), deals, [seeds] * len(deals),
                                        [args.ahead] * len(deals), chunksize=1 if args.ahead else 5))
                won, played = sum(w for _, w, _ in counted), sum(n for *_, n in counted)
                fresh[level] = (won, played)
            easy = fresh["easy"][0] / fresh["easy"][1]
            twice = easy > 0 and easy >= 2 * fresh["hard"][0] / fresh["hard"][1]  # a level never won is no level
            for level in LEVELS:
                won, played = fresh[level]
                low, high = wilson(won, played)
                said = f"{100 * data['mean_player_rate'][level]:.1f}%" + (" (the hasty player)" if args.ahead else "")
                print(f"| {game.name_ru} | {NAMES[level]} | {said} | {100 * won / played:.1f}% "
                      f"({100 * low:.1f}–{100 * high:.1f}) | {('yes' if twice else 'no') if level == 'easy' else ''} |",
                      flush=True)


if __name__ == "__main__":
    main()
