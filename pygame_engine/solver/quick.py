"""The quick pass: searches that find most wins in a fraction of the full search's
positions, in the steps a game chooses (``Game.quick_steps``): best-first searches by a
score, layered beams, narrowed searches (in :mod:`pygame_engine.solver.depth`) and short
shuffled searches. Only their wins count, and a loss only where a search made every
position the full search would."""

from __future__ import annotations

import heapq
import random
from collections.abc import Callable, Hashable, Iterator
from typing import TYPE_CHECKING, Any

from pygame_engine.moves import Move
from pygame_engine.solver.depth import search
from pygame_engine.solver.plans import QUICK_SHARE, Beam, Macros, QuickStep, Verdict, came_line, hooks

if TYPE_CHECKING:
    from pygame_engine.game import Game

def quick_steps(game: Game[Any], start: Any, quick_share: float = QUICK_SHARE) -> list[QuickStep]:
    """The game's ``quick_steps(start)``, or short shuffled searches over ``restart_moves``
    to ``quick_share`` of the budgets (the game's own, or the caller's)."""
    if game.quick_steps is not None:
        return game.quick_steps(start)
    if game.restart_moves is None:
        return []
    share = game.quick_share(start)
    return [(quick_share if share is None else share, None)]



def best_first(
    game: Game[Any],
    start: Any,
    max_nodes: int,
    max_seconds: float,
    clock: Callable[[], float],
    score: Callable[[Any], float | tuple[float, ...]],
) -> Verdict:
    """Best-first search by ``score``: won, lost (every position expanded) or unknown.

    Each position is claimed as it is made, as in :func:`search`; the one with the highest
    score is expanded next (the earliest made among equals). A score may be a tuple: then
    each of its numbers orders a queue of its own, the queues take turns, and a position
    is expanded once, from whichever queue comes to it first. Every position waiting is
    kept, so the budgets bound its memory too.
    """
    began = clock()
    if game.is_won(start):
        return Verdict("won", (), 0, 0.0)
    order, key_of, apply_macro = hooks(game)
    seen: set[Hashable] = {key_of(start)}
    came: list[tuple[int, tuple[Move, ...]]] = [(-1, ())]  # each position's parent and the macro from it
    expanded = bytearray(1)  # by position number: 1 once expanded
    queues: list[list[tuple[float, int, Any]]] = [[(-value, 0, start)] for value in scores_of(score(start))]
    turn = 0
    while True:
        if len(came) >= max_nodes or clock() - began > max_seconds:
            return Verdict("unknown", (), len(came), clock() - began)
        waiting = queues[turn]
        turn = (turn + 1) % len(queues)
        while waiting and expanded[waiting[0][1]]:
            heapq.heappop(waiting)  # expanded from another queue
        if not waiting:
            break  # every position made was in this queue, and all are expanded
        _, at, state = heapq.heappop(waiting)
        expanded[at] = 1
        for macro in order(state):
            child = apply_macro(state, macro)
            key = key_of(child)
            if key in seen:
                continue
            seen.add(key)
            came.append((at, macro))
            expanded.append(0)
            if game.is_won(child):
                return Verdict("won", came_line(came, len(came) - 1), len(came), clock() - began)
            for queue, value in zip(queues, scores_of(score(child)), strict=True):
                heapq.heappush(queue, (-value, len(came) - 1, child))
    return Verdict("lost", (), len(came), clock() - began)


def beam(game: Game[Any], start: Any, max_nodes: int, max_seconds: float, clock: Callable[[], float],
          plan: Beam, searched: list[Macros] | None = None) -> Verdict:
    """Layered beam searches, one per width and score: won, lost (a beam that ran dry
    without ever dropping a position) or unknown.

    A beam over a pruned set of moves that runs dry without dropping a position has made
    every position those moves reach from the start (less those ``search_dead`` proves
    lost) and found no win among them; any other beam over the same set makes only
    positions among those, so the set joins ``searched`` (shared by the quick pass's
    steps) and its other beams are skipped."""
    began = clock()
    spent = 0
    searched = [] if searched is None else searched
    for width, score, moves in plan.runs():
        if moves is not None and moves in searched:
            continue
        verdict, whole = one_beam(game, start, max_nodes - spent, max_seconds - (clock() - began), clock,
                                   score, width, plan.advances, moves)
        if moves is not None and whole:
            searched.append(moves)
        spent += verdict.nodes
        if verdict.result != "unknown" or spent >= max_nodes or clock() - began > max_seconds:
            return Verdict(verdict.result, verdict.line, spent, clock() - began)
    return Verdict("unknown", (), spent, clock() - began)


