"""The deal generator, fixed exactly by ../shared/spec/RULES.md "Deals".

Seeds are FNV-1a 64-bit hashes of ``"<game>/<deal>/<event>"``, the generator is
splitmix64, and shuffles are Fisher–Yates from the last index down. Only integer
arithmetic modulo 2**64 is used, so the same deal comes out of every Python version
and of any second implementation.

>>> from pygame_engine.cards import cards_text
>>> cards_text(shuffled("hard_rug", 1, 0, list(range(52)))[:10])
'5D 3H 5H 6C 7S AS JS 2C 2D 5S'
"""

from __future__ import annotations

from typing import Final

MASK64: Final = (1 << 64) - 1
FNV_OFFSET: Final = 0xCBF29CE484222325
FNV_PRIME: Final = 0x100000001B3


def fnv1a64(data: bytes) -> int:
    """FNV-1a, 64 bits."""
    h = FNV_OFFSET
    for byte in data:
        h = ((h ^ byte) * FNV_PRIME) & MASK64
    return h


def seed_for(game_id: str, deal: int, event: int) -> int:
    """The seed of a deal's event: 0 is the deal's shuffle, k >= 1 its k-th random event."""
    if deal < 0 or event < 0:
        raise ValueError(f"deal and event must not be negative: {deal}, {event}")
    return fnv1a64(f"{game_id}/{deal}/{event}".encode())


class SplitMix64:
    """The splitmix64 generator with the unbiased ``below(n)`` of ../shared/spec/RULES.md."""

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = seed & MASK64

    def next(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & MASK64
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in ``0 … n-1`` by rejection of the biased top range."""
        if n <= 0:
            raise ValueError(f"below() needs a positive bound, got {n}")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self.next()
            if x < limit:
                return x % n


def shuffle_in_place(cards: list[int], rng: SplitMix64) -> None:
    """Fisher–Yates from the last index down; index 0 ends up as the top card."""
    for i in range(len(cards) - 1, 0, -1):
        j = rng.below(i + 1)
        cards[i], cards[j] = cards[j], cards[i]


def shuffled(game_id: str, deal: int, event: int, cards: list[int]) -> list[int]:
    """A new list: ``cards`` shuffled with the seed of ``game/deal/event``."""
    result = list(cards)
    shuffle_in_place(result, SplitMix64(seed_for(game_id, deal, event)))
    return result


def event_rng(game_id: str, deal: int, event: int) -> SplitMix64:
    """The generator of one random event of a deal."""
    return SplitMix64(seed_for(game_id, deal, event))
