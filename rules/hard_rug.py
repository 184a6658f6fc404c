"""Сложный коврик (``hard_rug``): ../shared/spec/RULES.md §5.

A 4 × 14 grid of cells named like a chess board, rows ``a`` … ``d`` and columns
1 … 14 (``a1`` is the first cell of the first row). A gap takes the card one rank
higher, same suit, than its left neighbour; a gap in column 1 takes any ace that is
not already in column 1. Five reshuffles, only when no move is left.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Hashable, Mapping
from dataclasses import dataclass
from typing import ClassVar, Final

from pygame_engine.cards import ACE, KING, card_text, full_deck, rank
from pygame_engine.deal import shuffled
from pygame_engine.game import Action, Game, OptionSpec, OptionValue
from pygame_engine.layout import Layout, Slot
from pygame_engine.moves import CARD_MOVE, Move

ROWS: Final = 4
COLS: Final = 14
GAP: Final = -1
RESHUFFLES: Final = 5
ROW_NAMES: Final = "abcd"

GAP_REASONS: Final = {
    "king_left": ("Слева король — после короля продолжения нет.", "A king on the left: nothing follows a king."),
    "gap_left": ("Слева пустая клетка — она ничего не продолжает.", "A gap on the left: a gap continues nothing."),
    "no_free_ace": (
        "Свободных тузов нет — все тузы уже в первых клетках.",
        "No free aces: every ace is already in a first cell.",
    ),
}
"""Why a gap takes nothing: code → (Russian, English)."""


def cell_name(index: int) -> str:
    """``0`` → ``"a1"``, ``55`` → ``"d14"``."""
    return f"{ROW_NAMES[index // COLS]}{index % COLS + 1}"


_CELL_INDEX: Final = {cell_name(i): i for i in range(ROWS * COLS)}


def cell_index(name: str) -> int | None:
    """The index of a cell name, or ``None`` when there is no such cell."""
    return _CELL_INDEX.get(name)


@dataclass(frozen=True, slots=True)
class RugState:
    """The grid row by row (``GAP`` for an empty cell) and how many reshuffles are used."""

    deal: int
    cells: tuple[int, ...]
    reshuffles: int = 0
    limit: int = RESHUFFLES

    def __repr__(self) -> str:
        return (f"RugState(deal={self.deal!r}, cells={self.cells!r}, reshuffles={self.reshuffles!r}, "
                f"limit={self.limit!r})")


def chain_length(cells: tuple[int, ...], row: int) -> int:
    """How many cells from column 1 hold A, 2, 3, … of the first cell's ace's suit."""
    start = row * COLS
    first = cells[start]
    if first == GAP or rank(first) != ACE:
        return 0
    n = 1
    while n < 13 and cells[start + n] == first + n:
        n += 1
    return n


def _fitting_card(cells: tuple[int, ...], gap: int) -> int | None:
    """The one card a gap outside column 1 takes, if any."""
    left = cells[gap - 1]
    if left == GAP or rank(left) == KING:
        return None
    return left + 1


def safe_chain_move(cells: tuple[int, ...]) -> tuple[int, int] | None:
    """The first gap (in cell order) that a card may fill as the position's only move, as
    ``(from, to)`` cells, or ``None``.

    Such a gap takes one card that can go nowhere else, and no other card can ever fill
    it: either the gap follows a chain from an ace in column 1 (a chain never moves), or
    it is in column 1 and the ace it takes is the last one outside column 1 (the other
    three lie in column 1 for good). And the card is either a king, or lies in the last
    column, or has its own successor on its right. Nothing can then take the move away,
    and it takes nothing away from any other sequence of moves: the cell it leaves could
    only ever serve its successor, which cannot get there first. So every dead end
    reachable from the position is still reachable after it, the won grid among them
    (``docs/decisions.md``).
    """
    for gap, card in enumerate(cells):
        col = gap % COLS
        if card != GAP:
            continue
        if not col:
            want = _last_free_ace(cells)
        elif chain_length(cells, gap // COLS) != col:
            continue
        else:
            want = _fitting_card(cells, gap)
        if want is None or want not in cells:
            continue
        src = cells.index(want)
        if rank(want) == KING or src % COLS == COLS - 1 or cells[src + 1] == want + 1:
            return src, gap
    return None


def _last_free_ace(cells: tuple[int, ...]) -> int | None:
    """The one ace outside column 1 when the other three lie in column 1, else ``None``."""
    free = [ace for ace in _ACES if ace not in cells or cells.index(ace) % COLS]
    return free[0] if len(free) == 1 else None


def _reshuffled(state: RugState) -> RugState:
    chains = [chain_length(state.cells, r) for r in range(ROWS)]
    kept = {state.cells[r * COLS + i] for r in range(ROWS) for i in range(chains[r])}
    loose = sorted(c for c in state.cells if c != GAP and c not in kept)
    event = state.reshuffles + 1
    deck = iter(shuffled(HardRug.id, state.deal, event, loose))
    cells = []
    for r in range(ROWS):
        row = list(state.cells[r * COLS : r * COLS + chains[r]])
        row += [next(deck) for _ in range(13 - chains[r])]
        cells += [*row, GAP]
    return RugState(state.deal, tuple(cells), event, state.limit)


_ACES: Final = tuple(suit * 13 for suit in range(4))
_MOVE: Final = [[Move(CARD_MOVE, cell_name(src), cell_name(dst)) for dst in range(ROWS * COLS)]
                for src in range(ROWS * COLS)]
"""``_MOVE[src][dst]``: the move from cell ``src`` to cell ``dst``, made once."""


_FREE: Final = 52
"""A gap on a :class:`_Board` (cards are 0 … 51)."""
_CELL_BITS: Final = 6
_SHARE: Final = tuple(tuple(0 if c == _FREE else (c + 1) << (_CELL_BITS * i) for c in range(_FREE + 1))
                      for i in range(ROWS * COLS))
"""``_SHARE[cell][card]``: what ``card`` in ``cell`` adds to a board's key (a gap adds nothing)."""


