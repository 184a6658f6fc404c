"""Дамы кувырком's search strategy: what the solver asks of the game beyond its rules.

With unlimited redeals the stock and the waste are a store from which any card can be
brought up, so the key keeps only which cards they hold and the draws to a card are one
macro; under book rules every reachable card is offered as such a macro, nearest first.
The proof of loss is :mod:`rules.topsy_prisoners`'s. Why each is as it is:
``docs/decisions.md``.
"""

from __future__ import annotations

import dataclasses
import random
from typing import TYPE_CHECKING

from pygame_engine.cards import ACE, KING, rank, suit
from pygame_engine.moves import CARD_MOVE, Move
from pygame_engine.piles import fits_down_in_suit, run_length
from rules.topsy_prisoners import completable
from rules.topsy_turvy_queens import NONE, PRISONERS, TopsyState, leftmost_empty

if TYPE_CHECKING:
    from rules.topsy_turvy_queens import TopsyTurvyQueens


def _redeals(macro: tuple[Move, ...]) -> int:
    return sum(1 for move in macro if move.kind == "redeal")


class Strategy:
    """The search hooks and strategy of one :class:`~rules.topsy_turvy_queens.TopsyTurvyQueens`."""

    def __init__(self, game: TopsyTurvyQueens) -> None:
        self.game = game

    def search_key(self, state: TopsyState) -> tuple[object, ...]:
        """With unlimited redeals the stock and waste are a store any card of which can be
        brought to the top at any time, and no card ever goes back into it: their order and
        the split between them decide nothing, only which cards they hold. Two positions
        with the same cards there have the same moves, one for one, so the key keeps the
        cards sorted."""
        if state.max_passes:
            return self.game.key(state)
        talon = tuple(sorted(state.waste + state.stock))
        return (state.foundations, state.prisoners, tuple(sorted(state.tableau)), talon)

    def _talon_reach(self, state: TopsyState, index: int) -> tuple[Move, ...]:
        """The draws (and redeal) that bring card ``index`` of the cyclic order to the waste top."""
        shown = len(state.waste)
        if index == shown - 1:
            return ()
        if index >= shown:
            return (Move("draw"),) * (index + 1 - shown)
        return (Move("draw"),) * len(state.stock) + (Move("redeal"),) + (Move("draw"),) * (index + 1)

    def apply_macro(self, state: TopsyState, macro: tuple[Move, ...]) -> TopsyState:
        """A talon macro in one step: the stock and waste are cut where the card was."""
        if not macro:
            return state
        last = macro[-1]
        if len(macro) == 1 or last.src != "w":
            for move in macro:
                state = self.game.apply(state, move)
            return state
        talon = state.waste + state.stock[::-1]
        index = self._talon_index(state, macro)
        passes = state.passes + sum(1 for m in macro if m.kind == "redeal")
        placed = dataclasses.replace(state, waste=talon[: index + 1], stock=talon[index + 1 :][::-1], passes=passes)
        return self.game.apply(placed, last)

    def _talon_index(self, state: TopsyState, macro: tuple[Move, ...]) -> int:
        """Where in the cyclic order (waste bottom to top, then stock top to bottom) the card
        lies that a talon macro brings to the top."""
        index = len(state.waste) - 1 + sum(1 for m in macro if m.kind == "draw")
        return index - len(state.waste) - len(state.stock) if any(m.kind == "redeal" for m in macro) else index

    def dead(self, state: TopsyState) -> bool:
        """A sound proof that the deal cannot be won from here: no order of completing the
        foundations gets each the cards it lacks, with the prisoners still locked under
        them (see :mod:`rules.topsy_prisoners`), however the kings to come are placed."""
        foundations = state.foundations
        suits = tuple(suit(f[0]) if f else None for f in foundations)
        locked = tuple(p if p != NONE and len(foundations[i]) < 13 else NONE for i, p in enumerate(state.prisoners))
        return not completable(suits, tuple(len(f) for f in foundations), (*locked, NONE))

    def _card_of(self, state: TopsyState, macro: tuple[Move, ...]) -> int:
        """The card that the last move of a macro moves."""
        last = macro[-1]
        if last.src == "w":
            return (state.waste + state.stock[::-1])[self._talon_index(state, macro)]
        return self.game.piles(state)[last.src][-1]

    def _home_rank(self, state: TopsyState, card: int, dst: str) -> float:
        """Cards home first; of two foundations that take a card, first the one whose own
        prisoner is that card's twin (it can get the card from nowhere else); kings later."""
        i = int(dst[1:]) - 1
        if rank(card) == KING:
            # A king over a prisoner of its own suit makes that suit wait for its twin.
            return 2.5 if i < PRISONERS and state.prisoners[i] != NONE and state.prisoners[i] // 13 == card // 13 else 2

        return -0.5 if i < PRISONERS and state.prisoners[i] == card else 0


    def restart_moves(self, state: TopsyState, rng: random.Random) -> list[tuple[Move, ...]]:
        """For short shuffled searches after a win only (not sound: a card may be worth
        keeping, another move may be needed).

        With unlimited redeals: a card other than a king that can go home goes home and
        nothing else is tried. Otherwise, each class in random order: one king (a king's
        place decides which prisoner its suit frees), the moves that uncover a card (a whole
        run moved off it) and the stock cards that become a base for such a run, the other
        kings, then everything else. Under book rules the full search's order (nearest
        stock cards first) with the distances blurred by up to six cards.
        """
        if state.max_passes:
            blurred = [((_redeals(macro), len(macro) + rng.uniform(0, 6)), macro) for macro in self.search_moves(state)]
            blurred.sort(key=lambda pair: pair[0])
            return [macro for _, macro in blurred]
        kings: list[tuple[Move, ...]] = []
        narrow: list[tuple[Move, ...]] = []
        rest: list[tuple[Move, ...]] = []
        units = [col[-run_length(col)] for col in state.tableau if col]
        for macro in self.search_moves(state):
            last = macro[-1]  # every macro ends with a card move
            if last.dst[0] == "f":
                if rank(self._card_of(state, macro)) != KING:
                    return [macro]
                kings.append(macro)
            elif last.src == "w":
                card = self._card_of(state, macro)
                (narrow if any(fits_down_in_suit(unit, card) for unit in units) else rest).append(macro)
            else:
                col = state.tableau[int(last.src[1:]) - 1]
                (narrow if last.count == run_length(col) < len(col) else rest).append(macro)
        for group in (kings, narrow, rest):
            rng.shuffle(group)
        return kings[:1] + narrow + kings[1:] + rest

    def search_moves(self, state: TopsyState) -> list[tuple[Move, ...]]:
        """Every move class, best first: cards home, whole runs onto cards, kings home, the
        rest. Every stock and waste card that can still be brought to the top is offered as a
        macro: the draws (and the redeal) that bring it there, then its move.

        Draws on their own are never needed: a column move commutes with a draw, and a
        card played from the waste is reached by the macro with as few redeals as any
        other way (with fewer passes used, a position offers at least as much)."""
        if self.dead(state):
            return []
        ranked: list[tuple[float, tuple[Move, ...]]] = []
        tableau = state.tableau
        for move in self.game.card_moves(state):
            if move.src == "w":
                continue  # offered below as a talon macro
            if move.dst[0] == "f":
                card = self.game.piles(state)[move.src][-1]
                ranked.append((self._home_rank(state, card, move.dst), (move,)))
                continue
            target = tableau[int(move.dst[1:]) - 1]
            col = tableau[int(move.src[1:]) - 1]
            if not target and move.count == len(col):
                continue  # a whole column into an empty one: the same position, columns sorted
            whole_run = move.count == run_length(col)
            ranked.append(((1 if whole_run else 4) if target else 5, (move,)))
        # Where each card could go, worked out once.
        homes: dict[int, list[int]] = {}
        for j, f in enumerate(state.foundations):
            if f and len(f) < 13:
                homes.setdefault(f[-1] - 12 if rank(f[-1]) == KING else f[-1] + 1, []).append(j)
        king_home = leftmost_empty(state.foundations)
        if king_home is not None:
            homes.update({s * 13 + KING - 1: [king_home] for s in range(4)})
        onto: dict[int, list[int]] = {}
        for j, col in enumerate(tableau):
            if col and rank(col[-1]) != ACE:
                onto.setdefault(col[-1] - 1, []).append(j)
        empty = [j for j, col in enumerate(tableau) if not col]
        # A waste card under the top needs a redeal; with unlimited redeals only the first of
        # two copies is offered (the search key makes the other's position the same).
        last_pass = bool(state.max_passes) and state.passes >= state.max_passes
        below_top = len(state.waste) - 1
        offered: set[int] = set()
        for i, card in enumerate(state.waste + state.stock[::-1]):
            if (last_pass and i < below_top) or card in offered:
                continue
            if not state.max_passes:
                offered.add(card)
            to_foundations, to_columns = homes.get(card, ()), onto.get(card, [])
            if not (to_foundations or to_columns or empty):
                continue
            reach = self._talon_reach(state, i)
            for j in to_foundations:
                home = Move(CARD_MOVE, "w", f"f{j + 1}")
                ranked.append((self._home_rank(state, card, home.dst), (*reach, home)))
            for j in to_columns:
                ranked.append((3, (*reach, Move(CARD_MOVE, "w", f"t{j + 1}"))))
            for j in empty:
                ranked.append((6, (*reach, Move(CARD_MOVE, "w", f"t{j + 1}"))))
        if state.max_passes:
            # With few passes, every card drawn past is buried in the waste: the nearest cards
            # first, and those that need a redeal last.
            ranked.sort(key=lambda pair: (_redeals(pair[1]), len(pair[1]), pair[0]))
        else:
            ranked.sort(key=lambda pair: pair[0])
        return [macro for _, macro in ranked]
