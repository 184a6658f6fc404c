"""Сложный коврик (``hard_rug``): ../shared/spec/RULES.md §5.

A 4 × 14 grid of cells named like a chess board, rows ``a`` … ``d`` and columns
1 … 14 (``a1`` is the first cell of the first row). A gap takes the card one rank
higher, same suit, than its left neighbour; a gap in column 1 takes any ace that is
not already in column 1. Five reshuffles, only when no move is left.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar, Final

from pygame_engine.cards import ACE, KING, card_text, full_deck, rank
from pygame_engine.deal import shuffled
from pygame_engine.game import Action, Game, OptionSpec, OptionValue
from pygame_engine.layout import Layout, Slot
from pygame_engine.moves import CARD_MOVE, Move

if TYPE_CHECKING:
    from rules.hard_rug_board import RugBoard

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
MOVES: Final = [[Move(CARD_MOVE, cell_name(src), cell_name(dst)) for dst in range(ROWS * COLS)]
                for src in range(ROWS * COLS)]
"""``MOVES[src][dst]``: the move from cell ``src`` to cell ``dst``, made once."""



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
                moves += [MOVES[at][gap] for at in aces if at % COLS]
                continue
            want = _fitting_card(cells, gap)
            if want is not None and want in cells:
                moves.append(MOVES[cells.index(want)][gap])
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
            return [(MOVES[safe[0]][safe[1]],)]
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

    def search_board(self, state: RugState) -> RugBoard | None:
        """The grid in place for the full search, once no reshuffle is left to play
        (:mod:`rules.hard_rug_board`, which reads this module's tables)."""
        from rules.hard_rug_board import RugBoard

        return RugBoard(state.cells) if state.reshuffles >= state.limit else None

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
