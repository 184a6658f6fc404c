"""Сложный коврик: every rule of ../shared/spec/RULES.md §5, each with a legal and an illegal case."""

from __future__ import annotations

import random

import pytest

from pygame_engine import IllegalMoveError, Move, registry
from pygame_engine.cards import card_text, cards_text, parse_card
from pygame_engine.deal import shuffled
from pygame_engine.save import dumps, loads
from pygame_engine.solver import solve
from rules.hard_rug import GAP, RugState, cell_index, safe_chain_move
from rules.hard_rug_board import Token, _tokens, board_key
from tests.conftest import UNTIMED, perft, without, won_history

GAME = registry.get("hard_rug")


def grid(*rows: str, reshuffles: int = 0, deal: int = 5) -> RugState:
    """A crafted position: four rows of 14 cells, ``--`` for a gap."""
    cells: list[int] = []
    for row in rows:
        words = row.split()
        assert len(words) == 14, row
        cells += [GAP if w == "--" else parse_card(w) for w in words]
    return RugState(deal, tuple(cells), reshuffles)


# Every kind of gap: a2 after an ace (takes 2S), a14 after a king, d1 a first cell
# with two free aces (AC at b14, AD at d14), d2 after a gap.
POSITION = grid(
    "AS -- 3S 4S 5S 6S 7S 8S 9S TS JS QS KS --",
    "2S 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AC",
    "AH 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC 2D",
    "-- -- 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD",
)


def board_token(src: str, dst: str) -> Token:
    """The search board's move between two named cells."""
    at, to = cell_index(src), cell_index(dst)
    assert at is not None and to is not None, (src, dst)
    return _tokens()[at][to]


def moves_into(state: RugState, cell: str) -> set[str]:
    return {str(m) for m in GAME.legal_moves(state) if m.dst == cell}


def refuse(state: RugState, move: str, words: str) -> None:
    with pytest.raises(IllegalMoveError, match=words):
        GAME.play(state, move)


def test_the_deal_lays_13_cards_a_row_and_a_gap_at_each_end() -> None:
    state = GAME.new(1)
    deck = shuffled("hard_rug", 1, 0, list(range(52)))
    assert cards_text(deck[:10]) == "5D 3H 5H 6C 7S AS JS 2C 2D 5S"
    for row in range(4):
        assert state.cells[row * 14 : row * 14 + 13] == tuple(deck[row * 13 : row * 13 + 13])
        assert state.cells[row * 14 + 13] == GAP
    assert card_text(state.cells[0]) == "5D"


def test_a_gap_takes_the_next_rank_of_the_left_suit() -> None:
    assert moves_into(POSITION, "a2") == {"b1>a2"}
    assert GAME.play(POSITION, "b1>a2").cells[1] == parse_card("2S")
    refuse(POSITION, "b2>a2", "takes only 2S")  # 2H: the right rank, another suit
    refuse(POSITION, "c3>a2", "takes only 2S")  # 3C: another rank


def test_nothing_follows_a_king() -> None:
    assert moves_into(POSITION, "a14") == set()
    refuse(POSITION, "b2>a14", "king on its left")
    assert GAME.gap_reason(POSITION, "a14") == "king_left"
    assert GAME.gap_reason(POSITION, "a2") is None


def test_nothing_follows_a_gap() -> None:
    assert moves_into(POSITION, "d2") == set()
    refuse(POSITION, "d3>d2", "gap on its left")
    assert GAME.gap_reason(POSITION, "d2") == "gap_left"


def test_a_first_cell_takes_only_a_free_ace() -> None:
    assert moves_into(POSITION, "d1") == {"b14>d1", "d14>d1"}
    assert GAME.play(POSITION, "d14>d1").cells[cell_index("d1") or 0] == parse_card("AD")
    refuse(POSITION, "d3>d1", "takes only an ace")
    refuse(POSITION, "c1>d1", "already in a first cell")
    assert GAME.gap_reason(POSITION, "d1") is None


def test_no_free_ace_is_reported_where_no_ace_can_come() -> None:
    # With one deck a first-cell gap always leaves a free ace somewhere (four aces,
    # at most three other first cells), so the reason needs a grid short of an ace.
    short = grid(
        "AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS --",
        "AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH --",
        "AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC --",
        "-- 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD --",
    )
    assert GAME.gap_reason(short, "d1") == "no_free_ace"
    assert moves_into(short, "d1") == set()
    with pytest.raises(ValueError, match="not a gap"):
        GAME.gap_reason(short, "a1")