def board_key(cells: tuple[int, ...]) -> int:
    """A grid's key on a :class:`_Board`: six bits a cell, the card plus one (a gap 0)."""
    return sum(_SHARE[i][_FREE if c == GAP else c] for i, c in enumerate(cells))


Token = tuple[int, int, tuple[int, ...]]
"""A move on a :class:`_Board`: its cells ``(from, to)`` and the row of :func:`_key_changes`
for that pair, by card (see :func:`_tokens`)."""


class _Board:
    """The grid as a list of card numbers (a gap is ``_FREE``), changed in place, for the
    full search once no reshuffle is left. A list, not bytes: the interpreter reads and
    writes a list's items by a quicker path than a bytearray's (``docs/decisions.md``).

    Where each card lies and where the gaps are is kept alongside, so a move is found
    and played without scanning the grid (a move and its takeback put one cell for
    another in the list of gaps, which the walk sorts in place once, as it expands a
    position, so that its moves come in cell order); so is the key, one integer that a
    move changes in two cells' bits, so a child's key is one look-up in
    :func:`_key_changes` away and no copy of the grid is made; the walk keeps it in a
    local while it runs. The moves come in :meth:`HardRug.card_moves`'s order, as
    tokens: ``(from, to)`` cell pairs with their row of key changes (:data:`Token`).

    The list has one cell more, past the grid, that stands as the left neighbour of every
    cell in column 1 (:data:`_LEFT`): what a gap takes is then one look-up wherever it
    lies (:data:`_NEXT`: a card, nothing, or a free ace), with no test of its column.
    """

    __slots__ = ("after", "code", "gaps", "grid", "where")
    chunk = 4096
    """Positions between looks at the clock (some milliseconds: about 1.5 µs each)."""

    def __init__(self, cells: tuple[int, ...] = ()) -> None:
        if not cells:
            return  # a blank board, which :meth:`fork` fills
        self.grid = [_FREE if c == GAP else c for c in cells] + [_ROW_START]
        self.where = [-1] * 53  # a card missing from a test's grid stays at -1
        for i, c in enumerate(cells):
            self.where[_FREE if c == GAP else c] = i
        self.gaps = [i for i, c in enumerate(self.grid) if c == _FREE]
        # What a gap takes after each left neighbour, among the cards on this grid (all of
        # them, but for a grid made short of a card by a test).
        self.after = _NEXT if min(self.where[:_FREE]) >= 0 else tuple(
            card if card < 0 or self.where[card] >= 0 else _NOTHING for card in _NEXT)
        self.code = board_key(cells)

    def children(self, seen: set[Hashable]) -> list[Token]:
        stack: list[list[Token]] = []
        self.walk([], stack, seen, 0, here=True)
        return stack[0]

    def walk(self, path: list[Token], stack: list[list[Token]], seen: set[Hashable],
             budget: int, here: bool = False) -> tuple[int, Token | None]:
        """The solver's ``_walk`` written out for the grid: no call per move or position,
        a child's key looked up and added only when new, and a child tried for a win
        only when a card leaves the last column, as a winning move's card does. With
        ``here`` the board's own position is expanded first: that is :meth:`children`.
        The positions made are counted by how much ``seen`` has grown (no other search
        claims keys while a walk runs). About a quarter more positions a second than the
        calls (``docs/decisions.md``)."""
        grid, where, gaps, last = self.grid, self.where, self.gaps, _IN_LAST
        column, chains, delta, cell_column, tokens = _COLUMN, _CHAIN, _key_changes(), _CELL_COLUMN, _tokens()
        after, free, left, home = self.after, _FREE, _LEFT, _HOME_COLUMN
        code = self.code
        base = len(seen)
        limit = base + budget
        top = stack[-1] if stack else []  # the list of moves to try next: the last pushed
        while True:
            if here:
                here = False
            else:
                if len(seen) >= limit:
                    break
                while not top:  # its moves all tried: taken back
                    stack.pop()
                    if not stack:
                        self.code = code
                        return len(seen) - base, None
                    src, dst, row = path.pop()
                    card = grid[dst]
                    grid[src], grid[dst], where[card] = card, free, src
                    gaps[gaps.index(src)] = dst
                    code ^= row[card]
                    top = stack[-1]
                token = top.pop()
                src, dst, row = token
                card = grid[src]
                grid[dst], grid[src], where[card] = card, free, dst
                gaps[gaps.index(dst)] = src
                code ^= row[card]
                path.append(token)
            gaps.sort()  # once a position: its moves in cell order
            fresh: list[Token] = []
            near = False
            for gap in gaps:
                card = after[grid[left[gap]]]
                if card >= 0:
                    src = where[card]
                    if not (home[gap][card] and grid[gap - column[card] : gap] == chains[card] and (
                            last[src] or grid[src + 1] == card + 1 or column[card] == 12)):
                        key = code ^ delta[src][gap][card]
                        if key not in seen:
                            seen.add(key)
                            fresh.append(tokens[src][gap])
                            if last[src]:
                                near = True
                        continue
                elif card == -1:  # _NOTHING: after a king or a gap
                    continue
                else:  # _AN_ACE: a gap in column 1 takes a free ace
                    aces = sorted([where[0], where[13], where[26], where[39]])  # (_ACES)
                    src, loose = -1, 0
                    for at in aces:
                        if at < 0 or cell_column[at]:
                            src, loose = at, loose + 1
                    if loose != 1 or src < 0 or not (last[src] or grid[src + 1] == grid[src] + 1):
                        for src in aces:
                            if src < 0 or not cell_column[src]:
                                continue
                            card = grid[src]
                            key = code ^ delta[src][gap][card]
                            if key not in seen:
                                seen.add(key)
                                fresh.append(tokens[src][gap])
                                if last[src]:  # only on a grid made by hand: no move takes an ace there
                                    near = True
                        continue
                    card = grid[src]  # the last ace outside column 1, its successor on its right
                # A safe move (safe_chain_move) goes alone: the children claimed before it
                # are given back, which also takes them off the count.
                for made_src, _, made_row in fresh:
                    seen.discard(code ^ made_row[grid[made_src]])
                key = code ^ delta[src][gap][card]
                fresh = [] if key in seen else [tokens[src][gap]]
                seen.add(key)
                near = last[src]
                break
            stack.append(fresh)
            top = fresh
            if near:
                self.code = code
                for child in fresh:
                    if self.wins(child):
                        return len(seen) - base, child
        self.code = code
        return len(seen) - base, None

    def wins(self, move: Token) -> bool:
        src, dst, _ = move
        if not _IN_LAST[src]:
            return False  # a won grid has its four gaps in the last column
        for gap in self.gaps:  # a loop, not any(): a generator closed early costs an exception
            if gap != dst and not _IN_LAST[gap]:
                return False
        self.play(move)
        won = self.won()
        self.unplay(move)
        return won

    def play(self, move: Token) -> None:
        src, dst, change = move
        grid = self.grid
        card = grid[src]
        grid[dst] = card
        grid[src] = _FREE
        self.where[card] = dst
        gaps = self.gaps
        gaps[gaps.index(dst)] = src  # in any order: the walk sorts the list where it reads it
        self.code ^= change[card]

    def unplay(self, move: Token) -> None:
        self.play((move[1], move[0], move[2]))  # a pair's change of key is the same both ways

    def key(self) -> int:
        return self.code

    def won(self) -> bool:
        grid = self.grid
        if grid[COLS - 1] != _FREE or grid[2 * COLS - 1] != _FREE or grid[3 * COLS - 1] != _FREE:
            return False
        for start in range(0, ROWS * COLS, COLS):  # each row A … K of one suit: a king after its chain
            king = grid[start + 12]
            if king == _FREE or _COLUMN[king] != 12 or grid[start : start + 12] != _CHAIN[king]:
                return False
        return True

    def moves(self, move: Token) -> tuple[Move]:
        return (_MOVE[move[0]][move[1]],)

    def fork(self) -> _Board:
        twin = _Board()  # not _Board.__new__: the compiled build's classes have no such path
        twin.grid, twin.where, twin.gaps, twin.code = list(self.grid), list(self.where), list(self.gaps), self.code
        twin.after = self.after
        return twin


