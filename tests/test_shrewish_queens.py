"""Строптивые дамы: ../shared/spec/RULES.md §2, rule by rule, on crafted positions."""

from __future__ import annotations

import dataclasses
import random
from collections import Counter

import pytest

from pygame_engine import IllegalMoveError, registry
from pygame_engine.cards import QUEEN, cards_text, parse_card, rank
from pygame_engine.deal import event_rng, shuffled
from pygame_engine.game import Step
from pygame_engine.layout import Layout, Slot
from pygame_engine.moves import CARD_MOVE, Move
from pygame_engine.solver import solve
from rules import shrewish_search
from rules.shrewish_queens import ShrewState
from rules.shrewish_search import NEVER
from rules.shrewish_stuck import pile_used_up_by
from tests.conftest import UNTIMED, perft, won_history

GAME = registry.get("shrewish_queens")
SPADES_TO_JACK = "KS AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS"


def cards(text: str) -> tuple[int, ...]:
    return tuple(parse_card(w) for w in text.split())


def position(
    tableau: tuple[str, ...] = (),
    foundations: tuple[str, ...] = (),
    stock: str = "",
    aux: str = "",
    reserve: str = "",
    turned: bool = False,
) -> ShrewState:
    """Piles bottom card first (so the last card is the top); places not given hold a lone 2C."""
    t = tuple(cards(x) for x in tableau) + (cards("2C"),) * (8 - len(tableau))
    f = tuple(cards(x) for x in foundations) + ((),) * (8 - len(foundations))
    return ShrewState(6, f, t, cards(stock), cards(aux), cards(reserve), turned)


def refuse(state: ShrewState, move: str, words: str) -> None:
    with pytest.raises(IllegalMoveError, match=words):
        GAME.play(state, move)


def legal(state: ShrewState) -> set[str]:
    return {str(m) for m in GAME.legal_moves(state)}


# --- the initial deal ---------------------------------------------------------------------


def test_the_deal_auxiliary_pile_stock_and_places() -> None:
    deck = shuffled("shrewish_queens", 1, 0, list(range(52)) * 2)
    assert cards_text(deck[:10]) == "KH 6H 9C TS 2D 9S 7H 6C TH 8H"
    for deal in range(40):
        state = GAME.new(deal)
        assert Counter(c for p in GAME.piles(state).values() for c in p) == Counter(list(range(52)) * 2)
        assert all(len(t) == 1 for t in state.tableau), "one card on each place"
        assert all(rank(t[0]) != 13 for t in state.tableau), "no king stays in the layout"
        assert sorted(len(f) for f in state.foundations if f) == [1] * sum(1 for f in state.foundations if f)


def test_a_dealt_queen_is_replaced_and_put_back_where_the_draw_says() -> None:
    # Find a deal whose first eight stock cards hold exactly one queen and no king.
    for deal in range(500):
        deck = shuffled("shrewish_queens", deal, 0, list(range(52)) * 2)
        dealt = deck[32:40]
        queens = [i for i, c in enumerate(dealt) if rank(c) == QUEEN]
        if len(queens) == 1 and all(rank(c) != 13 for c in deck[32:41]) and rank(deck[40]) != QUEEN:
            break
    else:
        pytest.fail("no suitable deal in 500")
    state = GAME.new(deal)
    i = queens[0]
    assert state.tableau[i] == (deck[40],), "the next stock card takes the queen's place"
    stock_after_pops = 104 - 32 - 9
    from_top = event_rng("shrewish_queens", deal, 1).below(stock_after_pops + 1)
    assert state.stock[len(state.stock) - 1 - from_top] == dealt[i], "the queen is back at its drawn position"
    assert len(state.stock) == stock_after_pops + 1
    assert state.aux == tuple(reversed(deck[:32])), "no refill: the auxiliary pile is untouched, its top the first card"


