"""What the table controller hands the renderer and the controls: a table as plain data
(:meth:`pasyansy_web.table.Table.view`), typed so that each reader is checked against it."""

from __future__ import annotations

from typing import NotRequired, TypedDict

from pygame_engine.game import Status
from pygame_engine.layout import Layout


class PileView(TypedDict):
    cards: list[int]
    hidden: int
    """How many cards, from the bottom, lie face down."""


class ActionView(TypedDict):
    """One of the game's own buttons, in the page's language."""

    verb: str
    label: str
    enabled: bool
    warn: str


class HintView(TypedDict):
    src: str
    dst: str
    count: int
    kind: str


class TableView(TypedDict):
    game: str
    deal: int
    name: str
    lang: str
    layout: Layout
    piles: dict[str, PileView]
    moves: int
    can_undo: bool
    can_redo: bool
    status: Status
    actions: list[ActionView]
    counters: dict[str, str]
    """The counts at their piles, in words, by pile."""
    in_hand: list[str]
    hint: HintView | None
    large: NotRequired[bool]
    """Whether «Крупно» is on (the page adds it)."""
