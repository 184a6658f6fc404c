"""Shared fixtures: the registered games and a seeded random player."""

from __future__ import annotations

import contextlib
import random
import types
from collections.abc import Iterator
from typing import Any

import pytest

import rules  # noqa: F401 - registers the games the tests play
from pygame_engine import Game, History, registry
from pygame_engine.moves import Move
from pygame_engine.solver import solve
from tests.toy_game import GAME as TOY

GAME_IDS = [g.id for g in registry.games()]
UNTIMED = float("inf")
"""A search's seconds in the tests: every search there is bounded by positions alone, so
that no verdict depends on the machine's speed."""


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The tests marked ``long`` first, each worker's collection in the same order: the
    workers take tests from the front as they finish, so a long test never starts last while
    the other worker sits idle."""
    items.sort(key=lambda item: item.get_closest_marker("long") is None)


@pytest.fixture(params=[*GAME_IDS, TOY.id])
def game(request: pytest.FixtureRequest) -> Iterator[Game[Any]]:
    """Each registered game, and the tests' own toy game (:mod:`tests.toy_game`), registered
    for the test alone."""
    if request.param != TOY.id:
        yield registry.get(request.param)
        return
    with registered(TOY):
        yield TOY


@contextlib.contextmanager
def registered(game: Game[Any]) -> Iterator[Game[Any]]:
    """``game`` in the registry while the block runs."""
    registry.register(game)
    try:
        yield game
    finally:
        registry.unregister(game.id)


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


def perft(game: Game[Any], state: Any, depth: int) -> int:
    """How many move sequences of ``depth`` moves the position has (pinned per game)."""
    if depth == 0:
        return 1
    return sum(perft(game, game.apply(state, m), depth - 1) for m in game.legal_moves(state))


def won_history(game: Game[Any], deal: int, max_nodes: int) -> History:
    """A deal won by the solver, its line played move by move as text through the checked path."""
    verdict = solve(game, game.new(deal), max_nodes=max_nodes, max_seconds=UNTIMED)
    assert verdict.result == "won", (game.id, deal, verdict.result)
    history = History(game, deal)
    for move in verdict.line:
        history.play(str(move))
    assert len(history.moves) == len(verdict.line)
    return history


def without(game: Game[Any], hook: str) -> Game[Any]:
    """The game as the solver sees it with one of its search hooks back at ``Game``'s default."""
    default = vars(Game)[hook]
    plain = types.MethodType(default, game) if callable(default) else default

    class Without:
        def __getattr__(self, name: str) -> Any:
            return plain if name == hook else getattr(game, name)

    return Without()  # type: ignore[return-value]
