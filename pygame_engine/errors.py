"""The engine's errors: every one is a ``ValueError`` with a sentence a person can read."""

from __future__ import annotations


class EngineError(ValueError):
    """Base of the engine's own errors."""


class MalformedMoveError(EngineError):
    """The text or value given as a move is not a move at all."""


class IllegalMoveError(EngineError):
    """A well-formed move that the rules do not allow in this position.

    ``rule`` is the sentence naming the broken rule; ``move`` the move's text.
    """

    def __init__(self, move: str, rule: str, where: str = "") -> None:
        self.move = move
        self.rule = rule
        self.where = where
        at = f" ({where})" if where else ""
        super().__init__(f"illegal move {move}{at}: {rule}")


class OptionsError(EngineError):
    """Game options that the game does not have, or values it does not allow."""


class SaveError(EngineError):
    """A saved game that cannot be loaded: malformed, tampered with, or of another version."""


class UnknownGameError(EngineError):
    """A game id that no rules module registered."""
