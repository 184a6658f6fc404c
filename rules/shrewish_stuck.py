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

Where both copies of a card are places' bottom cards, they share what takes them. One
that goes home while no card one rank higher could lie on a place takes the one
foundation that may be waiting for it: the other then goes home only once the suit's
second foundation could take it (both kings have come and both copies of each card
between have gone), or onto a place. One that goes onto a place while no foundation
could take it covers the one card it could go onto, unless a second copy of that card
could lie on a place: the other then waits for that second copy or for a foundation.
Which of the two goes first makes no difference: each lies alone on its place, and the
same positions follow but for which place holds the copy left behind.

A card that has gone covers nothing any more, and a card put on a place covers nothing
either. Each time a bottom card leaves, the pile's next cards land: the kings before the
next card go home, and the card becomes a place of its own. Whatever goes under the stock
comes back only after the stock's present cards, so it is taken as free to play (a king
as home) once the last of them is drawn: a queen's packet of five, and the reserve's
bottom cards that a penalty sends round. Everything happens in the relaxed game no later
than in the real one (by induction over the real game's moves, two places that each
hold a copy of one card alone counted alike), so if the pile is not used up when the
relaxed game has played everything it lets go, it never is: the game is lost.

Which of the reserve's cards could go round is bounded, so that the others stay where
they lie, under the cards above them. A queen drawn that does not fit sends the
reserve's bottom three under the stock (the queen among them if the reserve holds no
more). While the stock's present cards are drawn, the reserve holds every card of the
reserve-and-stock pile laid so far that has not been played nor sent round; the relaxed
game has played at least as many, so the reserve's bottom three lie no higher than the
third lowest of those it has neither played nor marked. Each queen drawn marks them, and
every card up to the highest marked may have gone round (``round``): those come back after
the last draw, free to play, and the queens among them may be drawn again.

After the last draw, the reserve's cards left above ``round`` (``rest``) can only be
played from the top down, so one of them goes round only after every one below it has
gone round (all but two): with ``n`` queens still to be drawn, at most the lowest ``3n``
of ``rest`` go, and with them any card below the next one of ``rest``. The queens to be
drawn are those that may have gone round, those in the packets of the landings, and
each queen among the cards they send round in turn. A queen drawn then lies above the
rest of ``rest``, so she goes round again only if all of it goes; if the relaxed game
plays all of it, every card was free after all, and the game played is the one with
every card free after the last draw.

The relaxed game is played forward once, each card, foundation and place looked at only
when something changes for it: measured in ``docs/decisions.md``. The draw by which it
uses the pile up is, by the same induction, a bound on how soon the real game can
(:func:`pile_used_up_by`), which beams use to rank positions. The tests check that the
proof never fires, and that the bound holds, along the won games of seven deals.
"""

from __future__ import annotations

from typing import Final

from pygame_engine.cards import ACE, KING, QUEEN, rank, suit
from pygame_engine.piles import Cards, Piles

# The piles are typed as the tuples they are (``Cards``, ``Piles``), and the tables below
# are ``Final``, so that the compiled build indexes them directly instead of through
# Python's generic calls (a fifth of a test's time: ``docs/decisions.md``).

_RANK: Final = tuple(rank(card) for card in range(52))
"""Each card's rank, looked up rather than worked out in the inner loops."""
_SUIT: Final = tuple(suit(card) for card in range(52))
"""Each card's suit, likewise."""


def _card(s: int, r: int) -> int:
    """The card of suit ``s`` and rank ``r`` (``pygame_engine.cards.make_card``, here so
    that the compiled module calls it without leaving C)."""
    return s * 13 + r - 1


def pile_used_up_by(foundations: Piles, tableau: Piles, stock: Cards, aux: Cards, reserve: Cards, *,
                    aux_penalty: int, reserve_penalty: int) -> int:
    """How many draws the relaxed game takes to use the auxiliary pile up (0 if it is
    already): a bound on how soon the real game can, counted in the stock's present
    cards (one more than their number when it needs what comes round after them); ``-1``
    when it never does, so that the game is lost (the proof: the module's docstring). A
    search may rank positions by it: the sooner the pile may be used up, the more of the
    game is still open. Every pile has its top card last. The rules' sizes come from the
    caller: the cards a queen landed sends under the stock with her (``aux_penalty``),
    and the reserve's bottom cards a queen drawn sends round (``reserve_penalty``)."""
    return relaxed_run(foundations, tableau, stock, aux, reserve, aux_penalty=aux_penalty,
                       reserve_penalty=reserve_penalty)[0]


