"""Строптивые дамы (``shrewish_queens``): RULES.md §2.

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

import random
from collections.abc import Hashable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Final

from pygame_engine.cards import JACK, KING, QUEEN, card_text, full_deck, rank, suit
from pygame_engine.deal import event_rng, shuffled
from pygame_engine.game import Game, OptionValue, Status, Step
from pygame_engine.layout import Fan, Layout, Note, Slot, row
from pygame_engine.moves import CARD_MOVE, Move
from pygame_engine.piles import BELOW_IN_SUIT, KING_TO_QUEEN, Piles, explain_onto, pile_number
from pygame_engine.solver import Beam, Narrowed
from rules.shrewish_stuck import relaxed_run

if TYPE_CHECKING:
    from pygame_engine.solver import QuickStep

PLACES: Final = 8
FOUNDATIONS: Final = 8
AUX_SIZE: Final = 32
AUX_PENALTY: Final = 5
RESERVE_PENALTY: Final = 3
NEVER: Final = 1000
"""More draws than any deal has: the auxiliary pile is never used up."""
_KEPT_ANSWERS: Final = 4096
"""How many answers of the relaxed game :meth:`ShrewishQueens.pile_draws` keeps before it
forgets them all: more than the positions that begin a beam's stage, which a beam asks
twice, soon after each other. The full search asks again of a child when it goes into
it, sometimes after more positions than that, and then the game is run anew."""
FOUNDATION_NAMES: Final = tuple(f"f{j + 1}" for j in range(FOUNDATIONS))
PLACE_NAMES: Final = tuple(f"t{j + 1}" for j in range(PLACES))
SOURCE_NAMES: Final = ("r", *PLACE_NAMES)
_NUMBER: Final = {name: int(name[1:]) - 1 for name in (*FOUNDATION_NAMES, *PLACE_NAMES)}
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
_NEXT_HOME: Final = KING_TO_QUEEN.successors()
"""The card a foundation takes next, by its top card (none after a queen: it is complete)."""
_HOME_AFTER: Final = tuple(_NEXT_HOME.get(card, -1) for card in range(52))
"""The same by card, ``-1`` after a queen."""
_RANK: Final = tuple(rank(card) for card in range(52))
"""Each card's rank, looked up in the search's hot spots (the compiled build then calls
no function of :mod:`pygame_engine.cards` there)."""
_SUIT: Final = tuple(suit(card) for card in range(52))
"""Each card's suit, likewise."""
_DEPTH: Final = tuple(KING_TO_QUEEN.order.index(rank(card)) for card in range(52))
"""Each card's depth in the foundation order: K 0, A 1 … Q 12."""


def ends_stage(macro: tuple[Move, ...]) -> bool:
    """Whether a macro draws or turns the reserve over: what a stage of a beam ends with."""
    return macro[0].kind != CARD_MOVE


def _suit_lengths(foundations: Piles, card: int) -> list[int]:
    """How many cards each begun foundation of ``card``'s suit holds."""
    suit_ = _SUIT[card]
    return [len(f) for f in foundations if f and _SUIT[f[0]] == suit_]


def _safe_home(foundations: Piles, card: int) -> bool:
    """Whether ``card``, which fits a foundation, may go home without harm (when it lies on
    a place over another card and is not a jack: :meth:`ShrewishQueens.search_moves`).

    A card at depth ``d`` of the foundation order (K 0, A 1 … Q 12) fits a foundation
    that holds ``d`` cards. The other foundation of the suit must hold the other copy of
    the card it follows (``d`` cards or more), or wait for it (``d - 1`` cards): then no
    card will ever need to be put on this one.
    """
    depth, lengths = _DEPTH[card], _suit_lengths(foundations, card)
    return len(lengths) == 2 and min(lengths) >= max(depth - 1, 1) and max(lengths) >= depth


