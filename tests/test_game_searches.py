"""Each game's search hooks and strategies, through the solver's searches."""

from __future__ import annotations

import gc
import random
import time
from dataclasses import replace
from typing import Any

import pytest

from pygame_engine import Game, registry
from pygame_engine.cards import parse_card
from pygame_engine.moves import CARD_MOVE, Move
from pygame_engine.solver import Beam, Narrowed, solve
from pygame_engine.solver.depth import narrowed, search
from pygame_engine.solver.quick import beam, best_first, restarts
from rules import hard_rug_board, topsy_prisoners
from rules.hard_rug import GAP, RugState
from rules.shrewish_queens import ShrewState
from rules.shrewish_search import ends_stage
from rules.thirteen_common import ThirteenState
from rules.topsy_turvy_queens import NONE, TopsyState
from tests.conftest import UNTIMED, without


def cards(text: str) -> tuple[int, ...]:
    return tuple(parse_card(w) for w in text.split())


def suit_run(order: str, suit: str) -> str:
    return " ".join(r + suit for r in order.split())


KQ = "K A 2 3 4 5 6 7 8 9 T J Q"
AK = "A 2 3 4 5 6 7 8 9 T J Q K"


def replays(game_id: str, state: Any, line: tuple[Any, ...]) -> bool:
    game = registry.get(game_id)
    for move in line:
        state = game.play(state, move)
    return game.is_won(state)


def test_hard_rug_won_in_one_and_lost_with_no_move() -> None:
    game = registry.get("hard_rug")
    rows = [suit_run(AK, s).split() for s in "SHDC"]
    cells = [parse_card(c) for c in rows[0][:12]] + [GAP, parse_card("KS")]
    for row in rows[1:]:
        cells += [parse_card(c) for c in row] + [GAP]
    near = RugState(1, tuple(cells))
    verdict = solve(game, near, max_seconds=UNTIMED)
    assert verdict.result == "won" and [str(m) for m in verdict.line] == ["a14>a13"]
    assert replays("hard_rug", near, verdict.line)
    stuck = RugState(1, (*near.cells[:12], parse_card("KS"), GAP, *near.cells[14:]), 5)
    swapped = list(stuck.cells)
    swapped[0], swapped[14] = swapped[14], swapped[0]  # AH first in row a, AS first in row b: both rows stuck
    dead = RugState(1, tuple(swapped), 5)
    assert game.legal_moves(dead) == []
    # Every shuffled search runs out after the one position: the second such search ends
    # the restarts (not seed after seed to the end of their share), and the full search
    # proves the loss.
    shuffled = restarts(game, dead, 100_000, 60.0, time.perf_counter, game.restart_moves)
    assert shuffled.result == "unknown" and shuffled.nodes == 2
    verdict = solve(game, dead, max_nodes=100_000, max_seconds=UNTIMED)
    assert verdict.result == "lost" and verdict.nodes == 3


def full(order: str, suits: str) -> tuple[tuple[int, ...], ...]:
    return tuple(cards(suit_run(order, s)) for s in suits)


def move_names(macros: list[tuple[Move, ...]]) -> list[str]:
    """A set of macros' moves as text, sorted."""
    return sorted(str(m) for macro in macros for m in macro)


def test_topsy_won_in_one_and_a_prisoner_that_waits_for_itself() -> None:
    game = registry.get("topsy_turvy_queens")
    foundations = (*full(KQ, "SHDCSHD"), cards(suit_run(KQ, "C"))[:-1])
    near = TopsyState(1, foundations, (NONE,) * 7, ((),) * 8, (), cards("QC"))
    verdict = solve(game, near, max_seconds=UNTIMED)
    assert verdict.result == "won" and replays("topsy_turvy_queens", near, verdict.line)
    # Foundation 1 needs the queen of hearts; one is home on foundation 2, the other is
    # foundation 1's own prisoner, which comes out only when foundation 1 is complete.
    waiting = (cards(suit_run(KQ, "H"))[:-1], cards(suit_run(KQ, "H")), *full(KQ, "SDCSDC"))
    dead = TopsyState(1, waiting, cards("QH") + (NONE,) * 6, ((),) * 8, (), ())
    assert game.dead(dead) and solve(game, dead, max_seconds=UNTIMED).result == "lost"


def test_topsy_foundations_that_wait_on_each_other_in_pairs() -> None:
    # Hearts on f1 and f2 lack their queens, which lie under f3 and f4; clubs on f3 and f4
    # lack their fives, which lie under f1 and f2. No foundation can be completed first.
    game = registry.get("topsy_turvy_queens")
    hearts, clubs = cards(suit_run(KQ, "H")), cards(suit_run(KQ, "C"))
    foundations = (hearts[:-1], hearts[:-1], clubs[:5], clubs[:5], *full(KQ, "SDSD"))
    rest = cards(suit_run("6 7 8 9 T J Q", "C")) * 2
    locked = TopsyState(1, foundations, cards("5C 5C QH QH") + (NONE,) * 3, ((),) * 8, rest, ())
    assert game.dead(locked) and solve(game, locked, max_seconds=UNTIMED).result == "lost"
    # With one five of clubs in the stock instead, f3 goes first and frees a queen, and so on.
    open_ = TopsyState(1, foundations, cards("5C") + (NONE,) + cards("QH QH") + (NONE,) * 3, ((),) * 8,
                       (*rest, parse_card("5C")), ())
    verdict = solve(game, open_, max_seconds=UNTIMED)
    assert not game.dead(open_) and verdict.result == "won" and replays("topsy_turvy_queens", open_, verdict.line)


def test_shrewish_won_by_a_draw() -> None:
    game = registry.get("shrewish_queens")
    foundations = (*full(KQ, "SHDCSHD"), cards(suit_run(KQ, "C"))[:-1])
    near = ShrewState(1, foundations, ((),) * 8, cards("QC"), (), (), True)
    verdict = solve(game, near, max_seconds=UNTIMED)
    assert verdict.result == "won" and [str(m) for m in verdict.line] == ["draw"]
    lost = ShrewState(1, foundations, ((),) * 8, (), (), cards("QC 5D"), True)  # the queen lies under a card
    assert solve(game, lost, max_nodes=100_000, max_seconds=UNTIMED).result == "lost"


