"""Search for a win over the narrow game interface.

The solver sees only ``legal_moves``, ``apply``, ``is_won`` and ``key``, plus the
optional hook ``search_moves`` (the same moves, best first). It is a depth-first
search with a set of visited keys: every position reachable from the start is
expanded at most once, so an exhausted search is a proof that no win exists.
Budgets are explicit: past either of them the verdict is "unknown".

>>> from pygame_engine import registry
>>> game = registry.get("hard_rug")
>>> verdict = solve(game, game.new(1), max_nodes=200_000)
>>> verdict.result
'won'
>>> game.is_won(game.replay(1, verdict.line))
True
"""

from __future__ import annotations

import time
from collections.abc import Callable, Hashable, Iterator
from dataclasses import dataclass
from typing import Any, Literal

from pygame_engine.game import Game
from pygame_engine.moves import Move

Result = Literal["won", "lost", "unknown"]


@dataclass(frozen=True, slots=True)
class Verdict:
    """What a search found: the winning line when won, and what it cost."""

    result: Result
    line: tuple[Move, ...]
    nodes: int
    seconds: float


def solve(
    game: Game[Any],
    start: Any,
    max_nodes: int = 1_000_000,
    max_seconds: float = 10.0,
    clock: Callable[[], float] = time.perf_counter,
) -> Verdict:
    """Search from ``start``: won (with its line), lost (proved) or unknown (a budget ran out)."""
    began = clock()
    order = getattr(game, "search_moves", game.legal_moves)
    if game.is_won(start):
        return Verdict("won", (), 0, 0.0)
    seen: set[Hashable] = {game.key(start)}
    path: list[Move] = []
    stack: list[tuple[Any, Iterator[Move]]] = [(start, iter(order(start)))]
    nodes = 1
    while stack:
        state, moves = stack[-1]
        move = next(moves, None)
        if move is None:
            stack.pop()
            if path:
                path.pop()
            continue
        child = game.apply(state, move)
        key = game.key(child)
        if key in seen:
            continue
        seen.add(key)
        nodes += 1
        if game.is_won(child):
            return Verdict("won", (*path, move), nodes, clock() - began)
        if nodes >= max_nodes or (nodes & 1023 == 0 and clock() - began > max_seconds):
            return Verdict("unknown", (), nodes, clock() - began)
        path.append(move)
        stack.append((child, iter(order(child))))
    return Verdict("lost", (), nodes, clock() - began)
