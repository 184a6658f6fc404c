"""Search for a win over the narrow game interface.

The solver sees only ``legal_moves``, ``apply``, ``is_won`` and ``key``, and these
optional hooks a game may add:

* ``search_moves(state)``: the moves to try, best first, each a tuple of moves played
  in a row (a *macro*, such as "draw until the seven of hearts shows, then play it");
* ``search_key(state)``: a coarser key under which positions that can reach each other
  freely count as one (for example the stock's draw position with unlimited redeals), or
  positions that the rules cannot tell apart (piles the rules treat alike, in any order);
* ``apply_macro(state, macro)``: the state after a whole macro, faster than its moves
  one by one (it must give the same state);
* ``restart_moves(state, rng)``: a pruned list of macros shuffled by ``rng`` (say, a
  card that can go home goes home and nothing else is tried). It need not be sound: the
  quick pass makes many short searches with it (``restart_nodes`` positions each, or
  ``restart_nodes(start)`` when a game's best length depends on its options), one
  per seed 0, 1, 2, …, which finds wins where one long depth-first search stays stuck
  under a bad early choice. Only a win counts from it; a loss is proved only by the full
  search. The quick pass gets ``quick_share`` of both budgets (a game may set its own,
  or ``quick_share(start)`` when it depends on the options).
* ``quick_steps(start)``: the quick pass in steps of the game's own choosing, instead of
  the short searches alone: each step a pair, the share of both budgets spent when it
  ends and either ``None`` (the short searches) or a score, a function giving a position
  a number, higher nearer a win. A score makes the step a best-first search (the
  position with the highest score expanded next, over ``search_moves`` and
  ``search_key``): it reaches wins that depth-first searches miss under an early choice,
  and proves a loss only by running out of positions, like the full search. A score
  that gives a tuple of numbers makes one queue per number, taken in turn: several
  ideas of progress, each leading where the others stall. A step may also be a
  :class:`Beam`: layered beam searches, for games whose play goes forward in stages
  (a card drawn from the stock cannot be put back), which keep only the best positions
  of each stage and so reach the end of the stock where a best-first search is still
  busy near its start; a beam may also play a pruned set of moves that need not be
  sound. Only their wins count, and a loss where a beam over the game's own moves
  dropped no position on its way (it has then made every position the full search makes,
  but those that ``search_dead`` proves lost, below). A beam over a pruned set that drops
  no position has made every position that set reaches, so the quick pass skips the
  other beams over it, in that step and the later ones. A step may also be a
  :class:`Narrowed`: the full search over a pruned set of moves (asking ``search_dead``
  and ``search_rank`` as the full search does), which finds wins in a game made much
  smaller; only its wins count, and running out of positions proves nothing.

A game may add ``search_rank(state)``, a number for a position, higher nearer a win:
the full search then makes all of a position's children at once and goes into them
highest first (the earliest made among equals). It searches the same positions, so an
exhausted search proves a loss as before, through as many positions; only the order in
which wins are met changes.

A game may add ``search_dead(state)``: a sound proof that no win is left from ``state``,
which may cost as much as a few positions. The full search expands no position it proves
(the depth-first one over states; not a game's board), and a beam keeps none it proves
among the positions that begin a stage (those within a stage are not asked, as they are
many more); a :class:`Narrowed` search asks it as the full search does. The best-first
and the short searches never ask it. A proof as cheap as a position belongs in
``search_moves`` instead, as no moves at all (Дамы кувырком's prisoners), so that every
search uses it.

A game may also set ``search_claims = True``: its full search then claims every child of
a position as it expands it and goes into the last child first (see :func:`_search`),
an order that finds some games' wins sooner; ``search_claims = "best first"`` claims
the same way but goes into the first of ``search_moves`` first. Such a game may add
``search_board(state)``: a :class:`Board`, one mutable position that the full search
plays forward and back instead of making a new state per move (or ``None`` where the
game cannot offer one); the search then visits the same positions in the same order,
only faster. And ``search_split = (depth, share)``: the claiming search makes the
positions ``depth`` moves deep first and then searches under each in turn, ``share``
new positions at a time (see :func:`_board_search`); with ``search_spread = True`` as
well, after each round each of those searches hands the last move of its shallowest
level to a new search of its own, so that a bad choice deeper down, too, costs only
its share of the time.

A game that adds them must keep them sound: every position reachable by legal moves
must be reachable, up to ``search_key``, by the macros, except that a move may be left
out where a move kept is at least as good (whatever wins after the one also wins after
the other). The search is depth-first with a set of visited keys, so every position is
expanded at most once and an exhausted search proves that no win exists. Budgets are
explicit: past either of them the verdict is "unknown" (a claiming search makes a
position's children all at once, so it may pass the position budget by one position's
children).

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
import heapq
import random
import time
from collections.abc import Callable, Hashable, Iterator
from dataclasses import dataclass
from typing import Any, Literal, Protocol

from pygame_engine.game import Game
from pygame_engine.moves import Move

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
        """The search's inner loop (what :func:`_walk` does over the methods above; a
        board may write it out to play its moves without a call per move)."""


@dataclass(frozen=True, slots=True)
class Verdict:
    """What a search found: the winning line when won, and what it cost."""

    result: Result
    line: tuple[Move, ...]
    nodes: int
    seconds: float


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

    The quick pass comes first, step by step (:func:`_quick_steps`): best-first searches,
    which may prove a loss by running out of positions, beams, which may prove one only
    when they drop no position, and short shuffled searches, of which only a win counts.
    The full search gets what is left of both budgets.

    The cyclic garbage collector is paused while the search runs (:func:`_collector_paused`).
    """
    spent = Verdict("unknown", (), 0, 0.0)
    searched: list[Macros] = []  # pruned sets of moves a beam searched whole
    for until, score in _quick_steps(game, start, quick_share):
        nodes, seconds = int(max_nodes * until) - spent.nodes, max_seconds * until - spent.seconds
        if score is None:
            step = _restarts(game, start, nodes, seconds, clock, game.restart_moves)  # type: ignore[attr-defined]
        elif isinstance(score, Beam):
            step = _beam(game, start, nodes, seconds, clock, score, searched)
        elif isinstance(score, Narrowed):
            step = _narrowed(game, start, nodes, seconds, clock, score.moves, searched)
        else:
            step = _best_first(game, start, nodes, seconds, clock, score)
        spent = _after(spent, step)
        if step.result != "unknown":
            return spent
        if isinstance(score, Narrowed) and score.then_full and score.moves in searched:
            # Its game holds no win: the deal looks lost, and only the full search proves a
            # loss. The pruned sets and beams of ``then`` are searched first, each for its share.
            for share, moves in score.then:
                nodes = min(int(max_nodes * share), max_nodes - spent.nodes)
                seconds = min(max_seconds * share, max_seconds - spent.seconds)
                if isinstance(moves, Beam):
                    step = _beam(game, start, nodes, seconds, clock, moves, searched)
                else:
                    step = _narrowed(game, start, nodes, seconds, clock, moves, searched)
                spent = _after(spent, step)
                if spent.result != "unknown":
                    return spent
            break
    return _after(spent, _search(game, start, max_nodes - spent.nodes, max_seconds - spent.seconds, clock, None))


