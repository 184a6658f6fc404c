"""Камень преткновения (``stumbling_block``): ../shared/spec/RULES.md §3.

The thirteen piles of :mod:`rules.thirteen_common` plus the *review*: the verb
``review`` begins it with pile 13, then moves on to the next lower pile, and after
pile 1 ends it. While pile k is under review, any card in it that fits another pile's
top card (one rank lower, same suit) or an empty pile moves there with every card on
it: ``t13:5>t4`` moves the fifth card from the top of pile 13 and the four above it.
``stage`` is the pile under review (13 … 1), 0 before the review and -1 after it.
"""

from __future__ import annotations

import dataclasses
from typing import Final

from pygame_engine.game import Action
from pygame_engine.moves import CARD_MOVE, Move
from pygame_engine.piles import fits_down_in_suit
from rules.thirteen_common import PILES, NextAction, ThirteenPilesBase, ThirteenState

OVER: Final = -1


class StumblingBlock(ThirteenPilesBase):
    id = "stumbling_block"
    name_ru = "Камень преткновения"
    name_en = "Stumbling Block"
    summary_ru = "Тринадцать стопок, дома от туза; стопки просматривают и перекладывают из середины."
    summary_en = "Thirteen piles, foundations from the ace; review each pile and move cards from deep inside."
    verbs = ("review",)
    button = "review"

    def review_moves(self, state: ThirteenState) -> list[Move]:
        """Moves of two or more cards out of the pile under review."""
        if not 1 <= state.stage <= PILES:
            return []
        i = state.stage - 1
        pile = state.piles[i]
        moves = []
        for depth in range(len(pile) - 1):  # the top card alone is an ordinary move
            unit, count = pile[depth], len(pile) - depth
            for j, other in enumerate(state.piles):
                if j != i and (not other or fits_down_in_suit(unit, other[-1])):
                    moves.append(Move(CARD_MOVE, f"t{i + 1}", f"t{j + 1}", count))
        return moves

    def legal_moves(self, state: ThirteenState) -> list[Move]:
        moves = self.ordinary_moves(state) + self.review_moves(state)
        if state.stage != OVER:
            moves.append(Move("review"))
        return moves

    def apply(self, state: ThirteenState, move: Move) -> ThirteenState:
        if move.kind == "review":
            stage = PILES if state.stage == 0 else (state.stage - 1 if state.stage > 1 else OVER)
            return ThirteenState(state.deal, state.foundations, state.piles, stage)
        return self.move_cards(state, move)

    def explain(self, state: ThirteenState, move: Move) -> str | None:
        if move.kind == "review":
            if move.src:
                return "review takes no pile: it always goes on with the next lower pile"
            return "the review is over: every pile has been reviewed once" if state.stage == OVER else None
        if move.kind != CARD_MOVE:
            return f"Камень преткновения has no move {move.kind!r} (card moves and 'review')"
        i, reason = self.source_pile(state, move)
        if i is None:
            return reason
        if move.count > 1:
            if state.stage == 0:
                return "only the top card of a pile moves until the review begins"
            if state.stage == OVER:
                return "only the top card of a pile moves: the review is over"
            if i + 1 != state.stage:
                return f"only the top card of {move.src} moves: the pile under review is t{state.stage}"
        return self.explain_card_move(state, move, state.piles[i][-move.count])

    def next_action(self, state: ThirteenState) -> NextAction | None:
        if state.stage == 0:
            return NextAction("Начать просмотр: стопка 13", "Begin the review: pile 13", ("t13",))
        if state.stage == 1:
            return NextAction("Закончить просмотр", "End the review", ())
        if state.stage == OVER:
            return None
        k = state.stage - 1
        return NextAction(f"Следующая стопка: {k}", f"Next pile: {k}", (f"t{k}",))

    def review_early(self, state: ThirteenState) -> bool:
        """Whether ordinary moves remain, so beginning the review now deserves a warning."""
        return state.stage == 0 and bool(self.ordinary_moves(state))

    def actions(self, state: ThirteenState) -> list[Action]:
        """The review's button; begun while ordinary moves remain, it asks to be confirmed."""
        actions = super().actions(state)
        if not self.review_early(state):
            return actions
        return [dataclasses.replace(a, warn_ru="Обычные ходы ещё есть. Начать просмотр сейчас?",
                                    warn_en="Ordinary moves remain. Begin the review now?") for a in actions]

    def in_hand(self, state: ThirteenState) -> tuple[str, ...]:
        """The pile under review."""
        return (f"t{state.stage}",) if 1 <= state.stage <= PILES else ()

    rules_ru = """\
Две полные колоды, 104 карты. Карты раскладываются открыто на тринадцать стопок: в первой две,
во второй три и так далее до тринадцатой, в которой четырнадцать карт. Сдают с первой стопки,
каждую снизу вверх. Над стопками — восемь мест для базовых карт.

- Тузы выкладываются в базовый ряд; на них собирают карты в масть по возрастанию до короля.
- Игровые — верхние карты стопок. Игровую карту можно положить на базу или на игровую карту
  другой стопки той же масти и на ранг старше. Перекладывают по одной карте.
- Опустевшая стопка принимает любую одну карту (а при просмотре — карту вместе со всеми
  лежащими на ней). В исходном тексте об этом не сказано; без этого пасьянс практически
  не сходится: по нашей проверке — ни одного расклада из двухсот.
- Просмотр. Кнопка «Просмотр» берёт в руки тринадцатую стопку; «Следующая стопка» кончает
  просмотр текущей и берёт следующую по убыванию номеров; после первой стопки просмотр окончен,
  и дважды одну стопку не просматривают. Пока стопка в руках, любую её карту, которая на ранг
  младше игровой карты другой стопки той же масти (или любую карту — на пустую стопку), можно
  перенести туда вместе со всеми картами, лежащими на ней, и так сколько угодно раз. Карты,
  положенные на эту стопку обычными ходами, тоже просматриваются. Обычные ходы разрешены всё
  время. Начать просмотр можно когда угодно; если обычные ходы ещё есть, программа предупредит.
- Пасьянс сошёлся, если все карты собраны на базы. Он не сошёлся, если просмотр окончен
  и ходов не осталось.
"""
    rules_en = """\
Two full decks, 104 cards, dealt face up into thirteen piles: two cards in the first, three in
the second and so on up to fourteen in the thirteenth; pile 1 is dealt first, each pile from
its bottom card up. Above them are places for eight foundations.

- Aces go to the foundations, which are built up in suit to the king.
- Only the top card of a pile is playable. It may go to a foundation, or onto the top card of
  another pile that is one rank higher in the same suit. One card at a time.
- An emptied pile takes any single card (and, in the review, a card with every card on it).
  The source text is silent here; without this the game is practically never won: none of
  200 deals in our measurement.
- The review. "Review" picks up pile 13; "next pile" ends the review of the current pile and
  picks up the next lower one; after pile 1 the review is over, and no pile is reviewed twice.
  While a pile is in hand, any card in it that is one rank lower, in the same suit, than the
  top card of another pile (or any card, onto an empty pile) may be moved there together with
  every card lying on it, as often as that fits. Cards that ordinary moves put on this pile are
  reviewed too. Ordinary moves stay allowed throughout. The review may begin at any time; the
  program warns if ordinary moves are still possible.
- The game is won when all cards are on the foundations; lost when the review is over and no
  move is left.
"""


GAME: Final = StumblingBlock()
