"""What the searches share: their verdict, the steps a game's quick pass is made of, a
board's protocol, and the game's hooks as the searches call them."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal, Protocol

from pygame_engine.moves import Move

if TYPE_CHECKING:
    from pygame_engine.game import Game

Result = Literal["won", "lost", "unknown"]

Macros = Callable[[Any], list[tuple[Move, ...]]]
"""A set of moves to search: a position's macros, best first (``search_moves``, or a
pruned set such as a beam's)."""

QUICK_SHARE = 0.25
"""The share of both budgets the quick pass gets when neither the game nor the caller
sets one."""


class Board(Protocol):
    """One position changed in place: a game's compact form for the full search.

    Moves are the board's own tokens; ``moves`` turns one into the game's moves.
    Keys tell positions apart exactly as the game's ``search_key`` does.
    """

    chunk: int
    """How many positions a walk makes between looks at the clock: some milliseconds'
    worth of the board's positions, so that a search keeps to its time budget."""

    def key(self) -> Hashable: ...
    def children(self, seen: set[Hashable]) -> list[Any]:
        """The moves, in the game's order, to positions whose keys are not in ``seen``;
        their keys join ``seen``. The board is left as it was."""
    def wins(self, token: Any) -> bool:
        """Whether the move wins (the board left as it was)."""
    def won(self) -> bool: ...
    def play(self, token: Any) -> None: ...
    def unplay(self, token: Any) -> None: ...
    def moves(self, token: Any) -> tuple[Move, ...]:
        """The game's moves that the token stands for."""
    def fork(self) -> Board:
        """A board of its own at this position, on which the moves played to reach it
        can still be taken back."""
    def walk(self, path: list[Any], stack: list[list[Any]], seen: set[Hashable], budget: int) -> tuple[int, Any]:
        """The search's inner loop (what :func:`walk_on_board` does over the methods above; a
        board may write it out to play its moves without a call per move)."""


@dataclass(frozen=True, slots=True)
class Verdict:
    """What a search found: the winning line when won, and what it cost."""

    result: Result
    line: tuple[Move, ...]
    nodes: int
    seconds: float



@dataclass(frozen=True, slots=True)
class Beam:
    """A quick step of layered beam searches (:func:`beam`).

    ``advances(macro)`` tells the macros that end a stage (say, a draw from the stock)
    from those that play within one. One search is made per width, score and set of
    moves: the widths in order, for each the scores in order, and for each score the sets
    of ``moves`` in order, until one decides or the budgets run out.
    """

    scores: tuple[Callable[[Any], float], ...]
    widths: tuple[int, ...]
    advances: Callable[[tuple[Move, ...]], bool]
    moves: tuple[Macros | None, ...] = (None,)
    """The sets of macros to play: ``None`` for the game's ``search_moves``, or a pruned
    set that need not be sound (say, a card that can go home goes home and nothing else
    is tried), whose beams keep other positions in the same width. A beam over a pruned
    set proves no loss."""

    def runs(self) -> list[tuple[int, Callable[[Any], float], Macros | None]]:
        """Each beam's width, score and set of moves, in the order they are searched."""
        return [(width, score, moves) for width in self.widths for score in self.scores for moves in self.moves]


@dataclass(frozen=True, slots=True)
class Narrowed:
    """A quick step: the full search over ``moves``, a pruned set that need not be sound
    (say, a card that can go home goes home and nothing else is tried). It asks the
    game's ``search_dead`` and ``search_rank`` as the full search does, so where the
    pruned game is small it is searched whole in a fraction of the budget. A win it
    finds is a line of legal moves; running out of positions proves nothing, and the
    next step begins, or with ``then_full`` the full search, for the rest of the budgets:
    a deal whose narrowed game is searched whole is seldom won, and of the searches only
    the full one proves most losses. Before it, with ``then_full``, the narrowed searches
    over the sets of ``then``, each for its share of the budgets (a larger set, with some
    of the choices that ``moves`` takes away given back, may hold the win), or in its
    place a :class:`Beam` over such sets, which may find that win sooner."""

    moves: Macros
    then_full: bool = False
    then: tuple[tuple[float, Macros | Beam], ...] = ()


QuickStep = tuple[float, Callable[[Any], float | tuple[float, ...]] | Beam | Narrowed | None]
"""A step of the quick pass: the share of both budgets spent when it ends, and the score
of its best-first search, a :class:`Beam`, a :class:`Narrowed` search, or ``None`` (the
short shuffled searches)."""


def after(spent: Verdict, verdict: Verdict) -> Verdict:
    """``verdict`` with the cost of the searches before it (``spent``) added."""
    return Verdict(verdict.result, verdict.line, spent.nodes + verdict.nodes, spent.seconds + verdict.seconds)



def came_line(came: list[tuple[int, tuple[Move, ...]]], node: int) -> tuple[Move, ...]:
    """The moves from the start to position ``node``, by each position's parent and macro."""
    line: list[Move] = []
    while node > 0:
        node, made = came[node]
        line[:0] = made
    return tuple(line)



def hooks(game: Game[Any]) -> tuple[Macros, Callable[[Any], Hashable], Callable[[Any, tuple[Move, ...]], Any]]:
    """What the searches over all moves play with: the game's macros, its search key and
    its way of playing a macro."""
    return macros_of(game), game.search_key or game.key, macro_player(game)


def macros_of(game: Game[Any]) -> Macros:
    """The game's ``search_moves``, or every legal move alone."""
    if game.search_moves is not None:
        return game.search_moves

    def one_by_one(state: Any) -> list[tuple[Move, ...]]:
        return [(m,) for m in game.legal_moves(state)]
    return one_by_one


def macro_player(game: Game[Any]) -> Callable[[Any, tuple[Move, ...]], Any]:
    """The game's ``apply_macro``, or its moves applied one by one."""
    if game.apply_macro is not None:
        return game.apply_macro
    apply = game.apply

    def one_by_one(state: Any, macro: tuple[Move, ...]) -> Any:
        for move in macro:
            state = apply(state, move)
        return state
    return one_by_one

