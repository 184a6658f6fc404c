"""The registry of games. The ``rules`` package registers its games when imported."""

from __future__ import annotations

import importlib
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


def _load() -> None:
    if not _GAMES:
        importlib.import_module("rules")


def get(game_id: object) -> Game[Any]:
    """The game registered as ``game_id``; :class:`UnknownGameError` otherwise."""
    _load()
    if not isinstance(game_id, str) or game_id not in _GAMES:
        known = ", ".join(sorted(_GAMES))
        raise UnknownGameError(f"no game {game_id!r} (known: {known})")
    return _GAMES[game_id]


def games() -> list[Game[Any]]:
    """All registered games, in registration order."""
    _load()
    return list(_GAMES.values())
