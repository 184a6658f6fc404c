"""Тринадцать кучек (``thirteen_piles``): ../shared/spec/RULES.md §4.

The thirteen piles of :mod:`rules.thirteen_common`, and a fixed sequence of steps
taken with the verb ``step``: ``stage`` 0 … 12 reverses pile ``stage + 1``; in
``stage`` 13 each step deals one row of pile ``dealing`` (13 down to 2) onto the
lower piles, and when no pile is left to deal, the step turns pile 1 into the stock
``s`` (``stage`` 14). The stock is leafed with ``draw`` onto the waste ``w``, whose
top card may go to a foundation; ``redeal`` turns the waste back, for as many passes
as the option allows.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from pygame_engine.game import OptionSpec, OptionValue, Verb
from pygame_engine.moves import CARD_MOVE, Move
from pygame_engine.piles import explain_stock, pile_number, replace
from rules.thirteen_common import PILES, NextAction, ThirteenPilesBase, ThirteenState

DEALING: Final = 13
LEAFING: Final = 14


def _deal_pile(state: ThirteenState) -> int | None:
    """The pile (2 … 13) whose row the next dealing step deals, skipping empty piles."""
    for k in range(state.dealing, 1, -1):
        if state.piles[k - 1]:
            return k
    return None


class ThirteenPiles(ThirteenPilesBase):
    id = "thirteen_piles"
    name_ru = "Тринадцать кучек"
    name_en = "Thirteen Piles"
    summary_ru = "Тринадцать стопок: каждую переворачивают, потом раскладывают по остальным."
    summary_en = "Thirteen piles: each is reversed, then dealt out over the others."
    verbs = ("step", "draw", "redeal")
    verb_words = (Verb("draw", "взять карту из колоды", "draw a card", "карта из колоды", "a card drawn"),
                  Verb("redeal", "собрать колоду заново", "turn the stock over", "колода собрана заново",
                       "the stock turned over"))
    stock_verbs = ("draw", "redeal")
    button = "step"
    with_stock = True
    options = (OptionSpec("passes", (3, 1, 2), "Проходов по первой стопке", "Passes through pile 1"),)

    def max_passes(self, options: Mapping[str, OptionValue]) -> int:
        return int(options["passes"])

    def legal_moves(self, state: ThirteenState) -> list[Move]:
        moves = self.ordinary_moves(state)
        if state.stage < LEAFING:
            moves.append(Move("step"))
            return moves
        if state.waste:
            moves += [Move(CARD_MOVE, "w", f"f{j + 1}") for j in self.homes(state, state.waste[-1])]
        if state.stock:
            moves.append(Move("draw"))
        elif state.waste and state.passes < state.max_passes:
            moves.append(Move("redeal"))
        return moves

    def apply(self, state: ThirteenState, move: Move) -> ThirteenState:
        s = state
        if move.kind == "step":
            if s.stage < DEALING:
                piles = replace(s.piles, s.stage, s.piles[s.stage][::-1])
                stage = s.stage + 1
                return ThirteenState(s.deal, s.foundations, piles, stage, PILES if stage == DEALING else 0,
                                     max_passes=s.max_passes)
            dealt = _deal_pile(s)
            if dealt is None:
                piles = replace(s.piles, 0, ())
                return ThirteenState(s.deal, s.foundations, piles, LEAFING, 0, s.piles[0], (), 1, s.max_passes)
            k = dealt
            pile = s.piles[k - 1]
            n = min(k - 1, len(pile))
            piles = s.piles
            for i in range(n):  # the top card first, to pile 1, then pile 2, ...
                piles = replace(piles, i, piles[i] + (pile[-1 - i],))
            piles = replace(piles, k - 1, pile[:-n])
            return ThirteenState(s.deal, s.foundations, piles, DEALING, k, max_passes=s.max_passes)
        if move.kind == "draw":
            return ThirteenState(s.deal, s.foundations, s.piles, s.stage, 0, s.stock[:-1], (*s.waste, s.stock[-1]),
                                 s.passes, s.max_passes)
        if move.kind == "redeal":
            return ThirteenState(s.deal, s.foundations, s.piles, s.stage, 0, s.waste[::-1], (), s.passes + 1,
                                 s.max_passes)
        if move.src == "w":
            j = int(move.dst[1:]) - 1
            foundations = replace(s.foundations, j, (*s.foundations[j], s.waste[-1]))
            return ThirteenState(s.deal, foundations, s.piles, s.stage, 0, s.stock, s.waste[:-1], s.passes,
                                 s.max_passes)
        return self.move_cards(s, move)

    def explain(self, state: ThirteenState, move: Move) -> str | None:
        if move.kind in self.verbs:
            return self._explain_verb(state, move)
        if move.kind != CARD_MOVE:
            return f"Тринадцать кучек has no move {move.kind!r} (card moves, 'step', 'draw' and 'redeal')"
        if move.src == "s":
            return "the stock is turned with 'draw', one card at a time"
        if move.src == "w":
            if not state.waste:
                return "the waste is empty"
            if move.count != 1:
                return "only the top card of the waste moves"
            if pile_number(move.dst, "f", 8) is None:
                return "the waste's top card goes only to a foundation"
            return self.explain_card_move(state, move, state.waste[-1])
        i, reason = self.source_pile(state, move)
        if i is None:
            return reason
        if move.count != 1:
            return "only the top card of a pile moves, one card at a time"
        if move.dst in ("s", "w"):
            return f"no card may be put on {move.dst}"
        return self.explain_card_move(state, move, state.piles[i][-1])

    def _explain_verb(self, state: ThirteenState, move: Move) -> str | None:
        if move.src:
            return f"{move.kind} takes no pile"
        if move.kind == "step":
            return "every step is done: pile 1 is now the stock, turned with 'draw'" if state.stage == LEAFING else None
        if state.stage != LEAFING:
            return "there is no stock yet: pile 1 becomes the stock after the last step"
        return explain_stock(move.kind, state.stock, state.waste, state.passes, state.max_passes)

    def next_action(self, state: ThirteenState) -> NextAction | None:
        if state.stage < DEALING:
            k = state.stage + 1
            return NextAction(f"Перевернуть стопку {k}", f"Reverse pile {k}", (f"t{k}",))
        if state.stage == LEAFING:
            return None
        dealt = _deal_pile(state)
        if dealt is None:
            return NextAction("Перелистать стопку 1", "Leaf through pile 1", ("t1",))
        n = min(dealt - 1, len(state.piles[dealt - 1]))
        targets = tuple(f"t{i + 1}" for i in range(n))
        return NextAction(f"Разложить стопку {dealt}", f"Deal pile {dealt}", (f"t{dealt}", *targets))

    def piles(self, state: ThirteenState) -> dict[str, tuple[int, ...]]:
        return super().piles(state) | {"s": state.stock, "w": state.waste}

    rules_ru = """\
