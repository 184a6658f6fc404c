"""Строптивые дамы (``shrewish_queens``): ../shared/spec/RULES.md §2.

Piles: foundations ``f1`` … ``f8`` (K, A, 2 … Q in suit), tableau places ``t1`` …
``t8`` (each a pile built down in suit; places 1–4 the top row), the stock ``s``, the
auxiliary pile ``a`` (face down) and the reserve ``r`` (face up; its top is playable).
Verbs: ``draw`` (stock → reserve) and ``redeal`` (the reserve turned over into a new
stock, once, after the auxiliary pile is used up).

Everything automatic — kings and fitting queens going home, refills (rule R), the
queen penalties — happens inside the move that causes it, so one undo reverses it
all; :meth:`ShrewishQueens.steps` lists those automatic steps for animation.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from dataclasses import dataclass, field
from typing import Final

from pygame_engine.cards import KING, QUEEN, card_text, full_deck, rank, suit
from pygame_engine.deal import event_rng, shuffled
from pygame_engine.game import Game, OptionValue, Status, Step, Verb
from pygame_engine.layout import Fan, Layout, Note, Slot, row
from pygame_engine.moves import CARD_MOVE, Move
from pygame_engine.piles import BELOW_IN_SUIT, KING_TO_QUEEN, Piles, explain_onto, pile_number

PLACES: Final = 8
FOUNDATIONS: Final = 8
AUX_SIZE: Final = 32
AUX_PENALTY: Final = 5
RESERVE_PENALTY: Final = 3
FOUNDATION_NAMES: Final = tuple(f"f{j + 1}" for j in range(FOUNDATIONS))
PLACE_NAMES: Final = tuple(f"t{j + 1}" for j in range(PLACES))
SOURCE_NAMES: Final = ("r", *PLACE_NAMES)
NUMBER: Final = {name: int(name[1:]) - 1 for name in (*FOUNDATION_NAMES, *PLACE_NAMES)}
"""A foundation's or a place's index by its name, looked up in the search's hot spots."""
_DRAW: Final = Move("draw")
_REDEAL: Final = Move("redeal")
"""The verbs' moves, made once."""
_MOVES: Final = {(src, dst): Move(CARD_MOVE, src, dst) for src in SOURCE_NAMES
                 for dst in FOUNDATION_NAMES + PLACE_NAMES if src != dst}
"""Every card move there can be, made once."""
_MOVES_BY_NUMBER: Final = tuple(tuple(_MOVES.get((src, dst), Move(CARD_MOVE, src, dst))
                                       for dst in FOUNDATION_NAMES + PLACE_NAMES) for src in SOURCE_NAMES)
"""The same moves by number: sources 0 (the reserve), 1 … 8; foundations 0 … 7, places
8 … 15 (a place onto itself is there only to keep the numbers; it is never offered)."""
NEXT_HOME: Final = KING_TO_QUEEN.successors()
"""The card a foundation takes next, by its top card (none after a queen: it is complete)."""
_HOME_AFTER: Final = tuple(NEXT_HOME.get(card, -1) for card in range(52))
"""The same by card, ``-1`` after a queen."""
RANK: Final = tuple(rank(card) for card in range(52))
"""Each card's rank, looked up in the search's hot spots (the compiled build then calls
no function of :mod:`pygame_engine.cards` there)."""
SUIT: Final = tuple(suit(card) for card in range(52))
"""Each card's suit, likewise."""


def plain_draw(s: ShrewState) -> bool:
    """Whether a draw from ``s`` sets nothing off: its card is neither a king nor a queen,
    and every place is full, so the card only goes from the stock onto the reserve."""
    return bool(s.stock) and RANK[s.stock[-1]] < QUEEN and all(s.tableau)


@dataclass(frozen=True, slots=True)
class ShrewState:
    """A position; every pile is a tuple with its top card last."""

    deal: int
    foundations: Piles
    tableau: Piles
    stock: tuple[int, ...]
    aux: tuple[int, ...]
    reserve: tuple[int, ...]
    turned: bool = False