def relaxed_run(foundations: Piles, tableau: Piles, stock: Cards, aux: Cards, reserve: Cards, *,
                aux_penalty: int, reserve_penalty: int) -> tuple[int, int]:
    """:func:`pile_used_up_by`'s answer, and how many of the next draws leave it to be
    read off: the number ``k`` such that, for each ``j < k``, the reserve's top card after
    ``j`` draws (none drawn: the reserve's present top) stays where it lies until the
    next draw in the relaxed game. Then the relaxed game after ``j + 1`` draws of cards
    that are neither kings nor queens, with nothing else moved, is this one ``j + 1``
    draws on: the card drawn covers a top card that the relaxed game did not play before
    it came, and the same cards go at the same draws (``-1`` stays ``-1``; otherwise the
    answer is ``j + 1`` less)."""
    if not aux:
        return 0, 0
    world = _World(foundations, tableau, stock, aux[::-1], aux_penalty, reserve, reserve_penalty)
    world.run()
    return world.used_up_by, world.kept


class _World:
    """The relaxed game played forward draw by draw, every card played the moment it may
    be, and the auxiliary pile's cards landing as the places empty."""

    def __init__(self, foundations: Piles, tableau: Piles, stock: Cards, pile: Cards, packet_size: int,
                 reserve: Cards, penalty: int) -> None:
        # The reserve and the stock as one pile, each card with the draw that lays it;
        # the kings among the stock's cards go home at theirs.
        cards = list(reserve)
        self.laid = [0] * len(reserve)
        self.kings = [-1] * (len(stock) + 1)  # by draw, the suit of the king it brings (-1: none)
        for k in range(1, len(stock) + 1):
            card = stock[-k]
            if _RANK[card] == KING:
                self.kings[k] = _SUIT[card]
            else:
                cards.append(card)
                self.laid.append(k)
        self.pile = pile
        self.packet_size = packet_size  # the cards a queen landed sends under the stock with her
        self.next = 0  # the auxiliary pile's next card
        self.used_up_by = -1  # the draw by which the pile is used up (-1: never)
        self.penalty = penalty  # the reserve's bottom cards a queen drawn sends under the stock
        self.round = -1  # the highest card of the reserve-and-stock pile that may have gone round
        self.queens = 0  # the queens in the packets of the landings so far
        self.rest: list[int] = []  # after the last draw: that pile's cards above ``round`` left
        self.owed = 0  # after the last draw, how many of ``rest`` the penalties may send round
        self.edge = 0  # after the last draw, the pile's cards below it are free
        self.late = False  # the stock's present cards are all drawn
        self.kept = 0  # the draws from the first on before which the top card (laid or the reserve's) stayed
        self.packets: list[int] = []  # the packets' cards, to come after the stock's present cards
        # Every card by a number: the places' cards, the reserve-and-stock pile's, then
        # the landed and the packets' as they come; ``where`` its pile (a place's number,
        # the reserve-and-stock pile as -1, a packet's card as -2), ``at`` its height in it.
        self.places: list[Cards] = list(tableau)
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
        # Each card's copies in play by number, two slots a card (-1: none): a card has
        # two copies, and those home are not in play.
        self.copies = [-1] * 104
        for i, card in enumerate(self.value):
            self._copy(card, i)
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
        self.foundations = foundations
        self.both_gone = [0, 0, 0, 0]  # by suit, the ranks from the ace up with both copies home or gone
        self.bottom_home = [False] * 52  # a place's bottom copy went home with no place to go
        self.waiting: dict[int, list[int]] = {}  # bottom copies kept back from home, by card
        self.bottom_put = [False] * 52  # a place's bottom copy went onto a place, not home
        self.waiting_put: dict[int, list[int]] = {}  # bottom copies kept back from a place, by card
        self.bare: set[int] = set()  # the copies that have lain uncovered on a place
        self.due: list[int] = []  # cards that may go now
        for p, place in enumerate(tableau):
            if place:
                self._uncovered(self.first[p] + len(place) - 1)
        for f in foundations:
            if f:
                self.begun[_SUIT[f[0]]] += 1
                self._begin(_card(_SUIT[f[0]], len(f)))

    def run(self) -> bool:
        """Play every draw, then what comes round after them; whether the auxiliary pile
        is still not used up at the end."""
        for draw, king in enumerate(self.kings):
            if king >= 0:
                self._king(king)
            elif draw and self.shown < len(self.laid) and self.laid[self.shown] == draw:
                self.cards_top = self.shown
                self.shown += 1
                if _RANK[self.value[self.in_cards + self.cards_top]] == QUEEN:
                    self._sent_round()
                if self.ready[self.value[self.in_cards + self.cards_top]]:
                    self.due.append(self.in_cards + self.cards_top)
            top = self.shown - 1  # the card laid by this draw, or before any the reserve's top
            # Nothing new may go unless a card is due, or a king may let a kept copy go.
            if self.due or (king >= 0 and (self.waiting or self.waiting_put)):
                self._play()
                if self.next >= len(self.pile):
                    self.used_up_by = draw
                    return False
            if self.kept == draw and king < 0 and (top < 0 or not self.gone[self.in_cards + top]):
                self.kept = draw + 1
        # After the last draw: the cards that went under the stock, free to play.
        self.late = True
        base = self.in_cards
        self.rest = [k for k in range(self.round + 1, len(self.laid)) if not self.gone[base + k]]
        self.edge = self.round + 1
        for k in range(self.edge):
            if not self.gone[base + k] and self.ready[self.value[base + k]]:
                self.due.append(base + k)
        self._more_queens(self.queens + sum(1 for k in range(self.edge) if _RANK[self.value[base + k]] == QUEEN))
        self._packet(tuple(self.packets))
        self._play()
        if self.next >= len(self.pile):
            self.used_up_by = len(self.kings)
        return self.next < len(self.pile)

    def _king(self, s: int) -> None:
        """A king of suit ``s`` goes home: it begins a foundation if one is left to begin."""
        if self.begun[s] < 2:
            self.begun[s] += 1
            self._begin(_card(s, ACE))

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
        self.first.append(len(self.value))
        self.top.append(0)
        self._add(card, len(self.places), 0)
        self.places.append((card,))
        self._uncovered(self.first[-1])
        if _RANK[card] == QUEEN:
            packet = pile[self.next : self.next + self.packet_size]
            self.next += self.packet_size
            queens = sum(1 for card in packet if _RANK[card] == QUEEN)
            if self.late:
                self._more_queens(queens)
                self._packet(packet)
            else:
                self.queens += queens
                self.packets += packet

    def _sent_round(self) -> None:
        """A queen is drawn: she may send the reserve's bottom cards under the stock, the
        lowest of those still there."""
        k, left = self.round, self.penalty
        while left and k < self.cards_top:
            k += 1
            if not self.gone[self.in_cards + k]:
                left -= 1
        self.round = k

    def _more_queens(self, queens: int) -> None:
        """After the last draw, ``queens`` more may be drawn, each sending round the
        lowest three of the reserve's cards: the pile's cards left above ``round`` may go
        round up to three per queen, and with them any card below the next one left
        (and a queen among them may be drawn in turn)."""
        base, value = self.in_cards, self.value
        while queens:
            self.owed += self.penalty * queens
            queens = 0
            taken = min(self.owed, len(self.rest))
            edge = self.rest[taken] if taken < len(self.rest) else len(self.laid)
            for k in range(self.edge, edge):
                card = value[base + k]
                if _RANK[card] == QUEEN:
                    queens += 1
                if not self.gone[base + k] and self.ready[card]:
                    self.due.append(base + k)
            self.edge = max(self.edge, edge)

    def _packet(self, cards: Cards) -> None:
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
        self._copy(card, i)
        if self.ready[card]:
            self.due.append(i)

    def _copy(self, card: int, i: int) -> None:
        """Note number ``i`` as a copy of ``card``."""
        self.copies[2 * card + (self.copies[2 * card] >= 0)] = i

    def _gone(self, card: int) -> int:
        """How many copies of ``card`` in play have gone."""
        first, second = self.copies[2 * card], self.copies[2 * card + 1]
        return (first >= 0 and self.gone[first]) + (second >= 0 and self.gone[second])

    def _settle(self) -> None:
        """Play every card that may go now, and what their going lets go."""
        due, gone = self.due, self.gone
        while due:
            i = due.pop()
            if gone[i]:
                continue
            card, w = self.value[i], self.where[i]
            if w >= 0 and self.at[i] == 0 and self._kept_back(i, card):
                continue
            gone[i] = True
            if w >= 0:
                k = self.top[w] = self.at[i] - 1
                if k < 0:
                    self._land()
                else:
                    below = self.places[w][k]
                    self._uncovered(self.first[w] + k)
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

    def _kept_back(self, i: int, card: int) -> bool:
        """Whether a place's bottom copy ``i`` of ``card``, about to go, waits instead for
        what its twin, also a bottom copy, has taken: the one foundation that could take
        it, or the one card it could go onto. The first of the two to go is noted."""
        if not (_RANK[card] < QUEEN and self.up[card + 1]):  # it can only go home
            if self.bottom_home[card] and not self._released(True, card):
                self.waiting.setdefault(card, []).append(i)
                return True
            self.bottom_home[card] = True
        elif not self.reached[card]:  # it can only go onto a place
            if self.bottom_put[card] and not self._released(False, card):
                self.waiting_put.setdefault(card, []).append(i)
                return True
            self.bottom_put[card] = True
        return False

    def _second_home(self, card: int) -> bool:
        """Whether the suit's second foundation could take ``card``: both its kings have
        come, and both copies of each card below it are home or gone."""
        s = _SUIT[card]
        if self.begun[s] < 2:
            return False
        done = self.both_gone[s]
        while done < _RANK[card] - 1:
            below = _card(s, done + 1)
            home = sum(1 for f in self.foundations if f and _SUIT[f[0]] == s and len(f) > done + 1)
            if home + self._gone(below) < 2:
                break
            done += 1
        self.both_gone[s] = done
        return done >= _RANK[card] - 1

    def _let_go(self, card: int) -> None:
        """The bottom copies of ``card`` kept back from home may go now."""
        if card in self.waiting:
            self.due += self.waiting.pop(card)

    def _hosts(self, card: int) -> int:
        """How many copies of ``card`` could lie on top of a place: those that have lain
        uncovered on one, and those gone that could have been put on one."""
        put = _RANK[card] < QUEEN and self.up[card + 1]
        hosts = 0
        for i in self.copies[2 * card : 2 * card + 2]:
            if i >= 0 and (i in self.bare or (put and self.gone[i])):
                hosts += 1
        return hosts

    def _released(self, home: bool, card: int) -> bool:
        """Whether the second bottom copy of ``card`` may go now: home, once the suit's
        second foundation could take it; onto a place, once a foundation could take it or
        a second copy of the card one rank higher could lie on a place."""
        if home:
            return self._second_home(card)
        return self.reached[card] or self._hosts(card + 1) >= 2

    def _play(self) -> None:
        """Play every card that may go now, then the bottom copies kept back that may go
        now and what they let go, until nothing more may (the copies kept back are looked
        at once the plays are done, as that is when what they wait for may have come)."""
        self._settle()
        while self.waiting or self.waiting_put:
            home = [card for card in self.waiting if self._released(True, card)]
            onto = [card for card in self.waiting_put if self._released(False, card)]
            if not home and not onto:
                return
            for card in home:
                self._let_go(card)
            for card in onto:
                self.due += self.waiting_put.pop(card)
            self._settle()

    def _uncovered(self, i: int) -> None:
        """Copy ``i`` lies uncovered on a place."""
        self.bare.add(i)
        card = self.value[i]
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
            self._let_go(card)
            self._make_ready(card)

    def _make_ready(self, card: int) -> None:
        if self.ready[card]:
            return
        self.ready[card] = True
        for i in self.copies[2 * card : 2 * card + 2]:
            if i < 0 or self.gone[i]:
                continue
            w = self.where[i]
            if w >= 0:
                if self.at[i] == self.top[w]:
                    self.due.append(i)
            elif w == -1:
                k = self.at[i]
                if k == self.cards_top or (self.late and k < self.edge):
                    self.due.append(i)
            else:
                self.due.append(i)
