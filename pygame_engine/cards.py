"""Cards as small integers.

A card is an ``int`` from 0 to 51: ``suit * 13 + rank - 1`` with the suits in the
order ♠ ♥ ♦ ♣ and ranks A = 1 … K = 13 (../shared/spec/RULES.md, "Deals"). A two-deck game simply
holds every integer twice: the two copies are the same value, so they are equal in
every rule and in every state key.

>>> card_text(parse_card("QS")), rank(parse_card("QS")), suit(parse_card("QS"))
('QS', 12, 0)
>>> [card_text(c) for c in (0, 13, 26, 51)]
['AS', 'AH', 'AD', 'KC']
"""

from __future__ import annotations

from typing import Final

SUITS: Final = "SHDC"
"""Suit letters in card order: spades, hearts, diamonds, clubs."""
SUIT_SYMBOLS: Final = "♠♥♦♣"
RANKS: Final = "A23456789TJQK"
"""Rank letters, index 0 is the ace (rank 1)."""
RANKS_RU: Final = ("Т", "2", "3", "4", "5", "6", "7", "8", "9", "10", "В", "Д", "К")
"""Russian indices: туз, валет, дама, король."""

ACE: Final = 1
JACK: Final = 11
QUEEN: Final = 12
KING: Final = 13


def make_card(suit_index: int, rank_value: int) -> int:
    """The card of suit ``suit_index`` (0 … 3) and rank ``rank_value`` (1 … 13)."""
    return suit_index * 13 + rank_value - 1


def suit(card: int) -> int:
    """Suit index 0 … 3 (♠ ♥ ♦ ♣)."""
    return card // 13


def rank(card: int) -> int:
    """Rank 1 (ace) … 13 (king)."""
    return card % 13 + 1


def is_red(card: int) -> bool:
    """Hearts and diamonds."""
    return suit(card) in (1, 2)


def card_text(card: int) -> str:
    """Short text such as ``"TH"`` (ten of hearts); the inverse of :func:`parse_card`."""
    return RANKS[card % 13] + SUITS[card // 13]


def parse_card(text: str) -> int:
    """Read a card written as by :func:`card_text`; ``ValueError`` on anything else."""
    if len(text) != 2 or text[0] not in RANKS or text[1] not in SUITS:
        raise ValueError(f"not a card: {text!r} (expected rank A23456789TJQK and suit SHDC, e.g. 'TH')")
    return SUITS.index(text[1]) * 13 + RANKS.index(text[0])


def cards_text(cards: tuple[int, ...] | list[int]) -> str:
    """Cards joined by spaces, as the golden deals are written."""
    return " ".join(card_text(c) for c in cards)


def full_deck(decks: int = 1) -> list[int]:
    """``[0 … 51]`` once per deck, in card order."""
    return list(range(52)) * decks