@dataclass(slots=True)
class _Table:
    """A mutable working copy used inside one move; ``log`` collects the automatic steps."""

    foundations: list[list[int]]
    tableau: list[list[int]]
    stock: list[int]
    aux: list[int]
    reserve: list[int]
    turned: bool
    log: list[Step] | None = field(default=None)

    @classmethod
    def of(cls, s: ShrewState, log: list[Step] | None) -> _Table:
        return cls([list(f) for f in s.foundations], [list(t) for t in s.tableau],
                   list(s.stock), list(s.aux), list(s.reserve), s.turned, log)

    def state(self, deal: int) -> ShrewState:
        return ShrewState(deal, tuple(map(tuple, self.foundations)), tuple(map(tuple, self.tableau)),
                          tuple(self.stock), tuple(self.aux), tuple(self.reserve), self.turned)

    def note(self, what: str, cards: list[int] | tuple[int, ...], src: str, dst: str) -> None:
        if self.log is not None:
            self.log.append(Step(what, tuple(cards), src, dst))

    def home(self, card: int, src: str) -> None:
        """A king to the leftmost empty foundation, another card to the first that takes it."""
        for j, f in enumerate(self.foundations):
            if KING_TO_QUEEN.accepts(tuple(f), card):
                f.append(card)
                self.note("king home" if rank(card) == KING else "queen home", [card], src, f"f{j + 1}")
                return
        raise AssertionError(f"no foundation takes {card_text(card)}")  # eight foundations, eight kings

    def aux_penalty(self) -> None:
        """The top five auxiliary cards under the stock, not turned over: the top one is drawn first."""
        packet = self.aux[-AUX_PENALTY:]
        del self.aux[-AUX_PENALTY:]
        self.stock[:0] = packet
        self.note("queen penalty", packet, "a", "s")

    def refill(self) -> None:
        """Rule R: every empty place, in order, from the auxiliary pile, else from the reserve."""
        for i, place in enumerate(self.tableau):
            while not place:
                if self.aux:
                    card, src = self.aux.pop(), "a"
                elif self.reserve:
                    card, src = self.reserve.pop(), "r"
                else:
                    break
                if rank(card) == KING:
                    self.note("refill", [card], src, f"t{i + 1}")
                    self.home(card, f"t{i + 1}")
                    continue
                place.append(card)
                self.note("refill", [card], src, f"t{i + 1}")
                if rank(card) == QUEEN and src == "a":
                    self.aux_penalty()

    def draw(self) -> None:
        """One card to the reserve, settled before anything else happens."""
        card = self.stock.pop()
        self.reserve.append(card)
        self.note("draw", [card], "s", "r")
        if rank(card) == KING:
            self.reserve.pop()
            self.home(card, "r")
        elif rank(card) == QUEEN:
            if any(KING_TO_QUEEN.accepts(tuple(f), card) for f in self.foundations):
                self.reserve.pop()
                self.home(card, "r")
            else:
                # The bottom three reserve cards, the queen among them if it is one of three,
                # turned over under the stock: the lowest is drawn first.
                packet = self.reserve[:RESERVE_PENALTY]
                del self.reserve[:RESERVE_PENALTY]
                self.stock[:0] = reversed(packet)
                self.note("reserve penalty", packet, "r", "s")