def test_dealt_kings_go_home_and_their_places_are_refilled_from_the_auxiliary_pile() -> None:
    for deal in range(300):
        deck = shuffled("shrewish_queens", deal, 0, list(range(52)) * 2)
        dealt = deck[32:40]
        if sum(rank(c) == 13 for c in dealt) == 1 and not any(rank(c) == QUEEN for c in dealt) \
                and rank(deck[0]) not in (QUEEN, 13):
            break
    else:
        pytest.fail("no suitable deal in 300")
    state = GAME.new(deal)
    i = next(j for j, c in enumerate(dealt) if rank(c) == 13)
    assert state.foundations[0] == (dealt[i],)
    assert state.tableau[i] == (deck[0],), "the top of the auxiliary pile fills the place"
    assert len(state.aux) == 31


# --- moves by the player --------------------------------------------------------------------


def test_one_card_from_the_reserve_or_a_place_to_a_foundation_or_down_in_suit() -> None:
    state = position(("9H", "8H", "7S"), foundations=("KH AH 2H 3H 4H 5H 6H",), stock="3D", reserve="5C 7H",
                     aux="4D 4C")
    moves = legal(state)
    assert {"r>f1", "r>t2", "t2>t1"} <= moves and "r>t1" not in moves
    refuse(state, "t3>t2", "built down in suit")
    refuse(state, "t3>f1", "seven of hearts")
    refuse(state, "f1>t1", "never leave a foundation")
    refuse(state, "r:2>t1", "one at a time")
    refuse(state, "a>t1", "auxiliary pile is dealt only by refilling")
    refuse(state, "s>t1", "turned with 'draw'")
    after = GAME.play(state, "r>f1")
    assert after.foundations[0][-1] == parse_card("7H") and after.reserve == cards("5C")


def test_an_empty_place_takes_no_card_from_the_player() -> None:
    state = position(("9H", ""), stock="3D", reserve="8H")
    refuse(state, "r>t2", "empty place takes no card")
    assert "r>t2" not in legal(state)


# --- drawing and the queen penalty ------------------------------------------------------------


def test_a_drawn_king_goes_home() -> None:
    state = position(foundations=("KS",), stock="3D KH", reserve="5C", aux="4D")
    after = GAME.play(state, "draw")
    assert after.foundations[1] == cards("KH") and after.reserve == cards("5C") and after.stock == cards("3D")
    assert GAME.steps(state, GAME.legal_moves(state)[-1]) == [
        Step("draw", cards("KH"), "s", "r"), Step("king home", cards("KH"), "r", "f2")]


def test_a_drawn_queen_that_fits_goes_home() -> None:
    state = position(foundations=(SPADES_TO_JACK,), stock="3D QS", reserve="5C", aux="4D")
    after = GAME.play(state, "draw")
    assert after.foundations[0][-1] == parse_card("QS") and after.reserve == cards("5C")


def test_a_queen_on_an_empty_reserve_goes_straight_under_the_stock() -> None:
    state = position(stock="3D QH", aux="4D")
    after = GAME.play(state, "draw")
    assert after.reserve == () and after.stock == cards("QH 3D")


def test_a_queen_on_two_cards_sends_all_three_under_the_stock_lowest_first() -> None:
    state = position(stock="3D QH", reserve="5C 6C", aux="4D")
    after = GAME.play(state, "draw")
    assert after.reserve == ()
    assert after.stock == cards("QH 6C 5C 3D"), "5C, the lowest, is the next of the three to be drawn"


def test_a_queen_on_many_cards_stays_and_the_bottom_three_go() -> None:
    state = position(stock="3D QH", reserve="5C 6C 7C 8D 9D", aux="4D")
    after = GAME.play(state, "draw")
    assert after.reserve == cards("8D 9D QH"), "the queen stays on top"
    assert after.stock == cards("7C 6C 5C 3D")
    assert [s.what for s in GAME.steps(state, GAME.legal_moves(state)[-1])] == ["draw", "reserve penalty"]


# --- rule R: refilling -----------------------------------------------------------------------


