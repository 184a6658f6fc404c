"""Строптивые дамы: a proof that the auxiliary pile can never be used up.

A win needs every card home, the auxiliary pile's too, and that pile gives its cards
only to the places: rule R refills an emptied place from its top (a king goes home and
the place is refilled again; a queen stays, and the five cards under it go under the
stock). So each card that *lands* on a place from the pile needs one place emptied
first, and the ``m``-th landing needs ``m`` emptyings. A place empties only when its
bottom card leaves (home, or onto a place's top card one rank higher in its suit), and
every bottom card leaves at most once; the bottoms are the places' present ones and the
pile's cards that have landed. So if, with the first ``m - 1`` landings made, fewer than
``m`` bottoms could ever leave, the ``m``-th landing never comes and the game is lost.

Which bottoms could ever leave is worked out in a relaxed game that allows more than
the real one (so a "never" in it is a "never" in the real game). Time is counted in
draws. The stock is drawn in its order (cards only ever go *under* it), so its ``k``-th
card is laid on the reserve at draw ``k``, or goes home if it is a king. The reserve
and the cards still to be drawn form one pile, and a card in it can be played at draw
``t`` only if every card laid on it by then has been played by ``t``. Each card gets the
earliest draw at which it could leave its pile (``INF``: never), from the earliest draws
at which its foundation could take it (a king there, and one copy of every card below
it gone) or a place's top card could (that card uncovered, or brought there itself).
The landed cards, the kings the pile gives with them and the queens' packets count as
there from the start, and the packets' cards as free to play whenever they fit: all of
that only allows more. The least solution of these equations, reached by lowering
every time from ``INF`` until nothing changes, is a lower bound on every real move's draw.

The reserve's bottom cards are the one way round the order: a queen drawn that does not
fit sends the reserve's bottom three under the stock. Each queen still in the stock can
do that once, and so can each queen among the cards it brings round, so at most
``reach`` bottom cards ever go (those are taken as playable whenever they fit, from the
first draw). A card laid later could go round only once every card of the present
reserve above the reach has been played; so the bound stands only while one of those
can never be played (or no queen is left to draw), and the test answers "not proved"
otherwise.

The worlds are worked out lazily, each only when the last no longer suffices, and at
most :data:`WORLDS` of them, as each costs as much as ten to thirty positions of the
search. Measured in ``docs/decisions.md``; it never fired along the winning lines of
226 deals of 1–300 (61,229 positions), and the tests check six of them.
"""

from __future__ import annotations

from collections.abc import Sequence

from pygame_engine.cards import ACE, JACK, KING, QUEEN, make_card, rank, suit
from rules.shrewish_queens import AUX_PENALTY, RESERVE_PENALTY

INF = 1 << 30
"""Never."""
_SUIT_RUNS = tuple(tuple(make_card(s, r) for r in range(ACE, KING + 1)) for s in range(4))
"""Each suit's cards, ace first (rank ``r`` at ``r - 1``)."""
WORLDS = 3
"""How many worlds (landings made) the proof works out before it gives up."""


def pile_never_used_up(foundations: Sequence[Sequence[int]], tableau: Sequence[Sequence[int]],
                       stock: Sequence[int], aux: Sequence[int], reserve: Sequence[int]) -> bool:
    """Whether the auxiliary pile (top card last, like every pile here) is proved never to
    be used up, so that the game is lost. ``False`` means only "not proved"."""
    if not aux:
        return False
    pile = aux[::-1]  # its top card first
    kings: list[int] = []
    landed: list[int] = []
    packet: list[int] = []
    leavable = 0  # bottoms that could leave, in the smaller world last worked out
    i = landings = worlds = 0
    while True:
        # The next landing: the kings before it go home with it.
        j = i
        while j < len(pile) and rank(pile[j]) == KING:
            j += 1
        if j >= len(pile):
            return False
        landings += 1
        if leavable < landings:
            # A larger world allows at least as much, so a new one is worked out only when
            # the last no longer suffices; a loss is mostly proved in the first or second.
            if worlds == WORLDS:
                return False
            worlds += 1
            leavable = _leavable_bottoms(foundations, tableau, stock, reserve, kings, landed, packet)
            if leavable < 0:
                return False
            if leavable < landings:
                return True
        kings += [suit(card) for card in pile[i:j]]
        card = pile[j]
        landed.append(card)
        i = j + 1
        if rank(card) == QUEEN:
            packet += pile[i : i + AUX_PENALTY]
            i += AUX_PENALTY


