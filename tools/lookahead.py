"""Grade a game's levels by how far ahead a player must look to win a deal:
``python -m tools.lookahead shrewish_queens [--deals 300] [--workers 2]``, or by how often
that player wins it: ``python -m tools.lookahead thirteen_piles --plays 8 --reference 10``.

For the games the ordinary player (:func:`pygame_engine.player.play_once`) seldom or never
wins, its win rate cannot tell the deals apart. The player who looks ahead
(:func:`pygame_engine.player.play_ahead`) can win them: before each move it searches a
bounded number of positions, and plays without undo. A deal's *need* is the least budget
of ``LADDER`` at which that player wins it, on seed 0 (each rung is one game; the first
won ends the climb); ``0`` when it wins at none of them, though the solver proved the deal
winnable.

The pool is the first ``--deals`` of the catalogue's deals, by number (all proved
winnable); the catalogue keeps the rest as ``ungraded``, for a later, longer run. Лёгкий
takes the deals whose need is at most ``EASY``, Средний those won higher up the ladder,
Сложный the rest.

Where one game a deal tells the deals apart too little (in Тринадцать кучек the player's
luck decides much), ``--plays K`` grades each deal instead by how many of K games (seeds
0 … K − 1) the player who looks ``--reference`` positions ahead wins: Лёгкий takes the
deals won in at least ``--easy-share`` of them (``EASY_SHARE``), Сложный those won in at
most ``--hard-share`` (``HARD_SHARE``), Средний the rest.

A deal graded already the same way (the same ladder, or the same player, budget and
plays) keeps its need or its count: a run with more ``--deals`` plays only the deals it
adds, and a run with as many only cuts the levels and measures them again.

``--player plans`` grades by the player who plans (:func:`pygame_engine.player.play_planning`)
instead: in Камень преткновения the player who looks ahead wins next to nothing.

Either way, each level's rate is then measured afresh, on
seeds the grading never used: ``CHECK`` games a deal by the player who looks
``REFERENCE`` positions ahead, and ``HASTY`` games a deal by the ordinary player. Those
are the figures the catalogue and the rules page give. Writes the game's catalogue beside
its rules.
"""

from __future__ import annotations

import argparse
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from pygame_engine import registry
from pygame_engine.levels import LEVELS, catalogue
from pygame_engine.player import PLAYERS, play_ahead
from tools.levels import write
from tools.regrade import played, rate

LADDER = (10, 40, 160, 640)
"""The budgets, in positions searched before each move, a deal is tried at, in turn."""
EASY = 40
"""Лёгкий: the deals won by looking at most this far ahead."""
REFERENCE = 40
"""The budget each level's rate is measured at."""
CHECK = 2
"""Games a deal by the player who looks ``REFERENCE`` ahead, to measure a level's rate."""
HASTY = 64
"""Games a deal by the ordinary player, to measure a level's rate as that player fares."""
FRESH = 100_000
"""The first seed of the measuring games (the grading's is 0)."""


def need(game_id: str, deal: int, ladder: tuple[int, ...] = LADDER) -> tuple[int, int]:
    """The deal and the least budget of ``ladder`` at which the player who looks ahead wins
    it on seed 0; 0 when none does. A pure function of its inputs: each search is bounded by
    positions, not time."""
    game = registry.get(game_id)
    for budget in ladder:
        if play_ahead(game, deal, 0, budget):
            return deal, budget
    return deal, 0


def level_of(needed: int) -> str:
    """The level of a deal that needs ``needed`` positions of lookahead (0: more than the ladder's top)."""
    if 0 < needed <= EASY:
        return "easy"
    return "medium" if needed else "hard"


EASY_SHARE, HARD_SHARE = 3 / 4, 1 / 8
"""Graded by wins: Лёгкий takes the deals won in at least this share of the games, Сложный
those won in at most that share, Средний the rest."""


def by_wins(won: dict[int, int], plays: int, easy_share: float = EASY_SHARE,
            hard_share: float = HARD_SHARE) -> dict[str, list[int]]:
    """The deals cut by how often they were won in ``plays`` games."""
    def level(w: int) -> str:
        return "easy" if w >= easy_share * plays else "hard" if w <= hard_share * plays else "medium"
    return {name: sorted(d for d in won if level(won[d]) == name) for name in LEVELS}