def test_shrewish_sends_a_card_home_as_the_only_move_only_when_that_is_safe() -> None:
    game = registry.get("shrewish_queens")
    clubs = cards(suit_run(KQ, "C"))
    done = full(KQ, "SHDCSHD")
    # One club foundation is full, the other holds K … 9: nothing will need the ten of
    # clubs as a target, so going home is its only move. A card alone on its place (the
    # jack, once the ten is home) stays one choice among the others.
    state = ShrewState(1, (*done[:7], clubs[:10]), (cards("JC TC"), *((),) * 7), cards("QC"), (), (), True)
    assert [str(m) for macro in game.search_moves(state) for m in macro] == ["t1>f8"]
    alone = ShrewState(1, (*done[:7], clubs[:11]), (cards("JC"), cards("5D 4D"), *((),) * 6), cards("QC"), (), (),
                       True)
    assert len(game.search_moves(alone)) == len(game.legal_moves(alone)) > 1
    # The other foundation waits for the other nine: still safe. Two behind it: not.
    others = full(KQ, "SHDSHD")
    waits = ShrewState(1, (*others, clubs[:9], clubs[:10]), (cards("JC TC"), *((),) * 7), (), (), cards("9C"), True)
    assert [str(m) for macro in game.search_moves(waits) for m in macro] == ["t1>f8"]
    behind = ShrewState(1, (*others, clubs[:8], clubs[:10]), (cards("JC TC"), *((),) * 7), (), (), cards("9C"), True)
    assert len(game.search_moves(behind)) == len(game.legal_moves(behind)) > 1
    # A jack stays a choice: on a foundation it would decide where a drawn queen goes.
    jack = ShrewState(1, (*done[:7], clubs[:11]), (cards("QC JC"), *((),) * 7), cards("QC"), (), (), True)
    assert len(game.search_moves(jack)) == len(game.legal_moves(jack))
    verdict = solve(game, state, max_seconds=UNTIMED)
    assert verdict.result == "won" and replays("shrewish_queens", state, verdict.line)


def test_shrewish_hasty_moves_send_any_card_but_a_jack_home_alone() -> None:
    # The pruned moves of the quick pass's beams: a card that can go home goes home and
    # nothing else is tried, even where the sound moves keep every choice.
    game = registry.get("shrewish_queens")
    clubs = cards(suit_run(KQ, "C"))
    others = full(KQ, "SHDSHD")
    behind = ShrewState(1, (*others, clubs[:8], clubs[:10]), (cards("JC TC"), *((),) * 7), (), (), cards("9C"), True)
    assert move_names(game.search_moves(behind)) == ["r>t1", "t1>f8"]
    assert [str(m) for macro in game.strategy.homeward_moves(behind) for m in macro] == ["t1>f8"]
    # From the reserve too, where the sound moves never send a card home alone.
    reserve = ShrewState(1, (*others, clubs[:8], clubs[:9]), (cards("JC TC"), cards("9C"), *((),) * 6), (), (),
                         cards("8C"), True)
    assert move_names(game.search_moves(reserve)) == ["r>f7", "r>t2", "t2>f8", "t2>t1"]
    assert [str(m) for macro in game.strategy.homeward_moves(reserve) for m in macro] == ["r>f7"]
    # A jack stays one choice among the others.
    done = full(KQ, "SHDCSHD")
    jack = ShrewState(1, (*done[:7], clubs[:11]), (cards("QC JC"), cards("5D 4D"), *((),) * 6), cards("QC"), (), (),
                      True)
    assert game.strategy.homeward_moves(jack) == game.search_moves(jack) and len(game.search_moves(jack)) > 1


def test_shrewish_spared_moves_leave_the_reserves_card_a_choice_while_its_copy_waits() -> None:
    # The reserve's eight of clubs fits the one club foundation that can take it. While
    # the other eight waits in the auxiliary pile, the spared moves keep every choice;
    # with it elsewhere, or with both foundations able to take an eight, it goes home
    # alone, as the hasty moves always send it.
    game = registry.get("shrewish_queens")
    clubs = cards(suit_run(KQ, "C"))
    others = full(KQ, "SHDSHD")
    places = (cards("JC TC"), *((cards("7H"),) * 7))

    waits = ShrewState(1, (*others, clubs[:8], clubs[:5]), places, cards("6C"), cards("8C 4C"), cards("3C 8C"))
    assert move_names(game.strategy.homeward_moves(waits)) == ["r>f7"]
    assert move_names(game.strategy.spared_homeward_moves(waits)) == ["draw", "r>f7"]
    assert move_names(game.search_moves(waits)) == ["draw", "r>f7"]
    drawn = replace(waits, aux=cards("4C"), stock=cards("8C 6C"))
    assert move_names(game.strategy.spared_homeward_moves(drawn)) == ["r>f7"]
    both = replace(waits, foundations=(*others, clubs[:8], clubs[:8]))
    assert move_names(game.search_moves(both)) == ["draw", "r>f7", "r>f8"]
    assert move_names(game.strategy.spared_homeward_moves(both)) == ["r>f7"]
    # The copy on a place takes the foundation instead, alone; the reserve's waits.
    placed = replace(waits, tableau=(cards("JC TC"), cards("9C 8C"), *places[2:]), aux=cards("4C"))
    assert move_names(game.strategy.homeward_moves(placed)) == ["r>f7"]
    assert move_names(game.strategy.spared_homeward_moves(placed)) == ["t2>f7"]


def test_shrewish_twin_and_pile_moves_leave_a_places_card_a_choice_while_its_copy_lies_elsewhere() -> None:
    # Both eights of clubs lie on top of places, and one club foundation alone can take an
    # eight. The hasty moves send the first one found home alone; the twin moves keep
    # both choices, and every other. With the other eight in the auxiliary pile the first
    # goes home alone again, but the pile moves keep its choice; with that eight in the
    # stock, or with both foundations able to take an eight, it goes home alone under
    # every set (with both foundations, even among the sound moves: it is safe).
    game = registry.get("shrewish_queens")
    clubs = cards(suit_run(KQ, "C"))
    others = full(KQ, "SHDSHD")
    filler = (cards("7H"),) * 6

    twins = ShrewState(1, (*others, clubs[:8], clubs[:5]), (cards("JC 8C"), cards("TC 8C"), *filler), cards("6C"),
                       cards("4C"), cards("3C"))
    assert move_names(game.strategy.homeward_moves(twins)) == ["t1>f7"]
    assert move_names(game.strategy.spared_homeward_moves(twins)) == ["t1>f7"]
    assert move_names(game.strategy.twin_homeward_moves(twins)) == move_names(game.search_moves(twins))
    assert move_names(game.strategy.pile_homeward_moves(twins)) == move_names(game.search_moves(twins))
    assert move_names(game.search_moves(twins)) == ["draw", "t1>f7", "t2>f7"]
    single = replace(twins, tableau=(cards("JC 8C"), cards("TC 9D"), *filler), aux=cards("4C 8C"))
    assert move_names(game.search_moves(single)) == ["draw", "t1>f7"]
    assert move_names(game.strategy.twin_homeward_moves(single)) == ["t1>f7"]
    assert move_names(game.strategy.pile_homeward_moves(single)) == move_names(game.search_moves(single))
    drawn = replace(single, aux=cards("4C"), stock=cards("8C 6C"))
    assert move_names(game.strategy.pile_homeward_moves(drawn)) == ["t1>f7"]
    both = replace(twins, foundations=(*others, clubs[:8], clubs[:8]))
    assert move_names(game.strategy.twin_homeward_moves(both)) == move_names(game.search_moves(both)) == ["t1>f7"]
    both_single = replace(single, foundations=both.foundations)
    assert move_names(game.strategy.pile_homeward_moves(both_single)) == ["t1>f7"]
    assert move_names(game.search_moves(both_single)) == ["t1>f7"]