def _one_foundation(foundations: Piles, card: int) -> bool:
    """Whether ``card``, which fits a foundation, fits only one of its suit's two."""
    lengths = _suit_lengths(foundations, card)
    return not (len(lengths) == 2 and min(lengths) >= _DEPTH[card])


def _contested(s: ShrewState, card: int) -> bool:
    """Whether ``card``, which fits a foundation, would take the only foundation of its
    suit that can take it while its other copy waits on a place or in the auxiliary pile
    (:meth:`ShrewishQueens.spared_homeward_moves`)."""
    return _one_foundation(s.foundations, card) and (card in s.aux or any(card in pile for pile in s.tableau))


def _twinned(s: ShrewState, card: int, place: int) -> bool:
    """Whether ``card``, on top of place ``place`` and fitting a foundation, would take the
    only foundation of its suit that can take it while its other copy lies on another
    place (:meth:`ShrewishQueens.twin_homeward_moves`)."""
    return _one_foundation(s.foundations, card) and any(
        card in pile for number, pile in enumerate(s.tableau) if number != place)


def _awaited(s: ShrewState, card: int) -> bool:
    """Whether ``card``, on top of a place and fitting a foundation, would take the only
    foundation of its suit that can take it while its other copy waits in the auxiliary
    pile (:meth:`ShrewishQueens.pile_homeward_moves`)."""
    return _one_foundation(s.foundations, card) and card in s.aux


def _plain_draw(s: ShrewState) -> bool:
    """Whether a draw from ``s`` sets nothing off: its card is neither a king nor a queen,
    and every place is full, so the card only goes from the stock onto the reserve."""
    return bool(s.stock) and _RANK[s.stock[-1]] < QUEEN and all(s.tableau)


