"""Дамы кувырком: every rule of ../shared/spec/RULES.md §1, each with a legal and an illegal case."""

from __future__ import annotations

import pytest

from pygame_engine import IllegalMoveError, Move, registry
from pygame_engine.cards import cards_text, parse_card
from pygame_engine.deal import shuffled
from pygame_engine.save import dumps, loads
from rules.topsy_turvy_queens import NONE, TopsyState
from tests.conftest import perft, won_history

GAME = registry.get("topsy_turvy_queens")
KING_TO_QUEEN = "KS AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS"


def cards(text: str) -> tuple[int, ...]:
    return tuple(parse_card(w) for w in text.split())


def position(
    foundations: tuple[str, ...] = (),
    prisoners: str = "",
    tableau: tuple[str, ...] = (),
    stock: str = "",
    waste: str = "",
    passes: int = 1,
    max_passes: int = 0,
) -> TopsyState:
    """A crafted position; piles written bottom card first, ``--`` for a prisoner gone.

    Columns not given hold a lone ace of clubs, which nothing in these tests moves.
    """
    f = tuple(cards(x) for x in foundations) + ((),) * (8 - len(foundations))
    p = tuple(NONE if w == "--" else parse_card(w) for w in prisoners.split())
    p += (parse_card("5C"),) * (7 - len(p))
    t = tuple(cards(x) for x in tableau) + (cards("AC"),) * (8 - len(tableau))
    return TopsyState(9, f, p, t, cards(stock), cards(waste), passes, max_passes)


def refuse(state: TopsyState, move: str, words: str) -> None:
    with pytest.raises(IllegalMoveError, match=words):
        GAME.play(state, move)


def legal(state: TopsyState) -> set[str]:
    return {str(m) for m in GAME.legal_moves(state)}


def test_the_deal() -> None:
    state = GAME.new(1)
    deck = shuffled("topsy_turvy_queens", 1, 0, list(range(52)) * 2)
    assert cards_text(deck[:10]) == "4D TH KC 9D JH 2H 3C 8H 8S 7D"
    assert state.prisoners == tuple(deck[:7])
    assert [len(c) for c in state.tableau] == [4] * 8
    assert state.tableau[0] == tuple(deck[7:11]), "each column from its bottom card up"
    assert state.tableau[7] == tuple(deck[35:39])
    assert len(state.stock) == 65 and state.stock[-1] == deck[39], "the next card dealt is the stock's top"
    assert state.waste == () and all(f == () for f in state.foundations)


def test_a_king_goes_to_the_leftmost_empty_foundation() -> None:
    state = position(tableau=("KH", "KS"))
    assert {m for m in legal(state) if m.endswith(("f1", "f2"))} == {"t1>f1", "t2>f1"}
    refuse(state, "t1>f2", "leftmost empty foundation, f1")
    after = GAME.play(state, "t1>f1")
    assert legal(after) >= {"t2>f2"}
    refuse(after, "t2>f3", "leftmost empty foundation, f2")


def test_foundations_go_king_ace_two_up_to_queen_in_suit() -> None:
    state = position(foundations=("KS",), tableau=("AS", "AH", "2S"))
    assert "t1>f1" in legal(state)
    refuse(state, "t2>f1", "ace of spades")
    refuse(state, "t3>f1", "ace of spades")
    refuse(state, "t2>f2", "empty foundation takes only a king")
    nearly = position(foundations=(KING_TO_QUEEN[:-3],), tableau=("QS", "KS"))
    assert GAME.play(nearly, "t1>f1").foundations[0] == cards(KING_TO_QUEEN)
    refuse(position(foundations=(KING_TO_QUEEN,), tableau=("AS",)), "t1>f1", "complete")


def test_a_foundation_takes_one_card_at_a_time() -> None:
    refuse(position(foundations=("KS",), tableau=("3S 2S AS",)), "t1:2>f1", "one card at a time")


def test_cards_never_leave_a_foundation() -> None:
    refuse(position(foundations=("KS AS",), tableau=("3H",)), "f1>t1", "never leave a foundation")


def test_columns_are_built_down_in_suit() -> None:
    state = position(tableau=("8S", "7S", "7H", "9S"))
    assert {"t2>t1"} <= legal(state)
    refuse(state, "t3>t1", "built down in suit")
    refuse(state, "t4>t1", "built down in suit")
    refuse(position(tableau=("AS", "2S")), "t2>t1", "built down in suit")


def test_a_same_suit_run_moves_as_a_unit() -> None:
    state = position(tableau=("9H 8S 7S 6S", "9S", "QD 7H 6S"))
    after = GAME.play(state, "t1:3>t2")
    assert after.tableau[1] == cards("9S 8S 7S 6S") and after.tableau[0] == cards("9H")
    assert "t1:2>t2" not in legal(state)  # 7S does not go on 9S
    refuse(state, "t1:2>t2", "built down in suit")
    refuse(state, "t1:4>t4", "not a descending run in one suit")
    refuse(state, "t3:2>t4", "not a descending run in one suit")
    refuse(state, "t2:2>t4", "holds only 1 card")


def test_an_empty_column_takes_any_card_or_run() -> None:
    state = position(tableau=("9H 8S 7S 6S", "", "QD"), waste="4C")
    assert {"t1>t2", "t1:2>t2", "t1:3>t2", "t3>t2", "w>t2"} <= legal(state)
    refuse(state, "t2>t3", "t2 is empty")