def test_shrewish_places_that_hold_the_same_piles_in_another_order_are_one_position() -> None:
    game = registry.get("shrewish_queens")
    state = game.new(2)
    turned = ShrewState(state.deal, state.foundations[::-1], state.tableau[::-1], state.stock, state.aux,
                        state.reserve, state.turned)
    assert game.key(turned) != game.key(state) and game.search_key(turned) == game.search_key(state)


def _walk(game: Game[Any], deal: int, back: int) -> Any:
    """A position ``back`` moves before the end of a seeded random game (home moves mostly)."""
    rng = random.Random(deal)
    state = game.new(deal)
    trail = [state]
    for _ in range(400):
        moves = game.legal_moves(state)
        if not moves or game.is_won(state):
            break
        homes = [m for m in moves if m.kind == CARD_MOVE and m.dst[0] == "f"]
        state = game.apply(state, rng.choice(homes) if homes and rng.random() < 0.8 else rng.choice(moves))
        trail.append(state)
    return trail[-back]


@pytest.mark.parametrize(("deal", "back", "result"), [(79, 40, "lost"), (71, 40, "lost"), (71, 60, "won")])
def test_shrewish_symmetry_and_safe_moves_decide_as_the_plain_search(deal: int, back: int, result: str) -> None:
    # Positions late in seeded random games, small enough to search through: the full
    # search with the places' symmetry and the safe moves home reaches the same verdict as
    # the one over every legal move and the plain key, through fewer positions.
    game = without(registry.get("shrewish_queens"), "search_dead")
    start = _walk(game, deal, back)
    hooked = search(game, start, 100_000, 60.0, time.perf_counter, None)
    plain = search(without(without(game, "search_moves"), "search_key"), start, 100_000, 60.0, time.perf_counter, None)
    assert hooked.result == plain.result == result
    assert hooked.nodes < plain.nodes
    if result == "won":
        assert replays("shrewish_queens", start, hooked.line)


@pytest.mark.parametrize(("deal", "back", "result"), [(79, 40, "lost"), (79, 60, "lost"), (71, 40, "lost"),
                                                   (71, 60, "won")])
def test_shrewish_full_search_expands_no_position_proved_lost(deal: int, back: int, result: str) -> None:
    # The full search asks the game's proof that the auxiliary pile is never used up
    # (search_dead) and expands no position it proves lost: the same verdicts as without
    # it, through fewer positions (deal 79, 40 moves from the end: proved at the start).
    game = registry.get("shrewish_queens")
    start = _walk(game, deal, back)
    proof = search(game, start, 100_000, 60.0, time.perf_counter, None)
    plain = search(without(game, "search_dead"), start, 100_000, 60.0, time.perf_counter, None)
    assert proof.result == plain.result == result and proof.nodes < plain.nodes
    if result == "won":
        assert replays("shrewish_queens", start, proof.line)


@pytest.mark.parametrize(("deal", "back", "result"), [(79, 60, "lost"), (71, 40, "lost"), (71, 60, "won")])
def test_shrewish_full_search_ranked_searches_the_same_positions(deal: int, back: int, result: str) -> None:
    # Going into each position's children in the order of search_rank changes which
    # position comes when, not which are searched: a loss takes as many positions (here
    # without the proof, which decides these positions at once).
    game = without(registry.get("shrewish_queens"), "search_dead")
    start = _walk(game, deal, back)
    ranked = search(game, start, 100_000, 60.0, time.perf_counter, None)
    plain = search(without(game, "search_rank"), start, 100_000, 60.0, time.perf_counter, None)
    assert ranked.result == plain.result == result
    if result == "lost":
        assert ranked.nodes == plain.nodes > 100
    else:
        assert replays("shrewish_queens", start, ranked.line)


def test_shrewish_full_search_ranked_wins_deal_649_at_once() -> None:
    # Строптивые дамы deal 649, from the deal: the full search ranked by how soon the
    # relaxed game uses the auxiliary pile up wins within a thousand positions; in the
    # order of search_moves it has not won after 20,000.
    game = registry.get("shrewish_queens")
    ranked = search(game, game.new(649), 1_000, 60.0, time.perf_counter, None)
    plain = search(without(game, "search_rank"), game.new(649), 20_000, 60.0, time.perf_counter, None)
    assert ranked.result == "won" and replays("shrewish_queens", game.new(649), ranked.line)
    assert plain.result == "unknown"


def test_shrewish_deal_42_is_proved_lost_by_the_unused_pile() -> None:
    # Строптивые дамы deal 42, from the deal: the full search proves it lost in about a
    # thousand positions with the proof, and is nowhere near a verdict in 5,000 without.
    game = registry.get("shrewish_queens")
    proof = search(game, game.new(42), 5_000, 60.0, time.perf_counter, None)
    plain = search(without(game, "search_dead"), game.new(42), 5_000, 60.0, time.perf_counter, None)
    assert proof.result == "lost" and proof.nodes < 2_000
    assert plain.result == "unknown"


@pytest.mark.parametrize("queues", ["both", "first"])
@pytest.mark.parametrize(("deal", "back", "result"), [(79, 40, "lost"), (71, 60, "won")])
def test_best_first_decides_as_the_full_search(deal: int, back: int, result: str, queues: str) -> None:
    # Exhausted, the best-first search has expanded the same positions as the full
    # search, so it proves the same loss; a win it finds replays. So with the game's two
    # queues taking turns, and with its first score alone (a number, not a tuple). (The
    # full search here without the game's proof, search_dead, which the best-first search
    # does not ask.)
    game = registry.get("shrewish_queens")
    start = _walk(game, deal, back)
    score = game.strategy.search_score if queues == "both" else game.strategy.progress
    best = best_first(game, start, 100_000, 60.0, time.perf_counter, score)
    full = search(without(game, "search_dead"), start, 100_000, 60.0, time.perf_counter, None)
    assert best.result == full.result == result
    if result == "lost":
        assert best.nodes == full.nodes
    else:
        assert replays("shrewish_queens", start, best.line)


