"""The page's storage: localStorage for settings and statistics, and the games in
progress in IndexedDB as well (``boot.js``), whose copy is the one read back.

Every read and write goes through :class:`Store`, which turns the browser's refusals
(storage full or turned off) into a warning and a ``False``, never an error.
"""

from __future__ import annotations

import json
import time
from typing import Any

from pyscript import window  # type: ignore[import-not-found]

from pasyansy_web import stored
from pasyansy_web.stored import SETTINGS, clean_stats
from pygame_engine import registry

PREFIX = "pasyansy:"


class Store:
    """What the page keeps: read and written by key (``PREFIX`` is added)."""

    def __init__(self) -> None:
        self.local = _storage()  # None where the browser keeps nothing: the games play, unsaved
        self.durable: dict[str, str] = {}  # the games in progress as IndexedDB holds them (read_durable)
        self.stuck: set[str] = set()  # games whose damaged save could not be set aside (save_key)

    async def read_durable(self) -> None:
        """The games in progress from IndexedDB (``boot.js``), read once at start. Each save goes
        there too, committed with strict durability, and its copy there is the one read:
        localStorage may not yet have reached the disk when the browser dies."""
        try:
            found = json.loads(str(await window.pasyansyDurable.read()))
        except Exception as exc:  # no IndexedDB, or anything it says: localStorage alone
            window.console.warn(f"the durable store is not read: {exc}")
            return
        if isinstance(found, dict):
            self.durable = {k: v for k, v in found.items() if isinstance(k, str) and k.startswith("save:")
                            and isinstance(v, str)}
        for key, text in list(self.durable.items()):
            local = self.get(key, durable=False)
            if local is not None and _extends(local, text):
                self.durable[key] = local  # moves made where only localStorage was written (an older build)

    def get(self, key: str, durable: bool = True) -> str | None:
        if durable and key in self.durable:
            return self.durable[key]
        if self.local is None:
            return None
        try:
            value = self.local.getItem(PREFIX + key)
        except Exception:  # the browser's error, whatever its kind: read as nothing stored
            return None
        # A missing key is JavaScript's null, which is not Python's None here.
        return value if isinstance(value, str) else None

    def put(self, key: str, value: str) -> bool:
        """Store ``value``; ``False`` (and a warning in the console) when the browser refuses it."""
        if key.startswith("save:"):
            self.durable[key] = value
            window.pasyansyDurable.write(key, value)
        if self.local is None:
            return False
        try:
            self.local.setItem(PREFIX + key, value)
        except Exception as exc:  # storage full, or turned off; the browser's error, whatever its kind
            window.console.warn(f"could not store {key}: {exc}")
            return False
        return True

    def remove(self, key: str) -> None:
        if self.durable.pop(key, None) is not None:
            window.pasyansyDurable.write(key, None)
        if self.local is not None:
            try:
                self.local.removeItem(PREFIX + key)
            except Exception as exc:  # the browser's error, whatever its kind
                window.console.warn(f"could not remove {key}: {exc}")

    def setting(self, name: str) -> bool:
        return stored.setting(self.get(name), name)

    def settings(self) -> dict[str, bool]:
        return {name: self.setting(name) for name in SETTINGS}

    def anim_speed(self) -> str:
        """How fast cards slide (``ANIM_SPEEDS``); ``table.js`` reads it from ``<html data-anim>``. Not
        at all where the system asks for less motion, unless the player has chosen a speed."""
        chosen = self.get("anim")
        if chosen is None and bool(window.matchMedia("(prefers-reduced-motion: reduce)").matches):
            return "off"
        return stored.anim_speed(chosen)

    def save_key(self, game_id: str) -> str:
        """Where the game in progress is kept: ``save:<game>``, or beside it (``save:<game>:new``)
        while a damaged save that could not be set aside still lies there, never written over."""
        return f"save:{game_id}:new" if game_id in self.stuck else f"save:{game_id}"

    def set_aside(self, kind: str, text: str) -> bool:
        """Keep damaged data word for word, each under its own time (``broken:<kind>:<time>``);
        ``False`` when the browser refuses the copy."""
        stamp = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
        key, n = f"broken:{kind}:{stamp}", 1
        while self.get(key) is not None:
            n += 1
            key = f"broken:{kind}:{stamp}-{n}"
        return self.put(key, text)

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
            window.console.warn("statistics: an unreadable part was set aside")
        return stats, damaged

    def options(self, game_id: str) -> dict[str, bool | int]:
        """The options a new deal of the game is dealt with, as the player chose them."""
        game = registry.get(game_id)
        return {spec.name: stored.option(self.get(f"option:{game_id}:{spec.name}"), spec.values)
                for spec in game.options}


def _storage() -> Any:
    """The browser's ``localStorage``, or ``None`` where reading it throws (site data blocked)."""
    try:
        storage = window.localStorage
        storage.getItem(PREFIX + "lang")
    except Exception:  # the browser's error, whatever its kind
        return None
    return storage


def _extends(longer: str, shorter: str) -> bool:
    """Whether the save ``longer`` holds the moves of ``shorter`` and more after them."""
    try:
        a, b = json.loads(longer), json.loads(shorter)
        moves, before = a["moves"], b["moves"]
        return isinstance(moves, list) and isinstance(before, list) and len(moves) > len(before) \
            and moves[: len(before)] == before
    except (ValueError, RecursionError, TypeError, KeyError):
        return False