def test_the_waste_top_goes_to_a_foundation_or_a_column() -> None:
    state = position(foundations=("KD AD",), tableau=("3D",), waste="5C 2D")
    assert {"w>f1", "w>t1"} <= legal(state)
    refuse(state, "w:2>t1", "only the top card of the waste")
    refuse(position(), "w>t1", "waste is empty")


def test_draw_and_redeal_restore_the_order() -> None:
    state = position(stock="2C 3C 4C")  # 4C is the top
    drawn = GAME.play(state, "draw")
    assert drawn.waste == cards("4C") and drawn.stock == cards("2C 3C")
    refuse(drawn, "redeal", "stock still has cards")
    for _ in range(2):
        drawn = GAME.play(drawn, "draw")
    refuse(drawn, "draw", "stock is empty")
    again = GAME.play(drawn, "redeal")
    assert again.stock == state.stock and again.waste == () and again.passes == 2
    refuse(position(), "redeal", "nothing to turn back")


def test_redeals_are_unlimited_but_book_rules_allow_three_passes() -> None:
    for max_passes, third_redeal_ok in ((0, True), (3, False)):
        state = position(stock="2C", max_passes=max_passes)
        for _ in range(2):
            state = GAME.play(GAME.play(state, "draw"), "redeal")
        state = GAME.play(state, "draw")
        assert state.passes == 3
        if third_redeal_ok:
            assert GAME.play(state, "redeal").passes == 4
        else:
            refuse(state, "redeal", "only 3 passes")
            assert "redeal" not in legal(state)
    assert GAME.new(4, {"book_rules": True}).max_passes == 3
    assert GAME.new(4).max_passes == 0


def test_a_prisoner_waits_for_its_full_foundation_and_goes_only_home() -> None:
    waiting = position(foundations=(KING_TO_QUEEN[:-3], "KH"), prisoners="AH", tableau=("QS",))
    refuse(waiting, "p1>f2", "stays face down until f1 holds all 13 cards")
    freed = GAME.play(waiting, "t1>f1")
    assert "p1>f2" in legal(freed)
    refuse(freed, "p1>t2", "only to a foundation")
    gone = GAME.play(freed, "p1>f2")
    assert gone.prisoners[0] == NONE and gone.foundations[1] == cards("KH AH")
    refuse(gone, "p1>f2", "p1 is empty")


def test_a_freed_king_goes_to_the_leftmost_empty_foundation() -> None:
    state = position(foundations=(KING_TO_QUEEN, "KH"), prisoners="KD")
    assert {m for m in legal(state) if m.startswith("p1")} == {"p1>f3"}
    refuse(state, "p1>f4", "leftmost empty foundation, f3")
    refuse(state, "p1>t1", "only to a foundation")


def test_no_card_goes_onto_the_stock_waste_or_a_prisoner() -> None:
    state = position(tableau=("5H",), waste="4H")
    for dst in ("s", "w", "p2"):
        refuse(state, f"t1>{dst}", f"no card may be put on {dst}")
    refuse(state, "t1>q1", "no pile 'q1'")
    refuse(state, "s>t2", "turned with 'draw'")
    refuse(state, "shuffle", "no move 'shuffle'")


def test_won_and_lost() -> None:
    won = position(foundations=tuple(KING_TO_QUEEN.replace("S", s) for s in "SHDCSHDC"), prisoners="-- " * 7)
    assert GAME.is_won(won) and GAME.status(won) == "won"
    # Nothing moves now, and neither card in the stock or waste will ever fit: lost,
    # although draw and redeal could go on for ever.
    stuck = position(foundations=("KS AS",), tableau=("9H", "4C"), stock="7D", waste="JD")
    assert legal(stuck) == {"draw"} and GAME.status(stuck) == "lost"
    # A card in the waste that fits after a redeal keeps the game alive...
    alive = position(foundations=("KS AS",), tableau=("9H",), stock="7D", waste="8H 3D")
    assert GAME.status(alive) == "playing"
    # ...unless book rules have used up the passes.
    spent = position(foundations=("KS AS",), tableau=("9H",), stock="7D", waste="8H 3D", passes=3, max_passes=3)
    assert GAME.status(spent) == "lost"


def test_tap_destinations_try_the_foundation_first_then_cycle() -> None:
    state = position(foundations=("KS AS",), tableau=("3S", "2S", "3S", ""))
    assert [str(m) for m in GAME.destinations(state, "t2")] == ["t2>f1", "t2>t1", "t2>t3", "t2>t4"]
    assert GAME.destinations(state, "t1") == [Move.parse("t1>t4")]


@pytest.mark.parametrize(
    ("deal", "counts"), [(1, [2, 5, 14, 37, 115]), (2, [4, 13, 36, 94, 255]), (3, [3, 8, 20, 42, 62])]
)
def test_move_counts_on_fixed_deals(deal: int, counts: list[int]) -> None:
    assert [perft(GAME, GAME.new(deal), d) for d in range(1, 6)] == counts


def test_a_whole_game_won_through_the_checked_path() -> None:
    history = won_history(GAME, 7, max_nodes=50_000)
    assert GAME.status(history.state) == "won"
    assert loads(dumps(history)).state == history.state
