"""What piles accept, as data, for the games built of piles of cards.

A foundation is described by the order of ranks it is built in, within one suit;
a tableau pile here is always built down in suit. Piles are tuples of cards, bottom
card first, so ``pile[-1]`` is the top.

>>> from pygame_engine.cards import parse_card as c
>>> KING_TO_QUEEN.accepts((c("KH"), c("AH")), c("2H")), KING_TO_QUEEN.accepts((), c("AH"))
(True, False)
>>> after = KING_TO_QUEEN.successors()
>>> [card_text(after[c(top)]) for top in ("KH", "AH", "JH")], c("QH") in after
(['AH', '2H', 'QH'], False)
>>> fits_down_in_suit(c("7S"), c("8S")), fits_down_in_suit(c("7H"), c("8S"))
(True, False)
>>> run_length((c("9D"), c("8S"), c("7S"), c("6S")))
3
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import pairwise
from typing import Final

from pygame_engine.cards import RANKS, card_text, make_card, rank, suit

Cards = tuple[int, ...]
"""A pile, its bottom card first and its top card last."""
Piles = tuple[Cards, ...]
"""A row of piles: the foundations, the columns or the places."""


@dataclass(frozen=True, slots=True)
class Foundation:
    """A foundation built in one suit through ``order`` (ranks), starting with ``order[0]``."""

    order: tuple[int, ...]

    @property
    def base(self) -> int:
        """The rank an empty foundation takes."""
        return self.order[0]

    def full(self, pile: tuple[int, ...]) -> bool:
        return len(pile) == len(self.order)

    def accepts(self, pile: tuple[int, ...], card: int) -> bool:
        """Whether ``card`` goes on ``pile`` next."""
        if not pile:
            return rank(card) == self.order[0]
        n = len(pile)
        return n < len(self.order) and suit(card) == suit(pile[0]) and rank(card) == self.order[n]

    def successors(self) -> dict[int, int]:
        """The card a started pile takes next, by its top card (none on a complete pile)."""
        return {make_card(s, r): make_card(s, after) for s in range(4) for r, after in pairwise(self.order)}

    def needs(self, pile: tuple[int, ...]) -> str:
        """In words, what the pile takes next (for error messages)."""
        if not pile:
            name = RANK_NAMES[self.order[0]]
            return f"an empty foundation takes only {'an' if name[0] in 'aeiou' else 'a'} {name}"
        if self.full(pile):
            return "the foundation is complete"
        return f"the foundation takes only the {RANK_NAMES[self.order[len(pile)]]} of {SUIT_NAMES[suit(pile[0])]}"


KING_TO_QUEEN: Final = Foundation((13, *range(1, 13)))
"""K, A, 2, …, Q: the foundations of the two queens games."""
ACE_TO_KING: Final = Foundation(tuple(range(1, 14)))
"""A, 2, …, K."""

RANK_NAMES: Final = {r: n for r, n in zip(range(1, 14), (
    "ace", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "jack", "queen", "king"
), strict=True)}
SUIT_NAMES: Final = ("spades", "hearts", "diamonds", "clubs")
assert len(RANKS) == 13


def fits_down_in_suit(card: int, onto: int) -> bool:
    """``card`` is ``onto``'s suit and one rank lower (nothing goes on an ace)."""
    return card == onto - 1 and rank(onto) != 1


BELOW_IN_SUIT: Final = tuple(onto - 1 if fits_down_in_suit(onto - 1, onto) else -1 for onto in range(52))
"""The card that goes down in suit onto each card, ``-1`` on an ace: :func:`fits_down_in_suit`
as a table, for a search's move list."""


def run_length(pile: tuple[int, ...]) -> int:
    """How many cards at the top of ``pile`` form a descending run in one suit."""
    if not pile:
        return 0
    n = 1
    while n < len(pile) and fits_down_in_suit(pile[-n], pile[-n - 1]):
        n += 1
    return n


def explain_onto(card: int, pile: tuple[int, ...]) -> str | None:
    """Why ``card`` may not go on ``pile``, built down in suit (an empty pile takes it)."""
    if pile and not fits_down_in_suit(card, pile[-1]):
        return (f"{card_text(card)} cannot go on {card_text(pile[-1])}: piles are built down in suit "
                "(one rank lower, the same suit)")
    return None


def explain_stock(
    verb: str, stock: tuple[int, ...], waste: tuple[int, ...], passes: int, max_passes: int
) -> str | None:
    """Why ``draw`` or ``redeal`` may not be done on a stock turned one card at a time onto a
    waste; ``max_passes`` 0 is unlimited."""
    if verb == "draw":
        return None if stock else "the stock is empty: turn the waste back with 'redeal'"
    if stock:
        return "the stock still has cards: the waste is turned back only when the stock is empty"
    if not waste:
        return "the waste is empty: there is nothing to turn back"
    if max_passes and passes >= max_passes:
        return f"only {max_passes} pass{'es' if max_passes > 1 else ''} through the stock are allowed"
    return None


def replace(piles: Piles, index: int, pile: Cards) -> Piles:
    """``piles`` with one pile replaced."""
    return (*piles[:index], pile, *piles[index + 1 :])


def pile_number(pile_id: str, prefix: str, count: int) -> int | None:
    """``"t3"`` with prefix ``"t"`` → index 2, when 1 ≤ 3 ≤ count; ``None`` otherwise."""
    if not pile_id.startswith(prefix):
        return None
    digits = pile_id[len(prefix) :]
    if not digits.isdigit() or digits.startswith("0"):
        return None
    n = int(digits)
    return n - 1 if 1 <= n <= count else None
