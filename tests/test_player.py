"""The players: pure functions of their inputs; the positions the ordinary player leaves
behind; what looking ahead and planning win."""

from __future__ import annotations

import itertools
import random
from typing import Any

import pytest

from pygame_engine import registry
from pygame_engine.player import _homes, _plan, play_ahead, play_once, play_planning


@pytest.mark.parametrize(("game_id", "deal", "seed"), [("hard_rug", 3, 0), ("topsy_turvy_queens", 2, 5),
                                                      ("shrewish_queens", 4, 1)])
def test_the_trail_is_the_game_the_player_played(game_id: str, deal: int, seed: int) -> None:
    game = registry.get(game_id)
    trail: list[Any] = []
    won = play_once(game, deal, seed, trail=trail)
    assert won == play_once(game, deal, seed), "the trail changes nothing in the game"
    assert len(trail) > 10
    assert game.key(trail[0]) == game.key(game.new(deal))
    for before, after in itertools.pairwise(trail):
        # Each position comes from the one before by one legal move.
        assert game.key(after) in {game.key(game.apply(before, move)) for move in game.legal_moves(before)}
    assert all(game.legal_moves(state) for state in trail), "the player moves from every position in it"


def test_looking_further_ahead_wins_a_deal_the_hasty_player_never_wins() -> None:
    # Тринадцать кучек deal 8: the hasty player loses every game; looking 20 positions
    # ahead before each move still loses, 300 positions ahead wins. The searches are
    # bounded by positions, so the games are the same on any machine.
    game = registry.get("thirteen_piles")
    assert not any(play_once(game, 8, seed) for seed in range(8))
    assert not play_ahead(game, 8, 0, 20)
    won = play_ahead(game, 8, 0, 300)
    assert won and play_ahead(game, 8, 0, 300) == won


def test_planning_wins_a_deal_neither_the_hasty_player_nor_looking_ahead_wins() -> None:
    # Камень преткновения deal 2: the hasty player loses 8 games of 8, and looking 1,000
    # positions ahead loses too; planning over 1,000 positions wins, over 100 it loses.
    game = registry.get("stumbling_block")
    assert not any(play_once(game, 2, seed) for seed in range(8))
    assert not play_ahead(game, 2, 0, 1000)
    assert not play_planning(game, 2, 0, 100)
    assert play_planning(game, 2, 0, 1000) and play_planning(game, 2, 0, 1000)


@pytest.mark.parametrize("game_id", ["stumbling_block", "hard_rug", "topsy_turvy_queens"])
def test_a_plan_is_legal_and_brings_cards_home(game_id: str) -> None:
    """From a position along a hasty game: the plan is a line of legal moves to more cards
    home (or a win)."""
    game = registry.get(game_id)
    trail: list[Any] = []
    play_once(game, 1, 0, trail=trail)
    planned = 0
    for state in trail[:: max(1, len(trail) // 12)]:
        line = _plan(game, state, 200, random.Random(0), {game.key(state)})
        end = state
        for move in line:
            assert move in game.legal_moves(end), (move, line)
            end = game.apply(end, move)
        assert not line or game.is_won(end) or _homes(game, end) > _homes(game, state)
        planned += bool(line)
    assert planned, "some position along the game has a card to bring home"
