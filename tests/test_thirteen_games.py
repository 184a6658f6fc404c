"""Камень преткновения and Тринадцать кучек: ../shared/spec/RULES.md §3 and §4, rule by rule."""

from __future__ import annotations

import pytest

from pygame_engine import IllegalMoveError, registry
from pygame_engine.cards import cards_text, parse_card
from pygame_engine.deal import shuffled
from pygame_engine.piles import ACE_TO_KING, fits_down_in_suit
from rules.thirteen_common import ThirteenPilesBase as ThirteenGame
from rules.thirteen_common import ThirteenState
from tests.conftest import perft, random_game

BLOCK = registry.get("stumbling_block")
PILES13 = registry.get("thirteen_piles")


def cards(text: str) -> tuple[int, ...]:
    return tuple(parse_card(w) for w in text.split())


def position(
    piles: tuple[str, ...],
    foundations: tuple[str, ...] = (),
    stage: int = 0,
    dealing: int = 0,
    stock: str = "",
    waste: str = "",
    passes: int = 0,
    max_passes: int = 3,
) -> ThirteenState:
    """A crafted position; piles bottom card first, piles not given hold a lone KC."""
    t = tuple(cards(p) for p in piles) + (cards("KC"),) * (13 - len(piles))
    f = tuple(cards(x) for x in foundations) + ((),) * (8 - len(foundations))
    return ThirteenState(4, f, t, stage, dealing, cards(stock), cards(waste), passes, max_passes)


def legal(game: object, state: ThirteenState) -> set[str]:
    return {str(m) for m in registry.get(game.id).legal_moves(state)}  # type: ignore[attr-defined]


def refuse(game: object, state: ThirteenState, move: str, words: str) -> None:
    with pytest.raises(IllegalMoveError, match=words):
        registry.get(game.id).play(state, move)  # type: ignore[attr-defined]


@pytest.mark.parametrize(("game", "golden"), [(BLOCK, "JC 5C 8C AC 9C 7H 5S 3C 3C 7S"),
                                              (PILES13, "AS 7D KC AS 9S 8S 7H 7H QC 2S")])
def test_the_deal(game: object, golden: str) -> None:
    g = registry.get(game.id)  # type: ignore[attr-defined]
    deck = shuffled(g.id, 1, 0, list(range(52)) * 2)
    assert cards_text(deck[:10]) == golden
    state = g.new(1)
    assert [len(p) for p in state.piles] == list(range(2, 15))
    assert state.piles[0] == tuple(deck[0:2]) and state.piles[1] == tuple(deck[2:5])
    assert state.piles[12] == tuple(deck[-14:])


# --- ordinary moves, shared ---------------------------------------------------------


@pytest.mark.parametrize("game", [BLOCK, PILES13])
def test_ordinary_moves(game: object) -> None:
    state = position(("5S 9D", "3H TD", "AH", "7C 2H", ""), foundations=("AD",))
    moves = legal(game, state)
    # An ace goes to any empty foundation, any card to an empty pile.
    assert {"t1>t2", "t3>f2", "t3>f3", "t3>t5", "t1>t5"} <= moves
    assert "t4>f2" not in moves and "t1>f1" not in moves
    refuse(game, state, "t4>f1", "two of diamonds")
    refuse(game, state, "t2>t1", "built down in suit")
    refuse(game, state, "t1:2>t5", "only the top card")
    refuse(game, state, "f1>t5", "never leave a foundation")
    refuse(game, state, "t5>t1", "t5 is empty")
    refuse(game, state, "t1>x1", "no card may be put")
    after = registry.get(game.id).play(state, "t1>t2")  # type: ignore[attr-defined]
    assert after.piles[1] == cards("3H TD 9D") and after.piles[0] == cards("5S")


@pytest.mark.parametrize("game", [BLOCK, PILES13])
def test_foundations_go_up_from_the_ace_to_the_king(game: object) -> None:
    state = position(("KS", "QS", "2S"), foundations=("AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS",))
    assert "t2>f1" in legal(game, state)
    refuse(game, state, "t1>f1", "queen of spades")
    refuse(game, state, "t3>f2", "empty foundation takes only an ace")
    done = registry.get(game.id).play(state, "t2>f1")  # type: ignore[attr-defined]
    assert registry.get(game.id).play(done, "t1>f1").foundations[0][-1] == parse_card("KS")  # type: ignore[attr-defined]


# --- Камень преткновения: the review -------------------------------------------------------


def test_the_review_goes_from_pile_13_down_once() -> None:
    state = position(("2C",))
    stages = []
    for _ in range(14):
        state = BLOCK.play(state, "review")
        stages.append(state.stage)
    assert stages == [13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, -1]
    refuse(BLOCK, state, "review", "review is over")
    assert "review" not in legal(BLOCK, state)
    refuse(BLOCK, state, "review t4", "takes no pile")