Раскладка, сбор на базы и перекладки — как в «Камне преткновения»: тринадцать открытых стопок
от двух до четырнадцати карт, восемь баз от туза по возрастанию в масть, игровые карты
перекладывают по одной на карту той же масти на ранг старше, опустевшая стопка принимает любую
карту. Просмотра нет; вместо него — шаги, каждый по кнопке «Следующий шаг», а между шагами
разрешены любые перекладки.

- Шаги 1–13: стопка переворачивается — её нижняя карта становится верхней. Сначала первая
  стопка, затем вторая и так до тринадцатой. Пустая стопка переворачивается без изменений.
- Затем стопки раскладываются: тринадцатая — по стопкам с первой по двенадцатую, по одной
  карте, начиная с верхней; один ряд — один шаг, между рядами можно перекладывать, а верхняя
  карта раскладываемой стопки остаётся игровой. Если карт меньше, чем стопок, последний ряд
  короче. Потом двенадцатая стопка раскладывается на одиннадцать, одиннадцатая — на десять и так
  до второй. Пустая стопка пропускается; пустые стопки тоже получают карты.
- Последним шагом первая стопка становится колодой. Её перелистывают: каждое нажатие открывает
  верхнюю карту в сброс, верхнюю карту сброса можно положить на базу. Когда колода кончится,
  нажатие переворачивает сброс обратно. Проходов три; в настройках можно выбрать один или два.
- Пасьянс сошёлся, если все карты собраны на базы. Он не сошёлся, когда шаги и проходы
  кончились и ходов не осталось.
"""
    rules_en = """\
Layout, foundations and ordinary moves are those of Stumbling Block: thirteen face-up piles of
two to fourteen cards, eight foundations built up in suit from the ace, the top card of a pile
moving one at a time onto the card one rank higher in the same suit, an emptied pile taking any
card. There is no review; instead a fixed sequence of steps, each taken with the "next step"
button, with any ordinary moves allowed between steps.

- Steps 1–13: a pile is reversed, so that its bottom card becomes its top card: pile 1 first,
  then pile 2, up to pile 13. Reversing an empty pile changes nothing.
- Then the piles are dealt out: pile 13 onto piles 1 to 12, one card each, top card first; each
  row is one step, ordinary moves are allowed between rows, and the pile being dealt keeps its
  playable top card. With fewer cards than piles, the last row is short. Then pile 12 is dealt
  onto eleven piles, pile 11 onto ten, and so on down to pile 2. An empty pile is skipped; empty
  piles receive cards too.
- The last step turns pile 1 into a stock, leafed through one card per tap onto a waste whose
  top card may go to a foundation. When the stock is empty, a tap turns the waste back. Three
  passes; the settings allow one or two.
- The game is won when all cards are on the foundations; lost when the steps and passes are
  done and no move is left.
"""


GAME: Final = ThirteenPiles()
