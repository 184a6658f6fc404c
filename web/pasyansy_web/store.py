"""The page's storage, as the page's Python sees it: localStorage for settings and
statistics, and the games in progress in IndexedDB as well (``boot.js``), whose copy is
the one read back.

Python runs in a worker, where neither store can be reached at once. The page reads
both when it starts and hands them over (:class:`Kept`); :class:`Store` keeps that copy
and reads from it, and each write changes the copy and goes to the page as an edit
(:mod:`pasyansy_web.screen`), which ``table.js`` makes in both stores. A write the
browser refuses (storage full) comes back as the call "stored".
"""

from __future__ import annotations

import json
import time
from typing import Any, TypedDict

from pasyansy_web import stored
from pasyansy_web.screen import Screen
from pasyansy_web.stored import SETTINGS, clean_stats
from pygame_engine import registry

PREFIX = "pasyansy:"


class Kept(TypedDict):
    """What the page read when it started: localStorage's values under ``PREFIX`` (``None``
    where the browser keeps nothing), the durable store's, and whether the system asks for
    less motion."""

    local: dict[str, str] | None
    durable: dict[str, str]
    still: bool


class Store:
    """What the page keeps: read and written by key (``PREFIX`` is left off)."""

    def __init__(self, screen: Screen, kept: Kept) -> None:
        self.screen = screen
        local = kept.get("local")
        # None where the browser keeps nothing: the games play, unsaved.
        self.local: dict[str, str] | None = None if local is None else {
            k: v for k, v in local.items() if isinstance(k, str) and isinstance(v, str)}
        self.still = bool(kept.get("still"))
        self.stuck: set[str] = set()  # games whose damaged save could not be set aside (save_key)
        self.aside: dict[str, tuple[str, str]] = {}  # copies asked for: broken key -> (key, text)
        # The games in progress as IndexedDB holds them; read before localStorage's copy, which
        # may not yet have reached the disk when the browser died.
        self.durable = {k: v for k, v in kept.get("durable", {}).items()
                        if isinstance(k, str) and k.startswith("save:") and isinstance(v, str)}
        for key, text in list(self.durable.items()):
            local_text = self.get(key, durable=False)
            if local_text is not None and _extends(local_text, text):
                self.durable[key] = local_text  # moves made where only localStorage was written (an older build)

    def get(self, key: str, durable: bool = True) -> str | None:
        if durable and key in self.durable:
            return self.durable[key]
        return None if self.local is None else self.local.get(key)

    def put(self, key: str, value: str) -> bool:
        """Store ``value``; ``False`` where the browser keeps nothing. A refusal (storage full)
        comes back later, as the call "stored"."""
        if key.startswith("save:"):
            self.durable[key] = value
        self.screen.store(key, value)
        if self.local is None:
            return False
        self.local[key] = value
        return True

    def taken(self, key: str, value: str | None) -> None:
        """A value another tab stored (``None``: removed), taken into this copy."""
        if self.local is not None:
            if value is None:
                self.local.pop(key, None)
            else:
                self.local[key] = value

    def remove(self, key: str) -> None:
        self.durable.pop(key, None)
        if self.local is not None:
            self.local.pop(key, None)
        self.screen.store(key, None)

    def warn(self, text: str) -> None:
        self.screen.warn(text)

    def setting(self, name: str) -> bool:
        return stored.setting(self.get(name), name)

    def settings(self) -> dict[str, bool]:
        return {name: self.setting(name) for name in SETTINGS}

    def anim_speed(self) -> str:
        """How fast cards slide (``ANIM_SPEEDS``); ``table.js`` reads it from ``<html data-anim>``. Not
        at all where the system asks for less motion, unless the player has chosen a speed."""
        chosen = self.get("anim")
        if chosen is None and self.still:
            return "off"
        return stored.anim_speed(chosen)

    def save_key(self, game_id: str) -> str:
        """Where the game in progress is kept: ``save:<game>``, or beside it (``save:<game>:new``)
        while a damaged save that could not be set aside still lies there, never written over."""
        return f"save:{game_id}:new" if game_id in self.stuck else f"save:{game_id}"

    def broken_key(self, kind: str) -> str:
        """A new key to keep damaged data under, with its time: ``broken:<kind>:<time>``."""
        stamp = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
        key, n = f"broken:{kind}:{stamp}", 1
        while self.get(key) is not None:
            n += 1
            key = f"broken:{kind}:{stamp}-{n}"
        return key

    def set_aside(self, kind: str, text: str) -> None:
        """Keep damaged data word for word, each under its own time."""
        self.put(self.broken_key(kind), text)

    def move_aside(self, key: str, kind: str) -> bool:
        """Ask for a damaged value to be copied word for word under its own time, and removed
        once the copy is made (``False`` where the browser keeps nothing). The page answers
        with the call "stored": :meth:`set_aside_done` or :meth:`refused` then names the
        value's key. Until then the value stays here as it is, and no later write of this
        answer reaches its key."""
        text = self.get(key)
        if self.local is None or text is None:
            return False
        to = self.broken_key(kind)
        self.aside[to] = (key, text)
        self.screen.aside(key, to, text)
        self.local[to] = text
        return True

    def set_aside_done(self, to: str) -> str | None:
        """The copy ``to`` is made and its value removed: the value's key, if this asked for it."""
        was = self.aside.pop(to, None)
        if was is None:
            return None
        self.durable.pop(was[0], None)
        if self.local is not None:
            self.local.pop(was[0], None)
        return was[0]

    def refused(self, key: str) -> str | None:
        """The browser refused to store ``key``; if it was the copy of a damaged value, that
        value's key (the value stays where it lies)."""
        if self.local is not None:
            self.local.pop(key, None)
        was = self.aside.pop(key, None)
        return None if was is None else was[0]

    def stored_json(self, key: str) -> object:
        """A stored value read as JSON (``stored.read_json``)."""
        return stored.read_json(self.get(key))

    def stats(self) -> tuple[dict[str, Any], bool]:
        """The statistics that read as such, and whether anything else was stored with them;
        that text is first set aside word for word (``broken:stats``), as a damaged save is,
        since the next count writes back only what reads."""
        text = self.get("stats")
        if text is None:
            return {}, False
        stats, damaged = clean_stats(self.stored_json("stats"))
        if damaged:
            self.set_aside("stats", text)
            self.warn("statistics: an unreadable part was set aside")
        return stats, damaged

    def options(self, game_id: str) -> dict[str, bool | int]:
        """The options a new deal of the game is dealt with, as the player chose them."""
        game = registry.get(game_id)
        return {spec.name: stored.option(self.get(f"option:{game_id}:{spec.name}"), spec.values)
                for spec in game.options}


def _extends(longer: str, shorter: str) -> bool:
    """Whether the save ``longer`` holds the moves of ``shorter`` and more after them."""
    try:
        a, b = json.loads(longer), json.loads(shorter)
        moves, before = a["moves"], b["moves"]
        return isinstance(moves, list) and isinstance(before, list) and len(moves) > len(before) \
            and moves[: len(before)] == before
    except (ValueError, RecursionError, TypeError, KeyError):
        return False
