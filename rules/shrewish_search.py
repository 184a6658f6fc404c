"""Строптивые дамы's search strategy: what the solver asks of the game beyond its rules.

The sound hooks (:meth:`Strategy.search_key`, :meth:`Strategy.search_moves`,
:meth:`Strategy.search_dead`, :meth:`Strategy.search_rank`) keep every proof of a loss
sound; the pruned sets of moves (``…_homeward_moves``), the scores and the quick pass's
steps (:meth:`Strategy.quick_steps`) only find wins sooner. Why each is as it is, with
the figures that decided it: ``docs/decisions.md``.
"""

from __future__ import annotations

import random
from collections.abc import Hashable
from typing import TYPE_CHECKING, Final

from pygame_engine.cards import JACK, rank
from pygame_engine.moves import CARD_MOVE, Move
from pygame_engine.piles import KING_TO_QUEEN, Piles
from pygame_engine.solver import Beam, Narrowed
from rules.shrewish_queens import (
    AUX_PENALTY,
    NEXT_HOME,
    NUMBER,
    RANK,
    RESERVE_PENALTY,
    SOURCE_NAMES,
    SUIT,
    ShrewState,
    plain_draw,
)
from rules.shrewish_stuck import relaxed_run

if TYPE_CHECKING:
    from pygame_engine.solver import QuickStep
    from rules.shrewish_queens import ShrewishQueens

NEVER: Final = 1000
"""More draws than any deal has: the auxiliary pile is never used up."""
_KEPT_ANSWERS: Final = 4096
"""How many answers of the relaxed game :meth:`ShrewishQueens.pile_draws` keeps before it
forgets them all: more than the positions that begin a beam's stage, which a beam asks
twice, soon after each other. The full search asks again of a child when it goes into
it, sometimes after more positions than that, and then the game is run anew."""
_DEPTH: Final = tuple(KING_TO_QUEEN.order.index(rank(card)) for card in range(52))
"""Each card's depth in the foundation order: K 0, A 1 … Q 12."""

def ends_stage(macro: tuple[Move, ...]) -> bool:
    """Whether a macro draws or turns the reserve over: what a stage of a beam ends with."""
    return macro[0].kind != CARD_MOVE


def _suit_lengths(foundations: Piles, card: int) -> list[int]:
    """How many cards each begun foundation of ``card``'s suit holds."""
    suit_ = SUIT[card]
    return [len(f) for f in foundations if f and SUIT[f[0]] == suit_]


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



def _drawn(before: ShrewState, after: ShrewState) -> bool:
    """Whether ``after`` is ``before`` after a plain draw (:func:`plain_draw`) and nothing
    else. The foundations, places and auxiliary pile are taken as the same (the caller
    found them by identity)."""
    return (plain_draw(before) and after.turned == before.turned and after.stock == before.stock[:-1]
            and after.reserve == (*before.reserve, before.stock[-1]))


class Strategy:
    """The search hooks and strategy of one :class:`~rules.shrewish_queens.ShrewishQueens`."""

    def __init__(self, game: ShrewishQueens) -> None:
        self.game = game
        self._relaxed: dict[tuple[int, int, int, int], tuple[ShrewState, int, int]] = {}
        """The last answers of :meth:`pile_draws`, each with its position and how many
        plain draws after it may read it off (:func:`rules.shrewish_stuck.relaxed_run`), by
        the ``id`` of the position's foundations, places and auxiliary pile and the number
        of cards in its stock: a plain draw keeps the three piles as they were
        (:meth:`apply`), and the position kept with its answer keeps the ``id`` its own."""

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
        moves = self.game.legal_moves(s)
        for move in moves:
            if move.kind == CARD_MOVE and move.dst[0] == "f" and move.src != "r":
                pile = s.tableau[NUMBER[move.src]]
                if len(pile) > 1 and RANK[pile[-1]] != JACK and _safe_home(s.foundations, pile[-1]):
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
                        if RANK[card] != JACK and not (spare and _contested(s, card)):
                            return [macro]
                    else:
                        place = NUMBER[move.src]
                        card = s.tableau[place][-1]
                        if RANK[card] != JACK and not (twins and _twinned(s, card, place)) and not (
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
        wanted = {NEXT_HOME.get(f[-1]) for f in s.foundations if f}
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


    def restart_moves(self, s: ShrewState, rng: random.Random) -> list[tuple[Move, ...]]:
        """For short shuffled searches after a win only: cards home first, then the other
        card moves, each group in random order, then draw or the turn of the reserve."""
        moves = self.game.legal_moves(s)
        home: list[tuple[Move, ...]] = [(m,) for m in moves if m.kind == CARD_MOVE and m.dst[0] == "f"]
        onto: list[tuple[Move, ...]] = [(m,) for m in moves if m.kind == CARD_MOVE and m.dst[0] == "t"]
        rng.shuffle(home)
        rng.shuffle(onto)
        return home + onto + [(m,) for m in moves if m.kind != CARD_MOVE]