@pytest.mark.parametrize(("deal", "back"), [(79, 40), (71, 40)])
def test_a_beam_proves_a_loss_only_when_it_dropped_nothing(deal: int, back: int) -> None:
    # Lost positions late in seeded games: a beam wide enough never to drop a position
    # makes exactly the positions of the full search (both without the game's proof,
    # search_dead, which each asks at some positions) and proves the same loss; a beam
    # ten wide drops some, runs dry sooner, and proves nothing.
    game = without(registry.get("shrewish_queens"), "search_dead")
    start = _walk(game, deal, back)
    full = search(game, start, 100_000, 60.0, time.perf_counter, None)
    wide = beam(game, start, 100_000, 60.0, time.perf_counter, Beam((game.strategy.progress,), (100_000,), ends_stage))
    narrow = beam(game, start, 100_000, 60.0, time.perf_counter, Beam((game.strategy.progress,), (10,), ends_stage))
    assert full.result == wide.result == "lost" and wide.nodes == full.nodes
    assert narrow.result == "unknown" and narrow.nodes < full.nodes


@pytest.mark.parametrize(("deal", "back"), [(79, 40), (71, 40)])
def test_a_beam_over_pruned_moves_proves_no_loss(deal: int, back: int) -> None:
    # The same lost positions: a beam as wide over the hasty moves (a card that can go
    # home goes home alone) drops nothing either, and runs dry, but its moves left ways
    # out untried, so it says "unknown".
    game = without(registry.get("shrewish_queens"), "search_dead")
    start = _walk(game, deal, back)
    plan = Beam((game.strategy.progress,), (100_000,), ends_stage, (game.strategy.homeward_moves,))
    hasty = beam(game, start, 100_000, 60.0, time.perf_counter, plan)
    full = search(game, start, 100_000, 60.0, time.perf_counter, None)
    assert full.result == "lost" and hasty.result == "unknown" and hasty.nodes < full.nodes


def test_a_beam_over_pruned_moves_that_drops_nothing_spares_the_others_over_them() -> None:
    # Deal 79's lost position above: a beam over the hasty moves as wide as that runs dry
    # without dropping a position, so it has made every position those moves reach, and
    # none wins. Another beam over them makes only positions among those: the quick pass
    # skips it, in this step and in its later ones (``searched``). A beam that dropped a
    # position, a narrow one, spares nothing.
    game = without(registry.get("shrewish_queens"), "search_dead")
    start = _walk(game, 79, 40)

    def hasty(scores: tuple[Any, ...], width: int, searched: list[Any] | None = None) -> Any:
        plan = Beam(scores, (width,), ends_stage, (game.strategy.homeward_moves,))
        return beam(game, start, 100_000, 60.0, time.perf_counter, plan, searched)

    alone = hasty((game.strategy.progress,), 100_000)
    searched: list[Any] = []
    narrow = hasty((game.strategy.progress,), 2, searched)
    assert narrow.result == "unknown" and narrow.nodes < alone.nodes and searched == []
    skipping = hasty((game.strategy.progress, game.strategy.even, game.strategy.near_empty), 100_000, searched)
    assert alone.result == skipping.result == "unknown" and alone.nodes > 0
    assert skipping.nodes == alone.nodes and searched == [game.strategy.homeward_moves]
    later = hasty((game.strategy.aux_first,), 50, searched)
    assert later.result == "unknown" and later.nodes == 0
    assert hasty((game.strategy.even,), 100_000).nodes == alone.nodes  # what the skip spares, run alone


@pytest.mark.parametrize(("deal", "width", "most"), [(69, 10, 200), (150, 200, 5_000)])
def test_a_beam_drops_the_positions_proved_lost_as_a_stage_begins(deal: int, width: int, most: int) -> None:
    # Строптивые дамы deals 69 and 150, from the deal: a beam asks the game's proof that
    # the auxiliary pile is never used up of each position that begins a stage, keeps
    # none it proves lost, and so runs dry without dropping a live one: the deal is
    # proved lost in a few hundred or thousand positions. The same beam without the proof
    # drops positions and proves nothing.
    game = registry.get("shrewish_queens")
    plan = Beam((game.strategy.progress,), (width,), ends_stage)
    proof = beam(game, game.new(deal), 100_000, 60.0, time.perf_counter, plan)
    plain = beam(without(game, "search_dead"), game.new(deal), 100_000, 60.0, time.perf_counter, plan)
    assert proof.result == "lost" and proof.nodes < most
    assert plain.result == "unknown" and plain.nodes > proof.nodes


def test_two_queues_win_a_deal_the_first_score_alone_leaves_open() -> None:
    # Строптивые дамы deal 84: led by cards home alone, the best-first search finds no win
    # in 40,000 positions; with the second queue (how deep the wanted cards lie) taking
    # turns, it finds one in about 22,000.
    game = registry.get("shrewish_queens")
    start = game.new(84)
    alone = best_first(game, start, 40_000, 60.0, time.perf_counter, game.strategy.progress)
    both = best_first(game, start, 40_000, 60.0, time.perf_counter, game.strategy.search_score)
    assert alone.result == "unknown" and alone.nodes >= 40_000
    assert both.result == "won" and both.nodes < 40_000 and replays("shrewish_queens", start, both.line)


def test_the_quick_steps_win_a_deal_the_depth_first_searches_leave_open() -> None:
    # Строптивые дамы deal 196: neither the short restarts nor the full search in the order
    # of search_moves finds a win in 20,000 positions (it needs about 45,000, 65,000
    # without the game's proof of loss; ranked by search_rank, some 600); with the game's
    # steps (beams), solve() finds one in about 4,000.
    game = registry.get("shrewish_queens")
    start = game.new(196)
    assert restarts(game, start, 20_000, 60.0, time.perf_counter, game.restart_moves).result == "unknown"
    assert search(without(game, "search_rank"), start, 20_000, 60.0, time.perf_counter, None).result == "unknown"
    verdict = solve(game, start, max_nodes=20_000, max_seconds=UNTIMED)
    assert verdict.result == "won" and game.is_won(game.replay(196, verdict.line))


def test_the_places_lead_a_beam_to_a_win_the_other_scores_miss() -> None:
    # Строптивые дамы deal 162: beams fifty wide led by the first three scores run dry; led
    # by the auxiliary pile and the cards on the places, one wins in about 25,000 positions.
    game = registry.get("shrewish_queens")
    start = game.new(162)
    before = beam(game, start, 100_000, 60.0, time.perf_counter,
                   Beam((game.strategy.progress, game.strategy.aux_first, game.strategy.even), (50,), ends_stage))
    assert before.result == "unknown" and before.nodes < 100_000
    won = beam(game, start, 100_000, 60.0, time.perf_counter, Beam((game.strategy.aux_and_places,), (50,), ends_stage))
    assert won.result == "won" and replays("shrewish_queens", start, won.line)


