"""Links to a game and a deal: ``#game=hard_rug&deal=123``.

>>> parse_link("#game=hard_rug&deal=123")
('hard_rug', 123)
>>> parse_link("") is None
True
"""

from __future__ import annotations

from urllib.parse import parse_qs

from pygame_engine import EngineError, registry

MAX_DIGITS = 12


class LinkError(EngineError):
    """A link that names no game, or a deal that is not a deal number."""


def parse_link(fragment: str) -> tuple[str, int | None] | None:
    """The game and deal a link asks for (``None`` for the start page)."""
    raw = fragment.lstrip("#")
    if not raw:
        return None
    query = parse_qs(raw, keep_blank_values=True)
    games = query.get("game", [])
    if len(games) != 1:
        raise LinkError("the link names no game" if not games else "the link names more than one game")
    try:
        registry.get(games[0])
    except EngineError as exc:
        raise LinkError(str(exc)) from None
    deals = query.get("deal", [])
    if not deals:
        return games[0], None
    text = deals[-1]
    if not text.isdigit() or not text.isascii() or len(text) > MAX_DIGITS:
        raise LinkError(f"deal number {text[:20]!r} is not a whole number from 0 up with at most {MAX_DIGITS} digits")
    return games[0], int(text)
