"""Saved games: versioned JSON, checked move by move when loaded. Never pickle.

A save holds the game, the deal, the options, every move (those undone too, so redo
survives a reload), the position in that list, and a check: a digest of all of it
together with the key of the final position. Loading replays every move through
the checked path, so a save can only bring back a game that the rules allow.

>>> import rules  # registers the games
>>> from pygame_engine import registry
>>> h = History(registry.get("hard_rug"), 7)
>>> loads(dumps(h)).state == h.state
True
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from pygame_engine import registry
from pygame_engine.errors import EngineError, SaveError
from pygame_engine.history import History
from pygame_engine.moves import Move

FORMAT = "pasyansy-save"
VERSION = 1
MAX_MOVES = 100_000
_FIELDS = {"format", "version", "game", "deal", "options", "moves", "position", "check"}


def _digest(game: str, deal: int, options: dict[str, Any], moves: list[str], position: int, final_key: object) -> str:
    text = json.dumps([game, deal, options, moves, position, repr(final_key)], sort_keys=True, ensure_ascii=True)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def to_dict(history: History) -> dict[str, Any]:
    """The save as a JSON-ready dict."""
    moves = [str(m) for m in history.moves]
    final_key = history.game.key(history.states[-1])
    return {
        "format": FORMAT,
        "version": VERSION,
        "game": history.game.id,
        "deal": history.deal,
        "options": dict(history.options),
        "moves": moves,
        "position": history.position,
        "check": _digest(history.game.id, history.deal, dict(history.options), moves, history.position, final_key),
    }


def dumps(history: History) -> str:
    """The save as JSON text."""
    return json.dumps(to_dict(history), ensure_ascii=False, separators=(",", ":"))


def loads(text: object) -> History:
    """A game from its saved JSON text; :class:`SaveError` says exactly what is wrong."""
    if not isinstance(text, str):
        raise SaveError(f"a save is JSON text, not {type(text).__name__}")
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as exc:  # ValueError: also a number of over 4,300 digits
        raise SaveError(f"the save is not valid JSON: {str(exc)[:200]}") from None
    return from_dict(data)


def _field(data: dict[str, Any], name: str, kind: type, what: str) -> Any:
    if name not in data:
        raise SaveError(f"the save has no {name!r} field")
    value = data[name]
    if type(value) is not kind:
        raise SaveError(f"the save's {name!r} must be {what}, not {value!r}"[:200])
    return value


def from_dict(data: object) -> History:
    """A game from a decoded save."""
    if not isinstance(data, dict):
        raise SaveError("the save must be a JSON object")
    if data.get("format") != FORMAT:
        raise SaveError(f"not a saved game (format {data.get('format')!r}, expected {FORMAT!r})"[:200])
    version = data.get("version")
    if version != VERSION:
        raise SaveError(f"the save is of version {version!r}; this program reads version {VERSION}")
    extra = set(data) - _FIELDS
    if extra:
        raise SaveError(f"the save has an unknown field {sorted(extra)[0]!r}")
    game_id = _field(data, "game", str, "a game id")
    deal = _field(data, "deal", int, "a whole number")
    options = _field(data, "options", dict, "an object")
    moves = _field(data, "moves", list, "a list of moves")
    position = _field(data, "position", int, "a whole number")
    check = _field(data, "check", str, "text")
    if len(moves) > MAX_MOVES:
        raise SaveError(f"the save holds {len(moves)} moves, more than the {MAX_MOVES} a game can have")
    if not 0 <= position <= len(moves):
        raise SaveError(f"the save's position {position} is outside its {len(moves)} moves")
    try:
        game = registry.get(game_id)
        history = History(game, deal, options)
    except EngineError as exc:
        raise SaveError(f"the save cannot start its game: {exc}") from None
    for number, text in enumerate(moves, 1):
        try:
            history.play(Move.parse(text))
        except EngineError as exc:
            raise SaveError(f"move {number} of the save cannot be played: {exc}") from None
    history.go(position)
    expected = _digest(game_id, deal, history.options, moves, position, game.key(history.states[-1]))
    if check != expected:
        raise SaveError("the save was changed after it was written (its check does not match)")
    return history