def test_a_beam_over_hasty_moves_wins_a_deal_the_sound_beams_leave_open() -> None:
    # Строптивые дамы deal 8: a beam ten wide led by the places that hold one card runs
    # dry over the sound moves; over the hasty ones (a card that can go home goes home
    # alone) the same beam keeps other positions and wins.
    game = registry.get("shrewish_queens")
    start = game.new(8)
    sound = beam(game, start, 40_000, 60.0, time.perf_counter, Beam((game.strategy.near_empty,), (10,), ends_stage))
    assert sound.result == "unknown" and sound.nodes < 40_000
    plan = Beam((game.strategy.near_empty,), (10,), ends_stage, (game.strategy.homeward_moves,))
    hasty = beam(game, start, 40_000, 60.0, time.perf_counter, plan)
    assert hasty.result == "won" and replays("shrewish_queens", start, hasty.line)


def test_a_beam_wins_a_deal_the_other_searches_leave_open() -> None:
    # Строптивые дамы deal 61: the short restarts, the full search and both best-first
    # searches find no win in 40,000 positions each. A beam ten positions wide, led by
    # the score that weighs the auxiliary pile most, wins in about 3,000. Led by the
    # score that weighs the reserve and the pile alike, the same beam runs dry in about
    # 1,400: a beam drops positions, so running dry proves nothing and it says "unknown"
    # of a deal that can be won.
    game = registry.get("shrewish_queens")
    start = game.new(61)
    for other in (restarts(game, start, 40_000, 60.0, time.perf_counter, game.restart_moves),
                  search(game, start, 40_000, 60.0, time.perf_counter, None),
                  best_first(game, start, 40_000, 60.0, time.perf_counter, game.strategy.progress),
                  best_first(game, start, 40_000, 60.0, time.perf_counter, game.strategy.search_score)):
        assert other.result == "unknown" and other.nodes >= 40_000
    won = beam(game, start, 40_000, 60.0, time.perf_counter, Beam((game.strategy.aux_first,), (10,), ends_stage))
    assert won.result == "won" and won.nodes < 5_000 and game.is_won(game.replay(61, won.line))
    dry = beam(game, start, 40_000, 60.0, time.perf_counter, Beam((game.strategy.even,), (10,), ends_stage))
    assert dry.result == "unknown" and dry.nodes < 5_000
    assert solve(game, start, max_nodes=40_000, max_seconds=UNTIMED).result == "won"


def test_the_full_search_over_hasty_moves_wins_a_deal_the_full_search_leaves_open() -> None:
    # Строптивые дамы deal 835: over the hasty moves (a card that can go home goes home
    # alone), ranked and cut by the relaxed game as the full search is, the search wins in
    # about 5,600 positions; over every move it finds no win in three times as many. The
    # quick pass's third step is that search.
    game = registry.get("shrewish_queens")
    start = game.new(835)
    step = game.quick_steps(start)[2][1]
    assert isinstance(step, Narrowed) and step.moves == game.strategy.homeward_moves
    searched: list[Any] = []
    won = narrowed(game, start, 20_000, 60.0, time.perf_counter, game.strategy.homeward_moves, searched)
    assert won.result == "won" and won.nodes < 10_000 and replays("shrewish_queens", start, won.line)
    full = search(game, start, 3 * won.nodes, 60.0, time.perf_counter, None)
    assert full.result == "unknown" and full.nodes >= 3 * won.nodes and searched == []


def test_the_full_search_over_hasty_moves_that_runs_out_proves_nothing() -> None:
    # Строптивые дамы deal 771 can be won (the line replays), but not by sending every card
    # that can go home home at once: the search over those moves runs out in under 2,000
    # positions. That says nothing of the deal ("unknown"), and spares the beams over the
    # same moves (``searched``), which could only make positions among those.
    game = registry.get("shrewish_queens")
    start = game.new(771)
    searched: list[Any] = []
    out = narrowed(game, start, 100_000, 60.0, time.perf_counter, game.strategy.homeward_moves, searched)
    assert out.result == "unknown" and out.nodes < 2_000 and searched == [game.strategy.homeward_moves]
    plan = Beam((game.strategy.progress,), (10,), ends_stage, (game.strategy.homeward_moves,))
    assert beam(game, start, 100_000, 60.0, time.perf_counter, plan, searched).nodes == 0
    won = solve(game, start, max_nodes=400_000, max_seconds=UNTIMED)
    assert won.result == "won" and replays("shrewish_queens", start, won.line)


def test_a_narrowed_search_that_runs_out_may_hand_the_rest_to_the_full_search() -> None:
    # Deal 79's lost position 40 moves before the end of a seeded game: the search over
    # the hasty moves runs out. With ``then_full`` the quick pass ends there, and the full
    # search proves the loss: solve() makes exactly the positions of the two. Without it,
    # the beam after it runs first.
    game = registry.get("shrewish_queens")
    start = _walk(game, 79, 40)
    searched: list[Any] = []
    out = narrowed(game, start, 100_000, 60.0, time.perf_counter, game.strategy.homeward_moves, searched)
    full = search(game, start, 100_000, 60.0, time.perf_counter, None)
    assert out.result == "unknown" and full.result == "lost" and searched == [game.strategy.homeward_moves]

    def steps(then_full: bool) -> Game[Any]:
        class Steps:
            def __getattr__(self, name: str) -> Any:
                return getattr(game, name)

            def quick_steps(self, state: Any) -> list[Any]:
                return [(0.5, Narrowed(game.strategy.homeward_moves, then_full)),
                        (0.9, Beam((game.strategy.progress,), (2,), ends_stage))]
        return Steps()  # type: ignore[return-value]

    handed = solve(steps(True), start, max_nodes=1_000_000, max_seconds=UNTIMED)
    assert handed.result == "lost" and handed.nodes == out.nodes + full.nodes
    beam_first = solve(steps(False), start, max_nodes=1_000_000, max_seconds=UNTIMED)
    assert beam_first.result == "lost" and beam_first.nodes > handed.nodes


def test_a_narrowed_search_does_not_search_again_what_a_beam_searched_whole() -> None:
    # Deal 79's lost position above: a beam over the hasty moves as wide as that drops
    # nothing, so no win lies in the game those moves make. The narrowed search over the
    # same moves then makes no position at all, and says "unknown".
    game = registry.get("shrewish_queens")
    start = _walk(game, 79, 40)
    searched: list[Any] = []
    plan = Beam((game.strategy.progress,), (100_000,), ends_stage, (game.strategy.homeward_moves,))
    beamed = beam(game, start, 100_000, 60.0, time.perf_counter, plan, searched)
    assert beamed.result == "unknown" and beamed.nodes > 0 and searched == [game.strategy.homeward_moves]
    again = narrowed(game, start, 100_000, 60.0, time.perf_counter, game.strategy.homeward_moves, searched)
    assert again.result == "unknown" and again.nodes == 0 and searched == [game.strategy.homeward_moves]
    alone = narrowed(game, start, 100_000, 60.0, time.perf_counter, game.strategy.homeward_moves, [])
    assert alone.result == "unknown" and alone.nodes > 0  # what the skip spares


