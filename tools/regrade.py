"""Grade a game's levels again by the ordinary player, with enough plays a deal to tell
one deal from another: ``python -m tools.regrade hard_rug [--size 250] [--workers 2]``.

A level promises the rate at which the ordinary player (:func:`pygame_engine.player.play_once`)
wins its deals. Deals really differ (in Сложный коврик from 3% to 23%), and 32 plays a deal
cannot tell them apart: picking the deals whose 32-play rate lies nearest a level's aim
picks lucky draws, and the level's rate, measured again, falls back toward the mean.

So each deal of the catalogue's pool (deals 1 … ``decided_from``) is first played
``FIRST`` times; the deals nearest each level's aim (``NEAR`` times a level's size each)
are then played on, ``FIRST`` games at a time, until the 95% interval of their rate is at
most ``HALF`` either side (or ``MOST`` games). Where the batch left a few deals of the pool
unproved, the deals played on are proved by the solver first (bounded by positions), and
any it does not prove are left out. Each level takes the ``--size`` deals whose rate
lies nearest its aim (where the source's rate lies beyond what the deals allow, the
nearest there are), easy first, then hard, then medium. Last, each level's rate is
measured afresh, ``CHECK`` games a deal on seeds the grading never used, and that is
the figure the catalogue and the rules page give. Writes the game's catalogue beside its rules.
"""

from __future__ import annotations

import argparse
import functools
import json
import math
from collections.abc import Iterable, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pygame_engine import registry
from pygame_engine.levels import LEVELS, catalogue
from pygame_engine.player import PLAYERS, play_once
from pygame_engine.solver import solve
from tools.batch import wilson
from tools.levels import SIZE, targets, write

FIRST = 64
"""Games a deal is played at first, and at each step after."""
HALF = 0.025
"""How wide, either side, a graded deal's 95% interval may be ..."""
LOW, LOW_HALF = 0.1, 0.0125
"""... and, for a deal won less often than ``LOW``, half as wide: the levels below it lie
a few points apart, and a deal picked for a low rate by a wide interval is a lucky draw."""
MOST = 2048
"""The most games a deal is played to grade it."""
NEAR = 2.0
"""How many deals, in level sizes, are played on near each level's aim."""
PROOF = 200_000
"""The positions the solver may search to prove a deal of the pool winnable."""
CHECK = 64
"""Games a deal of a level is played to measure the level's rate afresh."""
FRESH = 100_000
"""The first seed of the fresh games (the grading's are 0, 1, …)."""
ORDER = ("easy", "hard", "medium")
"""The order the levels take their deals in: the two ends first, the middle from what is left."""
GRADES = Path(__file__).resolve().parent.parent / "build" / "results"
"""Where each deal's games and wins are kept (``<game>_grades.json``), for a person to look at."""


def wins(game_id: str, deal: int, seeds: range, ahead: int = 0, player: str = "ahead") -> tuple[int, int, int]:
    """The deal, its wins over ``seeds`` and how many games that was: by the ordinary
    player, or with ``ahead`` by the player who looks that many positions ahead (``player``
    names which, of :data:`~pygame_engine.player.PLAYERS`)."""
    game = registry.get(game_id)
    if ahead:
        play = PLAYERS[player]
        return deal, sum(play(game, deal, seed, ahead) for seed in seeds), len(seeds)
    return deal, sum(play_once(game, deal, seed) for seed in seeds), len(seeds)


def played(ex: Executor, game_id: str, deals: Sequence[int], seeds: range, ahead: int = 0, player: str = "ahead",
           chunksize: int = 1) -> list[tuple[int, int, int]]:
    """:func:`wins` of each of ``deals`` over the same ``seeds``, on ``ex``'s workers."""
    return list(ex.map(functools.partial(wins, game_id, seeds=seeds, ahead=ahead, player=player), deals,
                       chunksize=chunksize))


def totals(counted: Iterable[tuple[int, int, int]]) -> tuple[int, int]:
    """The games won and the games played over :func:`wins` answers."""
    won = games = 0
    for _, w, n in counted:
        won, games = won + w, games + n
    return won, games


def rate(counted: Iterable[tuple[int, int, int]]) -> float:
    """The share of games won over :func:`wins` answers (0 where none was played)."""
    won, games = totals(counted)
    return won / games if games else 0.0


@dataclass(frozen=True)
class Plays:
    """How many games grade a deal; the defaults are Сложный коврик's (``--first`` … to change them)."""

    first: int = FIRST
    half: float = HALF
    low: float = LOW
    low_half: float = LOW_HALF
    most: int = MOST
    near: float = NEAR
    check: int = CHECK

    def wanted(self, count: list[int]) -> float:
        """How narrow the deal's interval must be (``half``, or ``low_half`` for a rarely won deal)."""
        return self.low_half if count[0] / count[1] < self.low else self.half


def proved(game_id: str, deal: int) -> tuple[int, bool]:
    """The deal, and whether the solver proves it winnable within ``PROOF`` positions."""
    game = registry.get(game_id)
    return deal, solve(game, game.new(deal), max_nodes=PROOF, max_seconds=math.inf).result == "won"


