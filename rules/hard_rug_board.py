"""Сложный коврик's board for the full search: the grid changed in place, each card's
cell and the gaps kept alongside, the key one integer kept up to date by a table of
changes, and a walk that plays the search itself with no call per position (the
solver's :class:`~pygame_engine.solver.plans.Board`). Why each piece is as it is:
``docs/decisions.md``, "Сложный коврик without reshuffles".
"""

from __future__ import annotations

import functools
from collections.abc import Hashable
from typing import Final

from pygame_engine.moves import Move
from rules.hard_rug import COLS, GAP, MOVES, ROWS

_FREE: Final = 52
"""A gap on a :class:`RugBoard` (cards are 0 … 51)."""
_CELL_BITS: Final = 6
_SHARE: Final = tuple(tuple(0 if c == _FREE else (c + 1) << (_CELL_BITS * i) for c in range(_FREE + 1))
                      for i in range(ROWS * COLS))
"""``_SHARE[cell][card]``: what ``card`` in ``cell`` adds to a board's key (a gap adds nothing)."""


def board_key(cells: tuple[int, ...]) -> int:
    """A grid's key on a :class:`RugBoard`: six bits a cell, the card plus one (a gap 0)."""
    return sum(_SHARE[i][_FREE if c == GAP else c] for i, c in enumerate(cells))


Token = tuple[int, int, tuple[int, ...]]
"""A move on a :class:`RugBoard`: its cells ``(from, to)`` and the row of :func:`_key_changes`
for that pair, by card (see :func:`_tokens`)."""


class RugBoard:
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
        return (MOVES[move[0]][move[1]],)

    def fork(self) -> RugBoard:
        twin = RugBoard()  # not RugBoard.__new__: the compiled build's classes have no such path
        twin.grid, twin.where, twin.gaps, twin.code = list(self.grid), list(self.where), list(self.gaps), self.code
        twin.after = self.after
        return twin


@functools.cache
def _key_changes() -> tuple[tuple[tuple[int, ...], ...], ...]:
    """``[src][dst][card]``: what a board's key changes by when ``card`` moves from cell
    ``src`` to cell ``dst`` or back (one look-up and one XOR for a child's key, not two
    and two); the one place a move's change of key is worked out, for the walk's children
    and, through :func:`_tokens`, its moves and :meth:`RugBoard.play`. Made when a board
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
