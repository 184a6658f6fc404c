"""The claiming full search (:func:`board_search`) over a :class:`~pygame_engine.solver.plans.Board`:
a game's own mutable position, or :class:`States`, a board over its immutable states."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import TYPE_CHECKING, Any

from pygame_engine.moves import Move
from pygame_engine.solver.plans import Board, Macros, Verdict

if TYPE_CHECKING:
    from pygame_engine.game import Game

StateToken = tuple[tuple[Move, ...], Any]
"""A move of :class:`States`: the macro and the state it leads to."""


class States:
    """A :class:`Board` over a game's immutable states, for a claiming search of a game
    that offers no board of its own: each token carries the state its macro leads to."""

    chunk = 64
    """Positions between looks at the clock (one on states costs some 15–200 µs:
    Сложный коврик with a reshuffle left, Дамы кувырком)."""

    def __init__(self, game: Game[Any], start: Any, order: Macros,
                 apply_macro: Callable[[Any, tuple[Move, ...]], Any], key_of: Callable[[Any], Hashable],
                 best_first: bool) -> None:
        self.game, self.order, self.apply_macro, self.key_of = game, order, apply_macro, key_of
        self.best_first = best_first
        self.trail = [start]

    def key(self) -> Hashable:
        return self.key_of(self.trail[-1])

    def children(self, seen: set[Hashable]) -> list[StateToken]:
        state, made = self.trail[-1], []
        for macro in self.order(state):
            child = self.apply_macro(state, macro)
            key = self.key_of(child)
            if key not in seen:
                seen.add(key)
                made.append((macro, child))
        return made[::-1] if self.best_first else made  # the search enters the last first

    def wins(self, token: StateToken) -> bool:
        return self.game.is_won(token[1])

    def won(self) -> bool:
        return self.game.is_won(self.trail[-1])

    def play(self, token: StateToken) -> None:
        self.trail.append(token[1])

    def unplay(self, token: StateToken) -> None:
        self.trail.pop()

    def moves(self, token: StateToken) -> tuple[Move, ...]:
        return token[0]

    def fork(self) -> States:
        twin = States(self.game, self.trail[0], self.order, self.apply_macro, self.key_of, self.best_first)
        twin.trail = list(self.trail)
        return twin

    def walk(self, path: list[Any], stack: list[list[Any]], seen: set[Hashable], budget: int) -> tuple[int, Any]:
        return walk_on_board(self, path, stack, seen, budget)


def board_search(board: Board, max_nodes: int, max_seconds: float, clock: Callable[[], float],
                  split: tuple[int, int] = (0, 0), spread: bool = False) -> Verdict:
    """The claiming full search: every child of a position made and claimed at once (a
    won one taken at once), the last entered first.

    With ``split = (depth, share)`` the positions ``depth`` moves deep are made first,
    breadth-first, and then searched in turn, ``share`` new positions at a time, all
    against one set of claimed keys: a bad early choice costs only its share of the
    time, and an exhausted search still has covered every position once.

    With ``spread`` as well, after each round of shares every walk hands the move it
    would try last at its shallowest level with moves left to a new walk (a copy of its
    board taken back to that level), which gets its own shares from the next round on.
    The walks double each round, so a bad choice a few moves below the split also costs
    only a share; each claimed move is still tried by exactly one walk.
    """
    began = clock()
    if board.won():
        return Verdict("won", (), 0, 0.0)
    seen: set[Hashable] = {board.key()}
    nodes = 1
    depth, share = split if split[0] else (0, max_nodes)

    def expand(at: Board, path: list[Any]) -> list[Any] | Verdict:
        """The children of ``at``'s position, made and claimed, or the verdict that ends
        the search here: a budget spent, or a winning child."""
        nonlocal nodes
        if nodes >= max_nodes or clock() - began > max_seconds:
            return Verdict("unknown", (), nodes, clock() - began)
        made = at.children(seen)
        nodes += len(made)
        winner = next((token for token in made if at.wins(token)), None)
        if winner is not None:
            return Verdict("won", board_line(at, (*path, winner)), nodes, clock() - began)
        return made

    level: list[tuple[Board, list[Any]]] = [(board, [])]
    for _ in range(depth):
        deeper = []
        for at, path in level:
            made = expand(at, path)
            if isinstance(made, Verdict):
                return made
            for token in reversed(made):  # the order in which the search without a split enters them
                below = at.fork()
                below.play(token)
                deeper.append((below, [*path, token]))
        level = deeper
    # A walk: its board, the moves to its position, its stack of moves to try, and the
    # depth where it began (the stack's first list holds the moves from there).
    walks: list[tuple[Board, list[Any], list[list[Any]], int]] = []
    for at, path in level:
        made = expand(at, path)
        if isinstance(made, Verdict):
            return made
        walks.append((at, path, [made], len(path)))

    def walk_on(board: Board, path: list[Any], stack: list[list[Any]], until: int) -> Verdict | None:
        """Search on below one position until ``until`` positions in all (``None``: this
        walk paused, or ended if its stack is empty) or a verdict for the whole search.
        The board walks its ``chunk`` of positions at a time between looks at the clock."""
        nonlocal nodes
        while stack:
            if nodes >= max_nodes or clock() - began > max_seconds:
                return Verdict("unknown", (), nodes, clock() - began)
            if nodes >= until:
                return None
            budget = min(until, max_nodes, nodes + board.chunk) - nodes
            made, winner = board.walk(path, stack, seen, budget)
            nodes += made
            if winner is not None:
                return Verdict("won", board_line(board, (*path, winner)), nodes, clock() - began)
        return None

    def handed_on(board: Board, path: list[Any], stack: list[list[Any]],
                  root: int) -> tuple[Board, list[Any], list[list[Any]], int] | None:
        """A new walk for the move this walk would try last at its shallowest level that
        has moves left above its current position, or ``None`` if no level has."""
        shallowest = next((at for at, moves in enumerate(stack[:-1]) if moves), None)
        if shallowest is None:
            return None
        depth = root + shallowest
        twin = board.fork()
        for token in reversed(path[depth:]):
            twin.unplay(token)
        return twin, path[:depth], [[stack[shallowest].pop(0)]], depth

    while walks:
        for at, path, stack, _ in walks:
            verdict = walk_on(at, path, stack, nodes + share)
            if verdict is not None:
                return verdict
        walks = [walk for walk in walks if walk[2]]
        if spread:
            walks += [new for new in (handed_on(*walk) for walk in walks) if new is not None]
    return Verdict("lost", (), nodes, clock() - began)


def walk_on_board(board: Board, path: list[Any], stack: list[list[Any]], seen: set[Hashable],
                  budget: int) -> tuple[int, Any]:
    """Depth-first on from the board's position: take the next move of the top list of
    ``stack`` (a finished list is dropped and the move under it taken back from ``path``),
    play it, and push its fresh children (claimed in ``seen``), until ``budget`` positions
    are made, the stack is empty, or a child wins. Returns the positions made and the
    winning child (``None`` if none); ``path`` then holds the moves played to its parent.
    """
    play, unplay, children, wins = board.play, board.unplay, board.children, board.wins
    made = 0
    while made < budget:
        top = stack[-1]
        if not top:
            stack.pop()
            if not stack:
                break
            unplay(path.pop())
            continue
        token = top.pop()
        play(token)
        path.append(token)
        fresh = children(seen)
        made += len(fresh)
        stack.append(fresh)
        for child in fresh:
            if wins(child):
                return made, child
    return made, None


def board_line(board: Board, tokens: tuple[Any, ...]) -> tuple[Move, ...]:
    return tuple(move for token in tokens for move in board.moves(token))
