"""Moves: immutable values with a short text form.

Every game speaks the same move language. A card move names the pile it leaves, how
many cards go (1 unless a run moves) and the pile it enters; any other action is a
verb, optionally aimed at one pile.

>>> Move.parse("t3:2>t5")
Move(kind='move', src='t3', dst='t5', count=2)
>>> str(Move("move", "w", "f1")), str(Move("draw")), str(Move("step", "t4"))
('w>f1', 'draw', 'step t4')
>>> all(Move.parse(str(m)) == m for m in (Move("move", "a2", "b14"), Move("reshuffle")))
True
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from pygame_engine.errors import MalformedMoveError

CARD_MOVE = "move"

_PILE = r"[a-z]+[0-9]*"
_MOVE_RE = re.compile(rf"^({_PILE})(?::([1-9][0-9]?))?>({_PILE})$")
_VERB_RE = re.compile(rf"^([a-z][a-z_]*)(?: ({_PILE}))?$")


@dataclass(frozen=True, slots=True)
class Move:
    """One move: ``kind`` is ``"move"`` for cards going from ``src`` to ``dst``.

    Other kinds are verbs ("draw", "reshuffle", "review", ...) whose optional target
    pile is ``src``.
    """

    kind: str
    src: str = ""
    dst: str = ""
    count: int = 1

    def __str__(self) -> str:
        if self.kind == CARD_MOVE:
            many = f":{self.count}" if self.count != 1 else ""
            return f"{self.src}{many}>{self.dst}"
        return f"{self.kind} {self.src}" if self.src else self.kind

    @classmethod
    def parse(cls, text: object) -> Move:
        """Read the text form; :class:`MalformedMoveError` says what is wrong with bad input."""
        if not isinstance(text, str):
            raise MalformedMoveError(f"a move must be text, not {type(text).__name__}")
        if len(text) > 40:
            raise MalformedMoveError(f"not a move: {text[:40]!r}… is far too long")
        m = _MOVE_RE.match(text)
        if m:
            src, count, dst = m.groups()
            if src == dst:
                raise MalformedMoveError(f"not a move: {text!r} leaves and enters the same pile")
            return cls(CARD_MOVE, src, dst, int(count) if count else 1)
        v = _VERB_RE.match(text)
        if v and v.group(1) != CARD_MOVE:
            return cls(v.group(1), v.group(2) or "")
        raise MalformedMoveError(
            f"not a move: {text!r} (expected 'SRC>DST', 'SRC:N>DST' or a word such as 'draw')"
        )

    @staticmethod
    def cards(src: str, dst: str, count: int = 1) -> Move:
        """A card move."""
        return Move(CARD_MOVE, src, dst, count)
