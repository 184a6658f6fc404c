"""Shared fixtures: the registered games and a seeded random player."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from pygame_engine import Game, registry
from pygame_engine.moves import Move

GAME_IDS = [g.id for g in registry.games()]


@pytest.fixture(params=GAME_IDS)
def game(request: pytest.FixtureRequest) -> Game[Any]:
    return registry.get(request.param)


def random_game(game: Game[Any], deal: int, seed: int, max_moves: int = 400) -> Iterator[tuple[Any, Move | None]]:
    """States of a random game, each with the move that leaves it (``None`` at the end)."""
    rng = random.Random(seed)
    state = game.new(deal)
    for _ in range(max_moves):
        moves = game.legal_moves(state)
        if not moves:
            break
        move = rng.choice(moves)
        yield state, move
        state = game.apply(state, move)
    yield state, None