class ShrewishQueens(Game[ShrewState]):
    id = "shrewish_queens"
    name_ru = "Строптивые дамы"
    name_en = "Shrewish Queens"
    summary_ru = "Серии от короля до дамы; строптивые дамы отправляют карты под колоду."
    summary_en = "Sequences from king to queen; stubborn queens send cards under the stock."
    decks = 2
    verbs = ("draw", "redeal")
    verb_words = (Verb("draw", "взять карту из колоды", "draw a card", "карта из колоды", "a card drawn"),
                  Verb("redeal", "собрать колоду заново", "turn the stock over", "колода собрана заново",
                       "the stock turned over"))
    stock_verbs = ("draw", "redeal")

    source_figures_ru = "Исходный текст: «Если быть внимательным и следить за игрой, пасьянс наверняка получится»."
    source_figures_en = "The source text: a careful, attentive player will almost surely bring it out."

    def __init__(self) -> None:
        # The search strategy reads this module's tables, so it is imported once they exist.
        from rules.shrewish_search import Strategy

        self.strategy = Strategy(self)
        """What a search asks of this game beyond the rules (:mod:`rules.shrewish_search`)."""
        plan = self.strategy
        self.search_key = plan.search_key
        self.search_moves = plan.search_moves
        self.search_dead = plan.search_dead
        self.search_rank = plan.search_rank
        self.quick_steps = plan.quick_steps
        self.restart_moves = plan.restart_moves

    def restart_nodes(self, start: ShrewState) -> int:
        return 2000

    def deal(self, number: int, options: Mapping[str, OptionValue]) -> ShrewState:
        deck = shuffled(self.id, number, 0, full_deck(2))
        table = _Table([[] for _ in range(FOUNDATIONS)], [[] for _ in range(PLACES)],
                       stock=deck[AUX_SIZE:][::-1], aux=deck[:AUX_SIZE][::-1], reserve=[], turned=False)
        for place in table.tableau:
            place.append(table.stock.pop())
        event = 0
        for place in table.tableau:
            while rank(place[0]) == QUEEN:
                queen = place[0]
                place[0] = table.stock.pop()
                event += 1
                from_top = event_rng(self.id, number, event).below(len(table.stock) + 1)
                table.stock.insert(len(table.stock) - from_top, queen)
        for i, place in enumerate(table.tableau):
            if rank(place[0]) == KING:
                table.home(place.pop(), f"t{i + 1}")
        table.refill()
        return table.state(number)

    # --- moves -----------------------------------------------------------------------

    def card_moves(self, s: ShrewState) -> list[Move]:
        """Source by source (the reserve, then places 1 … 8): to a foundation, then onto a place.

        What each foundation and each place's top card takes is worked out once, as the
        numbers of the piles that take it, so each source is one look-up (the search's
        hot spot)."""
        homes: dict[int, tuple[int, ...]] = {}
        for j, f in enumerate(s.foundations):
            if f and (want := _HOME_AFTER[f[-1]]) >= 0:
                homes[want] = (*homes[want], j) if want in homes else (j,)
        onto: dict[int, tuple[int, ...]] = {}
        j = FOUNDATIONS
        for t in s.tableau:
            if t and (under := BELOW_IN_SUIT[t[-1]]) >= 0:
                onto[under] = (*onto[under], j) if under in onto else (j,)
            j += 1
        moves: list[Move] = []
        for i, pile in enumerate((s.reserve, *s.tableau)):
            if pile and ((card := pile[-1]) in homes or card in onto):
                # The source's own place number (for the reserve, i = 0, a number no place has).
                by, itself = _MOVES_BY_NUMBER[i], i + FOUNDATIONS - 1
                moves += [by[k] for k in homes.get(card, ())]
                moves += [by[k] for k in onto.get(card, ()) if k != itself]
        return moves

    def legal_moves(self, s: ShrewState) -> list[Move]:
        moves = self.card_moves(s)
        if s.stock:
            moves.append(_DRAW)
        elif self._can_redeal(s):
            moves.append(_REDEAL)
        return moves

    def _can_redeal(self, s: ShrewState) -> bool:
        return not s.stock and not s.aux and bool(s.reserve) and not s.turned

    def _run(self, s: ShrewState, move: Move, log: list[Step] | None) -> ShrewState:
        table = _Table.of(s, log)
        if move.kind == "draw":
            table.draw()
        elif move.kind == "redeal":
            table.stock, table.reserve, table.turned = table.reserve[::-1], [], True
            table.note("redeal", table.stock, "r", "s")
        else:
            pile = table.reserve if move.src == "r" else table.tableau[NUMBER[move.src]]
            card = pile.pop()
            j = NUMBER[move.dst]
            (table.foundations if move.dst[0] == "f" else table.tableau)[j].append(card)
        table.refill()
        return table.state(s.deal)

    def apply(self, state: ShrewState, move: Move) -> ShrewState:
        if move.kind == CARD_MOVE:
            if move.src == "r" or len(state.tableau[NUMBER[move.src]]) > 1:
                # No place empties, so nothing automatic follows: only two piles change.
                return self._card_move(state, move)
            if (quick := self._emptying_move(state, move)) is not None:
                return quick
        if move.kind == "draw" and plain_draw(state):
            # Nothing follows: only the card moves.
            s, card = state, state.stock[-1]
            return ShrewState(s.deal, s.foundations, s.tableau, s.stock[:-1], s.aux, (*s.reserve, card), s.turned)
        return self._run(state, move, None)

    def _card_move(self, s: ShrewState, move: Move) -> ShrewState:
        tableau, reserve = s.tableau, s.reserve
        if move.src == "r":
            card, reserve = reserve[-1], reserve[:-1]
        else:
            i = NUMBER[move.src]
            card = tableau[i][-1]
            tableau = (*tableau[:i], tableau[i][:-1], *tableau[i + 1 :])
        j = NUMBER[move.dst]
        foundations = s.foundations
        if move.dst[0] == "f":
            foundations = (*foundations[:j], (*foundations[j], card), *foundations[j + 1 :])
        else:
            tableau = (*tableau[:j], (*tableau[j], card), *tableau[j + 1 :])
        return ShrewState(s.deal, foundations, tableau, s.stock, s.aux, reserve, s.turned)

    def _emptying_move(self, s: ShrewState, move: Move) -> ShrewState | None:
        """A card move that empties its place, when rule R refills the place with one card
        below a queen (from the auxiliary pile, else from the reserve) and nothing else
        follows; ``None`` when a king or a queen comes, or nothing does."""
        i = NUMBER[move.src]
        card, aux, reserve = s.tableau[i][0], s.aux, s.reserve
        if aux:
            fill, aux = aux[-1], aux[:-1]
        elif reserve:
            fill, reserve = reserve[-1], reserve[:-1]
        else:
            return None
        if RANK[fill] >= QUEEN:
            return None
        tableau, foundations, j = list(s.tableau), s.foundations, NUMBER[move.dst]
        tableau[i] = (fill,)
        if move.dst[0] == "f":
            foundations = (*foundations[:j], (*foundations[j], card), *foundations[j + 1 :])
        else:
            tableau[j] = (*tableau[j], card)
        return ShrewState(s.deal, foundations, tuple(tableau), s.stock, aux, reserve, s.turned)

    def steps(self, state: ShrewState, move: Move) -> list[Step]:
        """The automatic steps that ``move`` sets off (it must be legal), in order."""
        log: list[Step] = []
        self._run(state, move, log)
        return log

    # --- the solver's hooks ---------------------------------------------------------------

    def explain(self, s: ShrewState, move: Move) -> str | None:
        if move.kind in self.verbs:
            return self._explain_verb(s, move)
        if move.kind != CARD_MOVE:
            return f"Строптивые дамы has no move {move.kind!r} (card moves, 'draw' and 'redeal')"
        if move.src == move.dst:
            return "a move must take a card to another pile"
        if move.src == "r":
            if not s.reserve:
                return "the reserve is empty"
            card = s.reserve[-1]
        elif (i := pile_number(move.src, "t", PLACES)) is not None:
            if not s.tableau[i]:
                return f"{move.src} is empty"
            card = s.tableau[i][-1]
        elif pile_number(move.src, "f", FOUNDATIONS) is not None:
            return "cards never leave a foundation"
        elif move.src == "s":
            return "the stock is turned with 'draw', one card at a time"
        elif move.src == "a":
            return "the auxiliary pile is dealt only by refilling empty places"
        else:
            return f"there is no pile {move.src!r} (piles: f1–f8, t1–t8, s, a, r)"
        if move.count != 1:
            return "cards move one at a time"
        if (j := pile_number(move.dst, "f", FOUNDATIONS)) is not None:
            if not s.foundations[j] or not KING_TO_QUEEN.accepts(s.foundations[j], card):
                return f"{card_text(card)} cannot go to {move.dst}: {KING_TO_QUEEN.needs(s.foundations[j])}"
            return None
        if (j := pile_number(move.dst, "t", PLACES)) is not None:
            if not s.tableau[j]:
                return "an empty place takes no card from the player: it is refilled by itself"
            return explain_onto(card, s.tableau[j])
        return f"no card may be put on {move.dst!r}"

    def _explain_verb(self, s: ShrewState, move: Move) -> str | None:
        if move.src:
            return f"{move.kind} takes no pile"
        if move.kind == "draw":
            if s.stock:
                return None
            if s.aux:
                return "the stock is empty, and nothing more is drawn while the auxiliary pile has cards"
            return "the stock is empty: turn the reserve over with 'redeal'" if not s.turned else (
                "the stock is empty, and the reserve has already been turned over once")
        if s.stock:
            return "the stock still has cards: the reserve is turned over only when it is empty"
        if s.aux:
            return "the reserve is turned over only once the auxiliary pile is used up"
        if s.turned:
            return "the reserve may be turned over only once in a game"
        return None if s.reserve else "the reserve is empty: there is nothing to turn over"

    def layout(self, portrait: bool = False) -> Layout:
        """On a wide screen the foundations in one row, the places in two rows of four under
        them beside the stock, the auxiliary pile and the reserve (fanned right). On a tall
        one the foundations in two rows of four, the places under them, and the stock, the
        auxiliary pile and the reserve (fanned down) in a column on their right: the table
        is 5.5 cards wide instead of 8.7, so its cards can be larger."""
        return PORTRAIT if portrait else LAYOUT

    # --- the end -----------------------------------------------------------------------

    def is_won(self, s: ShrewState) -> bool:
        # Cards only move between piles, so a card left in the stock, auxiliary pile or
        # reserve answers at once (the solvers ask this of every position).
        return not (s.stock or s.aux or s.reserve) and all(len(f) == 13 for f in s.foundations)

    def drawing_cycles(self, s: ShrewState) -> bool:
        """Whether drawing alone can only bring back a position already seen.

        Follows the only moves there are (draw, or the one turn of the reserve) while no
        card move appears; the position repeating first means the game cannot go on.
        """
        seen: set[Hashable] = set()
        state = s
        while True:
            if self.card_moves(state) or self.is_won(state):
                return False
            moves = self.legal_moves(state)
            if not moves:
                return False
            key = self.key(state)
            if key in seen:
                return True
            seen.add(key)
            state = self.apply(state, moves[0])

    def status(self, s: ShrewState) -> Status:
        if self.is_won(s):
            return "won"
        if not self.legal_moves(s) or self.drawing_cycles(s):
            return "lost"
        return "playing"

    def key(self, s: ShrewState) -> Hashable:
        # Foundations are interchangeable (nothing lies under them), so they are sorted.
        return (tuple(sorted(s.foundations)), s.tableau, s.stock, s.aux, s.reserve, s.turned)

    def piles(self, s: ShrewState) -> dict[str, tuple[int, ...]]:
        piles = {f"f{i + 1}": f for i, f in enumerate(s.foundations)}
        piles |= {f"t{i + 1}": t for i, t in enumerate(s.tableau)}
        return piles | {"s": s.stock, "a": s.aux, "r": s.reserve}

    rules_ru = """\
Две колоды по 52 карты. Цель — собрать 8 серий, которые начинаются с королей и кончаются
дамами: король, туз, двойка… валет, дама одной масти.

Раскладка (делается сама, её показывают короткой анимацией):
- Карты тасуют; верхние 32 кладут рубашкой вверх — это вспомогательная стопка. Остальные —
  колода, её держат в руке.
- Из колоды сдают по карте на восемь мест расклада — два ряда по четыре.
- Дама, попавшая в расклад, заменяется следующей картой колоды, а сама вкладывается в колоду
  в случайное место (места обходят по порядку, пока дам в раскладе не останется).
- Короля из расклада кладут в базовый ряд, а на его место — карту из вспомогательной стопки.

Игра:
- На короля кладут туза его масти, затем двойку и так до дамы.
- Верхнюю карту резервной стопки или верхнюю карту места можно положить на базу или на верхнюю
  карту другого места — той же масти и на ранг старше. Карты перекладывают по одной. На пустое
  место карту не кладут: оно заполняется само.
- Колоду открывают по одной карте в резервную стопку. Король сразу уходит в базовый ряд. Дама,
  которая подходит к серии, ложится на неё. Дама, которая не подходит, остаётся наверху резерва,
  а три нижние карты резервной стопки (дама считается одной из них, если карт меньше) уходят
  под колоду рубашкой вверх так, что первой потом выйдет самая нижняя. Дама на пустом резерве
  сразу уходит под колоду; с двумя картами под ней уходят все три.
- Пустое место сразу заполняется, места по порядку с первого: картой из вспомогательной
  стопки, а когда она кончится — верхней картой резерва; если пусты обе, место ждёт.
  Король, вышедший так, уходит в базовый ряд, и место заполняется снова. Дама из
  вспомогательной стопки остаётся в раскладе, а пять верхних карт вспомогательной стопки
  (сколько есть, если меньше) уходят под колоду не переворачиваясь: верхняя из пяти выйдет первой.
- Пока во вспомогательной стопке есть карты, пустую колоду дальше не открывают. Когда она
  кончится, резервную стопку можно один раз за партию перевернуть в новую колоду: первой
  выйдет её нижняя карта.
- Пасьянс сошёлся, когда все восемь серий собраны от короля до дамы. Он не сошёлся, когда
  ходов не осталось, а также когда остаётся только открывать колоду, но это лишь повторяет
  уже бывшую позицию (штрафы дам могут зациклить колоду) — программа это замечает.

Все автоматические действия — короли в базовый ряд, заполнение мест, штрафы дам — часть
хода, который их вызвал: одна отмена возвращает всё сразу.
"""
    rules_en = """\
Two decks of 52 cards. The aim is eight sequences that start with a king and end with a queen:
king, ace, two … jack, queen of one suit.

The deal (automatic, shown as a short animation):
- The cards are shuffled; the top 32 go face down into the auxiliary pile. The rest is the
  stock, held in hand.
- One card from the stock goes to each of eight places, two rows of four.
- A queen dealt to a place is replaced by the next stock card, and goes back into the stock at
  a random position (places are handled in order until no place holds a queen).
- A king in the layout goes to a foundation, and its place gets a card of the auxiliary pile.

Play:
- On a king go the ace of its suit, then the two, and so on up to the queen.
- The top card of the reserve or of a place may go to a foundation, or onto the top card of
  another place that is one rank higher in the same suit. One card at a time. An empty place
  takes no card from the player: it fills itself.
- The stock is turned one card at a time onto the reserve. A king goes to a foundation at once.
  A queen that fits a sequence goes onto it. A queen that does not stays on top of the reserve,
  and the bottom three reserve cards (the queen counting as one of them when there are fewer)
  go face down under the stock, turned over, so that the lowest of them comes out first. A
  queen drawn onto an empty reserve goes straight under the stock; with two cards under it, all
  three go.
- An empty place is filled at once, places in order from the first: from the auxiliary pile,
  and once that is used up from the top of the reserve; if both are empty the place waits. A
  king that comes out this way goes to a foundation and the place is filled again. A queen
  from the auxiliary pile stays in the layout, and the top five auxiliary cards (all that are
  left, if fewer) go under the stock without being turned over: the top one comes out first.
- While the auxiliary pile has cards, the empty stock cannot be drawn from. Once it is used up,
  the reserve may be turned over into a new stock once in a game: its bottom card comes first.
- The game is won when all eight sequences run from king to queen. It is lost when no move is
  left, and also when only drawing is left and drawing can only bring back a position already
  seen (the queen penalties can make the stock go round for ever): the program notices this.

Every automatic action — kings going home, refills, queen penalties — is part of the move that
caused it: one undo takes all of it back.
"""


