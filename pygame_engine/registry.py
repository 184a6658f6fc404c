"""The registry of games. It names no package: a program that uses the games imports the
package that registers them (``import rules``: the page, the tools, the benchmarks and the
tests do), and a test may register a game of its own."""

from __future__ import annotations

from typing import Any

from pygame_engine.errors import UnknownGameError
from pygame_engine.game import Game

_GAMES: dict[str, Game[Any]] = {}


def register(game: Game[Any]) -> Game[Any]:
    """Add a game; registering two games under one id is a programming error."""
    if game.id in _GAMES and _GAMES[game.id] is not game:
        raise RuntimeError(f"two games registered as {game.id!r}")
    _GAMES[game.id] = game
    return game


def unregister(game_id: str) -> None:
    """Take a game out again (a test's own game, after the test)."""
    _GAMES.pop(game_id, None)


def get(game_id: object) -> Game[Any]:
    """The game registered as ``game_id``; :class:`UnknownGameError` otherwise."""
    if not isinstance(game_id, str) or game_id not in _GAMES:
        known = ", ".join(sorted(_GAMES))
        raise UnknownGameError(f"no game {game_id!r} (known: {known})")
    return _GAMES[game_id]


def games() -> list[Game[Any]]:
    """All registered games, in registration order."""
    return list(_GAMES.values())
