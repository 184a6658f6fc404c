"""The ordinary player: a pure function of its inputs, and the positions it leaves behind."""

from __future__ import annotations

import itertools
from typing import Any

import pytest

from pygame_engine import registry
from pygame_engine.player import play_ahead, play_once


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
