"""A toy patience registered by the tests alone: what a new game needs, and no more.

One deck in a stock, face down; ``draw`` turns its top card onto the waste, and
``redeal`` turns the waste over into a new stock, as often as the option allows. The
waste's top card goes home: four foundations, each built up in suit from the ace. It
imports the engine only: a game needs nothing outside its own module (and a level
catalogue, which this one goes without).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from pygame_engine.cards import full_deck, rank, suit
from pygame_engine.deal import shuffled
from pygame_engine.game import Game, OptionSpec, OptionValue, Verb
from pygame_engine.layout import Layout, Slot
from pygame_engine.moves import CARD_MOVE, Move


@dataclass(frozen=True, slots=True)
class ToyState:
    deal: int
    foundations: tuple[tuple[int, ...], ...]
    stock: tuple[int, ...]
    waste: tuple[int, ...]
    redeals: int


class Toy(Game[ToyState]):
    id = "toy"
    name_ru = name_en = "Toy"
    summary_ru = summary_en = "A test game."
    rules_ru = ("Одна колода лежит в колоде рубашкой вверх. Карты открывают по одной в отбой; верхняя "
                "карта отбоя идёт в дом, если подходит: четыре дома, каждый от туза вверх в своей масти. "
                "Когда колода кончилась, отбой переворачивают в новую колоду, пока позволяют пересдачи.")
    rules_en = ("One deck lies face down as the stock. Its cards are turned one at a time onto the waste; "
                "the waste's top card goes home when it fits: four foundations, each up in its suit from the "
                "ace. When the stock runs out, the waste is turned over into a new stock, as often as the "
                "redeals allow.")
    decks = 1
    verbs = ("draw", "redeal")
    stock_verbs = ("draw", "redeal")
    verb_words = (Verb("draw", "взять карту", "draw a card", "карта из колоды", "a card drawn"),
                  Verb("redeal", "собрать колоду", "turn the stock over", "колода собрана", "the stock turned over"))
    options = (OptionSpec("redeals", (8, 0, 2), "Пересдач", "Redeals"),)

    def deal(self, number: int, options: Mapping[str, OptionValue]) -> ToyState:
        deck = tuple(shuffled(self.id, number, 0, full_deck(1)))
        return ToyState(number, ((),) * 4, deck, (), int(options["redeals"]))

    def legal_moves(self, state: ToyState) -> list[Move]:
        moves = [Move(CARD_MOVE, "w", f"f{suit(state.waste[-1]) + 1}")] if self._goes_home(state) else []
        if state.stock:
            moves.append(Move("draw"))
        elif state.waste and state.redeals:
            moves.append(Move("redeal"))
        return moves

    def search_moves(self, state: ToyState) -> list[tuple[Move, ...]]:
        """A card that can go home goes home, alone: it can go nowhere else, and under it
        lies the next card of the waste (a sound pruning, :class:`Game`'s search section)."""
        moves = self.legal_moves(state)
        return [(moves[0],)] if moves and moves[0].kind == CARD_MOVE else [(m,) for m in moves]

    def _goes_home(self, state: ToyState) -> bool:
        return bool(state.waste) and rank(state.waste[-1]) == len(state.foundations[suit(state.waste[-1])]) + 1

    def apply(self, state: ToyState, move: Move) -> ToyState:
        if move.kind == "draw":
            return ToyState(state.deal, state.foundations, state.stock[:-1], (*state.waste, state.stock[-1]),
                            state.redeals)
        if move.kind == "redeal":
            return ToyState(state.deal, state.foundations, state.waste[::-1], (), state.redeals - 1)
        card, foundations = state.waste[-1], list(state.foundations)
        foundations[suit(card)] += (card,)
        return ToyState(state.deal, tuple(foundations), state.stock, state.waste[:-1], state.redeals)

    def explain(self, state: ToyState, move: Move) -> str | None:
        return None if move in self.legal_moves(state) else f"{move} is not allowed here"

    def is_won(self, state: ToyState) -> bool:
        return sum(map(len, state.foundations)) == 52

    def key(self, state: ToyState) -> ToyState:
        return state

    def piles(self, state: ToyState) -> dict[str, tuple[int, ...]]:
        return {"s": state.stock, "w": state.waste} | {f"f{i + 1}": f for i, f in enumerate(state.foundations)}

    def layout(self, portrait: bool = False) -> Layout:
        slots = (Slot("s", "stock", 0.0, 0.0), Slot("w", "waste", 1.1, 0.0))
        return Layout(6.5, 1.0, slots + tuple(Slot(f"f{i + 1}", "foundation", 2.2 + 1.1 * i, 0.0) for i in range(4)))


GAME = Toy()