def test_a_review_move_takes_a_card_with_every_card_on_it() -> None:
    # Pile 13 is under review: its 6H fits on 7H (pile 1), with 2C and 9S on it.
    state = position(("4D 7H", "", "KD", *("KC",) * 9, "JC 6H 2C 9S"), stage=13)
    moves = legal(BLOCK, state)
    assert {"t13:3>t1", "t13:3>t2", "t13:4>t2", "t13:2>t2"} <= moves
    after = BLOCK.play(state, "t13:3>t1")
    assert after.piles[0] == cards("4D 7H 6H 2C 9S") and after.piles[12] == cards("JC")
    refuse(BLOCK, state, "t13:2>t1", "built down in suit")  # 2C does not go on 7H
    refuse(BLOCK, state, "t13:3>f1", "one card at a time")
    refuse(BLOCK, state, "t13:5>t2", "holds only 4 cards")


def test_a_review_move_comes_only_from_the_pile_under_review() -> None:
    base = position(("4D 7H", "JC 6H 2C", ""))
    refuse(BLOCK, base, "t2:2>t1", "until the review begins")
    reviewing_2 = position(("4D 7H", "JC 6H 2C", ""), stage=2)
    assert "t2:2>t1" in legal(BLOCK, reviewing_2) and "t2:2>t3" in legal(BLOCK, reviewing_2)
    reviewing_5 = position(("4D 7H", "JC 6H 2C", ""), stage=5)
    refuse(BLOCK, reviewing_5, "t2:2>t1", "the pile under review is t5")
    over = position(("4D 7H", "JC 6H 2C", ""), stage=-1)
    refuse(BLOCK, over, "t2:2>t1", "review is over")


def test_cards_put_on_the_pile_under_review_are_reviewed_too() -> None:
    state = position(("4D 7H", "JC 6H", "5H"), stage=2)
    state = BLOCK.play(state, "t3>t2")  # an ordinary move onto the pile under review
    assert "t2:2>t1" in legal(BLOCK, state)


def test_what_the_review_button_says() -> None:
    state = position(("2C",))
    assert BLOCK.next_action(state).ru == "Начать просмотр: стопка 13"
    assert BLOCK.next_action(position(("2C",), stage=13)).en == "Next pile: 12"
    assert BLOCK.next_action(position(("2C",), stage=1)).ru == "Закончить просмотр"
    assert BLOCK.next_action(position(("2C",), stage=-1)) is None
    assert BLOCK.review_early(position(("2C", "3C"))) and not BLOCK.review_early(position(("2C",)))


def test_the_review_over_and_no_move_is_lost() -> None:
    assert BLOCK.status(position(("2C",), stage=-1)) == "lost"
    assert BLOCK.status(position(("2C",), stage=1)) == "playing"


# --- Тринадцать кучек: the steps -----------------------------------------------------------


def test_steps_1_to_13_reverse_each_pile_in_turn() -> None:
    state = PILES13.new(2)
    for k in range(13):
        after = PILES13.play(state, "step")
        assert after.piles[k] == state.piles[k][::-1]
        assert after.piles[:k] + after.piles[k + 1 :] == state.piles[:k] + state.piles[k + 1 :]
        state = after
    assert state.stage == 13 and state.dealing == 13


def test_reversing_an_empty_pile_changes_nothing() -> None:
    state = position(("", "2C 3D"), stage=0)
    after = PILES13.play(state, "step")
    assert after.piles == state.piles and after.stage == 1


def test_dealing_rows_top_card_first_with_a_short_last_row() -> None:
    pile13 = "AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AH 2H"  # 15 cards: a row of 12, then 3
    state = position(("",) * 12 + (pile13,), stage=13, dealing=13)
    assert PILES13.next_action(state).ru == "Разложить стопку 13"
    row1 = PILES13.play(state, "step")
    top_first = list(reversed(cards(pile13)))
    assert [p[-1] for p in row1.piles[:12]] == top_first[:12], "pile 1 gets the top card, pile 2 the next"
    assert row1.piles[0] == cards("2H"), "an empty pile receives a card too"
    assert row1.piles[12] == cards("AS 2S 3S") and row1.dealing == 13
    row2 = PILES13.play(row1, "step")
    assert [p[-1] for p in row2.piles[:3]] == top_first[12:] and row2.piles[12] == ()
    assert row2.piles[3] == row1.piles[3], "the last row is short"
    assert PILES13.next_action(row2).ru == "Разложить стопку 12"


