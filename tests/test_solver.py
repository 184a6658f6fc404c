"""The solver on the tests' toy game (:mod:`tests.toy_game`): verdicts, budgets, lines
that replay, and each search hook doing what ``Game`` declares it does.

The toy's deals are small enough to search whole: with eight redeals every deal of
those below is won, with none every one is lost, and with two its pruned moves
(``search_moves``) prove in a few hundred positions what the plain moves leave open
after thousands. How each real game's own hooks search: ``tests/test_game_searches.py``.
"""

from __future__ import annotations

import gc
import random
import time

import pytest

from pygame_engine import Game, Move
from pygame_engine.solver import Beam, Narrowed, solve
from pygame_engine.solver.depth import search
from pygame_engine.solver.quick import beam, best_first, restarts
from tests.conftest import UNTIMED, without
from tests.toy_game import GAME as TOY
from tests.toy_game import Toy, ToyState

DEALS = range(1, 9)
PLAIN = without(TOY, "search_moves")


def draws(macro: tuple[Move, ...]) -> bool:
    return macro[0].kind != "move"


def home(state: ToyState) -> int:
    return sum(map(len, state.foundations))


@pytest.mark.parametrize("deal", DEALS)
def test_a_won_deal_gives_a_line_that_wins_through_the_checked_path(deal: int) -> None:
    verdict = solve(TOY, TOY.new(deal), max_nodes=5_000, max_seconds=UNTIMED)
    assert verdict.result == "won" and 0 < verdict.nodes <= 5_000
    assert TOY.is_won(TOY.replay(deal, verdict.line))


@pytest.mark.parametrize("deal", DEALS)
def test_pruned_moves_prove_the_same_loss_in_fewer_positions(deal: int) -> None:
    start = TOY.new(deal, {"redeals": 0})
    pruned = solve(TOY, start, max_nodes=20_000, max_seconds=UNTIMED)
    plain = solve(PLAIN, start, max_nodes=20_000, max_seconds=UNTIMED)
    assert pruned.result == plain.result == "lost" and pruned.line == plain.line == ()
    assert pruned.nodes < plain.nodes


@pytest.mark.parametrize("budget", [10, 50, 1_000])
def test_a_budget_of_positions_ends_a_search_unknown(budget: int) -> None:
    # It may pass the budget by the children of the last position (two at most here).
    verdict = solve(PLAIN, TOY.new(3, {"redeals": 2}), max_nodes=budget, max_seconds=UNTIMED)
    assert verdict.result == "unknown" and verdict.line == ()
    assert budget <= verdict.nodes <= budget + 2


def test_a_budget_of_seconds_ends_a_search_unknown() -> None:
    ticks = iter(range(10**9))
    verdict = search(PLAIN, TOY.new(3, {"redeals": 2}), 10**9, 100.0, lambda: float(next(ticks)), None)
    assert verdict.result == "unknown" and 0 < verdict.nodes < 200


def test_a_won_start_is_won_with_no_moves() -> None:
    won = ToyState(1, tuple(tuple(range(13 * s, 13 * s + 13)) for s in range(4)), (), (), 0)
    assert solve(TOY, won).line == () and solve(TOY, won).result == "won"


def test_the_search_key_makes_positions_alike_one() -> None:
    # Keyed by the foundations alone, positions with the same cards home count as one, and
    # fewer are searched (an unsound key: here only to show that the search uses it).
    class Coarse(Toy):
        def __init__(self) -> None:
            self.search_key = lambda state: state.foundations

    start = TOY.new(2, {"redeals": 0})
    coarse = search(Coarse(), start, 10**6, UNTIMED, time.perf_counter, None)
    fine = search(TOY, start, 10**6, UNTIMED, time.perf_counter, None)
    assert coarse.result == fine.result == "lost" and coarse.nodes < fine.nodes


def test_a_rank_changes_the_order_not_the_positions_of_an_exhausted_search() -> None:
    class Ranked(Toy):
        def __init__(self) -> None:
            self.search_rank = lambda state: -len(state.waste)

    start = TOY.new(4, {"redeals": 0})
    ranked = search(without(Ranked(), "search_moves"), start, 10**6, UNTIMED, time.perf_counter, None)
    plain = search(PLAIN, start, 10**6, UNTIMED, time.perf_counter, None)
    assert ranked.result == plain.result == "lost" and ranked.nodes == plain.nodes