def test_every_move_is_one_card_into_a_gap() -> None:
    refuse(POSITION, "b1:2>a2", "one card")
    refuse(POSITION, "b1>a3", "holds a card")
    refuse(POSITION, "a2>a14", "is a gap")
    refuse(POSITION, "b1>e3", "no cell 'e3'")
    refuse(POSITION, "draw", "has no move 'draw'")
    after = GAME.play(POSITION, "b1>a2")
    assert after.cells[cell_index("b1") or 0] == GAP, "the cell left becomes a gap"


# No card move: every gap is in column 14 behind a king. Chains: a1-a3, b1-b3, d1.
STUCK = grid(
    "AS 2S 3S 7D 9C 4H JD 6H 2C 8H 5D 3C KH --",
    "AH 2H 3H 9S 5H TS 7H 4C 8S QD 6S 4D KS --",
    "JS QC 2D 7S 8D TC 6C QS JC 5C 3D 6D KD --",
    "AC AD 9H 4S 8C 9D TD 5S QH JH TH 7C KC --",
)


def test_the_stuck_position_has_no_card_move() -> None:
    assert sorted(c for c in STUCK.cells if c != GAP) == list(range(52))
    assert [str(m) for m in GAME.legal_moves(STUCK)] == ["reshuffle"]


def test_a_reshuffle_needs_a_dead_end() -> None:
    refuse(POSITION, "reshuffle", "only when no move is left")
    assert GAME.explain(STUCK, Move("reshuffle")) is None


def test_a_reshuffle_keeps_the_ace_chains_and_lays_the_rest_behind_them() -> None:
    after = GAME.play(STUCK, "reshuffle")
    assert after.reshuffles == 1
    kept = STUCK.cells[0:3] + STUCK.cells[14:17] + STUCK.cells[42:43]
    assert after.cells[0:3] + after.cells[14:17] + after.cells[42:43] == kept
    assert all(after.cells[r * 14 + 13] == GAP for r in range(4))
    assert GAP not in [c for r in range(4) for c in after.cells[r * 14 : r * 14 + 13]]
    loose = sorted(c for c in STUCK.cells if c != GAP and c not in kept)
    dealt = shuffled("hard_rug", STUCK.deal, 1, loose)
    laid = list(after.cells[3:13] + after.cells[17:27] + after.cells[28:41] + after.cells[43:55])
    assert laid == dealt, "the loose cards, sorted, shuffled with the event's seed, laid row by row"
    assert GAME.play(STUCK, "reshuffle") == after, "the same reshuffle every time"


def test_five_reshuffles_and_no_more() -> None:
    spent = RugState(STUCK.deal, STUCK.cells, 5)
    refuse(spent, "reshuffle", "all 5 reshuffles are used")
    assert GAME.legal_moves(spent) == [] and GAME.status(spent) == "lost"
    four = RugState(STUCK.deal, STUCK.cells, 4)
    assert GAME.play(four, "reshuffle").reshuffles == 5


def test_won_when_every_row_runs_ace_to_king() -> None:
    won = grid(
        "AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH --",
        "AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS --",
        "AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC --",
        "AD 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD --",
    )
    assert GAME.is_won(won) and GAME.status(won) == "won" and GAME.legal_moves(won) == []
    refuse(won, "reshuffle", "won")
    swapped = list(won.cells)
    swapped[0], swapped[14] = swapped[14], swapped[0]
    assert not GAME.is_won(RugState(won.deal, tuple(swapped)))


@pytest.mark.parametrize(("deal", "counts"), [(1, [4, 18, 85, 388]), (2, [4, 16, 66, 282]), (3, [3, 13, 53, 201])])
def test_move_counts_on_fixed_deals(deal: int, counts: list[int]) -> None:
    assert [perft(GAME, GAME.new(deal), d) for d in (1, 2, 3, 4)] == counts


def test_a_whole_game_won_undone_redone_saved_and_loaded() -> None:
    history = won_history(GAME, 1, max_nodes=100_000)
    assert GAME.status(history.state) == "won"
    won = history.state
    while history.can_undo():
        history.undo()
    assert history.state == GAME.new(1)
    while history.can_redo():
        history.redo()
    assert history.state == won
    assert loads(dumps(history)).state == won