@dataclass(frozen=True, slots=True)
class Beam:
    """A quick step of layered beam searches (:func:`_beam`).

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


def _quick_steps(game: Game[Any], start: Any, quick_share: float = QUICK_SHARE) -> list[QuickStep]:
    """The game's ``quick_steps(start)``, or short shuffled searches over ``restart_moves``
    to ``quick_share`` of the budgets (the game's own, or the caller's)."""
    own: Callable[[Any], list[QuickStep]] | None = getattr(game, "quick_steps", None)
    if own is not None:
        return own(start)
    if getattr(game, "restart_moves", None) is None:
        return []
    share = getattr(game, "quick_share", quick_share)
    return [(float(share(start) if callable(share) else share), None)]


def _after(spent: Verdict, verdict: Verdict) -> Verdict:
    """``verdict`` with the cost of the searches before it (``spent``) added."""
    return Verdict(verdict.result, verdict.line, spent.nodes + verdict.nodes, spent.seconds + verdict.seconds)


def _best_first(
    game: Game[Any],
    start: Any,
    max_nodes: int,
    max_seconds: float,
    clock: Callable[[], float],
    score: Callable[[Any], float | tuple[float, ...]],
) -> Verdict:
    """Best-first search by ``score``: won, lost (every position expanded) or unknown.

    Each position is claimed as it is made, as in :func:`_search`; the one with the highest
    score is expanded next (the earliest made among equals). A score may be a tuple: then
    each of its numbers orders a queue of its own, the queues take turns, and a position
    is expanded once, from whichever queue comes to it first. Every position waiting is
    kept, so the budgets bound its memory too.
    """
    began = clock()
    if game.is_won(start):
        return Verdict("won", (), 0, 0.0)
    order, key_of, apply_macro = _hooks(game)
    seen: set[Hashable] = {key_of(start)}
    came: list[tuple[int, tuple[Move, ...]]] = [(-1, ())]  # each position's parent and the macro from it
    expanded = bytearray(1)  # by position number: 1 once expanded
    queues: list[list[tuple[float, int, Any]]] = [[(-value, 0, start)] for value in _scores(score(start))]
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
                return Verdict("won", _came_line(came, len(came) - 1), len(came), clock() - began)
            for queue, value in zip(queues, _scores(score(child)), strict=True):
                heapq.heappush(queue, (-value, len(came) - 1, child))
    return Verdict("lost", (), len(came), clock() - began)


def _beam(game: Game[Any], start: Any, max_nodes: int, max_seconds: float, clock: Callable[[], float],
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
        verdict, whole = _one_beam(game, start, max_nodes - spent, max_seconds - (clock() - began), clock,
                                   score, width, plan.advances, moves)
        if moves is not None and whole:
            searched.append(moves)
        spent += verdict.nodes
        if verdict.result != "unknown" or spent >= max_nodes or clock() - began > max_seconds:
            return Verdict(verdict.result, verdict.line, spent, clock() - began)
    return Verdict("unknown", (), spent, clock() - began)


def _one_beam(game: Game[Any], start: Any, max_nodes: int, max_seconds: float, clock: Callable[[], float],
              score: Callable[[Any], float], width: int,
              advances: Callable[[tuple[Move, ...]], bool],
              moves: Macros | None = None) -> tuple[Verdict, bool]:
    """One layered beam search, and whether it ran dry without dropping a position.

    A stage's positions are first taken as far as the macros within the stage reach,
    each position claimed once, as in :func:`_search`. Then its positions go on in the
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
    order, key_of, apply_macro = _hooks(game)
    if moves is not None:
        order = moves
    seen: set[Hashable] = {key_of(start)}
    came: list[tuple[int, tuple[Move, ...]]] = [(-1, ())]  # as in _best_first

    def fresh(at: int, state: Any, macros: list[tuple[Move, ...]]) -> Iterator[tuple[int, Any]]:
        """The new positions that ``macros`` make from ``state`` (position ``at``)."""
        for macro in macros:
            child = apply_macro(state, macro)
            key = key_of(child)
            if key not in seen:
                seen.add(key)
                came.append((at, macro))
                yield len(came) - 1, child

    dead: Callable[[Any], bool] | None = getattr(game, "search_dead", None)
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
                    return Verdict("won", _came_line(came, entry[0]), len(came), clock() - began), False
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
                    return Verdict("won", _came_line(came, entry[0]), len(came), clock() - began), False
                if dead is None or not dead(entry[1]):
                    stage.append(entry)
    return Verdict("unknown" if dropped or moves is not None else "lost", (), len(came), clock() - began), not dropped