def test_a_wider_narrowed_search_after_the_hasty_one_runs_out_wins_a_deal() -> None:
    # Строптивые дамы deal 913: over the hasty moves the search runs out without a win.
    # Over the moves that send only the reserve's card home alone (the places' cards keep
    # their choice) it wins in a few hundred positions. The quick pass's third step
    # searches that set when the first runs out (``then``, after the spared moves), before
    # the full search.
    game = registry.get("shrewish_queens")
    start = game.new(913)
    step = game.quick_steps(start)[2][1]
    assert isinstance(step, Narrowed) and (0.02, game.strategy.reserve_homeward_moves) in step.then
    searched: list[Any] = []
    out = narrowed(game, start, 200_000, 60.0, time.perf_counter, game.strategy.homeward_moves, searched)
    assert out.result == "unknown" and searched == [game.strategy.homeward_moves]
    won = narrowed(game, start, 20_000, 60.0, time.perf_counter, game.strategy.reserve_homeward_moves, searched)
    assert won.result == "won" and won.nodes < 5_000 and replays("shrewish_queens", start, won.line)


def test_the_spared_moves_win_deals_the_hasty_moves_do_not() -> None:
    # Строптивые дамы deals 452 and 729 are won once the reserve's card may leave the one
    # foundation of its suit to its copy in the auxiliary pile. Over the hasty moves the
    # search of deal 452 runs out without a win, and that of deal 729 finds none in twice
    # the positions the spared moves need to win. The quick pass searches the spared moves
    # after the hasty ones: in ``then`` when those run out, as its last step when not.
    game = registry.get("shrewish_queens")
    steps = game.quick_steps(game.new(452))
    assert isinstance(steps[2][1], Narrowed) and (0.13, game.strategy.spared_homeward_moves) in steps[2][1].then
    assert steps[-1][0] == 1.0
    assert isinstance(steps[-1][1], Narrowed) and steps[-1][1].moves == game.strategy.spared_homeward_moves
    for deal in (452, 729):
        start = game.new(deal)
        won = narrowed(game, start, 40_000, 60.0, time.perf_counter, game.strategy.spared_homeward_moves, [])
        assert won.result == "won" and replays("shrewish_queens", start, won.line)
        searched: list[Any] = []
        hasty = narrowed(game, start, 2 * won.nodes, 60.0, time.perf_counter, game.strategy.homeward_moves, searched)
        assert hasty.result == "unknown"
        assert searched == ([game.strategy.homeward_moves] if deal == 452 else []), deal


def test_the_twin_moves_win_a_deal_the_spared_moves_do_not() -> None:
    # Строптивые дамы deal 280 is won once a place's card may leave the one foundation of
    # its suit to its copy on another place. Over the hasty moves the search runs out
    # without a win, so the quick pass goes on in ``then``; over the spared moves, where
    # only the reserve's card may wait, it finds none in twice the positions the twin
    # moves need to win.
    game = registry.get("shrewish_queens")
    start = game.new(280)
    step = game.quick_steps(start)[2][1]
    assert isinstance(step, Narrowed) and step.then[-1] == (0.04, game.strategy.twin_homeward_moves)
    won = narrowed(game, start, 40_000, 60.0, time.perf_counter, game.strategy.twin_homeward_moves, [])
    assert won.result == "won" and replays("shrewish_queens", start, won.line)
    spared = narrowed(game, start, 2 * won.nodes, 60.0, time.perf_counter, game.strategy.spared_homeward_moves, [])
    assert spared.result == "unknown"
    searched: list[Any] = []
    hasty = narrowed(game, start, 200_000, 60.0, time.perf_counter, game.strategy.homeward_moves, searched)
    assert hasty.result == "unknown" and searched == [game.strategy.homeward_moves]


def test_the_pile_moves_lead_a_beam_to_a_win_the_twin_moves_do_not() -> None:
    # Строптивые дамы deal 717 is won once a place's card may leave the one foundation of
    # its suit to its copy in the auxiliary pile: a beam 200 wide over the pile moves,
    # ranked by the relaxed game's draws and progress, wins. The same beam over the twin
    # moves, where that card goes home alone, runs dry without a win. The quick pass runs
    # that beam after the guided beams.
    game = registry.get("shrewish_queens")
    start = game.new(717)
    plan = Beam((game.strategy.pile_and_progress,), (200,), ends_stage, (game.strategy.pile_homeward_moves,))
    assert any(step == plan for _, step in game.quick_steps(start))
    won = beam(game, start, 200_000, 60.0, time.perf_counter, plan, [])
    assert won.result == "won" and replays("shrewish_queens", start, won.line)
    twin_plan = replace(plan, moves=(game.strategy.twin_homeward_moves,))
    twin = beam(game, start, 200_000, 60.0, time.perf_counter, twin_plan, [])
    assert twin.result == "unknown" and twin.nodes < 100_000 and twin.seconds < 60.0


def test_the_sets_searched_after_a_narrowed_search_runs_out_come_before_the_full_search() -> None:
    # Строптивые дамы deal 72's lost position 60 moves before the end of a seeded game:
    # the hasty moves run out, then the wider set, each through more positions. With
    # ``then``, the quick pass searches the wider set for its share after the hasty one
    # runs out, and the full search then proves the loss; solve() makes exactly the
    # positions of the three. A beam in ``then`` takes its turn the same way.
    game = registry.get("shrewish_queens")
    start = _walk(game, 72, 60)
    first = narrowed(game, start, 100_000, 60.0, time.perf_counter, game.strategy.homeward_moves, [])
    wider = narrowed(game, start, 100_000, 60.0, time.perf_counter, game.strategy.reserve_homeward_moves, [])
    full = search(game, start, 100_000, 60.0, time.perf_counter, None)
    assert first.result == wider.result == "unknown" and full.result == "lost"
    assert 0 < first.nodes < wider.nodes < full.nodes

    class Steps:
        def __getattr__(self, name: str) -> Any:
            return getattr(game, name)

        def quick_steps(self, state: Any) -> list[Any]:
            return [(0.5, Narrowed(game.strategy.homeward_moves, True, ((0.2, game.strategy.reserve_homeward_moves),)))]

    out = solve(Steps(), start, max_nodes=1_000_000, max_seconds=UNTIMED)  # type: ignore[arg-type]
    assert out.result == "lost" and out.nodes == first.nodes + wider.nodes + full.nodes

    plan = Beam((game.strategy.progress,), (3,), ends_stage, (game.strategy.spared_homeward_moves,))
    beamed = beam(game, start, 100_000, 60.0, time.perf_counter, plan, [])
    assert beamed.result == "unknown" and beamed.nodes > 0

    class BeamFirst(Steps):
        def quick_steps(self, state: Any) -> list[Any]:
            then = ((0.1, plan), (0.2, game.strategy.reserve_homeward_moves))
            return [(0.5, Narrowed(game.strategy.homeward_moves, True, then))]

    out = solve(BeamFirst(), start, max_nodes=1_000_000, max_seconds=UNTIMED)  # type: ignore[arg-type]
    assert out.result == "lost" and out.nodes == first.nodes + beamed.nodes + wider.nodes + full.nodes