def one_beam(game: Game[Any], start: Any, max_nodes: int, max_seconds: float, clock: Callable[[], float],
              score: Callable[[Any], float], width: int,
              advances: Callable[[tuple[Move, ...]], bool],
              moves: Macros | None = None) -> tuple[Verdict, bool]:
    """One layered beam search, and whether it ran dry without dropping a position.

    A stage's positions are first taken as far as the macros within the stage reach,
    each position claimed once, as in :func:`search`. Then its positions go on in the
    order of the score, highest first, each by the macros that end the stage, until the
    next stage has ``width`` positions. A narrow beam reaches the end of the game in a
    few thousand positions; a wider one keeps more of the choices a narrower one drops.
    Running dry proves nothing once a position was dropped; a beam that never dropped
    one has made every position the full search would, and proves the loss (not over
    pruned ``moves``, which may leave out the only ways on). A position that begins a
    stage and that the game's ``search_dead`` proves lost is not kept, and is not a drop.
    """
    began = clock()
    if game.is_won(start):
        return Verdict("won", (), 0, 0.0), False
    order, key_of, apply_macro = hooks(game)
    if moves is not None:
        order = moves
    seen: set[Hashable] = {key_of(start)}
    came: list[tuple[int, tuple[Move, ...]]] = [(-1, ())]  # as in best_first

    def fresh(at: int, state: Any, macros: list[tuple[Move, ...]]) -> Iterator[tuple[int, Any]]:
        """The new positions that ``macros`` make from ``state`` (position ``at``)."""
        for macro in macros:
            child = apply_macro(state, macro)
            key = key_of(child)
            if key not in seen:
                seen.add(key)
                came.append((at, macro))
                yield len(came) - 1, child

    dead = game.search_dead
    stage: list[tuple[int, Any]] = [(0, start)]
    dropped = False
    while stage:
        reached, todo = list(stage), list(stage)
        onward: dict[int, list[tuple[Move, ...]]] = {}  # each position's macros that end the stage
        while todo:
            if len(came) >= max_nodes or clock() - began > max_seconds:
                return Verdict("unknown", (), len(came), clock() - began), False
            at, state = todo.pop()
            within: list[tuple[Move, ...]] = []
            ends = onward[at] = []
            for macro in order(state):
                (ends if advances(macro) else within).append(macro)
            for entry in fresh(at, state, within):
                if game.is_won(entry[1]):
                    return Verdict("won", came_line(came, entry[0]), len(came), clock() - began), False
                reached.append(entry)
                todo.append(entry)
        reached.sort(key=lambda entry: score(entry[1]), reverse=True)
        stage = []
        for at, state in reached:
            if len(stage) >= width:
                dropped = True
                break
            for entry in fresh(at, state, onward[at]):
                if game.is_won(entry[1]):
                    return Verdict("won", came_line(came, entry[0]), len(came), clock() - began), False
                if dead is None or not dead(entry[1]):
                    stage.append(entry)
    return Verdict("unknown" if dropped or moves is not None else "lost", (), len(came), clock() - began), not dropped



def scores_of(value: float | tuple[float, ...]) -> tuple[float, ...]:
    """A score as a tuple: one number per queue of :func:`best_first`."""
    return value if isinstance(value, tuple) else (value,)


def restarts(
    game: Game[Any],
    start: Any,
    max_nodes: int,
    max_seconds: float,
    clock: Callable[[], float],
    moves: Callable[[Any, random.Random], list[tuple[Move, ...]]],
) -> Verdict:
    """Short shuffled searches, one per seed, until a win or the budget runs out.

    A search that runs out of positions within its budgets has searched all that its
    moves reach. When a later one runs out after as many positions, it has most likely
    searched the same positions again (its moves are the same, in another order), so the
    restarts stop and leave the rest to the full search: a lost deal does not keep them
    going, seed after seed, to the end of their share.
    """
    began, nodes, seed = clock(), 0, 0
    each = game.restart_nodes(start)
    exhausted: set[int] = set()  # the sizes of the searches that ran out of positions
    while nodes < max_nodes and clock() - began < max_seconds:
        rng = random.Random(seed)
        left = max_seconds - (clock() - began)
        def shuffled(state: Any, rng: random.Random = rng) -> list[tuple[Move, ...]]:
            return moves(state, rng)

        budget = min(each, max_nodes - nodes)
        verdict = search(game, start, budget, left, clock, shuffled)
        nodes += verdict.nodes
        if verdict.result == "won":
            return Verdict("won", verdict.line, nodes, clock() - began)
        if verdict.nodes < budget and verdict.seconds <= left:
            if verdict.nodes in exhausted:
                break
            exhausted.add(verdict.nodes)
        seed += 1
    return Verdict("unknown", (), nodes, clock() - began)