def test_an_emptied_place_is_refilled_from_the_auxiliary_pile() -> None:
    state = position(("9H", "8H"), stock="3D", aux="4D 6S")
    after = GAME.play(state, "t2>t1")
    assert after.tableau[1] == cards("6S") and after.aux == cards("4D")


def test_a_king_from_the_auxiliary_pile_goes_home_and_the_place_is_refilled_again() -> None:
    state = position(("9H", "8H"), stock="3D", aux="4D 6S KD")
    after = GAME.play(state, "t2>t1")
    assert after.foundations[0] == cards("KD") and after.tableau[1] == cards("6S") and after.aux == cards("4D")
    assert [s.what for s in GAME.steps(state, GAME.legal_moves(state)[0])] == ["refill", "king home", "refill"]


def test_a_queen_from_the_auxiliary_pile_stays_and_sends_five_under_the_stock() -> None:
    state = position(("9H", "8H"), stock="3D", aux="2D 3C 4C 5C 6C 7C QD")
    after = GAME.play(state, "t2>t1")
    assert after.tableau[1] == cards("QD")
    assert after.aux == cards("2D")
    assert after.stock == cards("3C 4C 5C 6C 7C 3D"), "not turned over: 7C, the top of the five, is drawn first"


def test_the_five_card_penalty_with_fewer_than_five_left() -> None:
    state = position(("9H", "8H"), stock="3D", aux="5C 6C QD")
    after = GAME.play(state, "t2>t1")
    assert after.aux == () and after.stock == cards("5C 6C 3D")


def test_several_empty_places_are_filled_in_order() -> None:
    state = position(("9H", "", "7S", "", "5D"), stock="3D", aux="AC 2C 3C")
    after = GAME.play(state, "draw")
    assert after.tableau[1] == cards("3C") and after.tableau[3] == cards("2C") and after.aux == cards("AC")


def test_once_the_auxiliary_pile_is_empty_places_are_refilled_from_the_reserve() -> None:
    state = position(("9H", "8H"), stock="3D", reserve="4C 6S")
    after = GAME.play(state, "t2>t1")
    assert after.tableau[1] == cards("6S") and after.reserve == cards("4C")
    bare = position(("9H", "8H"), stock="3D")
    waiting = GAME.play(bare, "t2>t1")
    assert waiting.tableau[1] == (), "with both empty the place waits"
    assert GAME.play(waiting, "draw").tableau[1] == cards("3D"), "until the reserve has a card"


# --- the empty stock -----------------------------------------------------------------------------


def test_the_empty_stock_while_auxiliary_cards_are_left() -> None:
    state = position(stock="", aux="4D", reserve="5C")
    refuse(state, "draw", "nothing more is drawn while the auxiliary pile has cards")
    refuse(state, "redeal", "only once the auxiliary pile is used up")
    assert legal(state) == set() and GAME.status(state) == "lost"


def test_the_reserve_turns_over_once_into_a_new_stock() -> None:
    state = position(stock="", reserve="5C 6C 7D")
    assert legal(state) == {"redeal"}
    refuse(state, "draw", "turn the reserve over")
    after = GAME.play(state, "redeal")
    assert after.stock == cards("7D 6C 5C") and after.reserve == () and after.turned
    drawn = after
    for _ in range(3):
        drawn = GAME.play(drawn, "draw")
    assert drawn.reserve == cards("5C 6C 7D"), "the bottom card comes out first"
    refuse(drawn, "redeal", "only once in a game")
    refuse(position(stock="3D", reserve="5C"), "redeal", "stock still has cards")


# --- the end ------------------------------------------------------------------------------------


def test_a_drawing_cycle_is_lost() -> None:
    # The lone queen goes under the stock again and again: only Draw is left, and it repeats.
    state = position(stock="QH", turned=True)
    assert legal(state) == {"draw"}
    assert GAME.play(state, "draw") == state
    assert GAME.drawing_cycles(state) and GAME.status(state) == "lost"
    longer = position(stock="QH 4C QD", reserve="5C", turned=True)
    assert GAME.status(longer) == "lost"
    # A card that fits somewhere after a few draws keeps the game going.
    hopeful = position(("3H",), stock="2H QD", turned=True)
    assert not GAME.drawing_cycles(hopeful) and GAME.status(hopeful) == "playing"