def _named_piles(stock: tuple[float, float], aux: tuple[float, float], reserve: tuple[float, float],
                 fan: Fan, room: float) -> tuple[Slot, ...]:
    """The stock, the auxiliary pile and the reserve at their places, each shown with its
    name (``Slot.named``): the first two are piles of backs side by side."""
    return (Slot("s", "stock", *stock, named=True), Slot("a", "aux", *aux, named=True),
            Slot("r", "reserve", *reserve, fan=fan, room=room, named=True))


ROWS_NAMED = (Note(0.0, 0.0, "Базовый ряд", "Foundations"),)


def _places(y: float) -> Note:
    return Note(0.0, y, "Места", "Places")


LAYOUT: Final = Layout(
    width=8.7,
    height=6.0,
    slots=(
        *row("foundation", "f", FOUNDATIONS, y=0.3),
        *row("tableau", "t", 4, y=1.6, fan="down", room=0.7),
        *row("tableau", "t", 4, y=3.3, fan="down", room=1.7, first=5),
        *_named_piles(stock=(4.9, 1.6), aux=(7.7, 1.6), reserve=(4.9, 3.3), fan="right", room=2.8),
    ),
    notes=(*ROWS_NAMED, _places(1.3)),
)

PORTRAIT: Final = Layout(
    width=5.5,
    height=7.0,
    slots=(
        *row("foundation", "f", 4, y=0.3),
        *row("foundation", "f", 4, y=1.4, first=5),
        *row("tableau", "t", 4, y=2.8, fan="down", room=0.9),
        *row("tableau", "t", 4, y=4.8, fan="down", room=1.2, first=5),
        *_named_piles(stock=(4.5, 0.3), aux=(4.5, 1.4), reserve=(4.5, 2.8), fan="down", room=3.2),
    ),
    notes=(*ROWS_NAMED, _places(2.5)),
)

GAME: Final = ShrewishQueens()