def test_a_proof_of_loss_spares_the_positions_under_it() -> None:
    # A made-up proof (nothing home after twelve draws with no redeal left), not a sound
    # one: here only to show that the search asks it and expands no position it proves.
    class Proved(Toy):
        def __init__(self) -> None:
            self.search_dead = lambda state: not state.redeals and len(state.stock) < 40 and home(state) == 0

    start = TOY.new(5, {"redeals": 0})
    proved = search(without(Proved(), "search_moves"), start, 10**6, UNTIMED, time.perf_counter, None)
    plain = search(PLAIN, start, 10**6, UNTIMED, time.perf_counter, None)
    assert proved.result == plain.result == "lost" and proved.nodes < plain.nodes


def test_the_claiming_search_and_its_split_make_the_same_positions_when_exhausted() -> None:
    class Claims(Toy):
        search_claims = True

    class Split(Claims):
        search_split = (2, 40)

    class Spread(Split):
        search_spread = True

    start = TOY.new(6, {"redeals": 0})
    plain = search(PLAIN, start, 10**6, UNTIMED, time.perf_counter, None)
    for kind in (Claims, Split, Spread):
        verdict = search(without(kind(), "search_moves"), start, 10**6, UNTIMED, time.perf_counter, None)
        assert verdict.result == "lost" and verdict.nodes == plain.nodes, kind.__name__


def test_short_shuffled_searches_find_a_win_and_only_a_win() -> None:
    def shuffled(state: ToyState, rng: random.Random) -> list[tuple[Move, ...]]:
        # Home first, the rest shuffled: here only a draw or a redeal, so the order is
        # the seed's in name alone, but the searches are the quick pass's own.
        macros = TOY.search_moves(state)
        rng.shuffle(macros)
        return macros

    won = restarts(TOY, TOY.new(1), 20_000, UNTIMED, time.perf_counter, shuffled)
    assert won.result == "won" and TOY.is_won(TOY.replay(1, won.line))
    lost = restarts(TOY, TOY.new(1, {"redeals": 0}), 20_000, UNTIMED, time.perf_counter, shuffled)
    assert lost.result == "unknown"  # running out proves nothing for them


def test_a_best_first_search_wins_and_proves_a_loss_by_running_out() -> None:
    assert best_first(TOY, TOY.new(2), 20_000, UNTIMED, time.perf_counter, home).result == "won"
    lost = best_first(TOY, TOY.new(2, {"redeals": 0}), 20_000, UNTIMED, time.perf_counter, home)
    plain = search(TOY, TOY.new(2, {"redeals": 0}), 20_000, UNTIMED, time.perf_counter, None)
    assert lost.result == "lost" and lost.nodes == plain.nodes


def test_a_beam_that_drops_nothing_proves_a_loss_and_one_that_drops_proves_nothing() -> None:
    start = TOY.new(7, {"redeals": 0})
    wide = beam(TOY, start, 20_000, UNTIMED, time.perf_counter, Beam((home,), (10_000,), draws))
    narrow = beam(PLAIN, start, 20_000, UNTIMED, time.perf_counter, Beam((home,), (1,), draws))
    assert wide.result == "lost" and narrow.result == "unknown"
    assert beam(TOY, TOY.new(7), 20_000, UNTIMED, time.perf_counter, Beam((home,), (1,), draws)).result == "won"


def test_the_quick_steps_run_in_order_before_the_full_search() -> None:
    # A narrowed step over the pruned moves finds no win with no redeal, and the full
    # search proves the loss after it: solve() counts the positions of both.
    class Stepped(Toy):
        def __init__(self) -> None:
            self.quick_steps = lambda start: [(0.5, Narrowed(TOY.search_moves))]

    start = TOY.new(8, {"redeals": 0})
    stepped = solve(without(Stepped(), "search_moves"), start, max_nodes=20_000, max_seconds=UNTIMED)
    narrowed_alone = search(TOY, start, 20_000, UNTIMED, time.perf_counter, TOY.search_moves, guided=True)
    plain = search(PLAIN, start, 20_000, UNTIMED, time.perf_counter, None)
    assert stepped.result == "lost" and stepped.nodes == narrowed_alone.nodes + plain.nodes


@pytest.mark.parametrize("was_on", [True, False])
def test_the_collector_is_paused_while_a_search_runs_and_left_as_it_was(was_on: bool) -> None:
    seen: list[bool] = []

    class Watched(Toy):
        def is_won(self, state: ToyState) -> bool:
            seen.append(gc.isenabled())
            return super().is_won(state)

    (gc.enable if was_on else gc.disable)()
    try:
        solve(Watched(), TOY.new(1), max_nodes=100, max_seconds=UNTIMED)
        assert seen and not any(seen) and gc.isenabled() == was_on
    finally:
        gc.enable()


def test_a_new_game_offers_only_what_game_declares() -> None:
    # Every public name the toy defines is declared by Game, search hooks included.
    declared = set(vars(Game)) | set(Game.__annotations__)
    assert {name for name in vars(Toy) if not name.startswith("_")} <= declared
