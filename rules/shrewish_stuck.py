"""Строптивые дамы: a proof that the auxiliary pile can never be used up.

A win needs every card home, the auxiliary pile's too, and that pile gives its cards
only to the places: rule R refills an emptied place from its top (a king goes home and
the place is refilled again; a queen stays, and the five cards under it go under the
stock). So a card *lands* on a place from the pile only when a place has emptied, one
landing for each emptying, and a place empties only when its bottom card leaves (home,
or onto a place's top card one rank higher in its suit). The bottoms are the places'
present ones and the landed cards.

The proof plays a relaxed game that allows more than the real one, so that what never
happens in it never happens in the real game either. Time is counted in draws. The stock
is drawn in its order (cards only ever go *under* it), so its ``k``-th card is laid on
the reserve at draw ``k``, or goes home if it is a king. The reserve and the cards still
to be drawn form one pile whose top card alone can be played. Every card is played the
moment it may be, and it may go:

* home, once a foundation of its suit is begun (the first two kings of the suit to come)
  and one copy of each card between has gone, from wherever;
* onto a place, once a copy of the card one rank higher could lie there on top:
  uncovered on a place, or itself put there.

A card that has gone covers nothing any more, and a card put on a place covers nothing
either. Each time a bottom card leaves, the pile's next cards land: the kings before the
next card go home, and the card becomes a place of its own. Whatever goes under the stock
comes back only after the stock's present cards, so it is taken as free to play (a king
as home) once the last of them is drawn: a queen's packet of five, and the reserve's
bottom cards that a penalty sends round. Everything happens in the relaxed game no later
than in the real one (by induction over the real game's moves), so if the pile is not
used up when the relaxed game has played everything it lets go, it never is: the game
is lost.

Which of the reserve's cards could go round is bounded. A queen drawn that does not fit
sends the reserve's bottom three under the stock, and each queen that could be drawn
can do that once: the stock's, those in the packets of the landings made, and each
queen among the cards they bring round; so at most ``reach`` of the present reserve's
bottom cards ever go. When the relaxed game lands more queens with queens in their
packets than were counted, it is played again with them. A card above the reach, or laid
later, could go round only once every card of the present reserve above the reach had
been played (only the top card of the reserve is ever played); so the bound stands only
while one of those is never played in the relaxed game. Where it does not stand, the
game is played again with every card taken as free once the stock's present cards are
drawn.

The relaxed game is played forward once, each card, foundation and place looked at only
when something changes for it: measured in ``docs/decisions.md``. The tests check that
it never fires along the won games of seven deals.
"""

from __future__ import annotations

from collections.abc import Sequence

from pygame_engine.cards import ACE, KING, QUEEN, make_card, rank, suit

ANY = 1 << 30
"""A reach past every card: all may have gone round."""
_RANK = tuple(rank(card) for card in range(52))
"""Each card's rank, looked up rather than worked out in the inner loops."""
_SUIT = tuple(suit(card) for card in range(52))
"""Each card's suit, likewise."""


def pile_never_used_up(foundations: Sequence[Sequence[int]], tableau: Sequence[Sequence[int]],
                       stock: Sequence[int], aux: Sequence[int], reserve: Sequence[int], *,
                       aux_penalty: int, reserve_penalty: int) -> bool:
    """Whether the auxiliary pile (top card last, like every pile here) is proved never to
    be used up, so that the game is lost. ``False`` means only "not proved". The rules'
    sizes come from the caller: the cards a queen landed sends under the stock with her
    (``aux_penalty``), and the reserve's bottom cards a queen drawn sends round
    (``reserve_penalty``)."""
    if not aux:
        return False
    pile = aux[::-1]  # its top card first
    # The queens each landing sends under the stock in its packet (which cards land and
    # which go as packets follows from the pile's order alone).
    packets: list[int] = []
    i = 0
    while i < len(pile):
        i += 1
        if _RANK[pile[i - 1]] != KING:
            packets.append(0)
            if _RANK[pile[i - 1]] == QUEEN:
                packets[-1] = sum(1 for card in pile[i : i + aux_penalty] if _RANK[card] == QUEEN)
                i += aux_penalty
    drawn = sum(1 for card in stock if _RANK[card] == QUEEN)
    landings = 0  # the landings whose packets' queens are counted
    while True:
        # The queens that could be drawn: the stock's, the counted packets' and those
        # that their penalties bring round from the reserve's bottom.
        queens = drawn + sum(packets[:landings])
        reach = 0
        while (new := min(len(reserve), reserve_penalty * queens)) > reach:
            queens += sum(1 for card in reserve[reach:new] if _RANK[card] == QUEEN)
            reach = new
        if queens and reach >= len(reserve):
            break  # no bound
        world = _World(foundations, tableau, stock, pile, aux_penalty, reserve, reach)
        if not world.run():
            return False
        if queens and all(world.gone[world.in_cards + k] for k in range(reach, len(reserve))):
            break  # the bound does not stand
        if sum(packets[landings : world.landings]) == 0:
            return True
        landings = world.landings  # more queens than counted could come: again, with them
    # Without a bound, any card may have gone round by the end of the stock.
    return _World(foundations, tableau, stock, pile, aux_penalty, reserve, ANY).run()