def _leavable_bottoms(foundations: Sequence[Sequence[int]], tableau: Sequence[Sequence[int]],
                      stock: Sequence[int], reserve: Sequence[int], kings_given: list[int],
                      landed: list[int], packet: list[int]) -> int:
    """How many bottom cards (the places' and the landed ones) could ever leave in the
    relaxed game, or ``-1`` when the reserve's penalties are not bounded."""
    lengths: list[list[int]] = [[], [], [], []]  # the begun foundations' lengths, by suit
    for f in foundations:
        if f:
            lengths[suit(f[0])].append(len(f))
    king_draws: list[list[int]] = [[], [], [], []]  # when a king of the suit could go home
    for s in kings_given:
        king_draws[s].append(0)
    free: list[int] = []  # the packets' cards
    queens = 0
    for card in packet:
        if rank(card) == KING:
            king_draws[suit(card)].append(0)
        else:
            free.append(card)
            queens += rank(card) == QUEEN
    # The reserve and the stock as one pile, each card with the draw that lays it.
    cards = list(reserve)
    laid = [0] * len(reserve)
    for k, card in enumerate(reversed(stock), 1):
        if rank(card) == KING:
            king_draws[suit(card)].append(k)
        else:
            queens += rank(card) == QUEEN
            cards.append(card)
            laid.append(k)
    for draws in king_draws:
        draws.sort()
    penalties = queens > 0  # with no queen to draw, no card ever goes round
    reach = 0
    while (new := min(len(reserve), RESERVE_PENALTY * queens)) > reach:
        queens += sum(1 for card in reserve[reach:new] if rank(card) == QUEEN)
        reach = new
    if penalties and reach >= len(reserve):
        return -1
    places = [*tableau, *((card,) for card in landed)]
    n = len(cards)
    gone = [INF] * n  # when each card of the reserve-and-stock could leave it
    gone_free = [INF] * len(free)
    gone_place = [[INF] * len(p) for p in places]
    while True:
        earliest = [INF] * 52  # either copy of the card
        for card, t in zip(free, gone_free, strict=True):
            if t < earliest[card]:
                earliest[card] = t
        for card, t in zip(cards, gone, strict=True):
            if t < earliest[card]:
                earliest[card] = t
        for p, times in zip(places, gone_place, strict=True):
            for card, t in zip(p, times, strict=True):
                if t < earliest[card]:
                    earliest[card] = t
        on_top = [INF] * 52  # when a copy lying on a place could be its top card
        for p, times in zip(places, gone_place, strict=True):
            above = 0
            for k in range(len(p) - 1, -1, -1):
                if above < on_top[p[k]]:
                    on_top[p[k]] = above
                if times[k] > above:
                    above = times[k]
                if above >= INF:
                    break
        ready = _ready(lengths, king_draws, earliest, on_top)
        changed = False
        for k, card in enumerate(free):
            if ready[card] < gone_free[k]:
                gone_free[k] = ready[card]
                changed = True
        for k in range(n - 1, -1, -1):
            t = max(laid[k], ready[cards[k]])
            above = k + 1
            while t < INF and above < n and laid[above] <= t:
                if gone[above] > t:
                    t = gone[above]
                above += 1
            if k < reach:
                t = min(t, max(ready[cards[k]], 1))
            if t < gone[k]:
                gone[k] = t
                changed = True
        for p, times in zip(places, gone_place, strict=True):
            above = 0
            for k in range(len(p) - 1, -1, -1):
                t = max(above, ready[p[k]])
                if t < times[k]:
                    times[k] = t
                    changed = True
                above = max(above, times[k])
        if not changed:
            break
    if penalties and all(gone[k] < INF for k in range(reach, len(reserve))):
        return -1
    return sum(1 for times in gone_place if times[0] < INF)


def _ready(lengths: list[list[int]], king_draws: list[list[int]], earliest: list[int], on_top: list[int]) -> list[int]:
    """The earliest draw at which each card could be taken by a foundation or a place."""
    ready = [INF] * 52
    for s in range(4):
        run = _SUIT_RUNS[s]
        starts = [(length, 0) for length in lengths[s]]
        starts += [(1, draw) for draw in king_draws[s][: 2 - len(lengths[s])]]
        for length, t in starts:
            # A foundation of ``length`` cards (K, A, …) takes rank ``length`` next.
            for card in run[length - 1 : QUEEN]:
                if t >= INF:
                    break
                if t < ready[card]:
                    ready[card] = t
                if earliest[card] > t:
                    t = earliest[card]
        # Onto a place: a jack onto a queen there (no card brings a queen to a place),
        # a lower card onto the next one up, uncovered there or brought there.
        up = on_top[run[QUEEN - 1]]
        for card in run[JACK - 1 :: -1]:
            if up < ready[card]:
                ready[card] = up
            up = min(on_top[card], max(earliest[card], up))
    return ready