def grade(game_id: str, deals: int, workers: int, plays: int = 0, reference: int = REFERENCE,
          check: int = CHECK, player: str = "ahead", shares: tuple[float, float] = (EASY_SHARE, HARD_SHARE)
          ) -> dict[str, Any]:
    old = catalogue(game_id)
    if old is None:
        raise SystemExit(f"{game_id}: grading needs a shipped catalogue of proved-winnable deals")
    proved = sorted(d for key in (*LEVELS, "ungraded") for d in old.get(key, []))
    pool = proved[:deals]
    with ProcessPoolExecutor(workers) as ex:
        if plays:
            known = kept(old, "wins", {"plays": plays, "reference": reference, "player": player})
            fresh = [d for d in pool if d not in known]
            won = known | {d: w for d, w, _ in played(ex, game_id, fresh, range(plays), reference, player)}
            print(f"{game_id}: {len(pool)} deals played {plays} times by {player!r} at {reference} "
                  f"({len(fresh)} of them now)", flush=True)
            levels = by_wins({d: won[d] for d in pool}, plays, *shares)
            graded: dict[str, Any] = {"wins": {str(d): won[d] for d in pool}}
        else:
            known = kept(old, "needs", {"ladder": list(LADDER)})
            fresh = [d for d in pool if d not in known]
            needs = known | dict(ex.map(need, [game_id] * len(fresh), fresh, chunksize=1))
            print(f"{game_id}: {len(pool)} deals climbed the ladder {LADDER} ({len(fresh)} of them now)", flush=True)
            levels = {level: [d for d in pool if level_of(needs[d]) == level] for level in LEVELS}
            graded = {"needs": {str(d): needs[d] for d in pool}}
        ahead: dict[str, float] = {}
        hasty: dict[str, float] = {}
        seeds = range(FRESH, FRESH + check)
        for level in LEVELS:
            chosen = levels[level]
            ahead[level] = rate(played(ex, game_id, chosen, seeds, reference, player))
            hasty[level] = rate(played(ex, game_id, chosen, range(FRESH, FRESH + HASTY), chunksize=10))
            print(f"{game_id} {level}: {len(chosen)} deals, {ahead[level]:.1%} by {player!r} at {reference}, "
                  f"{hasty[level]:.1%} hasty", flush=True)
    return {
        **{k: old[k] for k in ("game", "decided_from", "proved_winnable", "proved_lost", "seconds")},
        "source_rates": None,
        "ahead": {**({"player": player} if player != "ahead" else {}),
                  **({"plays": plays, "easy_share": shares[0], "hard_share": shares[1]} if plays
                     else {"ladder": list(LADDER), "easy_up_to": EASY}),
                  "reference": reference, "check": check, "hasty": HASTY, "check_seeds_from": FRESH,
                  "pool": len(pool)},
        **graded,
        "ahead_rate": {level: round(ahead[level], 4) for level in LEVELS},
        "mean_player_rate": {level: round(hasty[level], 4) for level in LEVELS},
        **levels,
        "ungraded": proved[deals:],
        "other_rules": old.get("other_rules", []),
    }


def kept(old: dict[str, Any], key: str, how: dict[str, Any]) -> dict[int, int]:
    """The needs or counts (``key``) of the deals ``old`` graded already as ``how`` says
    (a grading's ``ladder``, or its ``plays``, ``reference`` and ``player``); none when it
    graded them another way."""
    ahead = {"player": "ahead", **old.get("ahead", {})}
    if any(ahead.get(k) != v for k, v in how.items()):
        return {}
    return {int(d): n for d, n in old.get(key, {}).items()}


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m tools.lookahead", description=__doc__.split("\n\n")[0])
    parser.add_argument("game")
    parser.add_argument("--deals", type=int, default=300, help="how many of the catalogue's deals to grade")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--plays", type=int, default=0, help="grade by wins in this many games, not by the ladder")
    parser.add_argument("--reference", type=int, default=REFERENCE, help="the budget the level rates are measured at")
    parser.add_argument("--check", type=int, default=CHECK, help="games a deal to measure a level's rate")
    parser.add_argument("--player", choices=sorted(PLAYERS), default="ahead", help="who plays the games")
    parser.add_argument("--easy-share", type=float, default=EASY_SHARE, help="Лёгкий: won in at least this share")
    parser.add_argument("--hard-share", type=float, default=HARD_SHARE, help="Сложный: won in at most this share")
    args = parser.parse_args()
    if args.player != "ahead" and not args.plays:
        parser.error("the ladder is climbed by the player who looks ahead: give --plays for another player")
    made = grade(args.game, args.deals, args.workers, args.plays, args.reference, args.check, args.player,
                 (args.easy_share, args.hard_share))
    write(args.game, made)
    print(f"{args.game}: {[len(made[level]) for level in LEVELS]} deals a level, "
          f"by {args.player!r} at {args.reference} {made['ahead_rate']}, hasty {made['mean_player_rate']}")


if __name__ == "__main__":
    main()