@functools.cache
def _key_changes() -> tuple[tuple[tuple[int, ...], ...], ...]:
    """``[src][dst][card]``: what a board's key changes by when ``card`` moves from cell
    ``src`` to cell ``dst`` or back (one look-up and one XOR for a child's key, not two
    and two); the one place a move's change of key is worked out, for the walk's children
    and, through :func:`_tokens`, its moves and :meth:`_Board.play`. Made when a board
    first moves, not at import: some 166,000 numbers, about 13 MB, that only the full
    search needs."""
    cells = range(ROWS * COLS)
    return tuple(tuple(tuple(_SHARE[src][c] ^ _SHARE[dst][c] for c in range(_FREE + 1)) for dst in cells)
                 for src in cells)


@functools.cache
def _tokens() -> tuple[tuple[Token, ...], ...]:
    """``[src][dst]``: the board's move from cell ``src`` to cell ``dst``, made once, with its
    row of :func:`_key_changes`, so that playing a move and taking it back each change the
    key by one look-up by card."""
    delta = _key_changes()
    cells = range(ROWS * COLS)
    return tuple(tuple((src, dst, delta[src][dst]) for dst in cells) for src in cells)


_ROW_START: Final = 53
"""What a board holds in the cell it keeps past the grid, column 1's left neighbour."""
_NOTHING: Final = -1
_AN_ACE: Final = -2
_NEXT: Final = (*(c + 1 if c < _FREE and (c + 1) % 13 else _NOTHING for c in range(_FREE + 1)), _AN_ACE)
"""The card a gap takes after each left neighbour: ``_NOTHING`` after a king or a gap,
``_AN_ACE`` (a free ace) in column 1."""
_LEFT: Final = tuple(ROWS * COLS if i % COLS == 0 else i - 1 for i in range(ROWS * COLS))
"""Each cell's left neighbour on a board; for column 1, the cell past the grid."""
_CELL_COLUMN: Final = tuple(i % COLS for i in range(ROWS * COLS))
"""Each cell's column (0 for column 1)."""
_HOME_COLUMN: Final = tuple(tuple(i % COLS == c % 13 for c in range(_FREE)) for i in range(ROWS * COLS))
"""``_HOME_COLUMN[cell][card]``: whether the cell is in the card's column of a won grid."""
_IN_LAST: Final = tuple(column == COLS - 1 for column in _CELL_COLUMN)
"""Whether each cell is in the last column (a look-up in a tuple, for the walk)."""
_COLUMN: Final = tuple(c % 13 for c in range(_FREE))
"""The column (0 for column 1) that each card has in a won grid."""
_CHAIN: Final = tuple(list(range(c - c % 13, c)) for c in range(_FREE))
"""``_CHAIN[card]``: the chain from its ace that a card follows in a won grid (A … card − 1),
as a list to compare with a slice of the board's grid; never changed."""


