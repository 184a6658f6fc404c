"""What Камень преткновения and Тринадцать кучек share: ../shared/spec/RULES.md §3 and §4.

Thirteen face-up piles ``t1`` … ``t13`` of 2 … 14 cards, dealt pile 1 first, each
from its bottom card up; eight foundations ``f1`` … ``f8`` built from the ace up in
suit. Ordinary moves: a pile's top card to a foundation, onto another pile's top card
one rank higher in the same suit, or onto an empty pile. The variants add their own
verbs and phases through the hooks of :class:`ThirteenPilesBase`.
"""

from __future__ import annotations

import functools
import random
from abc import abstractmethod
from collections.abc import Hashable, Mapping
from dataclasses import dataclass
from typing import ClassVar, Final

from pygame_engine.cards import ACE, card_text, full_deck, rank
from pygame_engine.deal import shuffled
from pygame_engine.game import Action, Counter, Game, OptionValue
from pygame_engine.layout import Layout, Slot, row
from pygame_engine.moves import CARD_MOVE, Move
from pygame_engine.piles import ACE_TO_KING, BELOW_IN_SUIT, Piles, explain_onto, pile_number, replace

PILES: Final = 13
FOUNDATIONS: Final = 8
_HOME_AFTER: Final = tuple(ACE_TO_KING.successors().get(card, -1) for card in range(52))
"""The card a started foundation takes next, by its top card (``-1`` after a king)."""
_ACES: Final = tuple(card for card in range(52) if rank(card) == ACE)
_MOVES: Final = tuple(tuple(Move(CARD_MOVE, f"t{i + 1}", f"f{k + 1}" if k < FOUNDATIONS else f"t{k - FOUNDATIONS + 1}")
                            for k in range(FOUNDATIONS + PILES)) for i in range(PILES))
"""``_MOVES[i][k]``: pile ``i``'s top card to foundation ``k`` (0 … 7) or onto pile
``k - 8``, each move made once."""


def _takers(piles: Piles, takes: tuple[int, ...], first: int) -> tuple[dict[int, list[int]], list[int]]:
    """The numbers of the piles that take each card (``takes[top]`` by their top card, ``-1``
    for none), and of the empty piles; pile ``j`` is numbered ``first + j``."""
    by_card: dict[int, list[int]] = {}
    empty: list[int] = []
    for j, pile in enumerate(piles, first):
        if not pile:
            empty.append(j)
        elif (card := takes[pile[-1]]) >= 0:
            by_card.setdefault(card, []).append(j)
    return by_card, empty


def _homes(foundations: Piles) -> dict[int, list[int]]:
    """The foundations that take each card now, by card: an ace any empty one, another card
    the started foundation it follows."""
    homes, empty = _takers(foundations, _HOME_AFTER, 0)
    if empty:
        homes.update(dict.fromkeys(_ACES, empty))
    return homes


@dataclass(frozen=True, slots=True)
class ThirteenState:
    """A position of either variant.

    ``stage`` is the variant's progress (see each variant); ``stock`` and ``waste``
    (tops last) and ``passes`` are used only by Тринадцать кучек's leafing.
    """

    deal: int
    foundations: Piles
    piles: Piles
    stage: int = 0
    dealing: int = 0
    stock: tuple[int, ...] = ()
    waste: tuple[int, ...] = ()
    passes: int = 0
    max_passes: int = 0


NUMBERED = 0.3
"""Room above a pile for its number, in card heights."""
ROOM_TOP, ROOM_BOTTOM, ROOM_WIDE = 3.1, 4.5, 3.4
"""How far the piles fan down, in card heights: on a tall screen in the first row and the
second, and on a wide one. 3.1 holds 13 face-up cards before the deepest are squared."""
TALL_APART = 1.08
"""Card widths from one pile to the next on a tall screen."""


@dataclass(frozen=True, slots=True)
class NextAction:
    """What the variant's button will do next, in words, and the piles it touches."""

    ru: str
    en: str
    piles: tuple[str, ...]