def test_won_when_every_sequence_runs_king_to_queen() -> None:
    full = tuple(f"{SPADES_TO_JACK} QS".replace("S", s) for s in "SHDCSHDC")
    state = ShrewState(1, tuple(cards(f) for f in full), ((),) * 8, (), (), (), True)
    assert GAME.is_won(state) and GAME.status(state) == "won"


@pytest.mark.parametrize(("deal", "counts"), [(1, [2, 5, 12, 27]), (2, [2, 4, 8, 11]), (3, [2, 3, 4, 5])])
def test_move_counts_on_fixed_deals(deal: int, counts: list[int]) -> None:
    assert [perft(GAME, GAME.new(deal), d) for d in range(1, 5)] == counts


def test_a_whole_game_won_through_the_checked_path() -> None:
    history = won_history(GAME, 1, max_nodes=20_000)
    assert GAME.status(history.state) == "won"
    while history.can_undo():
        history.undo()
    assert history.state == GAME.new(1)


def test_the_quick_moves_give_the_same_state_as_the_full_ones() -> None:
    # apply() takes short cuts for a card move that empties no place, for one that empties
    # a place refilled by a card below a queen, and for a draw of a card below a queen
    # with no place empty; along random games every legal move must give exactly what
    # the full move with its automatic steps gives.
    # Random games seldom use up the auxiliary pile, so the positions along two won games,
    # where the reserve refills the places, are tried as well.
    rng = random.Random(9)
    tried = plain_draws = emptying = from_reserve = 0

    def try_every_move(deal: int, state: ShrewState) -> list[Move]:
        nonlocal tried, plain_draws, emptying, from_reserve
        moves = GAME.legal_moves(state)
        for move in moves:
            assert GAME.apply(state, move) == GAME._run(state, move, None), (deal, move)  # type: ignore[attr-defined]
            tried += 1
            plain_draws += move.kind == "draw" and rank(state.stock[-1]) < QUEEN and all(state.tableau)
            if move.kind == CARD_MOVE and move.src != "r" and len(state.tableau[int(move.src[1:]) - 1]) == 1:
                emptying += 1
                from_reserve += not state.aux
        return moves

    for deal in range(1, 13):
        state = GAME.new(deal)
        for _ in range(250):
            if not (moves := try_every_move(deal, state)):
                break
            state = GAME.apply(state, rng.choice(moves))
    for deal in (1, 3):
        state = GAME.new(deal)
        for move in won_history(GAME, deal, max_nodes=20_000).moves:
            try_every_move(deal, state)
            state = GAME.apply(state, move)
    assert tried > 1000 and plain_draws > 100 and emptying > 100 and from_reserve > 20, (
        tried, plain_draws, emptying, from_reserve)


# --- the proof that the auxiliary pile is never used up (rules.shrewish_stuck) -------------

QUEENS_ON_EVERY_PLACE = ("QS", "QS", "QH", "QH", "QD", "QD", "QC", "QC")


def test_places_held_for_good_leave_the_auxiliary_pile_unused() -> None:
    # Every place holds a queen, no foundation is begun and no king is left to draw, so no
    # place can ever empty and the pile's two of clubs never lands: lost, though three
    # draws are still to be made. With a place that can empty (the three of clubs onto
    # its foundation) and no other card to land, nothing is proved.
    stuck = position(tableau=QUEENS_ON_EVERY_PLACE, stock="5H 6H 7H", aux="KS 2C")
    assert GAME.search_dead(stuck)
    assert solve(GAME, stuck, max_seconds=UNTIMED).result == "lost"
    free = position(tableau=("3C", *QUEENS_ON_EVERY_PLACE[1:]), foundations=("KC AC 2C",), stock="5H 6H 7H",
                    aux="KS 2C")
    assert not GAME.search_dead(free)