def _came_line(came: list[tuple[int, tuple[Move, ...]]], node: int) -> tuple[Move, ...]:
    """The moves from the start to position ``node``, by each position's parent and macro."""
    line: list[Move] = []
    while node > 0:
        node, made = came[node]
        line[:0] = made
    return tuple(line)


def _scores(value: float | tuple[float, ...]) -> tuple[float, ...]:
    """A score as a tuple: one number per queue of :func:`_best_first`."""
    return value if isinstance(value, tuple) else (value,)


def _restarts(
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
    each = getattr(game, "restart_nodes", 3000)
    if callable(each):
        each = each(start)
    exhausted: set[int] = set()  # the sizes of the searches that ran out of positions
    while nodes < max_nodes and clock() - began < max_seconds:
        rng = random.Random(seed)
        left = max_seconds - (clock() - began)
        def shuffled(state: Any, rng: random.Random = rng) -> list[tuple[Move, ...]]:
            return moves(state, rng)

        budget = min(each, max_nodes - nodes)
        verdict = _search(game, start, budget, left, clock, shuffled)
        nodes += verdict.nodes
        if verdict.result == "won":
            return Verdict("won", verdict.line, nodes, clock() - began)
        if verdict.nodes < budget and verdict.seconds <= left:
            if verdict.nodes in exhausted:
                break
            exhausted.add(verdict.nodes)
        seed += 1
    return Verdict("unknown", (), nodes, clock() - began)


def _search(
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
    "lost" of the pruned game alone, which :func:`_narrowed` takes as no verdict.

    A child is claimed (its key marked seen) as it is made. Children are made one at a
    time as the search comes to them, or all at once and entered in the order of the
    game's ``search_rank`` (the full search only); for the full search of a game that sets
    ``search_claims`` all of a position's children are made at once and the last is
    entered first (the first, with ``"best first"``; a won child at once), so each
    position is explored under the first parent that reached it: the same positions when
    exhausted, another order of them (:func:`_board_search`, on the game's board or on
    its states).
    """
    began = clock()
    every_macro, key_of, apply_macro = _hooks(game)
    order = moves or every_macro
    claims = moves is None and getattr(game, "search_claims", False)
    if claims:
        make_board = getattr(game, "search_board", None)
        board = make_board(start) if make_board is not None else None
        if board is None:
            board = _States(game, start, order, apply_macro, key_of, claims == "best first")
        return _board_search(board, max_nodes, max_seconds, clock, getattr(game, "search_split", (0, 0)),
                             getattr(game, "search_spread", False))
    if game.is_won(start):
        return Verdict("won", (), 0, 0.0)
    seen: set[Hashable] = {key_of(start)}
    nodes = 1
    full = moves is None or guided
    dead: Callable[[Any], bool] | None = getattr(game, "search_dead", None) if full else None
    rank: Callable[[Any], float] | None = getattr(game, "search_rank", None) if full else None

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


def _narrowed(game: Game[Any], start: Any, max_nodes: int, max_seconds: float, clock: Callable[[], float],
              moves: Macros, searched: list[Macros]) -> Verdict:
    """A :class:`Narrowed` step: won, or unknown. Where the search over ``moves`` runs out
    of positions, it has made every position they reach from the start but those
    ``search_dead`` proves lost, and no win lies under those, so no beam over the same
    moves can win either: the set joins ``searched`` and those beams are skipped. A set
    already in ``searched`` (a beam over it dropped nothing) holds no win, so it is not
    searched again; ``searched`` then tells :func:`solve` the narrowed game is done."""
    if moves in searched:
        return Verdict("unknown", (), 0, 0.0)
    verdict = _search(game, start, max_nodes, max_seconds, clock, moves, guided=True)
    if verdict.result != "lost":
        return verdict
    searched.append(moves)
    return Verdict("unknown", (), verdict.nodes, verdict.seconds)


def _hooks(game: Game[Any]) -> tuple[Macros, Callable[[Any], Hashable], Callable[[Any, tuple[Move, ...]], Any]]:
    """What the searches over all moves play with: the game's macros, its search key and
    its way of playing a macro."""
    return _macros(game), getattr(game, "search_key", None) or game.key, _macro_player(game)


def _macros(game: Game[Any]) -> Macros:
    """The game's ``search_moves``, or every legal move alone."""
    search_moves: Macros | None = getattr(game, "search_moves", None)
    if search_moves is not None:
        return search_moves

    def one_by_one(state: Any) -> list[tuple[Move, ...]]:
        return [(m,) for m in game.legal_moves(state)]
    return one_by_one


def _macro_player(game: Game[Any]) -> Callable[[Any, tuple[Move, ...]], Any]:
    """The game's ``apply_macro``, or its moves applied one by one."""
    apply_macro: Callable[[Any, tuple[Move, ...]], Any] | None = getattr(game, "apply_macro", None)
    if apply_macro is not None:
        return apply_macro
    apply = game.apply

    def one_by_one(state: Any, macro: tuple[Move, ...]) -> Any:
        for move in macro:
            state = apply(state, move)
        return state
    return one_by_one


_StateToken = tuple[tuple[Move, ...], Any]
"""A move of :class:`_States`: the macro and the state it leads to."""


class _States:
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

    def children(self, seen: set[Hashable]) -> list[_StateToken]:
        state, made = self.trail[-1], []
        for macro in self.order(state):
            child = self.apply_macro(state, macro)
            key = self.key_of(child)
            if key not in seen:
                seen.add(key)
                made.append((macro, child))
        return made[::-1] if self.best_first else made  # the search enters the last first

    def wins(self, token: _StateToken) -> bool:
        return self.game.is_won(token[1])

    def won(self) -> bool:
        return self.game.is_won(self.trail[-1])

    def play(self, token: _StateToken) -> None:
        self.trail.append(token[1])

    def unplay(self, token: _StateToken) -> None:
        self.trail.pop()

    def moves(self, token: _StateToken) -> tuple[Move, ...]:
        return token[0]

    def fork(self) -> _States:
        twin = _States(self.game, self.trail[0], self.order, self.apply_macro, self.key_of, self.best_first)
        twin.trail = list(self.trail)
        return twin

    def walk(self, path: list[Any], stack: list[list[Any]], seen: set[Hashable], budget: int) -> tuple[int, Any]:
        return _walk(self, path, stack, seen, budget)


def _board_search(board: Board, max_nodes: int, max_seconds: float, clock: Callable[[], float],
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
            return Verdict("won", _line(at, (*path, winner)), nodes, clock() - began)
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
                return Verdict("won", _line(board, (*path, winner)), nodes, clock() - began)
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


def _walk(board: Board, path: list[Any], stack: list[list[Any]], seen: set[Hashable], budget: int) -> tuple[int, Any]:
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


def _line(board: Board, tokens: tuple[Any, ...]) -> tuple[Move, ...]:
    return tuple(move for token in tokens for move in board.moves(token))