def test_the_relaxed_games_draws_lead_a_beam_to_a_win_the_other_scores_miss() -> None:
    # Строптивые дамы deal 390: beams ten wide over the hasty moves run dry under each of
    # the six scores of the quick pass's first beams. Ranked by how few draws the relaxed
    # game of the unused-pile proof needs to use the auxiliary pile up, the same beam wins
    # in about 2,300 positions.
    game = registry.get("shrewish_queens")
    start = game.new(390)
    first_beams = game.quick_steps(start)[1][1]
    assert isinstance(first_beams, Beam) and len(first_beams.scores) == 6
    assert game.strategy.pile_soonest not in first_beams.scores
    for score in first_beams.scores:
        plan = Beam((score,), (10,), ends_stage, (game.strategy.homeward_moves,))
        dry = beam(game, start, 40_000, 60.0, time.perf_counter, plan)
        assert dry.result == "unknown" and dry.nodes < 2_000, (score, dry)
    plan = Beam((game.strategy.pile_soonest,), (10,), ends_stage, (game.strategy.homeward_moves,))
    won = beam(game, start, 40_000, 60.0, time.perf_counter, plan)
    assert won.result == "won" and replays("shrewish_queens", start, won.line)


@pytest.mark.parametrize("game_id", ["stumbling_block", "thirteen_piles"])
def test_thirteen_piles_won_and_lost(game_id: str) -> None:
    game = registry.get(game_id)
    stage = -1 if game_id == "stumbling_block" else 14  # the review over / every step taken
    foundations = (*full(AK, "SHDCSHD"), cards(suit_run(AK, "C"))[:-2])
    near = ThirteenState(1, foundations, (cards("KC QC"), *((),) * 12), stage=stage)
    verdict = solve(game, near, max_seconds=UNTIMED)
    assert verdict.result == "won" and replays(game_id, near, verdict.line)
    # The queen under a king, and no empty pile for the king: nothing can ever move.
    blocked = ThirteenState(1, foundations, (cards("QC KC"), *(cards("KC"),) * 12), stage=stage)
    assert game.legal_moves(blocked) == [] and solve(game, blocked, max_seconds=UNTIMED).result == "lost"


@pytest.mark.parametrize("game_id", ["shrewish_queens", "topsy_turvy_queens"])
def test_budgets_give_unknown(game_id: str) -> None:
    # A search that makes all of a position's children at once (a claiming one, a ranked
    # full search, a beam's stage) may pass its budget by one position's children: deal 1
    # makes 57 positions for a budget of 50 in Дамы кувырком, 51 in Строптивые дамы.
    game = registry.get(game_id)
    verdict = solve(game, game.new(1), max_nodes=50, max_seconds=UNTIMED)
    assert verdict.result == "unknown" and verdict.line == () and 50 <= verdict.nodes < 100


def test_the_full_search_on_states_keeps_to_its_time_budget() -> None:
    # A walk over a game's states looks at the clock far more often than one on Сложный
    # коврик's grid, whose positions cost a hundredth as much. With each key of Дамы
    # кувырком made to cost a fifth of a millisecond, a walk as long as the grid's between
    # looks takes seconds (the search below took 8.2 s with the grid's chunk; 0.58–0.60 s
    # with the states' own). Unsplit: the split's first positions are made one look at a time.
    game = registry.get("topsy_turvy_queens")

    class Slow:
        search_split = (0, 0)

        def __getattr__(self, name: str) -> Any:
            return getattr(game, name)

        def search_key(self, state: Any) -> Any:
            time.sleep(0.0002)
            return game.search_key(state)  # type: ignore[attr-defined]

    verdict = search(Slow(), game.new(93), 10**9, 0.5, time.perf_counter, None)  # type: ignore[arg-type]
    assert verdict.result == "unknown"
    assert 0.5 < verdict.seconds < 1.0, verdict.seconds


@pytest.mark.parametrize("was_on", [True, False])
def test_the_collector_is_paused_while_a_search_runs_and_left_as_it_was(was_on: bool) -> None:
    game = registry.get("shrewish_queens")
    during: list[bool] = []

    def clock() -> float:
        during.append(gc.isenabled())
        return time.perf_counter()

    (gc.enable if was_on else gc.disable)()
    try:
        verdict = solve(game, game.new(2), max_nodes=3_000, clock=clock)
        assert gc.isenabled() is was_on
    finally:
        gc.enable()
    assert verdict.result == "unknown" and during and not any(during)


@pytest.mark.parametrize(
    ("game_id", "deal", "options"),
    [("hard_rug", 3, {}), ("hard_rug", 13, {"reshuffles": 0}), ("topsy_turvy_queens", 7, {}),
     ("topsy_turvy_queens", 4, {"book_rules": True}), ("shrewish_queens", 2, {}), ("stumbling_block", 2, {}),
     ("thirteen_piles", 2, {})],
)
def test_a_search_leaves_no_garbage_for_the_collector(game_id: str, deal: int, options: dict[str, Any]) -> None:
    """The collector is paused during a search, so whatever a search left in cycles would
    stay until it ran again: none is left, won or cut short by the budget. (Дамы кувырком's
    test of its prisoners keeps its answers; they are forgotten first, so that the test
    runs here whatever ran before.)"""
    game = registry.get(game_id)
    start = game.new(deal, options)
    topsy_prisoners._completable.cache_clear()
    topsy_prisoners._closes.cache_clear()
    gc.collect()
    gc.disable()  # and kept off after the search, lest the collector run before the count
    try:
        solve(game, start, max_nodes=20_000, max_seconds=UNTIMED)
        left = gc.collect()
    finally:
        gc.enable()
    assert left == 0


@pytest.mark.parametrize(
    ("game_id", "deal", "options"),
    [("hard_rug", 3, {}), ("hard_rug", 17, {"reshuffles": 0}), ("topsy_turvy_queens", 7, {}),
     ("topsy_turvy_queens", 4, {"book_rules": True}), ("shrewish_queens", 4, {}), ("stumbling_block", 2, {}),
     ("thirteen_piles", 2, {})],
)
def test_winning_lines_from_deals_replay_through_the_checked_path(game_id: str, deal: int,
                                                                 options: dict[str, Any]) -> None:
    game = registry.get(game_id)
    verdict = solve(game, game.new(deal, options), max_nodes=100_000, max_seconds=UNTIMED)
    assert verdict.result == "won"
    assert game.is_won(game.replay(deal, verdict.line, options))


