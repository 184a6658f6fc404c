"""A game in progress: its deal, its moves and unlimited undo and redo.

States are immutable, so undo only steps back along the list of states it has
already seen: it restores each one exactly, random events included.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pygame_engine.errors import EngineError
from pygame_engine.game import Game, OptionValue
from pygame_engine.moves import Move


class History:
    """The states and moves of one game; ``position`` is how many moves are in effect."""

    def __init__(self, game: Game[Any], deal: int, options: Mapping[str, object] | None = None) -> None:
        self.game = game
        self.deal = deal
        start = game.new(deal, options)
        self.options: dict[str, OptionValue] = game.normalize_options(options)
        self.states: list[Any] = [start]
        self.moves: list[Move] = []
        self.position = 0

    @property
    def state(self) -> Any:
        """The current state."""
        return self.states[self.position]

    @property
    def done_moves(self) -> list[Move]:
        """The moves in effect (without those that undo took back)."""
        return self.moves[: self.position]

    def play(self, move: Move | str) -> Any:
        """Play a move through the checked path; it drops whatever redo could bring back."""
        new_state = self.game.play(self.state, move)
        parsed = move if isinstance(move, Move) else Move.parse(move)
        del self.states[self.position + 1 :]
        del self.moves[self.position :]
        self.states.append(new_state)
        self.moves.append(parsed)
        self.position += 1
        return new_state

    def can_undo(self) -> bool:
        return self.position > 0

    def can_redo(self) -> bool:
        return self.position < len(self.moves)

    def undo(self) -> Any:
        if not self.can_undo():
            raise EngineError("nothing to undo: this is the start of the deal")
        self.position -= 1
        return self.state

    def redo(self) -> Any:
        if not self.can_redo():
            raise EngineError("nothing to redo")
        self.position += 1
        return self.state
