"""Search for a win over the narrow game interface.

The solver needs only ``legal_moves``, ``apply``, ``is_won`` and ``key``; a game may add
the hooks of ``Game``'s search section (``search_moves``, ``search_key``,
``search_dead``, ``search_rank``, ``quick_steps`` and the rest), each declared there with
what it promises. The searches:

* :mod:`~pygame_engine.solver.depth`: the full depth-first search over the game's
  macros, with a set of visited keys, so every position is expanded at most once and an
  exhausted search proves that no win exists; over a pruned set of moves, a narrowed
  search that proves nothing when it runs out;
* :mod:`~pygame_engine.solver.board`: the claiming form of the full search, on a game's
  own mutable board or on its states, split into shares and spread;
* :mod:`~pygame_engine.solver.quick`: the quick pass before it, best-first searches,
  beams and short shuffled searches, of which only wins (and the losses of searches that
  dropped nothing) count.

Budgets are explicit: past either of them the verdict is "unknown" (a claiming search
makes a position's children all at once, so it may pass the position budget by one
position's children).

>>> import rules  # registers the games
>>> from pygame_engine import registry
>>> game = registry.get("hard_rug")
>>> verdict = solve(game, game.new(1), max_nodes=200_000)
>>> verdict.result
'won'
>>> game.is_won(game.replay(1, verdict.line))
True
"""

from __future__ import annotations

import contextlib
import gc
import time
from collections.abc import Callable, Iterator
from typing import Any

from pygame_engine.game import Game
from pygame_engine.solver.depth import narrowed, search
from pygame_engine.solver.plans import (
    QUICK_SHARE,
    Beam,
    Board,
    Macros,
    Narrowed,
    QuickStep,
    Result,
    Verdict,
    after,
)
from pygame_engine.solver.quick import beam, best_first, quick_steps, restarts

__all__ = ["QUICK_SHARE", "Beam", "Board", "Macros", "Narrowed", "QuickStep", "Result", "Verdict", "solve"]


@contextlib.contextmanager
def _collector_paused() -> Iterator[None]:
    """The cyclic garbage collector off, and on again afterwards if it was on.

    A search makes new tuples and states by the million and keeps most of them. The
    collector looks over the newest after every few hundred, and over all of them now
    and then: some 15% of a 10 s search of Строптивые дамы, 2–6% of the other games'
    searches over states, under 1% of Сложный коврик's grid. The searches make no
    garbage that only the collector could free, which a test checks
    (``docs/decisions.md``)."""
    was_on = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_on:
            gc.enable()


@_collector_paused()
def solve(
    game: Game[Any],
    start: Any,
    max_nodes: int = 1_000_000,
    max_seconds: float = 10.0,
    clock: Callable[[], float] = time.perf_counter,
    quick_share: float = QUICK_SHARE,
) -> Verdict:
    """Search from ``start``: won (with its line), lost (proved) or unknown (a budget ran out).

    The quick pass comes first, step by step (:func:`quick_steps`): best-first searches,
    which may prove a loss by running out of positions, beams, which may prove one only
    when they drop no position, and short shuffled searches, of which only a win counts.
    The full search gets what is left of both budgets.

    The cyclic garbage collector is paused while the search runs (:func:`_collector_paused`).
    """
    spent = Verdict("unknown", (), 0, 0.0)
    searched: list[Macros] = []  # pruned sets of moves a beam searched whole
    for until, score in quick_steps(game, start, quick_share):
        nodes, seconds = int(max_nodes * until) - spent.nodes, max_seconds * until - spent.seconds
        if score is None:
            assert game.restart_moves is not None  # a quick step of short searches comes only with them
            step = restarts(game, start, nodes, seconds, clock, game.restart_moves)
        elif isinstance(score, Beam):
            step = beam(game, start, nodes, seconds, clock, score, searched)
        elif isinstance(score, Narrowed):
            step = narrowed(game, start, nodes, seconds, clock, score.moves, searched)
        else:
            step = best_first(game, start, nodes, seconds, clock, score)
        spent = after(spent, step)
        if step.result != "unknown":
            return spent
        if isinstance(score, Narrowed) and score.then_full and score.moves in searched:
            # Its game holds no win: the deal looks lost, and only the full search proves a
            # loss. The pruned sets and beams of ``then`` are searched first, each for its share.
            for share, moves in score.then:
                nodes = min(int(max_nodes * share), max_nodes - spent.nodes)
                seconds = min(max_seconds * share, max_seconds - spent.seconds)
                if isinstance(moves, Beam):
                    step = beam(game, start, nodes, seconds, clock, moves, searched)
                else:
                    step = narrowed(game, start, nodes, seconds, clock, moves, searched)
                spent = after(spent, step)
                if spent.result != "unknown":
                    return spent
            break
    return after(spent, search(game, start, max_nodes - spent.nodes, max_seconds - spent.seconds, clock, None))

