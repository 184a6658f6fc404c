"""Дамы кувырком (``topsy_turvy_queens``): ../shared/spec/RULES.md §1.

Piles: foundations ``f1`` … ``f8`` (built K, A, 2 … Q in suit), prisoners ``p1`` …
``p7`` (face down under the first seven foundations), tableau columns ``t1`` … ``t8``
(built down in suit, same-suit runs move as a unit), stock ``s`` and waste ``w``.
Verbs: ``draw`` (one card to the waste) and ``redeal`` (the waste back to the stock).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import ClassVar, Final

from pygame_engine.cards import KING, card_text, full_deck, rank
from pygame_engine.deal import shuffled
from pygame_engine.game import Counter, Game, OptionSpec, OptionValue, Status, Verb
from pygame_engine.layout import Layout, Slot, row
from pygame_engine.moves import CARD_MOVE, Move
from pygame_engine.piles import (
    BELOW_IN_SUIT,
    KING_TO_QUEEN,
    Piles,
    explain_onto,
    explain_stock,
    fits_down_in_suit,
    pile_number,
    replace,
    run_length,
)

FOUNDATIONS: Final = 8
PRISONERS: Final = 7
COLUMNS: Final = 8
BOOK_PASSES: Final = 3
NONE: Final = -1
NEXT_HOME: Final = KING_TO_QUEEN.successors()
"""The card a started foundation takes next, by its top card (none on a complete one)."""


@dataclass(frozen=True, slots=True)
class TopsyState:
    """A position. Piles are bottom card first; ``prisoners[i]`` is ``NONE`` once it has left.

    ``passes`` counts the passes through the stock begun so far (1 at the start);
    ``max_passes`` is 0 for unlimited redeals, 3 under book rules.
    """

    deal: int
    foundations: Piles
    prisoners: tuple[int, ...]
    tableau: Piles
    stock: tuple[int, ...]
    waste: tuple[int, ...]
    passes: int = 1
    max_passes: int = 0


def leftmost_empty(foundations: Piles) -> int | None:
    for i, pile in enumerate(foundations):
        if not pile:
            return i
    return None


class TopsyTurvyQueens(Game[TopsyState]):
    id = "topsy_turvy_queens"
    name_ru = "Дамы кувырком"
    name_en = "Topsy-Turvy Queens"
    summary_ru = "Дома от короля до дамы, семь пленников под домами, столбцы в масть."
    summary_en = "Foundations from king to queen, seven prisoners under them, columns in suit."
    decks = 2
    verbs = ("draw", "redeal")
    verb_words = (Verb("draw", "взять карту из колоды", "draw a card", "карта из колоды", "a card drawn"),
                  Verb("redeal", "собрать колоду заново", "turn the stock over", "колода собрана заново",
                       "the stock turned over"))
    stock_verbs = ("draw", "redeal")
    options = (
        OptionSpec("book_rules", (False, True), "Книжные правила: три прохода колоды", "Book rules: three passes"),
    )

    source_figures_ru = ("Исходный текст: программа проверила 3000 случайных раскладов и нашла решение для 2219 "
                         "(примерно трёх из четырёх); с тремя проходами колоды сходится примерно вдвое меньше.")
    source_figures_en = ("The source text: a program checked 3000 random deals and solved 2219 (about three in "
                         "four); with three passes about half as many come out.")
    source_level_rates: ClassVar[dict[str, float]] = {"easy": 2 / 3, "medium": 1 / 4, "hard": 1 / 10}
    """The ordinary player's win rates the source text gives for its three levels."""

    def deal(self, number: int, options: Mapping[str, OptionValue]) -> TopsyState:
        deck = shuffled(self.id, number, 0, full_deck(2))
        prisoners = tuple(deck[:PRISONERS])
        tableau = tuple(tuple(deck[PRISONERS + 4 * i : PRISONERS + 4 * i + 4]) for i in range(COLUMNS))
        stock = tuple(reversed(deck[PRISONERS + 4 * COLUMNS :]))  # the next card dealt is the top
        return TopsyState(
            deal=number,
            foundations=((),) * FOUNDATIONS,
            prisoners=prisoners,
            tableau=tableau,
            stock=stock,
            waste=(),
            max_passes=BOOK_PASSES if options["book_rules"] else 0,
        )

    # --- moves ---------------------------------------------------------------

    def _to_foundations(self, state: TopsyState, card: int) -> list[int]:
        if rank(card) == KING:
            j = leftmost_empty(state.foundations)
            return [] if j is None else [j]
        return [j for j, f in enumerate(state.foundations) if f and KING_TO_QUEEN.accepts(f, card)]

    def _free_prisoner(self, state: TopsyState, i: int) -> bool:
        return state.prisoners[i] != NONE and KING_TO_QUEEN.full(state.foundations[i])

    def _can_redeal(self, state: TopsyState) -> bool:
        return not state.stock and bool(state.waste) and (not state.max_passes or state.passes < state.max_passes)

    def card_moves(self, state: TopsyState) -> list[Move]:
        """Every card move: waste, freed prisoners, then columns; foundations before columns.

        The same moves, in the same order, as asking ``_to_foundations`` and
        ``fits_down_in_suit`` of each card and pile, which the ordinary player does for every
        move it makes: what each foundation and column takes is found once."""
        moves: list[Move] = []
        tableau = state.tableau
        wanted = [NEXT_HOME.get(f[-1]) if f else None for f in state.foundations]
        empty = leftmost_empty(state.foundations)
        takes = [BELOW_IN_SUIT[col[-1]] if col else None for col in tableau]

        def homes(card: int) -> list[int]:
            if rank(card) == KING:
                return [] if empty is None else [empty]
            return [j for j, w in enumerate(wanted) if w == card]

        def onto(card: int, i: int) -> list[int]:
            """The columns but ``i`` that take ``card``: an empty one, or one whose top fits."""
            return [j for j, take in enumerate(takes) if j != i and (take is None or take == card)]

        if state.waste:
            top = state.waste[-1]
            moves += [Move(CARD_MOVE, "w", f"f{j + 1}") for j in homes(top)]
            moves += [Move(CARD_MOVE, "w", f"t{j + 1}") for j in onto(top, -1)]
        for i in range(PRISONERS):
            if self._free_prisoner(state, i):
                moves += [Move(CARD_MOVE, f"p{i + 1}", f"f{j + 1}") for j in homes(state.prisoners[i])]
        for i, col in enumerate(tableau):
            if not col:
                continue
            moves += [Move(CARD_MOVE, f"t{i + 1}", f"f{j + 1}") for j in homes(col[-1])]
            for n in range(1, run_length(col) + 1):
                moves += [Move(CARD_MOVE, f"t{i + 1}", f"t{j + 1}", n) for j in onto(col[-n], i)]
        return moves

    def legal_moves(self, state: TopsyState) -> list[Move]:
        moves = self.card_moves(state)
        if state.stock:
            moves.append(Move("draw"))
        elif self._can_redeal(state):
            moves.append(Move("redeal"))
        return moves

    def apply(self, state: TopsyState, move: Move) -> TopsyState:
        if move.kind == "draw":
            return dataclasses.replace(state, stock=state.stock[:-1], waste=(*state.waste, state.stock[-1]))
        if move.kind == "redeal":
            return dataclasses.replace(state, stock=tuple(reversed(state.waste)), waste=(), passes=state.passes + 1)
        src, dst = move.src, move.dst
        foundations, prisoners, tableau, waste = state.foundations, state.prisoners, state.tableau, state.waste
        if src == "w":
            cards: tuple[int, ...] = (waste[-1],)
            waste = waste[:-1]
        elif src[0] == "p":
            i = int(src[1:]) - 1
            cards = (prisoners[i],)
            prisoners = (*prisoners[:i], NONE, *prisoners[i + 1 :])
        else:
            i = int(src[1:]) - 1
            cards = tableau[i][-move.count :]
            tableau = replace(tableau, i, tableau[i][: -move.count])
        j = int(dst[1:]) - 1
        if dst[0] == "f":
            foundations = replace(foundations, j, foundations[j] + cards)
        else:
            tableau = replace(tableau, j, tableau[j] + cards)
        return TopsyState(
            state.deal, foundations, prisoners, tableau, state.stock, waste, state.passes, state.max_passes
        )

    # --- search: rules/topsy_search.py --------------------------------------------

    search_claims = "best first"
    search_split = (2, 20_000)
    """The full search that follows the short ones is split (``docs/decisions.md``): the
    deals the short searches leave have their winning lines under first choices that one
    depth-first search reaches late or never (deal 1750: open after 1,110 s unsplit, won
    split in 50–72 s)."""

    def __init__(self) -> None:
        # The search strategy reads this module's tables, so it is imported once they exist.
        from rules.topsy_search import Strategy

        self.strategy = Strategy(self)
        """What a search asks of this game beyond the rules (:mod:`rules.topsy_search`)."""
        plan = self.strategy
        self.search_key = plan.search_key
        self.search_moves = plan.search_moves
        self.apply_macro = plan.apply_macro
        self.restart_moves = plan.restart_moves

    def dead(self, state: TopsyState) -> bool:
        """A sound proof that the deal cannot be won from here (:meth:`Strategy.dead`)."""
        return self.strategy.dead(state)

    def restart_nodes(self, start: TopsyState) -> int:
        """How long each short search is, as measured best (``docs/decisions.md``)."""
        return 1500 if start.max_passes else 150

    def quick_share(self, start: TopsyState) -> float:
        return 0.9

    def player_rank(self, state: TopsyState, move: Move) -> int:
        """For the hasty player and the hint: home first, then a whole run that uncovers a
        card, the waste onto a column, the stock; moves into empty columns last."""
        if move.kind != CARD_MOVE:
            return 3
        if move.dst[0] == "f":
            return 0
        target = state.tableau[int(move.dst[1:]) - 1]
        if move.src == "w":
            return 2 if target else 5
        col = state.tableau[int(move.src[1:]) - 1]
        uncovers = move.count == run_length(col) and move.count < len(col)
        if target:
            return 1 if uncovers else 4
        return 4 if uncovers else 6

    # --- the checked path ------------------------------------------------------

    def explain(self, state: TopsyState, move: Move) -> str | None:
        if move.kind in self.verbs:
            if move.src:
                return f"{move.kind} takes no pile"
            return explain_stock(move.kind, state.stock, state.waste, state.passes, state.max_passes)
        if move.kind != CARD_MOVE:
            return f"Дамы кувырком has no move {move.kind!r} (card moves, 'draw' and 'redeal')"
        if move.src == move.dst:
            return "a move must take cards to another pile"
        unit, reason = self._unit(state, move)
        if reason is not None or unit is None:
            return reason
        dst = move.dst
        j = pile_number(dst, "f", FOUNDATIONS)
        if j is not None:
            if move.count != 1:
                return "a foundation takes one card at a time"
            if rank(unit) == KING:
                leftmost = leftmost_empty(state.foundations)
                if leftmost is None:
                    return "every foundation is taken: a king has nowhere to go"
                if j != leftmost:
                    return f"a king goes to the leftmost empty foundation, f{leftmost + 1}"
                return None
            if not KING_TO_QUEEN.accepts(state.foundations[j], unit):
                return f"{card_text(unit)} cannot go to {dst}: {KING_TO_QUEEN.needs(state.foundations[j])}"
            return None
        j = pile_number(dst, "t", COLUMNS)
        if j is not None:
            if move.src.startswith("p"):
                return "a freed prisoner goes only to a foundation, never to a column"
            return explain_onto(unit, state.tableau[j])
        if dst in ("s", "w") or pile_number(dst, "p", PRISONERS) is not None:
            return f"no card may be put on {dst}"
        return f"there is no pile {dst!r} (piles: f1–f8, p1–p7, t1–t8, s, w)"

    def _unit(self, state: TopsyState, move: Move) -> tuple[int | None, str | None]:
        """The bottom card of what moves, or the reason the source cannot give it."""
        src, count = move.src, move.count
        if src == "w":
            if not state.waste:
                return None, "the waste is empty"
            return (state.waste[-1], None) if count == 1 else (None, "only the top card of the waste moves")
        if src == "s":
            return None, "the stock is turned with 'draw', one card at a time"
        if pile_number(src, "f", FOUNDATIONS) is not None:
            return None, "cards never leave a foundation"
        i = pile_number(src, "p", PRISONERS)
        if i is not None:
            if state.prisoners[i] == NONE:
                return None, f"{src} is empty: its prisoner has left"
            if not KING_TO_QUEEN.full(state.foundations[i]):
                return None, f"the prisoner {src} stays face down until f{i + 1} holds all 13 cards"
            return (state.prisoners[i], None) if count == 1 else (None, "a prisoner is a single card")
        i = pile_number(src, "t", COLUMNS)
        if i is None:
            return None, f"there is no pile {src!r} (piles: f1–f8, p1–p7, t1–t8, s, w)"
        col = state.tableau[i]
        if not col:
            return None, f"{src} is empty"
        if count > len(col):
            return None, f"{src} holds only {len(col)} card{'s' if len(col) > 1 else ''}"
        if count > run_length(col):
            return None, f"the top {count} cards of {src} are not a descending run in one suit"
        return col[-count], None

    # --- the table -------------------------------------------------------------

    def layout(self, portrait: bool = False) -> Layout:
        # Prisoners peek out from under their foundations; the columns fan down.
        return LAYOUT

    def hidden(self, state: TopsyState, pile: str) -> int:
        if pile == "s":
            return len(state.stock)
        i = pile_number(pile, "p", PRISONERS)
        if i is not None and state.prisoners[i] != NONE and not KING_TO_QUEEN.full(state.foundations[i]):
            return 1
        return 0

    # --- the end ---------------------------------------------------------------

    def is_won(self, state: TopsyState) -> bool:
        return all(len(f) == 13 for f in state.foundations)

    def counters(self, state: TopsyState) -> list[Counter]:
        """The passes through the stock, under book rules (which limit them)."""
        if not state.max_passes:
            return []
        n, most = state.passes, state.max_passes
        return [Counter("s", f"Проход {n} из {most}", f"Pass {n} of {most}")]

    def status(self, state: TopsyState) -> Status:
        """Lost when no card can move now and none in the stock or waste will ever fit."""
        if self.is_won(state):
            return "won"
        if self.card_moves(state):
            return "playing"
        waiting = state.stock if (state.max_passes and state.passes >= state.max_passes) else state.stock + state.waste
        for card in set(waiting):
            if self._to_foundations(state, card) or any(
                not col or fits_down_in_suit(card, col[-1]) for col in state.tableau
            ):
                return "playing"
        return "lost"

    def key(self, state: TopsyState) -> tuple[object, ...]:
        # Columns are interchangeable, so they are sorted; the pass count matters only under a limit.
        passes = state.passes if state.max_passes else 0
        return (state.foundations, state.prisoners, tuple(sorted(state.tableau)), state.stock, state.waste, passes)

    def piles(self, state: TopsyState) -> dict[str, tuple[int, ...]]:
        piles = {f"f{i + 1}": f for i, f in enumerate(state.foundations)}
        piles |= {f"p{i + 1}": (() if p == NONE else (p,)) for i, p in enumerate(state.prisoners)}
        piles |= {f"t{i + 1}": t for i, t in enumerate(state.tableau)}
        return piles | {"s": state.stock, "w": state.waste}

    rules_ru = """\
Две колоды, 104 карты. Наверху — восемь мест для домов. Под первыми семью лежит по одной
закрытой карте — это пленники; у восьмого дома пленника нет. Ниже — восемь столбцов по четыре
открытые карты. Остальные 65 карт — колода. Сдают так: пленники домов 1–7, затем столбцы
с первого по восьмой, по четыре карты снизу вверх; оставшиеся карты — колода.

- Дом начинается с короля. Король всегда ложится в первый свободный дом слева — место
  игрок не выбирает.
- На короля кладут туза той же масти, затем двойку, тройку и дальше до дамы — 13 карт.
- В столбцах карты кладут по убыванию в одной масти. Переносить можно верхнюю карту или
  последовательность одной масти по убыванию целиком, как одно целое.
- В пустой столбец можно положить любую карту или последовательность.
- Колода открывается по одной карте в сброс. Верхнюю карту сброса можно положить в дом или
  в столбец. Когда колода кончится, нажатие переворачивает сброс обратно в колоду в прежнем
  порядке; пересдавать можно сколько угодно раз. Книжные правила (в настройках): колоду
  проходят только три раза.
- Когда в доме собраны все 13 карт, его пленник открывается. Пленника можно положить только
  в дом (короля — в первый свободный слева), в столбец нельзя.
- Карты из дома обратно не берут.
- Пасьянс сошёлся, когда все 104 карты разложены по домам. Игра окончена без победы, когда
  ни одна карта не может сдвинуться и ни одна карта колоды или сброса уже никуда не подойдёт.
"""
    rules_en = """\
Two decks, 104 cards. At the top, eight places for foundations; under each of the first seven
lies one face-down card, its prisoner; the eighth has none. Below, eight columns of four face-up
cards. The other 65 cards are the stock. Dealt in this order: the prisoners of foundations 1–7,
then columns 1 to 8, four cards each from the bottom up; the rest is the stock.

- A foundation starts with a king, and a king always goes to the leftmost empty foundation:
  the player does not choose the place.
- On the king go the ace of its suit, then the two, three and so on up to the queen: 13 cards.
- Columns are built down in suit. The top card, or any descending run of one suit that ends at
  the top, moves as one unit.
- An empty column takes any card or run.
- The stock turns one card at a time onto the waste; the top of the waste may go to a
  foundation or a column. When the stock is empty, a tap turns the waste back over in its
  original order; redeals are unlimited. Book rules (a setting): three passes through the stock.
- When a foundation holds all 13 cards, its prisoner turns face up. A freed prisoner goes only
  to a foundation (a king to the leftmost empty one), never to a column.
- Cards never leave a foundation.
- The game is won when all 104 cards are on the foundations. It is lost when no card can move
  and no card in the stock or waste will ever fit anywhere.
"""


LAYOUT: Final = Layout(
    width=8.7,
    height=7.2,
    slots=(
        *row("prisoner", "p", PRISONERS, y=0.45),
        *row("foundation", "f", FOUNDATIONS, y=0.0),
        Slot("s", "stock", 0.0, 1.6),
        Slot("w", "waste", 1.1, 1.6, fan="right", room=1.4),
        *row("tableau", "t", COLUMNS, y=2.75, fan="down", room=3.45),
    ),
)

GAME: Final = TopsyTurvyQueens()