def test_the_option_without_reshuffles() -> None:
    state = GAME.new(4, {"reshuffles": 0})
    stuck = RugState(state.deal, STUCK.cells, 0, 0)
    assert GAME.legal_moves(stuck) == [] and GAME.status(stuck) == "lost"
    refuse(stuck, "reshuffle", "without reshuffles")
    assert GAME.new(4).limit == 5


def test_the_search_board_plays_like_the_states() -> None:
    # Along random games, the in-place grid offers the same moves in the same order as
    # search_moves (every card move, or a safe move alone), plays and takes back each card
    # move exactly, and keys positions alike: its running key is the key of the grid made
    # afresh, and no two grids share one.
    grids: dict[int, tuple[int, ...]] = {}

    def cells_key(state: RugState) -> int:
        key = board_key(state.cells)
        assert grids.setdefault(key, state.cells) == state.cells
        return key

    rng = random.Random(7)
    start = GAME.new(1, {"reshuffles": 0})
    short = RugState(0, tuple(GAP if c == parse_card("AS") else c for c in start.cells), 0, 0)
    starts = [GAME.new(deal, {"reshuffles": 0}) for deal in range(1, 6)] + [short]
    alone = 0
    for state in starts:
        board = GAME.search_board(state)  # type: ignore[attr-defined]
        assert board is not None
        for _ in range(60):
            moves = GAME.card_moves(state)  # type: ignore[attr-defined]
            searched = [m for macro in GAME.search_moves(state) for m in macro]  # type: ignore[attr-defined]
            tokens = board.children(set())
            assert [m for t in tokens for m in board.moves(t)] == searched
            alone += len(searched) < len(moves)
            assert board.won() == GAME.is_won(state)
            assert board.key() == cells_key(state)
            if not moves:
                break
            assert board.children({cells_key(state)}) == tokens, "no move leads back"
            assert board.children({cells_key(GAME.apply(state, m)) for m in searched}) == []
            for move in moves:
                after, token = GAME.apply(state, move), board_token(move.src, move.dst)
                assert board.wins(token) == GAME.is_won(after)
                board.play(token)
                assert board.key() == cells_key(after)
                board.unplay(token)
                assert board.key() == cells_key(state)
            move = rng.choice(moves)
            board.play(board_token(move.src, move.dst))
            state = GAME.apply(state, move)
    assert alone > 10


def test_the_search_board_offers_no_move_for_a_card_missing_from_the_grid() -> None:
    # A grid made short of 5S (its cell a fifth gap): the gap after 4S takes nothing.
    short = grid(
        "AS 2S 3S 4S -- 6S 7S 8S 9S TS JS QS KS --",
        "AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH -- KH",
        *CLUBS_AND_DIAMONDS_DONE,
    )
    assert [str(m) for m in GAME.legal_moves(short)] == ["b14>b13"]
    board = GAME.search_board(RugState(0, short.cells, 0, 0))  # type: ignore[attr-defined]
    assert [str(m) for t in board.children(set()) for m in board.moves(t)] == ["b14>b13"]


CLUBS_AND_DIAMONDS_DONE = (
    "AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC --",
    "AD 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD --",
)


def test_the_search_board_sees_the_winning_move() -> None:
    almost = grid(
        "AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS -- KS",
        "AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH --",
        *CLUBS_AND_DIAMONDS_DONE,
    )
    board = GAME.search_board(RugState(0, almost.cells, 0, 0))  # type: ignore[attr-defined]
    assert not board.won()
    assert [board.wins(t) for t in board.children(set())] == [True]
    verdict = solve(GAME, RugState(0, almost.cells, 0, 0), max_seconds=UNTIMED)
    assert verdict.result == "won" and [str(m) for m in verdict.line] == ["a14>a13"]


def test_the_search_boards_walk_sees_a_winning_ace() -> None:
    # The walk tries a child for a win only when its card leaves the last column. On a grid
    # made by hand an ace may lie there: the king's move, then the ace's into a1, wins.
    before = grid(
        "-- 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS",
        "AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH -- KH",
        *CLUBS_AND_DIAMONDS_DONE,
    )
    board = GAME.search_board(RugState(0, before.cells, 0, 0))  # type: ignore[attr-defined]
    king = board_token("b14", "b13")
    path: list[Token] = []
    made, winner = board.walk(path, [[king]], set(), 100)
    assert made == 1 and path == [king] and winner is not None
    assert [str(m) for m in board.moves(winner)] == ["a14>a1"]
    board.play(winner)
    assert board.won()


