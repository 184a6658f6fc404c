"""The full depth-first search, the one search that proves a loss, and the same search
over a pruned set of moves (a :class:`~pygame_engine.solver.plans.Narrowed` step)."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterator
from typing import TYPE_CHECKING, Any

from pygame_engine.moves import Move
from pygame_engine.solver.board import States, board_search
from pygame_engine.solver.plans import Macros, Verdict, hooks

if TYPE_CHECKING:
    from pygame_engine.game import Game

def search(
    game: Game[Any],
    start: Any,
    max_nodes: int,
    max_seconds: float,
    clock: Callable[[], float],
    moves: Macros | None,
    guided: bool = False,
) -> Verdict:
    """Depth-first search; exhausting it proves a loss only when ``moves`` is ``None`` (all moves).

    Over a pruned set of ``moves``, the game's ``search_dead`` and ``search_rank`` are
    asked only when ``guided`` (a :class:`Narrowed` step): a position proved lost has no
    win under any moves, so leaving it out loses no win. Such a search that runs out says
    "lost" of the pruned game alone, which :func:`narrowed` takes as no verdict.

    A child is claimed (its key marked seen) as it is made. Children are made one at a
    time as the search comes to them, or all at once and entered in the order of the
    game's ``search_rank`` (the full search only); for the full search of a game that sets
    ``search_claims`` all of a position's children are made at once and the last is
    entered first (the first, with ``"best first"``; a won child at once), so each
    position is explored under the first parent that reached it: the same positions when
    exhausted, another order of them (:func:`board_search`, on the game's board or on
    its states).
    """
    began = clock()
    every_macro, key_of, apply_macro = hooks(game)
    order = moves or every_macro
    claims = moves is None and game.search_claims
    if claims:
        board = game.search_board(start) if game.search_board is not None else None
        if board is None:
            board = States(game, start, order, apply_macro, key_of, claims == "best first")
        return board_search(board, max_nodes, max_seconds, clock, game.search_split, game.search_spread)
    if game.is_won(start):
        return Verdict("won", (), 0, 0.0)
    seen: set[Hashable] = {key_of(start)}
    nodes = 1
    full = moves is None or guided
    dead = game.search_dead if full else None
    rank = game.search_rank if full else None

    def claimed(state: Any) -> Iterator[tuple[tuple[Move, ...], Any]]:
        """The children of ``state`` not seen before, each claimed as it is made."""
        nonlocal nodes
        for macro in order(state):
            child = apply_macro(state, macro)
            key = key_of(child)
            if key not in seen:
                seen.add(key)
                nodes += 1
                yield macro, child

    def fresh(state: Any) -> Iterator[tuple[tuple[Move, ...], Any]]:
        """The children to go into, none when the game proves ``state`` lost: made one at
        a time, or all at once and highest first by the game's ``search_rank``."""
        if dead is not None and dead(state):
            return iter(())
        if rank is not None:
            return iter(sorted(claimed(state), key=lambda entry: rank(entry[1]), reverse=True))
        return claimed(state)

    path: list[tuple[Move, ...]] = []
    stack = [fresh(start)]
    while stack:
        entry = next(stack[-1], None)
        if entry is None:
            stack.pop()
            if path:
                path.pop()
            continue
        macro, child = entry
        if game.is_won(child):
            return Verdict("won", tuple(m for ms in (*path, macro) for m in ms), nodes, clock() - began)
        if nodes >= max_nodes or clock() - began > max_seconds:
            return Verdict("unknown", (), nodes, clock() - began)
        path.append(macro)
        stack.append(fresh(child))
    return Verdict("lost" if full else "unknown", (), nodes, clock() - began)


def narrowed(game: Game[Any], start: Any, max_nodes: int, max_seconds: float, clock: Callable[[], float],
              moves: Macros, searched: list[Macros]) -> Verdict:
    """A :class:`Narrowed` step: won, or unknown. Where the search over ``moves`` runs out
    of positions, it has made every position they reach from the start but those
    ``search_dead`` proves lost, and no win lies under those, so no beam over the same
    moves can win either: the set joins ``searched`` and those beams are skipped. A set
    already in ``searched`` (a beam over it dropped nothing) holds no win, so it is not
    searched again; ``searched`` then tells :func:`solve` the narrowed game is done."""
    if moves in searched:
        return Verdict("unknown", (), 0, 0.0)
    verdict = search(game, start, max_nodes, max_seconds, clock, moves, guided=True)
    if verdict.result != "lost":
        return verdict
    searched.append(moves)
    return Verdict("unknown", (), verdict.nodes, verdict.seconds)