def test_a_deal_proved_lost() -> None:
    # Сложный коврик without reshuffles, deal 8: the search exhausts every position.
    game = registry.get("hard_rug")
    verdict = solve(game, game.new(8, {"reshuffles": 0}), max_nodes=200_000, max_seconds=UNTIMED)
    assert verdict.result == "lost" and verdict.line == ()


def test_the_claiming_search_visits_the_same_positions_when_exhausted() -> None:
    # Сложный коврик claims children as it expands; without that the search visits the
    # positions in another order, but an exhausted search must see exactly the same ones.
    game = registry.get("hard_rug")
    start = game.new(8, {"reshuffles": 0})
    claiming = solve(game, start, max_nodes=200_000, max_seconds=UNTIMED)
    plain = solve(without(game, "search_claims"), start, max_nodes=200_000, max_seconds=UNTIMED)
    assert claiming.result == plain.result == "lost"
    assert claiming.nodes == plain.nodes > 1000


@pytest.mark.parametrize(("deal", "result"), [(8, "lost"), (17, "won")])
def test_the_board_search_visits_the_same_positions_as_the_plain_state_search(deal: int, result: str) -> None:
    # Сложный коврик without reshuffles searches one grid changed in place (search_board);
    # without the board the same claiming search makes a state per move. Same positions,
    # same order, so the same verdict, count and line.
    game = registry.get("hard_rug")
    start = game.new(deal, {"reshuffles": 0})
    assert game.search_board(start) is not None  # type: ignore[attr-defined]
    board = solve(game, start, max_nodes=200_000, max_seconds=UNTIMED)
    states = solve(without(game, "search_board"), start, max_nodes=200_000, max_seconds=UNTIMED)
    assert board.result == states.result == result
    assert board.nodes == states.nodes > 1000
    assert board.line == states.line
    if result == "won":
        assert game.is_won(game.replay(deal, board.line, {"reshuffles": 0}))


def test_the_split_search_visits_the_same_positions_when_exhausted() -> None:
    # Сложный коврик splits its search (search_split): the positions two moves deep are
    # searched in turn, a share at a time, against one set of claimed keys.
    game = registry.get("hard_rug")
    assert game.search_split[0] > 0  # type: ignore[attr-defined]
    start = game.new(8, {"reshuffles": 0})
    split = solve(game, start, max_nodes=200_000, max_seconds=UNTIMED)
    whole = solve(without(game, "search_split"), start, max_nodes=200_000, max_seconds=UNTIMED)
    assert split.result == whole.result == "lost"
    assert split.nodes == whole.nodes > 1000


@pytest.mark.parametrize(("deal", "result"), [(8, "lost"), (17, "won")])
def test_a_walk_paused_every_few_positions_goes_on_where_it_stopped(
        deal: int, result: str, monkeypatch: pytest.MonkeyPatch) -> None:
    # The board walks the search itself and hands back to the solver every chunk of
    # positions, and every share of a split; paused every 7 positions and split into
    # shares of 40, it must make the same positions, and without a split in the same order.
    game = registry.get("hard_rug")
    start = game.new(deal, {"reshuffles": 0})
    whole = solve(without(game, "search_split"), start, max_nodes=200_000, max_seconds=UNTIMED)
    monkeypatch.setattr(hard_rug_board.RugBoard, "chunk", 7)
    paused = solve(without(game, "search_split"), start, max_nodes=200_000, max_seconds=UNTIMED)
    assert paused.result == whole.result == result
    assert paused.nodes == whole.nodes > 1000
    assert paused.line == whole.line
    monkeypatch.setattr(type(game), "search_split", (2, 40))
    shared = solve(game, start, max_nodes=200_000, max_seconds=UNTIMED)
    assert shared.result == result
    if result == "lost":
        assert shared.nodes == whole.nodes
    else:
        assert game.is_won(game.replay(deal, shared.line, {"reshuffles": 0}))


@pytest.mark.parametrize(("deal", "hook"), [(10, "search_split"), (602, "search_spread")])
def test_the_split_and_its_spread_find_a_win_behind_a_bad_choice(deal: int, hook: str) -> None:
    # Without reshuffles. Deal 10: the search without a split spends 2.3 million positions
    # under its first choices before it reaches a winning line; split, it wins early.
    # Deal 602: the split search alone (shares of 20,000) was still open after 10 s, some
    # 6.5 million positions; with the walks handed on it wins after 109,311.
    game = registry.get("hard_rug")
    start = game.new(deal, {"reshuffles": 0})
    found = solve(game, start, max_nodes=300_000, max_seconds=UNTIMED)
    missed = solve(without(game, hook), start, max_nodes=300_000, max_seconds=UNTIMED)
    assert found.result == "won"
    assert game.is_won(game.replay(deal, found.line, {"reshuffles": 0}))
    assert missed.result == "unknown"


def test_the_spread_search_visits_the_same_positions_when_exhausted(monkeypatch: pytest.MonkeyPatch) -> None:
    # Сложный коврик spreads its split search (search_spread): after each round of shares
    # every walk hands a move of its shallowest level to a new walk on a copy of its board.
    # Deal 13 is lost; with shares of 500 the board is copied some 800 times, nearly all
    # for walks handed on, and the exhausted search must still have made each position once.
    game = registry.get("hard_rug")
    assert game.search_spread  # type: ignore[attr-defined]
    start = game.new(13, {"reshuffles": 0})
    forks = 0
    fork = hard_rug_board.RugBoard.fork

    def counted(board: hard_rug_board.RugBoard) -> hard_rug_board.RugBoard:
        nonlocal forks
        forks += 1
        return fork(board)

    monkeypatch.setattr(hard_rug_board.RugBoard, "fork", counted)
    monkeypatch.setattr(type(game), "search_split", (2, 500))
    spread = solve(game, start, max_nodes=10**6, max_seconds=UNTIMED)
    handed_on = forks
    forks = 0
    split = solve(without(game, "search_spread"), start, max_nodes=10**6, max_seconds=UNTIMED)
    whole = solve(without(game, "search_split"), start, max_nodes=10**6, max_seconds=UNTIMED)
    assert spread.result == split.result == whole.result == "lost"
    assert spread.nodes == split.nodes == whole.nodes > 100_000
    assert forks < 50 < 500 < handed_on  # the split's first positions, then the walks handed on


def test_no_board_while_a_reshuffle_is_left() -> None:
    game = registry.get("hard_rug")
    assert game.search_board(game.new(1)) is None  # type: ignore[attr-defined]
