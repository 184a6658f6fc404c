"""Level catalogues: deals a solver proved winnable, graded by how a player fares.

Each game's catalogue lies beside the module that defines the game, as
``<game id>.levels.json`` (``rules/hard_rug.levels.json``). It holds ``easy``, ``medium``
and ``hard`` lists of deal numbers and each level's mean win rate of the ordinary player
without undo (``mean_player_rate``), with the ``source_rates`` they aim at where the
source text gives them. ``tools/levels.py`` makes them from batch results, and
``tools/regrade.py`` grades them again with enough plays a deal. Where the catalogue is
graded by the player who looks ahead (``tools/lookahead.py``), ``ahead`` says how, and
``ahead_rate`` gives that player's rate on each level.
"""

from __future__ import annotations

import json
import random
import sys
from functools import cache
from pathlib import Path
from typing import Any

from pygame_engine import registry

LEVELS = ("easy", "medium", "hard")


@cache
def catalogue(game_id: str) -> dict[str, Any] | None:
    """The game's catalogue, or ``None`` when none is shipped yet.

    Read beside the game's module (packages always lie in files, in the browser too), not
    through ``importlib.resources``, which costs each start in the browser some 13 ms.
    """
    path = catalogue_path(game_id)
    if not path.is_file():
        return None
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


def catalogue_path(game_id: str) -> Path:
    """Where the game's catalogue lies: beside the module that defines the game."""
    module = sys.modules[type(registry.get(game_id)).__module__]
    return Path(str(module.__file__)).with_name(f"{game_id}.levels.json")


def pick(game_id: str, level: str, rng: random.Random) -> int | None:
    """A deal of ``level`` for ``game_id``, or ``None`` when the level has no deals."""
    if level not in LEVELS:
        raise ValueError(f"no level {level!r} (levels: {', '.join(LEVELS)})")
    data = catalogue(game_id)
    deals = data.get(level, []) if data else []
    return rng.choice(deals) if deals else None