def test_an_empty_piles_turn_is_skipped() -> None:
    state = position(("2C", "3C", "4C") + ("",) * 10, stage=13, dealing=13)
    after = PILES13.play(state, "step")  # piles 13 … 4 are empty: pile 3 deals onto 1 and 2
    assert after.dealing == 3 and after.piles[0] == cards("2C 4C") and after.piles[2] == ()
    assert PILES13.next_action(after).ru == "Разложить стопку 2"


def test_ordinary_moves_between_rows_and_the_dealt_pile_keeps_its_top() -> None:
    state = position(("8H",) + ("",) * 11 + ("AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS 7H",), stage=13, dealing=13)
    assert "t13>t1" in legal(PILES13, state)
    moved = PILES13.play(state, "t13>t1")
    row = PILES13.play(moved, "step")
    assert row.piles[0] == cards("8H 7H QS")


def test_the_last_step_makes_pile_1_the_stock_and_leafing_has_three_passes() -> None:
    state = position(("4D 9S 3C",) + ("",) * 12, stage=13, dealing=2)
    assert PILES13.next_action(state).ru == "Перелистать стопку 1"
    refuse(PILES13, state, "draw", "no stock yet")
    leaf = PILES13.play(state, "step")
    assert leaf.stage == 14 and leaf.piles[0] == () and leaf.stock == cards("4D 9S 3C") and leaf.passes == 1
    assert PILES13.next_action(leaf) is None
    refuse(PILES13, leaf, "step", "every step is done")
    drawn = PILES13.play(leaf, "draw")
    assert drawn.waste == cards("3C"), "the pile is leafed from its top card down"
    for _ in range(2):
        drawn = PILES13.play(drawn, "draw")
    refuse(PILES13, drawn, "draw", "stock is empty")
    for passes in (2, 3):
        drawn = PILES13.play(drawn, "redeal")
        assert drawn.passes == passes and drawn.stock == leaf.stock
        for _ in range(3):
            drawn = PILES13.play(drawn, "draw")
    refuse(PILES13, drawn, "redeal", "only 3 passes")
    assert PILES13.status(drawn) == "lost"


def test_the_passes_option() -> None:
    one = PILES13.new(3, {"passes": 1})
    assert one.max_passes == 1 and PILES13.new(3).max_passes == 3
    state = position(("4D",) + ("",) * 12, stage=14, stock="", waste="9S", passes=1, max_passes=1)
    refuse(PILES13, state, "redeal", "only 1 pass through")
    with pytest.raises(ValueError, match="cannot be 4"):
        PILES13.new(3, {"passes": 4})


def test_the_waste_top_goes_only_to_a_foundation() -> None:
    state = position(("5D",) + ("",) * 12, foundations=("AS",), stage=14, waste="2S", passes=1)
    assert "w>f1" in legal(PILES13, state)
    refuse(PILES13, state, "w>t2", "goes only to a foundation")
    refuse(PILES13, state, "w:2>f1", "only the top card of the waste")
    refuse(PILES13, state, "s>f1", "turned with 'draw'")


PERFT = [
    ("stumbling_block", 1, [2, 5, 23, 103]),
    ("stumbling_block", 3, [10, 58, 543, 4290]),
    ("thirteen_piles", 1, [3, 17, 106, 558]),
    ("thirteen_piles", 2, [26, 459, 5412]),
]


@pytest.mark.parametrize(("game_id", "deal", "counts"), PERFT)
def test_move_counts_on_fixed_deals(game_id: str, deal: int, counts: list[int]) -> None:
    game = registry.get(game_id)

    assert [perft(game, game.new(deal), d) for d in range(1, len(counts) + 1)] == counts


def _card_moves_one_by_one(state: ThirteenState) -> list[str]:
    """The ordinary moves as the rules say them, pile by pile, each target tried in turn."""
    moves = []
    for i, pile in enumerate(state.piles):
        if not pile:
            continue
        top = pile[-1]
        for j, f in enumerate(state.foundations):
            if ACE_TO_KING.accepts(f, top):
                moves.append(f"t{i + 1}>f{j + 1}")
        for j, other in enumerate(state.piles):
            if j != i and (not other or fits_down_in_suit(top, other[-1])):
                moves.append(f"t{i + 1}>t{j + 1}")
    return moves


@pytest.mark.parametrize("game", [BLOCK, PILES13], ids=lambda g: g.id)
def test_the_ordinary_moves_found_by_table_are_the_rules_moves_in_order(game: ThirteenGame) -> None:
    seen = 0
    for deal in range(1, 7):
        for seed in range(3):
            for state, _ in random_game(game, deal, seed, max_moves=300):
                found = [f"{m.src}>{m.dst}" for m in game.ordinary_moves(state)]
                assert found == _card_moves_one_by_one(state), (deal, seed)
                seen += bool(found)
    assert seen > 500, "the random games pass through positions with card moves"
