"""The game engine: cards, deals, moves, states, history, saves and search.

Pure Python with no dependencies beyond the standard library; it knows nothing of
screens or browsers. Games live in the ``rules`` package and register themselves.
"""

from pygame_engine.errors import (
    EngineError,
    IllegalMoveError,
    MalformedMoveError,
    OptionsError,
    SaveError,
    UnknownGameError,
)
from pygame_engine.game import Action, Counter, Game, OptionSpec, Status, Step, Verb
from pygame_engine.history import History
from pygame_engine.moves import Move

__all__ = [
    "Action",
    "Counter",
    "EngineError",
    "Game",
    "History",
    "IllegalMoveError",
    "MalformedMoveError",
    "Move",
    "OptionSpec",
    "OptionsError",
    "SaveError",
    "Status",
    "Step",
    "UnknownGameError",
    "Verb",
]