def _drawn(before: ShrewState, after: ShrewState) -> bool:
    """Whether ``after`` is ``before`` after a plain draw (:func:`_plain_draw`) and nothing
    else. The foundations, places and auxiliary pile are taken as the same (the caller
    found them by identity)."""
    return (_plain_draw(before) and after.turned == before.turned and after.stock == before.stock[:-1]
            and after.reserve == (*before.reserve, before.stock[-1]))


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

    source_figures_ru = "Исходный текст: «Если быть внимательным и следить за игрой, пасьянс наверняка получится»."
    source_figures_en = "The source text: a careful, attentive player will almost surely bring it out."

    def __init__(self) -> None:
        self._relaxed: dict[tuple[int, int, int, int], tuple[ShrewState, int, int]] = {}
        """The last answers of :meth:`pile_draws`, each with its position and how many
        plain draws after it may read it off (:func:`rules.shrewish_stuck.relaxed_run`), by
        the ``id`` of the position's foundations, places and auxiliary pile and the number
        of cards in its stock: a plain draw keeps the three piles as they were
        (:meth:`apply`), and the position kept with its answer keeps the ``id`` its own."""

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
            pile = table.reserve if move.src == "r" else table.tableau[_NUMBER[move.src]]
            card = pile.pop()
            j = _NUMBER[move.dst]
            (table.foundations if move.dst[0] == "f" else table.tableau)[j].append(card)
        table.refill()
        return table.state(s.deal)

    def apply(self, state: ShrewState, move: Move) -> ShrewState:
        if move.kind == CARD_MOVE:
            if move.src == "r" or len(state.tableau[_NUMBER[move.src]]) > 1:
                # No place empties, so nothing automatic follows: only two piles change.
                return self._card_move(state, move)
            if (quick := self._emptying_move(state, move)) is not None:
                return quick
        if move.kind == "draw" and _plain_draw(state):
            # Nothing follows: only the card moves.
            s, card = state, state.stock[-1]
            return ShrewState(s.deal, s.foundations, s.tableau, s.stock[:-1], s.aux, (*s.reserve, card), s.turned)
        return self._run(state, move, None)

    def _card_move(self, s: ShrewState, move: Move) -> ShrewState:
        tableau, reserve = s.tableau, s.reserve
        if move.src == "r":
            card, reserve = reserve[-1], reserve[:-1]
        else:
            i = _NUMBER[move.src]
            card = tableau[i][-1]
            tableau = (*tableau[:i], tableau[i][:-1], *tableau[i + 1 :])
        j = _NUMBER[move.dst]
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
        i = _NUMBER[move.src]
        card, aux, reserve = s.tableau[i][0], s.aux, s.reserve
        if aux:
            fill, aux = aux[-1], aux[:-1]
        elif reserve:
            fill, reserve = reserve[-1], reserve[:-1]
        else:
            return None
        if _RANK[fill] >= QUEEN:
            return None
        tableau, foundations, j = list(s.tableau), s.foundations, _NUMBER[move.dst]
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

    def search_key(self, s: ShrewState) -> Hashable:
        """The key with the places sorted as well as the foundations: the rules treat the
        eight places alike (rule R fills the empty ones in order, but whichever place gets
        which card, the same piles result), so positions that differ only in which place
        holds which pile win or lose together."""
        return (tuple(sorted(s.foundations)), tuple(sorted(s.tableau)), s.stock, s.aux, s.reserve, s.turned)

    def search_moves(self, s: ShrewState) -> list[tuple[Move, ...]]:
        """Every legal move, unless a card may go home safely: then that move alone.

        A card on top of a place, with another card under it, goes home safely when it is
        not a jack and each copy of the card it follows is home or can go home the moment
        it shows (the suit's other foundation waits for it). No card then ever needs to
        be put on it; the card under it is only uncovered sooner; no place empties; and
        every automatic step (draws, refills, penalties) comes as it would with the card
        left in place. A jack is left out because a jack on a foundation decides whether a
        drawn queen goes home or sets off a penalty. Whatever wins from the position wins
        after the move too (``docs/decisions.md``), so a loss is still proved soundly.
        """
        moves = self.legal_moves(s)
        for move in moves:
            if move.kind == CARD_MOVE and move.dst[0] == "f" and move.src != "r":
                pile = s.tableau[_NUMBER[move.src]]
                if len(pile) > 1 and _RANK[pile[-1]] != JACK and _safe_home(s.foundations, pile[-1]):
                    return [(move,)]
        return [(move,) for move in moves]

    def search_dead(self, s: ShrewState) -> bool:
        """A sound proof that the deal cannot be won from here: the auxiliary pile can never
        be used up (:mod:`rules.shrewish_stuck`). It costs as much as two or three
        positions, so the full search asks it of the positions it expands and the beams of
        those that begin a stage, but the best-first search does not (``docs/decisions.md``)."""
        return self.pile_draws(s) == NEVER

    def homeward_moves(self, s: ShrewState) -> list[tuple[Move, ...]]:
        """Pruned moves for half of the quick pass's beams, which need not be sound:
        :meth:`search_moves`, except that any card but a jack that can go home, from the
        reserve or a place, goes home as the only move. A hasty player's habit; it takes
        a choice away (the card might have served better on a place, or in a packet under
        the stock after a queen), so these beams prove no loss, but in the same width
        they keep positions that the sound beams drop (``docs/decisions.md``)."""
        return self._sent_home(s, SOURCE_NAMES)

    def reserve_homeward_moves(self, s: ShrewState) -> list[tuple[Move, ...]]:
        """Pruned moves for a narrowed search after :meth:`homeward_moves` ran out:
        :meth:`search_moves`, except that the reserve's card, but a jack, goes home as the
        only move when it can. The places' cards keep their choice (which copy of a card
        takes the one foundation of its suit, whether a place empties now), which some
        deals need that the narrower game cannot win (``docs/decisions.md``)."""
        return self._sent_home(s, ("r",))

    def spared_homeward_moves(self, s: ShrewState) -> list[tuple[Move, ...]]:
        """Pruned moves for the quick pass's narrowed search: :meth:`homeward_moves`,
        except that the reserve's card keeps its choice while its other copy waits on a
        place or in the auxiliary pile and the suit's other foundation could not take it
        (:func:`_contested`). That copy may need the one foundation to leave its place
        and let the place empty; the reserve's copy can wait (``docs/decisions.md``)."""
        return self._sent_home(s, SOURCE_NAMES, spare=True)

    def twin_homeward_moves(self, s: ShrewState) -> list[tuple[Move, ...]]:
        """Pruned moves for a narrowed search after :meth:`homeward_moves` ran out:
        :meth:`spared_homeward_moves`, except that a place's card, too, keeps its choice
        while its other copy lies on another place and the suit's other foundation could
        not take it (:func:`_twinned`). Which of the two copies takes the one foundation
        decides which place moves on; the hasty moves always send the first one found
        (``docs/decisions.md``)."""
        return self._sent_home(s, SOURCE_NAMES, spare=True, twins=True)

    def pile_homeward_moves(self, s: ShrewState) -> list[tuple[Move, ...]]:
        """Pruned moves for the quick pass's beams: :meth:`twin_homeward_moves`, except
        that a place's card also keeps its choice while its other copy waits in the
        auxiliary pile and the suit's other foundation could not take it
        (:func:`_awaited`). That copy may need the one foundation once it lands, to leave
        its place and let the place empty (``docs/decisions.md``)."""
        return self._sent_home(s, SOURCE_NAMES, spare=True, twins=True, pile=True)

    def _sent_home(self, s: ShrewState, sources: tuple[str, ...], spare: bool = False,
                   twins: bool = False, pile: bool = False) -> list[tuple[Move, ...]]:
        """:meth:`search_moves`, or the first of them that sends a card but a jack home
        from one of ``sources`` alone; with ``spare``, not the reserve's card when
        :func:`_contested`; with ``twins``, not a place's card when :func:`_twinned`;
        with ``pile``, not a place's card when :func:`_awaited`."""
        moves = self.search_moves(s)
        if len(moves) > 1:
            for macro in moves:
                move = macro[0]
                if move.kind == CARD_MOVE and move.dst[0] == "f" and move.src in sources:
                    if move.src == "r":
                        card = s.reserve[-1]
                        if _RANK[card] != JACK and not (spare and _contested(s, card)):
                            return [macro]
                    else:
                        place = _NUMBER[move.src]
                        card = s.tableau[place][-1]
                        if _RANK[card] != JACK and not (twins and _twinned(s, card, place)) and not (
                                pile and _awaited(s, card)):
                            return [macro]
        return moves

    def progress(self, s: ShrewState) -> int:
        """A best-first search's score: cards home, less twice the reserve and three times
        the auxiliary pile. A small reserve keeps the cards under its top within reach,
        and only an auxiliary pile used up lets the reserve be turned over."""
        return sum(map(len, s.foundations)) - 2 * len(s.reserve) - 3 * len(s.aux)

    def search_score(self, s: ShrewState) -> tuple[int, int]:
        """Two scores whose queues take turns in one best-first search: :meth:`progress`,
        and the same less how deep in the reserve lie the cards that a foundation takes
        next (a position can look near a win while what it needs next lies buried). No
        longer one of :meth:`quick_steps`: the full search does more with its time
        (``docs/decisions.md``)."""
        base = self.progress(s)
        wanted = {_NEXT_HOME.get(f[-1]) for f in s.foundations if f}
        top = len(s.reserve) - 1
        return base, base - sum(top - i for i, card in enumerate(s.reserve) if card in wanted)

    def aux_first(self, s: ShrewState) -> int:
        """A beam's score: cards home, less half the reserve and three times the auxiliary
        pile, doubled to stay a whole number. Against :meth:`progress` it weighs the
        auxiliary pile more than the reserve."""
        return 2 * sum(map(len, s.foundations)) - len(s.reserve) - 6 * len(s.aux)

    def even(self, s: ShrewState) -> int:
        """A beam's score: cards home, less the reserve and the auxiliary pile alike."""
        return sum(map(len, s.foundations)) - len(s.reserve) - len(s.aux)

    def aux_and_places(self, s: ShrewState) -> int:
        """A beam's score: :meth:`aux_first` less twice the cards on the places. Only an
        emptied place takes a card off the auxiliary pile, and short piles empty sooner."""
        return self.aux_first(s) - 2 * sum(map(len, s.tableau))

    def small_places(self, s: ShrewState) -> int:
        """A beam's score: :meth:`progress` less twice the cards on the places."""
        return self.progress(s) - 2 * sum(map(len, s.tableau))

    def near_empty(self, s: ShrewState) -> int:
        """A beam's score: :meth:`progress` plus twice the places that hold one card (one
        move from taking a card off the auxiliary pile)."""
        return self.progress(s) + 2 * sum(len(t) == 1 for t in s.tableau)

    def pile_draws(self, s: ShrewState) -> int:
        """How many draws the relaxed game of :mod:`rules.shrewish_stuck` needs to use the
        auxiliary pile up, a bound on how soon the real game can (:data:`NEVER` when it
        cannot: the position is lost, as :meth:`search_dead` says). It costs as much as
        :meth:`search_dead`, and the two share it: the last few thousand answers are kept,
        as a beam asks both of the positions that begin a stage (``docs/decisions.md``).
        A position one plain draw after one whose answer is kept reads its own off that
        one when the relaxed game let it (:func:`rules.shrewish_stuck.relaxed_run`): a
        search makes a position's children right after asking of the position itself."""
        piles = id(s.foundations), id(s.tableau), id(s.aux)
        known = self._relaxed.get((*piles, len(s.stock)))
        if known is not None and known[0] is s:
            return known[1]
        drawn_from = self._relaxed.get((*piles, len(s.stock) + 1))
        if drawn_from is not None and drawn_from[2] and _drawn(drawn_from[0], s):
            _, draws, kept = drawn_from
            if draws != NEVER:
                draws -= 1
            kept -= 1
        else:
            draws, kept = relaxed_run(s.foundations, s.tableau, s.stock, s.aux, s.reserve,
                                      aux_penalty=AUX_PENALTY, reserve_penalty=RESERVE_PENALTY)
            if draws < 0:
                draws = NEVER
        if len(self._relaxed) >= _KEPT_ANSWERS:
            self._relaxed.clear()
        self._relaxed[(*piles, len(s.stock))] = (s, draws, kept)
        return draws

    def pile_soonest(self, s: ShrewState) -> int:
        """A beam's score: the fewer draws :meth:`pile_draws` needs the better, and among
        equals :meth:`progress` (which stays well within a thousand either way)."""
        return -1000 * self.pile_draws(s) + self.progress(s)

    def pile_and_progress(self, s: ShrewState) -> int:
        """A beam's score: :meth:`progress` less the draws :meth:`pile_draws` needs."""
        return self.progress(s) - self.pile_draws(s)

    def search_rank(self, s: ShrewState) -> int:
        """The order in which the full search goes into a position's children: by
        :meth:`pile_soonest`, as the guided beams rank theirs. It searches the same
        positions in another order, and finds some wins within a thousand positions that
        the order of :meth:`search_moves` meets only after several seconds, or not in 10 s,
        but misses some that order meets at once (``docs/decisions.md``). Each child then
        costs a run of the relaxed game when it is made, which :meth:`search_dead` asks
        again when the search goes into it (kept for a while, :meth:`pile_draws`)."""
        return self.pile_soonest(s)

    def quick_steps(self, start: ShrewState) -> list[QuickStep]:
        """The short shuffled searches for a twentieth of the budgets (they win most deals
        in milliseconds); beams to 0.15, stage by stage of draws, by six scores and widths
        10 and 50, each score over the sound moves and then over :meth:`homeward_moves`;
        to 0.4 the full search over :meth:`homeward_moves`, ranked and cut by the relaxed
        game as the full search is: it wins deals the beams leave open, and where that
        narrowed game is searched whole (in a second or two, for most open deals) the deal
        is seldom won, so the full search gets the rest of the budget at once, after beams
        50 wide guided by the relaxed game over :meth:`spared_homeward_moves` and
        :meth:`twin_homeward_moves` for 0.05 of the budgets, and the full search over
        :meth:`spared_homeward_moves` for 0.13, over :meth:`reserve_homeward_moves` for
        0.02 and over :meth:`twin_homeward_moves` for 0.04. Else beams to 0.52 as the
        first, widths 200 and 1,000; beams to 0.65 guided by the relaxed game's draws
        (:meth:`pile_soonest`, :meth:`pile_and_progress`; widths 10, 50 and 200), which
        win deals the others leave open; to 0.7 the guided beams 50 wide over the spared
        and twin moves; to 0.82 a beam 200 wide by :meth:`pile_and_progress` over
        :meth:`pile_homeward_moves`, and to 0.88 one by :meth:`aux_first` over the spared
        moves, which win deals whose places' or reserve's card must leave the one
        foundation of its suit to a copy; and the search over
        :meth:`spared_homeward_moves` for the rest, which wins others of those. The full
        search gets only what that search leaves, if it ends early: where the narrowed
        game is not searched whole in its step, the full game, which holds every position
        of it, is not likely to be in the second or so that would be left, and in that
        time it won no deal. All but the short searches ask :meth:`search_dead`
        (``docs/decisions.md``)."""
        scores = (self.progress, self.aux_first, self.even, self.aux_and_places, self.near_empty, self.small_places)
        guided_scores = (self.pile_soonest, self.pile_and_progress)
        narrow = Beam(scores, (10, 50), ends_stage, (None, self.homeward_moves))
        wide = Beam(scores, (200, 1000), ends_stage, (None, self.homeward_moves))
        guided = Beam(guided_scores, (10, 50, 200), ends_stage, (None, self.homeward_moves))
        choices = Beam(guided_scores, (50,), ends_stage, (self.spared_homeward_moves, self.twin_homeward_moves))
        narrowed = Narrowed(self.homeward_moves, then_full=True,
                            then=((0.05, choices), (0.13, self.spared_homeward_moves),
                                  (0.02, self.reserve_homeward_moves), (0.04, self.twin_homeward_moves)))
        pile = Beam((self.pile_and_progress,), (200,), ends_stage, (self.pile_homeward_moves,))
        spared_wide = Beam((self.aux_first,), (200,), ends_stage, (self.spared_homeward_moves,))
        spared = Narrowed(self.spared_homeward_moves)
        return [(0.05, None), (0.15, narrow), (0.4, narrowed), (0.52, wide), (0.65, guided), (0.7, choices),
                (0.82, pile), (0.88, spared_wide), (1.0, spared)]

    restart_nodes = 2000

    def restart_moves(self, s: ShrewState, rng: random.Random) -> list[tuple[Move, ...]]:
        """For short shuffled searches after a win only: cards home first, then the other
        card moves, each group in random order, then draw or the turn of the reserve."""
        moves = self.legal_moves(s)
        home: list[tuple[Move, ...]] = [(m,) for m in moves if m.kind == CARD_MOVE and m.dst[0] == "f"]
        onto: list[tuple[Move, ...]] = [(m,) for m in moves if m.kind == CARD_MOVE and m.dst[0] == "t"]
        rng.shuffle(home)
        rng.shuffle(onto)
        return home + onto + [(m,) for m in moves if m.kind != CARD_MOVE]

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