CHAIN_TO_3S = (
    "AS 2S 3S -- 6H 7H 8H 9H TH JH QH KH 5H --",
    "AH 2H 3H 4H 4C 5C 6C 7C 8C 9C TC JC QC --",
)
LAST_ROW = "8S 9S TS JS QS KS AC 2C 3C KC TD JD QD KD"


@pytest.mark.parametrize(("rows", "safe"), [
    # a4 follows AS 2S 3S, and 4S at c5 has 5S on its right: 5S can never get there first.
    ((*CHAIN_TO_3S, "AD 2D 3D 7S 4S 5S 6S 4D 5D 6D 7D 8D 9D --", LAST_ROW), ("c5", "a4")),
    # 4S at c5 with 6S on its right: 5S might be set there first, so every move is searched.
    ((*CHAIN_TO_3S, "AD 2D 3D 7S 4S 6S 5S 4D 5D 6D 7D 8D 9D --", LAST_ROW), None),
    # 4S in the last column: no card ever follows it there.
    ((*CHAIN_TO_3S, "AD 2D 3D 7S -- 6S 5S 4D 5D 6D 7D 8D 9D 4S", LAST_ROW), ("c14", "a4")),
    # a4 follows 3S, but not a chain from an ace in column 1.
    (("2S AS 3S -- 6H 7H 8H 9H TH JH QH KH 5H --", CHAIN_TO_3S[1],
      "AD 2D 3D 7S 4S 5S 6S 4D 5D 6D 7D 8D 9D --", LAST_ROW), None),
    # A king, whatever lies on its right: nothing ever follows a king (the first of two safe moves).
    (("AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS -- KH", "AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KS --",
      "AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC -- KC QC", CLUBS_AND_DIAMONDS_DONE[1]), ("b13", "a13")),
    # a1 and the last ace outside column 1, with its 2 on its right: no other ace can ever
    # come to a1, and AS can go nowhere else (found before the king's safe move at b13).
    (("-- 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS 2S", "AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH -- KH",
      *CLUBS_AND_DIAMONDS_DONE), ("a13", "a1")),
    # The last ace outside column 1 in the last column: nothing ever follows it there.
    (("-- 3S 4S 5S 6S 7S 8S 9S TS JS QS KS 2S AS", "AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH -- KH",
      *CLUBS_AND_DIAMONDS_DONE), ("a14", "a1")),
    # The last ace with a gap on its right: 2S may step there first, so every move is searched.
    (("-- 3S 4S 5S 6S 7S 8S 9S TS JS QS AS -- 2S", "AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH KS",
      *CLUBS_AND_DIAMONDS_DONE), None),
])
def test_a_safe_move_is_searched_alone(rows: tuple[str, ...], safe: tuple[str, str] | None) -> None:
    state = RugState(0, grid(*rows).cells, 0, 0)  # no reshuffle left: the grid searches itself
    moves = [str(m) for m in GAME.legal_moves(state)]
    searched = [str(m) for macro in GAME.search_moves(state) for m in macro]  # type: ignore[attr-defined]
    board = GAME.search_board(state)  # type: ignore[attr-defined]
    assert [str(m) for t in board.children(set()) for m in board.moves(t)] == searched
    if safe is None:
        assert searched == moves and safe_chain_move(state.cells) is None
    else:
        assert searched == [f"{safe[0]}>{safe[1]}"] and len(moves) > 1
        assert safe_chain_move(state.cells) == (cell_index(safe[0]), cell_index(safe[1]))


@pytest.mark.parametrize(("deal", "result"), [(8, "lost"), (17, "won")])
def test_the_safe_moves_decide_whole_deals_as_every_move_does(deal: int, result: str) -> None:
    # The search with safe moves alone (the grid's own search) against the search of every
    # legal move on states: the same verdict, through fewer positions.
    start = GAME.new(deal, {"reshuffles": 0})
    reduced = solve(GAME, start, max_nodes=400_000, max_seconds=UNTIMED)
    plain = solve(without(without(GAME, "search_board"), "search_moves"), start, max_nodes=400_000, max_seconds=UNTIMED)
    assert reduced.result == plain.result == result
    assert reduced.nodes < plain.nodes
    if result == "won":
        assert GAME.is_won(GAME.replay(deal, reduced.line, {"reshuffles": 0}))