def test_each_landing_needs_a_bottom_card_that_can_leave() -> None:
    # One place can empty (the three of clubs goes home), so the pile's top card lands;
    # but it is a five of hearts, which neither a foundation (no king of hearts is left to
    # come) nor a place (no six of hearts can ever lie on one) can ever take, so the next
    # card never lands. With that five alone in the pile, nothing is proved.
    stuck = position(tableau=("3C", *QUEENS_ON_EVERY_PLACE[1:]), foundations=("KC AC 2C",), stock="5H 6H 7H",
                     aux="4D 5H")
    assert GAME.search_dead(stuck)
    assert not GAME.search_dead(position(tableau=("3C", *QUEENS_ON_EVERY_PLACE[1:]), foundations=("KC AC 2C",),
                                         stock="5H 6H 7H", aux="5H"))


def test_a_card_lands_only_when_a_place_empties() -> None:
    # The three of clubs comes at the third draw; the four then goes home, and only then
    # does the seven of hearts land. By then the six of hearts, drawn first, lies under
    # the nine of spades, which nothing can ever take, so the five of hearts never gets
    # the six to go onto, its place never empties, and the two of diamonds never lands.
    # Drawn after the nine, the six could go onto the seven at once: nothing proved.
    places = ("4C", "5H", "QS", "QS", "QH", "QH", "QC", "QC")
    stuck = position(tableau=places, foundations=("KC AC 2C",), stock="3C 9S 6H", aux="2D 7H")
    assert GAME.search_dead(stuck)
    assert GAME.strategy.pile_draws(stuck) == NEVER
    assert solve(GAME, stuck, max_seconds=UNTIMED).result == "lost"
    free = position(tableau=places, foundations=("KC AC 2C",), stock="3C 6H 9S", aux="2D 7H")
    assert not GAME.search_dead(free)
    # The pile is used up at the third draw: the three and four of clubs home, the seven
    # of hearts lands, the six goes onto it and the five onto the six, and the two lands.
    assert GAME.strategy.pile_draws(free) == 3


def test_a_queens_packet_comes_only_after_the_stock() -> None:
    # The three of hearts goes home and the queen of diamonds lands; her packet, with the
    # four of clubs and the ace of diamonds, goes under the stock. The five of clubs is
    # drawn before them and covered by the nine of spades: it cannot go home before the
    # four, nor onto the six, which the two of diamonds covers until the ace comes. So
    # the six's place never empties and the two of spades never lands. With the five
    # drawn last, it goes home after the packet's four, and nothing is proved.
    places = ("3H", "6C 2D", "QS", "QS", "QH", "QH", "QC", "QC")
    foundations = ("KC AC 2C 3C", "KD", "KH AH 2H")
    aux = "2S 9H 8H 7H AD 4C QD"
    stuck = position(tableau=places, foundations=foundations, stock="9S 5C", aux=aux)
    assert GAME.search_dead(stuck)
    assert solve(GAME, stuck, max_seconds=UNTIMED).result == "lost"
    assert not GAME.search_dead(position(tableau=places, foundations=foundations, stock="5C 9S", aux=aux))


def test_a_queen_drawn_sends_round_only_the_reserves_lowest_cards() -> None:
    # The queen of diamonds, drawn first onto an empty reserve, goes round alone. The seven
    # of spades comes before the eight, which goes onto the nine on a place, and the eight
    # of hearts between them covers it. After the last draw the queen comes again and
    # sends round the nine and eight of clubs and the nine of hearts under the seven: the
    # seven stays under the eight of hearts for good, so the six of spades never goes onto
    # it, its place never empties and the two of clubs never lands. With a second queen
    # of diamonds the seven goes round as well and comes back free: nothing is proved.
    # (Every card drawn after a queen was once taken as free after the last draw, which
    # proved neither.)
    places = ("6S", "9S", "QS", "QH", "QH", "QC", "QC", "JD")
    stuck = position(tableau=places, stock="8S 8H 7S 9H 8C 9C QD", aux="2C")
    assert GAME.search_dead(stuck)
    assert solve(GAME, stuck, max_seconds=UNTIMED).result == "lost"
    assert not GAME.search_dead(position(tableau=places, stock="8S 8H 7S 9H 8C 9C QD QD", aux="2C"))


