"""Every level of every game measured again, on fresh seeds, beside its catalogue's figure.

    python -m benchmarks.levels [--deals N] [--plays P] [--ahead-deals N] [--ahead-plays P]
        [--seed S] [--workers W] [--games ID ...] [--ahead BUDGET]

Each game's levels are played by the catalogue's own player: the ordinary one
(:func:`pygame_engine.player.play_once`), or, where the catalogue is graded by how far
ahead a deal asks one to look (``tools/lookahead.py``), the player who looks its reference
budget ahead (:func:`pygame_engine.player.play_ahead`), or the player who plans where the
catalogue names that one (:func:`pygame_engine.player.play_planning`). For each level, N of its deals
(60 unless told for the ordinary player, all for the one who looks ahead; 0: all), drawn
with a fixed random choice, are played P times each (32, or 2 looking ahead), on seeds
S, S + 1, … (10,000 unless told: seeds neither the grading nor the catalogue's figure
used). Prints the catalogue's rate, the fresh one with its 95% Wilson interval, and
whether Лёгкий's rate is at least twice Сложный's. With ``--ahead``, the player who looks
``BUDGET`` positions ahead plays every game instead.
"""

from __future__ import annotations

import argparse
import random
from concurrent.futures import ProcessPoolExecutor

from pygame_engine import registry
from pygame_engine.levels import LEVELS, catalogue
from tools.batch import wilson
from tools.regrade import played, totals

NAMES = {"easy": "Лёгкий", "medium": "Средний", "hard": "Сложный"}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=60)
    parser.add_argument("--plays", type=int, default=32)
    parser.add_argument("--ahead-deals", type=int, default=0)
    parser.add_argument("--ahead-plays", type=int, default=2)
    parser.add_argument("--seed", type=int, default=10_000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--games", nargs="*", help="these games only (ids), not every game")
    parser.add_argument("--ahead", type=int, default=0, help="the player looks this many positions ahead")
    args = parser.parse_args()
    print("| game | level | player | catalogue says | measured again | sample | Лёгкий ≥ 2 × Сложный |")
    print("|---|---|---|---|---|---|---|")
    with ProcessPoolExecutor(args.workers) as pool:
        for game in registry.games():
            data = catalogue(game.id)
            if data is None or (args.games and game.id not in args.games):
                continue
            ahead = args.ahead or (data["ahead"]["reference"] if "ahead" in data else 0)
            said = data["ahead_rate"] if ahead and "ahead" in data else data["mean_player_rate"]
            how = "hasty" if ahead and "ahead" not in data else ""  # whose rate the catalogue gives
            count, plays = (args.ahead_deals, args.ahead_plays) if ahead else (args.deals, args.plays)
            who = data.get("ahead", {}).get("player", "ahead")
            seeds = range(args.seed, args.seed + plays)
            fresh = {}
            sizes = {}
            for level in LEVELS:
                deals = list(data[level])
                if count:
                    deals = sorted(random.Random(f"{game.id}/{level}").sample(deals, min(count, len(deals))))
                sizes[level] = len(deals)
                fresh[level] = totals(played(pool, game.id, deals, seeds, ahead, who, chunksize=1 if ahead else 5))
            easy = fresh["easy"][0] / fresh["easy"][1]
            twice = easy > 0 and easy >= 2 * fresh["hard"][0] / fresh["hard"][1]  # a level never won is no level
            for level in LEVELS:
                won, games = fresh[level]
                low, high = wilson(won, games)
                player = (f"plans {ahead} ahead" if who == "plans" else f"looks {ahead} ahead") if ahead else "hasty"
                figure = f"{100 * said[level]:.1f}%" + (f" ({how})" if how else "")
                print(f"| {game.name_ru} | {NAMES[level]} | {player} | {figure} | {100 * won / games:.1f}% "
                      f"({100 * low:.1f}–{100 * high:.1f}) | {sizes[level]} deals × {plays} games, seeds "
                      f"{seeds.start}–{seeds.stop - 1} | {('yes' if twice else 'no') if level == 'easy' else ''} |",
                      flush=True)


if __name__ == "__main__":
    main()