def grade(game_id: str, size: int, workers: int, plays: Plays = Plays()) -> dict[str, Any]:
    old = catalogue(game_id)
    aims = targets(game_id)
    if old is None or aims is None:
        raise SystemExit(f"{game_id}: regrading needs a shipped catalogue and the source's rates")
    given_medium = "medium" in registry.get(game_id).source_level_rates
    pool = range(1, int(old["decided_from"]) + 1)
    all_proved = old["proved_winnable"] == len(pool)
    won: dict[int, list[int]] = {}
    with ProcessPoolExecutor(workers) as ex:
        for deal, w, n in played(ex, game_id, pool, range(plays.first), chunksize=50):
            won[deal] = [w, n]
        print(f"{game_id}: {len(pool)} deals played {plays.first} times each", flush=True)
        # The deals that may end up in a level: ``near`` times a level's size nearest each aim
        # (the medium one, where the source gives none, as first guessed from these games).
        near: set[int] = set()
        guess = dict(aims)
        if not given_medium:  # the geometric mean of the two ends, as the deals allow them
            guess["medium"] = (_mean(_nearest(pool, won, aims["easy"], size), won)
                               * _mean(_nearest(pool, won, aims["hard"], size), won)) ** 0.5
        for level in LEVELS:
            near.update(_nearest(pool, won, guess[level], round(plays.near * size)))
        if not all_proved:
            unproved = [d for d, ok in ex.map(proved, [game_id] * len(near), sorted(near), chunksize=10) if not ok]
            near.difference_update(unproved)
            print(f"{game_id}: {len(unproved)} of the deals near the aims left out, not proved winnable", flush=True)
        while True:
            open_ = [d for d in sorted(near) if won[d][1] < plays.most and _half(won[d]) > plays.wanted(won[d])]
            if not open_:
                break
            for deal, w, n in ex.map(wins, [game_id] * len(open_), open_,
                                     [range(won[d][1], won[d][1] + plays.first) for d in open_], chunksize=10):
                won[deal][0] += w
                won[deal][1] += n
            print(f"{game_id}: {len(open_)} deals played on, to {max(won[d][1] for d in near)} games at most",
                  flush=True)
        levels: dict[str, list[int]] = {}
        taken: set[int] = set()
        for level in ORDER:
            if level == "medium" and not given_medium:
                aims["medium"] = (_mean(levels["easy"], won) * _mean(levels["hard"], won)) ** 0.5
            free = [d for d in sorted(near) if d not in taken]
            levels[level] = sorted(_nearest(free, won, aims[level], size))
            if not levels[level]:
                raise SystemExit(f"{game_id}: no deal is left for the level {level!r}: the other levels took all "
                                 f"{len(near)} deals played near the aims; grade fewer a level (--size) or play "
                                 f"more near each aim (--near)")
            taken.update(levels[level])
        fresh: dict[str, float] = {}
        for level in LEVELS:
            fresh[level] = rate(played(ex, game_id, levels[level], range(FRESH, FRESH + plays.check), chunksize=10))
    GRADES.mkdir(parents=True, exist_ok=True)
    (GRADES / f"{game_id}_grades.json").write_text(json.dumps({str(d): won[d] for d in sorted(won)}))
    rates = {level: [won[d][0] / won[d][1] for d in levels[level]] for level in LEVELS}
    return {
        **{k: old[k] for k in ("game", "decided_from", "proved_winnable", "proved_lost", "seconds")},
        "plays": {"first": plays.first, "most": plays.most, "half_width": plays.half,
                  "low_half_width": plays.low_half, "low_below": plays.low, "near": plays.near,
                  "check": plays.check, "check_seeds_from": FRESH},
        "source_rates": {k: round(v, 4) for k, v in registry.get(game_id).source_level_rates.items()},
        "aims": {level: round(aims[level], 4) for level in LEVELS},
        "bands": {level: [round(min(r), 4), round(max(r), 4)] for level, r in rates.items()},
        "graded_rate": {level: round(sum(r) / len(r), 4) for level, r in rates.items()},
        "mean_player_rate": {level: round(fresh[level], 4) for level in LEVELS},
        **levels,
        "other_rules": old.get("other_rules", []),
    }


def _mean(deals: list[int], won: dict[int, list[int]]) -> float:
    return sum(won[d][0] / won[d][1] for d in deals) / len(deals)


def _nearest(deals: Any, won: dict[int, list[int]], aim: float, size: int) -> list[int]:
    """The ``size`` deals whose rate so far lies nearest ``aim``."""
    return sorted(deals, key=lambda d: abs(won[d][0] / won[d][1] - aim))[:size]


def _half(count: list[int]) -> float:
    low, high = wilson(count[0], count[1])
    return (high - low) / 2


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m tools.regrade", description=__doc__.split("\n\n")[0])
    parser.add_argument("game")
    parser.add_argument("--size", type=int, default=SIZE)
    parser.add_argument("--workers", type=int, default=2)
    for name, value in vars(Plays()).items():
        parser.add_argument(f"--{name.replace('_', '-')}", type=type(value), default=value)
    args = parser.parse_args()
    plays = Plays(**{name: getattr(args, name) for name in vars(Plays())})
    made = grade(args.game, args.size, args.workers, plays)
    write(args.game, made)
    print(f"{args.game}: graded {made['graded_rate']}, measured afresh {made['mean_player_rate']}, "
          f"bands {made['bands']}")


if __name__ == "__main__":
    main()