class HardRug(Game[RugState]):
    id = "hard_rug"
    name_ru = "Сложный коврик"
    name_en = "Hard Rug"
    summary_ru = "Сетка 4 на 14: цепочки от туза в каждом ряду, пять перемешиваний."
    summary_en = "A 4 × 14 grid: build each row up from an ace; five reshuffles."
    decks = 1
    verbs = ("reshuffle",)
    options = (OptionSpec("reshuffles", (RESHUFFLES, 0), "Перемешиваний", "Reshuffles"),)

    source_figures_ru = ("Исходный текст: решение есть у 98,3 % из 10 000 раскладов; без перемешиваний сходится "
                         "лишь около одного из десяти.")
    source_figures_en = ("The source text: 98.3% of 10,000 deals have a solution; without reshuffles only about "
                         "one in ten comes out.")
    source_level_rates: ClassVar[dict[str, float]] = {"easy": 1 / 5, "hard": 2 / 100}
    """The hasty program's win rates the source text gives for the easy and the hard level."""

    def deal(self, number: int, options: Mapping[str, OptionValue]) -> RugState:
        deck = shuffled(self.id, number, 0, full_deck(1))
        cells: list[int] = []
        for r in range(ROWS):
            cells += [*deck[r * 13:r * 13 + 13], GAP]
        return RugState(number, tuple(cells), 0, int(options["reshuffles"]))

    def card_moves(self, state: RugState) -> list[Move]:
        """The card moves, gap by gap in cell order. The search's hot spot: gaps and cards
        are found with ``tuple.index`` and the moves come ready-made. Any grid is read
        (a test may build one short of a card or with more gaps)."""
        cells = state.cells
        moves: list[Move] = []
        gap = -1
        while True:
            try:
                gap = cells.index(GAP, gap + 1)
            except ValueError:
                break
            if gap % COLS == 0:
                aces = sorted(cells.index(ace) for ace in _ACES if ace in cells)
                moves += [_MOVE[at][gap] for at in aces if at % COLS]
                continue
            want = _fitting_card(cells, gap)
            if want is not None and want in cells:
                moves.append(_MOVE[cells.index(want)][gap])
        return moves

    def legal_moves(self, state: RugState) -> list[Move]:
        moves = self.card_moves(state)
        if not moves and state.reshuffles < state.limit and not self.is_won(state):
            moves.append(Move("reshuffle"))
        return moves

    def actions(self, state: RugState) -> list[Action]:
        """The reshuffle, with how many are left; none in a game played without them."""
        if not state.limit:
            return []
        left = state.limit - state.reshuffles
        enabled = self.explain(state, Move("reshuffle")) is None
        return [Action("reshuffle", f"Перемешать ({left})", f"Reshuffle ({left})", enabled)]

    def stuck(self, state: RugState) -> tuple[str, str] | None:
        """No card can move, but a reshuffle is left: the page says so and offers it."""
        if self.legal_moves(state) == [Move("reshuffle")]:
            return "Ходов нет — можно перемешать.", "No moves left — you may reshuffle."
        return None

    def apply(self, state: RugState, move: Move) -> RugState:
        if move.kind == "reshuffle":
            return _reshuffled(state)
        src, dst = _CELL_INDEX[move.src], _CELL_INDEX[move.dst]
        cells = list(state.cells)
        cells[dst], cells[src] = cells[src], GAP
        return RugState(state.deal, tuple(cells), state.reshuffles, state.limit)

    def explain(self, state: RugState, move: Move) -> str | None:
        if move.kind == "reshuffle":
            if self.is_won(state):
                return "the game is won; there is nothing to reshuffle"
            if state.reshuffles >= state.limit:
                if not state.limit:
                    return "this game is played without reshuffles"
                return f"all {state.limit} reshuffles are used"
            if self.card_moves(state):
                return "a reshuffle is allowed only when no move is left"
            return None if not move.src else "a reshuffle takes no pile"
        if move.kind != CARD_MOVE:
            return f"Сложный коврик has no move {move.kind!r} (only card moves and 'reshuffle')"
        src, dst = cell_index(move.src), cell_index(move.dst)
        if src is None or dst is None:
            bad = move.src if src is None else move.dst
            return f"there is no cell {bad!r} (cells are a1 … d14)"
        if move.count != 1:
            return "every move is one card"
        card = state.cells[src]
        if card == GAP:
            return f"{move.src} is a gap: there is no card to move"
        if state.cells[dst] != GAP:
            return f"{move.dst} holds a card: a card goes only into a gap"
        if dst % COLS == 0:
            if rank(card) != ACE:
                return f"the first cell of a row takes only an ace, not {card_text(card)}"
            if src % COLS == 0:
                return f"{card_text(card)} is already in a first cell: only a free ace moves there"
            return None
        left = state.cells[dst - 1]
        if left == GAP:
            return f"{move.dst} has a gap on its left and takes nothing"
        if rank(left) == KING:
            return f"{move.dst} has a king on its left and takes nothing"
        if card != left + 1:
            return f"{move.dst} takes only {card_text(left + 1)}, one rank above {card_text(left)} in suit"
        return None

    def player_rank(self, state: RugState, move: Move) -> int:
        """For the hasty player and the hint: a chain from an ace grows first, then aces
        move to a first cell, then the rest."""
        if move.kind != CARD_MOVE:
            return 3
        dst = _CELL_INDEX[move.dst]
        column = dst % COLS
        if column == 0:
            return 1
        return 0 if chain_length(state.cells, dst // COLS) == column else 2

    def search_moves(self, state: RugState) -> list[tuple[Move, ...]]:
        """Every legal move, unless a card may go safely to a chain's end or, the last ace
        outside column 1, to column 1 (:func:`safe_chain_move`): then that move alone."""
        safe = safe_chain_move(state.cells)
        if safe is not None:
            return [(_MOVE[safe[0]][safe[1]],)]
        return [(move,) for move in self.legal_moves(state)]

    def search_key(self, state: RugState) -> tuple[tuple[int, ...], int]:
        """The grid and the reshuffles used: the deal and the limit are the same all along a search."""
        return (state.cells, state.reshuffles)

    search_claims = True
    search_split = (2, 5_000)
    """The positions two moves deep searched in turn, 5,000 new positions at a time: a
    deal's winning line often lies under a first choice that the whole search reaches
    only after millions of positions under the others (``docs/decisions.md``)."""
    search_spread = True
    """After each round every walk hands a move of its shallowest level to a new walk, so
    that a bad choice further down, too, costs only its share (``docs/decisions.md``)."""

    def search_board(self, state: RugState) -> _Board | None:
        """The grid in place for the full search, once no reshuffle is left to play."""
        return _Board(state.cells) if state.reshuffles >= state.limit else None

    def quick_share(self, start: RugState) -> float:
        """With reshuffles most of the budget goes to short shuffled searches; without them
        none (measured: those find fewer wins than one long search, and prove nothing)."""
        return 0.9 if start.limit else 0.0

    def restart_nodes(self, start: RugState) -> int:
        return 300

    def restart_moves(self, state: RugState, rng: random.Random) -> list[tuple[Move, ...]]:
        """For short shuffled searches after a win only: the moves in the player's order
        (chains from an ace grow first), ties in random order."""
        keyed = [(self.player_rank(state, move), rng.random(), (move,)) for move in self.legal_moves(state)]
        keyed.sort(key=lambda entry: entry[:2])
        return [macro for _, _, macro in keyed]

    def empty_reason(self, state: RugState, pile: str) -> tuple[str, str] | None:
        """Why the gap ``pile`` takes no card, in words (``GAP_REASONS``)."""
        code = self.gap_reason(state, pile) if cell_index(pile) is not None else None
        return GAP_REASONS[code] if code else None

    def gap_reason(self, state: RugState, cell: str) -> str | None:
        """Why the gap ``cell`` takes nothing (a key of ``GAP_REASONS``), or ``None`` if a card fits."""
        index = cell_index(cell)
        if index is None or state.cells[index] != GAP:
            raise ValueError(f"{cell!r} is not a gap of this grid")
        if index % COLS == 0:
            free = any(c != GAP and rank(c) == ACE and i % COLS for i, c in enumerate(state.cells))
            return None if free else "no_free_ace"
        left = state.cells[index - 1]
        if left == GAP:
            return "gap_left"
        return "king_left" if rank(left) == KING else None

    def layout(self, portrait: bool = False) -> Layout:
        """Rows across a wide screen; on a tall one each row is a column of overlapping cards."""
        return PORTRAIT if portrait else LANDSCAPE

    def is_won(self, state: RugState) -> bool:
        cells = state.cells
        if cells[COLS - 1] != GAP or cells[2 * COLS - 1] != GAP or cells[3 * COLS - 1] != GAP:
            return False
        return all(chain_length(state.cells, r) == 13 for r in range(ROWS))

    def key(self, state: RugState) -> tuple[int, tuple[int, ...], int, int]:
        return (state.deal, state.cells, state.reshuffles, state.limit)

    def piles(self, state: RugState) -> dict[str, tuple[int, ...]]:
        return {cell_name(i): (() if c == GAP else (c,)) for i, c in enumerate(state.cells)}

    rules_ru = """\
52 карты лежат открыто по 13 в ряду, с первой клетки; ряды сдаются сверху вниз, слева
направо. Пустует правый, четырнадцатый столбец — по одной клетке в конце каждого ряда.

- Пустую клетку можно занять картой той же масти и на ранг выше той, что лежит слева от неё.
- После короля и после пустоты продолжения нет: такая клетка ждёт, пока сосед слева не изменится.
- Первая клетка ряда принимает только свободного туза — туза, который не лежит в первой клетке.
- Все ходы — по одной карте; освобождённое место становится новой пустой клеткой.
- Перемешивать разрешено пять раз и только в тупике, когда ходов не осталось. Цепочки от туза
  в первой клетке (туз, двойка, тройка… одной масти подряд) остаются на месте; прочие карты
  перемешиваются и ложатся ряд за рядом сразу за цепочками, без промежутков; пустой оказывается
  последняя клетка каждого ряда. Перемешивание определяется номером расклада и номером
  перемешивания, поэтому отмена и повтор дают ту же раскладку.
- Пасьянс разложен, когда в каждом ряду лежат карты одной масти от туза до короля.
"""
    rules_en = """\
The 52 cards lie face up, 13 to a row from the first cell, dealt row by row, left to right.
The fourteenth column is empty: one gap at the end of each row.

- A gap may take the card of the same suit and one rank higher than the card on its left.
- Nothing follows a king or a gap: such a gap waits until its left neighbour changes.
- The first cell of a row takes only a free ace: one that does not already lie in a first cell.
- Every move is one card; the cell it leaves becomes a new gap.
- Reshuffle five times at most, and only when no move is left. The chains from an ace in the
  first cell (ace, two, three… of one suit, consecutive) stay where they are; all other cards
  are shuffled and laid row by row straight after the chains, with no gaps between; the last
  cell of each row is the gap. A reshuffle is fixed by the deal number and its own number, so
  undo and redo bring back the very same layout.
- The game is won when each row holds one suit from the ace to the king.
"""


LANDSCAPE: Final = Layout(
    width=14 * 1.05, height=4 * 1.1,
    slots=tuple(Slot(cell_name(i), "cell", round(i % COLS * 1.05, 3), round(i // COLS * 1.1, 3))
                for i in range(ROWS * COLS)),
)
# A third of a card (0.34) between cells: a gap in the middle of a column shows that much of itself,
# 40 CSS px or more where a column of four fills a phone's width.
PORTRAIT: Final = Layout(
    width=4 * 1.1, height=13 * 0.34 + 1.0,
    slots=tuple(Slot(cell_name(i), "cell", round(i // COLS * 1.1, 3), round(i % COLS * 0.34, 3))
                for i in range(ROWS * COLS)),
)

GAME: Final = HardRug()