def test_two_bottom_copies_share_the_one_foundation_begun() -> None:
    # Both aces of diamonds lie alone on places and one king of diamonds is home: one ace
    # goes home and the nine of hearts lands on its place, but the other ace has nowhere
    # to go, so its place never empties and the five of spades never lands. Either a
    # second king of diamonds to come or a two of diamonds that can lie on a place lets
    # the other ace go too: nothing is proved.
    places = ("AD", "AD", "QS", "QS", "QH", "QH", "QC", "QC")
    stuck = position(tableau=places, foundations=("KD",), stock="8S", aux="5S 9H")
    assert GAME.search_dead(stuck)
    assert solve(GAME, stuck, max_seconds=UNTIMED).result == "lost"
    assert not GAME.search_dead(position(tableau=places, foundations=("KD",), stock="KD 8S", aux="5S 9H"))
    onto_two = position(tableau=(*places[:7], "3D"), foundations=("KD",), stock="2D 8S", aux="5S 9H")
    assert not GAME.search_dead(onto_two)


def test_two_bottom_copies_share_the_one_card_they_could_go_onto() -> None:
    # Both fours of spades lie alone on places and one five of spades lies on a third:
    # one four goes onto the five and the nine of hearts lands on its place, but the other
    # four has nowhere to go (no foundation of spades, and the five is covered), so its
    # place never empties and the two of clubs never lands. A second five of spades on a
    # place, or a foundation of spades waiting for a four, lets the other four go too:
    # nothing is proved.
    places = ("4S", "4S", "5S", "QH", "QH", "QC", "QC", "QD")
    stuck = position(tableau=places, stock="8D", aux="2C 9H")
    assert GAME.search_dead(stuck)
    assert solve(GAME, stuck, max_seconds=UNTIMED).result == "lost"
    assert not GAME.search_dead(position(tableau=(*places[:3], "5S", *places[4:]), stock="8D", aux="2C 9H"))
    assert not GAME.search_dead(position(tableau=places, foundations=("KS AS 2S 3S",), stock="8D", aux="2C 9H"))


# Deal 225 goes on with the stock drawn out and the auxiliary pile's queen of hearts
# landing: the packet under her and the reserve's bottom cards that a penalty sends round
# come only after the last draw, and the game is won from there.
@pytest.mark.parametrize(("deal", "nodes"), [(1, 20_000), (3, 20_000), (4, 20_000), (5, 20_000), (6, 20_000),
                                           (7, 20_000), (225, 400_000)])
def test_the_proof_never_fires_along_a_won_game(deal: int, nodes: int) -> None:
    # Nor does the relaxed game ever need more draws to use the auxiliary pile up than the
    # game won needed from the same position: the stock's cards of that position drawn
    # before the pile ran out (one more than their number if cards that came round after
    # them were drawn too). It needs exactly as many somewhere along the way.
    moves = won_history(GAME, deal, max_nodes=nodes).moves
    states = [GAME.new(deal)]
    for move in moves:
        states.append(GAME.apply(states[-1], move))
    assert GAME.is_won(states[-1])
    assert not any(GAME.search_dead(state) for state in states)
    used_up = next(i for i, state in enumerate(states) if not state.aux)
    exact = 0
    for i, state in enumerate(states[:used_up]):
        drawn = sum(1 for move in moves[i:used_up] if move.kind == "draw")
        needed, bound = min(drawn, len(state.stock) + 1), GAME.strategy.pile_draws(state)
        assert bound <= needed, (i, bound, needed)
        exact += bound == needed
    assert exact > 0


