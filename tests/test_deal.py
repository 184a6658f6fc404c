"""The deal generator of ../shared/spec/RULES.md "Deals", pinned by its golden deals."""

from __future__ import annotations

import pytest

from pygame_engine.cards import card_text, cards_text, full_deck, parse_card, rank, suit
from pygame_engine.deal import SplitMix64, fnv1a64, seed_for, shuffled

GOLDEN = [
    ("topsy_turvy_queens", 1, "4D TH KC 9D JH 2H 3C 8H 8S 7D"),
    ("shrewish_queens", 1, "KH 6H 9C TS 2D 9S 7H 6C TH 8H"),
    ("stumbling_block", 1, "JC 5C 8C AC 9C 7H 5S 3C 3C 7S"),
    ("thirteen_piles", 1, "AS 7D KC AS 9S 8S 7H 7H QC 2S"),
    ("hard_rug", 1, "5D 3H 5H 6C 7S AS JS 2C 2D 5S"),
    ("hard_rug", 2, "8D 7D 6S KH 3C 6D KD 8H 2C 6C"),
]


@pytest.mark.parametrize(("game_id", "deal", "first_ten"), GOLDEN)
def test_golden_deals(game_id: str, deal: int, first_ten: str) -> None:
    decks = 1 if game_id == "hard_rug" else 2
    assert cards_text(shuffled(game_id, deal, 0, full_deck(decks))[:10]) == first_ten


def test_fnv1a64_known_values() -> None:
    assert fnv1a64(b"") == 0xCBF29CE484222325
    assert fnv1a64(b"a") == 0xAF63DC4C8601EC8C
    assert seed_for("hard_rug", 1, 0) == fnv1a64(b"hard_rug/1/0")


def test_splitmix64_reference_sequence() -> None:
    # The reference implementation seeded with 0 starts with these outputs.
    rng = SplitMix64(0)
    assert [rng.next() for _ in range(3)] == [0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4, 0x06C45D188009454F]


def test_below_rejects_the_biased_top() -> None:
    class Scripted(SplitMix64):
        def __init__(self, outputs: list[int]) -> None:
            super().__init__(0)
            self.outputs = outputs

        def next(self) -> int:
            return self.outputs.pop(0)

    n = 3
    limit = (1 << 64) - ((1 << 64) % n)
    assert Scripted([limit, limit + 1, 7]).below(n) == 1
    with pytest.raises(ValueError):
        SplitMix64(1).below(0)


def test_negative_deals_and_events_are_refused() -> None:
    with pytest.raises(ValueError):
        seed_for("hard_rug", -1, 0)


def test_card_numbering() -> None:
    assert [card_text(c) for c in (0, 12, 13, 26, 39, 51)] == ["AS", "KS", "AH", "AD", "AC", "KC"]
    assert all(parse_card(card_text(c)) == c for c in range(52))
    assert (suit(parse_card("TH")), rank(parse_card("TH"))) == (1, 10)
    with pytest.raises(ValueError):
        parse_card("1S")