class ThirteenPilesBase(Game[ThirteenState]):
    """Layout, foundations and ordinary moves; a variant adds its verbs."""

    decks = 2

    def deal(self, number: int, options: Mapping[str, OptionValue]) -> ThirteenState:
        deck = shuffled(self.id, number, 0, full_deck(2))
        piles, start = [], 0
        for i in range(PILES):
            piles.append(tuple(deck[start : start + i + 2]))
            start += i + 2
        return ThirteenState(number, ((),) * FOUNDATIONS, tuple(piles), max_passes=self.max_passes(options))

    def max_passes(self, options: Mapping[str, OptionValue]) -> int:
        """How many passes the variant's stock allows (none without a stock)."""
        return 0

    # --- ordinary moves ----------------------------------------------------------

    def homes(self, state: ThirteenState, card: int) -> list[int]:
        """The foundations that take ``card`` now."""
        return _homes(state.foundations).get(card, [])

    def ordinary_moves(self, state: ThirteenState) -> list[Move]:
        """Pile by pile: its top card to each foundation that takes it, then onto each other
        pile that takes it (a fitting top card or an empty pile), in the piles' order.

        What the foundations and the piles' top cards take is worked out once, as the
        numbers of the piles that take it, so each pile's top is one look-up (the search's
        hot spot)."""
        homes = _homes(state.foundations)
        onto, empty_places = _takers(state.piles, BELOW_IN_SUIT, FOUNDATIONS)
        moves: list[Move] = []
        for i, pile in enumerate(state.piles):
            if not pile:
                continue
            top, by = pile[-1], _MOVES[i]
            moves += [by[j] for j in homes.get(top, ())]
            places = onto.get(top, [])
            if empty_places:
                places = sorted(places + empty_places)
            moves += [by[k] for k in places if k != FOUNDATIONS + i]
        return moves

    def move_cards(self, state: ThirteenState, move: Move) -> ThirteenState:
        """Apply a card move between piles and foundations (unchecked)."""
        foundations, piles = state.foundations, state.piles
        i = int(move.src[1:]) - 1
        cards = piles[i][-move.count :]
        piles = replace(piles, i, piles[i][: -move.count])
        j = int(move.dst[1:]) - 1
        if move.dst[0] == "f":
            foundations = replace(foundations, j, foundations[j] + cards)
        else:
            piles = replace(piles, j, piles[j] + cards)
        return ThirteenState(
            state.deal, foundations, piles, state.stage, state.dealing,
            state.stock, state.waste, state.passes, state.max_passes,
        )

    def explain_card_move(self, state: ThirteenState, move: Move, unit: int) -> str | None:
        """Whether ``unit`` (the bottom card of what moves) may enter ``move.dst``."""
        j = pile_number(move.dst, "f", FOUNDATIONS)
        if j is not None:
            if move.count != 1:
                return "a foundation takes one card at a time"
            if j not in self.homes(state, unit):
                return f"{card_text(unit)} cannot go to {move.dst}: {ACE_TO_KING.needs(state.foundations[j])}"
            return None
        j = pile_number(move.dst, "t", PILES)
        if j is None:
            return f"no card may be put on {move.dst!r} (cards go to f1–f8 and t1–t13)"
        return explain_onto(unit, state.piles[j])

    def source_pile(self, state: ThirteenState, move: Move) -> tuple[int | None, str | None]:
        """The index of the source pile, or why there is none."""
        if pile_number(move.src, "f", FOUNDATIONS) is not None:
            return None, "cards never leave a foundation"
        i = pile_number(move.src, "t", PILES)
        if i is None:
            return None, f"there is no pile {move.src!r} to take a card from"
        if not state.piles[i]:
            return None, f"{move.src} is empty"
        if move.count > len(state.piles[i]):
            return None, f"{move.src} holds only {len(state.piles[i])} cards"
        return i, None

    # --- search ---------------------------------------------------------------------

    def search_moves(self, state: ThirteenState) -> list[tuple[Move, ...]]:
        """All moves, best first: cards home, cards onto cards, the variant's buttons, then
        moves into empty piles."""
        def order(move: Move) -> int:
            if move.kind != CARD_MOVE:
                return 2
            if move.dst[0] == "f":
                return 0
            return 1 if state.piles[int(move.dst[1:]) - 1] else 3

        return [(m,) for m in sorted(self.legal_moves(state), key=order)]

    def quick_share(self, start: ThirteenState) -> float:
        return 0.9


    def restart_moves(self, state: ThirteenState, rng: random.Random) -> list[tuple[Move, ...]]:
        """For short shuffled searches after a win only (not sound): a card that can go home
        goes home; otherwise cards onto cards in random order, two random moves into empty
        piles, and the variant's buttons last."""
        moves = self.search_moves(state)
        home = [m for m in moves if m[0].kind == CARD_MOVE and m[0].dst[0] == "f"]
        if home:
            return home[:1]
        onto = [m for m in moves if m[0].kind == CARD_MOVE and state.piles[int(m[0].dst[1:]) - 1]]
        empty = [m for m in moves if m[0].kind == CARD_MOVE and not state.piles[int(m[0].dst[1:]) - 1]]
        rng.shuffle(onto)
        rng.shuffle(empty)
        return onto + empty[:2] + [m for m in moves if m[0].kind != CARD_MOVE]

    # --- the table -------------------------------------------------------------------

    with_stock = False

    @functools.cache  # noqa: B019 - one instance a game, alive as long as the program; asked for every pile
    def layout(self, portrait: bool = False) -> Layout:
        """Each pile fanned down under its number, the foundations in a row above them.

        On a wide screen the thirteen piles stand in one row, the stock and waste beside the
        foundations. On a tall one they stand in two rows, piles 1–7 and under them 8–13
        (the deal's longest), the stock at the end of the first row and the waste at the end
        of the second, the columns a little closer (``TALL_APART``), so that a 390 px phone
        shows cards 44 px wide, their indices 13 px tall.
        """
        if portrait:
            apart = TALL_APART
            foundations = row("foundation", "f", FOUNDATIONS, y=0.0, apart=apart)
            first, second = round(1.0 + NUMBERED, 3), round(1.0 + NUMBERED + 1.0 + ROOM_TOP + NUMBERED, 3)
            piles = tuple(self._pile(i, round(i * apart, 3), first, ROOM_TOP) if i < 7
                          else self._pile(i, round((i - 7) * apart, 3), second, ROOM_BOTTOM) for i in range(PILES))
            talon = (Slot("s", "stock", round(7 * apart, 3), first),
                     Slot("w", "waste", round(6 * apart, 3), second, fan="right", room=apart))
            return Layout(round(7 * apart + 1.0, 3), round(second + 1.0 + ROOM_BOTTOM, 3),
                          (*foundations, *piles, *(talon if self.with_stock else ())))
        foundations = row("foundation", "f", FOUNDATIONS, y=0.0)
        top = round(1.0 + NUMBERED, 3)
        piles = tuple(self._pile(i, round(i * 1.1, 3), top, ROOM_WIDE) for i in range(PILES))
        talon = (Slot("s", "stock", 9.9, 0.0), Slot("w", "waste", 11.0, 0.0, fan="right", room=2.2))
        talon_slots = talon if self.with_stock else ()
        return Layout(14.3, round(top + 1.0 + ROOM_WIDE, 3), (*foundations, *piles, *talon_slots))

    @staticmethod
    def _pile(i: int, x: float, y: float, room: float) -> Slot:
        """Pile ``i + 1``, fanned down from (``x``, ``y``), its number shown above it."""
        return Slot(f"t{i + 1}", "tableau", x, y, fan="down", room=room, label=str(i + 1), numbered=True)

    # --- the variant ---------------------------------------------------------------

    @abstractmethod
    def next_action(self, state: ThirteenState) -> NextAction | None:
        """What the variant's button does next, or ``None`` when it has nothing left."""

    button: ClassVar[str]
    """The verb of the variant's button."""

    def actions(self, state: ThirteenState) -> list[Action]:
        action = self.next_action(state)
        return [Action(self.button, action.ru, action.en)] if action else []

    def counters(self, state: ThirteenState) -> list[Counter]:
        """The passes through the stock, while pile 1 is leafed as one."""
        if not state.max_passes or not (state.stock or state.waste):
            return []
        n, most = state.passes, state.max_passes
        return [Counter("s", f"Проход {n} из {most}", f"Pass {n} of {most}")]

    def is_won(self, state: ThirteenState) -> bool:
        return all(len(f) == 13 for f in state.foundations)

    def key(self, state: ThirteenState) -> Hashable:
        # Foundations are interchangeable here (no prisoners), so they are sorted.
        return (
            tuple(sorted(state.foundations)), state.piles, state.stage, state.dealing,
            state.stock, state.waste, state.passes,
        )

    def piles(self, state: ThirteenState) -> dict[str, tuple[int, ...]]:
        piles = {f"f{i + 1}": f for i, f in enumerate(state.foundations)}
        return piles | {f"t{i + 1}": p for i, p in enumerate(state.piles)}

    def explain_verb(self, state: ThirteenState, move: Move) -> str:
        return f"{self.name_ru} has no move {move.kind!r}"
