"""Everything the page reads back from storage, parsed and checked in one place.

Whatever a browser's storage holds may have been written by an older build, another
tab, a full disk or a person: every reader here takes the stored text as it is (``None``
when nothing is stored) and returns a value of the documented kind, leaving out what
does not read as such. None raises; each says whether it left something out, so that the
page can set the text aside and say so in one sentence. Saves are read by
:func:`pygame_engine.save.loads`, whose only error is ``SaveError``.
"""

from __future__ import annotations

import json
import math
from typing import Any

from pygame_engine import registry
from pygame_engine.game import MAX_DEAL
from pygame_engine.levels import LEVELS

SETTINGS = ("large", "auto", "solver", "say_verdict", "keys")
SETTINGS_ON = ("solver", "keys")  # on until the player turns it off
# The cards' slide, stored as "pasyansy:anim": "on" is the normal speed (the only one before
# there were speeds), the default; a press of the button takes the next in this order.
ANIM_SPEEDS = ("on", "slow", "off", "fast")
LEVEL_CHOICES = (*LEVELS, "any")
"""The levels a new game is chosen at and statistics are kept by: the catalogues' three and Любой."""
MOST = 10**9
"""The largest count or number of seconds that reads: a game counted, or played for, more
than that was not played here."""
_COUNTS = ("played", "won", "streak", "best_streak")


def read_json(text: str | None) -> object:
    """Stored text as JSON; ``None`` when it is missing or does not read (not JSON, nested
    past Python's limit, or a number of over 4,300 digits)."""
    if text is None:
        return None
    try:
        return json.loads(text)
    except (ValueError, RecursionError):
        return None


def setting(text: str | None, name: str) -> bool:
    """A switch (``SETTINGS``): "on" is on and "off" off; anything else is its default."""
    return text == "on" if text in ("on", "off") else name in SETTINGS_ON


def option(text: str | None, values: tuple[bool | int, ...]) -> bool | int:
    """A game's option as stored (``option:<game>:<name>``, JSON): one of its ``values``,
    else the first (the default)."""
    try:
        value = json.loads(text) if text is not None else None
    except (ValueError, RecursionError):  # not JSON, or nested past what the reader takes
        return values[0]
    # bool is an int in Python: a stored true is taken only where the values are switches.
    return value if type(value) is type(values[0]) and value in values else values[0]


def lang(text: str | None) -> str:
    """``"en"`` as stored; anything else reads as Russian, as ``boot.js`` reads it."""
    return "en" if text == "en" else "ru"


def anim_speed(text: str | None) -> str:
    """The slide's speed from what is stored; anything else is the normal speed."""
    return text if text in ANIM_SPEEDS else "on"


def _count(value: object) -> bool:
    return type(value) is int and 0 <= value <= MOST


def _seconds(value: object) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool) and 0 <= value <= MOST and math.isfinite(
        value)


def clean_stats(data: object) -> tuple[dict[str, Any], bool]:
    """The statistics as stored, with whatever does not read as statistics left out, and
    whether anything was: a known game and level, whole counts from 0 to ``MOST`` (no more
    won than played), a best time in seconds or none. Text that is not even JSON comes
    here as ``None``: all of it is left out."""
    clean: dict[str, Any] = {}
    damaged = not isinstance(data, dict)
    games = {game.id for game in registry.games()}
    for game_id, levels in (data.items() if isinstance(data, dict) else ()):
        if game_id not in games or not isinstance(levels, dict):
            damaged = True
            continue
        for level, s in levels.items():
            if (level not in LEVEL_CHOICES or not isinstance(s, dict) or set(s) != {*_COUNTS, "best_time"}
                    or not all(_count(s[k]) for k in _COUNTS) or s["won"] > s["played"]
                    or not (s["best_time"] is None or _seconds(s["best_time"]))):
                damaged = True
                continue
            clean.setdefault(game_id, {})[level] = dict(s)
    return clean, damaged


def clean_times(data: object) -> dict[str, Any]:
    """A game's clock as stored (its deal, seconds played and level), or nothing when it does
    not read as one: the clock then starts again, and the game itself is untouched."""
    if (isinstance(data, dict) and type(data.get("deal")) is int and 0 <= data["deal"] <= MAX_DEAL
            and _seconds(data.get("seconds")) and data.get("level") in LEVEL_CHOICES):
        return {"deal": data["deal"], "seconds": float(data["seconds"]), "level": data["level"]}
    return {}