def test_the_relaxed_games_answers_kept_are_each_positions_own(monkeypatch: pytest.MonkeyPatch) -> None:
    # The answers are kept by the position's id, a few at a time here so that the store
    # is emptied along the way; positions equal but not the same object are asked anew.
    monkeypatch.setattr(shrewish_search, "_KEPT_ANSWERS", 8)
    rng, states = random.Random(7), []
    for deal in (2, 10, 12):
        state = GAME.new(deal)
        for _ in range(60):
            states.append(state)
            moves = GAME.legal_moves(state)
            if not moves:
                break
            state = GAME.apply(state, rng.choice(moves))
    expected = [_relaxed_anew(s) for s in states]
    assert len(set(expected)) > 5
    for order in (states, states[::-1], [dataclasses.replace(s) for s in states]):
        assert [GAME.strategy.pile_draws(s) for s in order] == [_relaxed_anew(s) for s in order]
        assert [GAME.search_dead(s) for s in order] == [_relaxed_anew(s) == NEVER for s in order]


def _relaxed_anew(s: ShrewState) -> int:
    """:meth:`pile_draws`'s answer from a run of the relaxed game made anew."""
    draws = pile_used_up_by(s.foundations, s.tableau, s.stock, s.aux, s.reserve,
                            aux_penalty=shrewish_search.AUX_PENALTY, reserve_penalty=shrewish_search.RESERVE_PENALTY)
    return NEVER if draws < 0 else draws


def test_a_plain_draw_reads_the_relaxed_games_answer_off_the_position_before(monkeypatch: pytest.MonkeyPatch) -> None:
    # After a draw of a card that is neither a king nor a queen, the relaxed game is the
    # one before it a draw on, when its top card stayed until the draw: the answer is
    # read off instead of played again, and must be the one played anew, down chains of
    # such draws.
    runs: list[int] = []
    played = shrewish_search.relaxed_run

    def counted(*args: object, **kwargs: int) -> tuple[int, int]:
        runs.append(1)
        return played(*args, **kwargs)

    monkeypatch.setattr(shrewish_search, "relaxed_run", counted)
    rng, asked, read_off = random.Random(5), 0, 0
    for deal in range(1, 13):
        state = GAME.new(deal)
        for _ in range(80):
            moves = GAME.legal_moves(state)
            if not moves:
                break
            GAME.strategy.pile_draws(state)
            drawn = state
            while drawn.stock and rank(drawn.stock[-1]) < QUEEN and all(drawn.tableau):
                drawn, before = GAME.apply(drawn, Move("draw")), len(runs)
                assert GAME.strategy.pile_draws(drawn) == _relaxed_anew(drawn)
                asked += 1
                read_off += len(runs) == before
            state = GAME.apply(state, rng.choice(moves))
    assert asked > 1000
    assert asked // 4 < read_off < asked


@pytest.mark.parametrize("portrait", [False, True])
def test_no_two_piles_share_a_place_on_the_table(portrait: bool) -> None:
    def box(slot: Slot) -> tuple[float, float, float, float]:
        right = slot.room if slot.fan == "right" else 0.0
        down = slot.room if slot.fan == "down" else 0.0
        return slot.x, slot.y, slot.x + 1 + right, slot.y + 1 + down

    boxes = {slot.pile: box(slot) for slot in GAME.layout(portrait).slots}
    for a, (ax0, ay0, ax1, ay1) in boxes.items():
        for b, (bx0, by0, bx1, by1) in boxes.items():
            apart = max(bx0 - ax1, ax0 - bx1, by0 - ay1, ay0 - by1)  # a gap on some side, if any
            assert a == b or apart >= -1e-9, (a, b)


def test_a_tall_screen_gets_larger_cards_from_the_tall_layout() -> None:
    def card_width(layout: Layout, width: float, height: float) -> float:
        return min(width / layout.width, height / (layout.height * 1.4))  # a card is 1.4 times as tall as wide

    phone = (380, 620)  # a 390 x 844 phone's table, under the header and the controls
    tall, wide = card_width(GAME.layout(portrait=True), *phone), card_width(GAME.layout(), *phone)
    assert tall >= 1.4 * wide, (tall, wide)
