"""How a game's piles lie on the table, declared as data for any front end.

Positions are in card units: ``x`` in card widths, ``y`` in card heights, from the
table's top-left corner. A fanned pile spreads ``down`` or ``right`` over at most
``room`` units; a squared pile (``fan="none"``) shows only its top card. A game may
give a second layout for portrait screens.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

Fan = Literal["none", "down", "right"]
Kind = Literal["foundation", "tableau", "stock", "waste", "reserve", "aux", "prisoner", "cell"]


@dataclass(frozen=True, slots=True)
class Slot:
    """One pile's place on the table."""

    pile: str
    kind: Kind
    x: float
    y: float
    fan: Fan = "none"
    room: float = 0.0
    label: str = ""
    named: bool = False
    """Whether the front end shows the pile's name on the table: where two piles of cards
    face down lie side by side, their backs alone do not tell which is which."""
    numbered: bool = False
    """Whether the front end shows the pile's ``label`` above it, where the game's words
    name piles by number; the layout leaves a fifth of a card's height there for it."""


@dataclass(frozen=True, slots=True)
class Note:
    """Words on the table, such as a row's name: their left end at (``x``, ``y``), in card
    units, in the fifth of a card's height the layout leaves above what they name."""

    x: float
    y: float
    ru: str
    en: str


@dataclass(frozen=True, slots=True)
class Layout:
    """The table: its size in card units, every pile's slot, and the words on it."""

    width: float
    height: float
    slots: tuple[Slot, ...]
    notes: tuple[Note, ...] = ()
    foundations: frozenset[str] = field(init=False, repr=False, compare=False)
    """The piles whose kind is ``foundation``."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "foundations", frozenset(s.pile for s in self.slots if s.kind == "foundation"))

    def slot(self, pile: str) -> Slot:
        for s in self.slots:
            if s.pile == pile:
                return s
        raise KeyError(pile)


def row(kind: Kind, prefix: str, count: int, y: float, fan: Fan = "none", room: float = 0.0,
        first: int = 1, apart: float = 1.1) -> tuple[Slot, ...]:
    """``count`` slots named ``prefix<first>`` … in a row from the left edge, ``apart`` card widths apart."""
    return tuple(Slot(f"{prefix}{first + i}", kind, round(i * apart, 3), y, fan, room) for i in range(count))