class _World:
    """The relaxed game played forward draw by draw, every card played the moment it may
    be, and the auxiliary pile's cards landing as the places empty."""

    def __init__(self, foundations: Sequence[Sequence[int]], tableau: Sequence[Sequence[int]],
                 stock: Sequence[int], pile: Sequence[int], packet_size: int, reserve: Sequence[int],
                 reach: int) -> None:
        # The reserve and the stock as one pile, each card with the draw that lays it;
        # the kings among the stock's cards go home at theirs.
        cards = list(reserve)
        self.laid = [0] * len(reserve)
        self.kings: list[list[int]] = [[] for _ in range(len(stock) + 1)]  # by draw, the kings' suits
        for k, card in enumerate(reversed(stock), 1):
            if _RANK[card] == KING:
                self.kings[k].append(_SUIT[card])
            else:
                cards.append(card)
                self.laid.append(k)
        self.pile = pile
        self.packet_size = packet_size  # the cards a queen landed sends under the stock with her
        self.next = 0  # the auxiliary pile's next card
        self.landings = 0  # the cards landed from it (kings not counted)
        self.reach = reach
        self.late = False  # the stock's present cards are all drawn
        self.packets: list[int] = []  # the packets' cards, to come after the stock's present cards
        # Every card by a number: the places' cards, the reserve-and-stock pile's, then
        # the landed and the packets' as they come; ``where`` its pile (a place's number,
        # the reserve-and-stock pile as -1, a packet's card as -2), ``at`` its height in it.
        self.places: list[Sequence[int]] = list(tableau)
        self.value = [card for place in tableau for card in place]
        self.where = [p for p, place in enumerate(tableau) for _ in place]
        self.at = [k for place in tableau for k in range(len(place))]
        self.first = [0] * len(tableau)  # each place's bottom card's number
        for p in range(1, len(tableau)):
            self.first[p] = self.first[p - 1] + len(tableau[p - 1])
        self.in_cards = len(self.value)
        self.value += cards
        self.where += [-1] * len(cards)
        self.at += range(len(cards))
        self.copies: list[list[int]] = [[] for _ in range(52)]
        for i, card in enumerate(self.value):
            self.copies[card].append(i)
        self.gone = [False] * len(self.value)
        self.top = [len(place) - 1 for place in tableau]  # each place's top card's height
        self.shown = 0  # the reserve-and-stock pile's cards laid so far
        while self.shown < len(cards) and self.laid[self.shown] == 0:
            self.shown += 1
        self.cards_top = self.shown - 1  # its top card's height
        self.went_any = [False] * 52  # a copy of the card has gone
        self.on_top = [False] * 52  # a copy has lain uncovered on a place
        self.ready = [False] * 52  # a foundation or a place could take the card
        self.up = [False] * 52  # a copy could lie on top of a place
        self.reached = [False] * 52  # a foundation's run has come to the card
        self.waits = [False] * 52  # a foundation's run waits for the card to go
        self.begun = [0, 0, 0, 0]  # foundations begun, by suit
        self.due: list[int] = []  # cards that may go now
        for place in tableau:
            if place:
                self._uncovered(place[-1])
        for f in foundations:
            if f:
                self.begun[_SUIT[f[0]]] += 1
                self._begin(make_card(_SUIT[f[0]], len(f)))

    def run(self) -> bool:
        """Play every draw, then what comes round after them; whether the auxiliary pile
        is still not used up at the end."""
        for draw, suits in enumerate(self.kings):
            if draw and self.shown < len(self.laid) and self.laid[self.shown] == draw:
                self.cards_top = self.shown
                self.shown += 1
                if self.ready[self.value[self.in_cards + self.cards_top]]:
                    self.due.append(self.in_cards + self.cards_top)
            for s in suits:
                self._king(s)
            self._settle()
            if self.next >= len(self.pile):
                return False
        # After the last draw: the cards that went under the stock, free to play.
        self.late = True
        for k in range(min(self.reach, len(self.laid))):
            if not self.gone[self.in_cards + k] and self.ready[self.value[self.in_cards + k]]:
                self.due.append(self.in_cards + k)
        self._packet(self.packets)
        self._settle()
        return self.next < len(self.pile)

    def _king(self, s: int) -> None:
        """A king of suit ``s`` goes home: it begins a foundation if one is left to begin."""
        if self.begun[s] < 2:
            self.begun[s] += 1
            self._begin(make_card(s, ACE))

    def _begin(self, card: int) -> None:
        """A foundation takes ``card`` next (its rank may be past the queen: a full one)."""
        while _RANK[card] <= QUEEN:
            if self.reached[card]:
                return
            self.reached[card] = True
            self._make_ready(card)
            if not self.went_any[card]:
                self.waits[card] = True
                return
            card += 1

    def _land(self) -> None:
        """A place emptied: the auxiliary pile refills it (kings go home on the way; a
        queen's packet goes under the stock, and comes once the stock's present cards are
        drawn)."""
        pile = self.pile
        while self.next < len(pile) and _RANK[pile[self.next]] == KING:
            self._king(_SUIT[pile[self.next]])
            self.next += 1
        if self.next >= len(pile):
            return
        card = pile[self.next]
        self.next += 1
        self.landings += 1
        self.first.append(len(self.value))
        self.top.append(0)
        self._add(card, len(self.places), 0)
        self.places.append((card,))
        self._uncovered(card)
        if _RANK[card] == QUEEN:
            packet = pile[self.next : self.next + self.packet_size]
            self.next += self.packet_size
            if self.late:
                self._packet(packet)
            else:
                self.packets += packet

    def _packet(self, cards: Sequence[int]) -> None:
        """A packet's cards are drawn: kings go home, the rest free to play."""
        for card in cards:
            if _RANK[card] == KING:
                self._king(_SUIT[card])
            else:
                self._add(card, -2, 0)

    def _add(self, card: int, where: int, at: int) -> None:
        """A card comes into play (it may go at once: it lies on top, or is free)."""
        i = len(self.value)
        self.value.append(card)
        self.where.append(where)
        self.at.append(at)
        self.gone.append(False)
        self.copies[card].append(i)
        if self.ready[card]:
            self.due.append(i)

    def _settle(self) -> None:
        """Play every card that may go now, and what their going lets go."""
        due, gone = self.due, self.gone
        while due:
            i = due.pop()
            if gone[i]:
                continue
            gone[i] = True
            card, w = self.value[i], self.where[i]
            if w >= 0:
                k = self.top[w] = self.at[i] - 1
                if k < 0:
                    self._land()
                else:
                    below = self.places[w][k]
                    self._uncovered(below)
                    if self.ready[below]:
                        due.append(self.first[w] + k)
            elif w == -1 and self.at[i] == self.cards_top:
                k = self.cards_top - 1
                while k >= 0 and gone[self.in_cards + k]:
                    k -= 1
                self.cards_top = k
                if k >= 0 and self.ready[self.value[self.in_cards + k]]:
                    due.append(self.in_cards + k)
            if not self.went_any[card]:
                self.went_any[card] = True
                if self.waits[card]:
                    self.waits[card] = False
                    self._begin(card + 1)
                self._lifted(card)

    def _uncovered(self, card: int) -> None:
        if not self.on_top[card]:
            self.on_top[card] = True
            self._lifted(card)

    def _lifted(self, card: int) -> None:
        """``card``'s copy lay uncovered on a place or went: the cards below it in suit
        that could now be put on a place."""
        while not self.up[card] and (self.on_top[card] or (_RANK[card] < QUEEN and self.went_any[card]
                                                           and self.up[card + 1])):
            self.up[card] = True
            if _RANK[card] == ACE:
                return
            card -= 1
            self._make_ready(card)

    def _make_ready(self, card: int) -> None:
        if self.ready[card]:
            return
        self.ready[card] = True
        for i in self.copies[card]:
            if self.gone[i]:
                continue
            w = self.where[i]
            if w >= 0:
                if self.at[i] == self.top[w]:
                    self.due.append(i)
            elif w == -1:
                k = self.at[i]
                if k == self.cards_top or (k < self.reach and self.late):
                    self.due.append(i)
            else:
                self.due.append(i)
