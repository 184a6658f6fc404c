"""A game in progress: its deal, its moves and unlimited undo and redo.

States are immutable, so undo only steps back along the list of states it has
already seen: it restores each one exactly, random events included.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Mapping
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
        self._seen: Counter[Hashable] | None = None  # the keys of the positions in effect, once asked for

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
        self._step(1)
        return new_state

    def seen(self, key: Hashable) -> bool:
        """Whether the position keyed ``key`` (:meth:`Game.key`) is one this game has been in,
        from the deal's start to the position in effect."""
        if self._seen is None:
            self._seen = Counter(self.game.key(s) for s in self.states[: self.position + 1])
        return key in self._seen

    def _step(self, by: int) -> None:
        """Move ``position`` by one, forward or back, keeping the seen positions in step."""
        if self._seen is not None:
            if by < 0:
                key = self.game.key(self.state)
                self._seen[key] -= 1
                if not self._seen[key]:
                    del self._seen[key]
            else:
                self._seen[self.game.key(self.states[self.position + 1])] += 1
        self.position += by

    def can_undo(self) -> bool:
        return self.position > 0

    def can_redo(self) -> bool:
        return self.position < len(self.moves)

    def undo(self) -> Any:
        if not self.can_undo():
            raise EngineError("nothing to undo: this is the start of the deal")
        self._step(-1)
        return self.state

    def go(self, position: int) -> Any:
        """Undo or redo to ``position`` at once; the moves after it stay for redo."""
        if not 0 <= position <= len(self.moves):
            raise EngineError(f"no position {position}: this game has {len(self.moves)} moves")
        while self.position != position:
            self._step(1 if position > self.position else -1)
        return self.state

    def redo(self) -> Any:
        if not self.can_redo():
            raise EngineError("nothing to redo")
        self._step(1)
        return self.state
