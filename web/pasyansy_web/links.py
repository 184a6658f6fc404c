"""Links to a game and a deal: ``#game=hard_rug&deal=123``.

>>> parse_link("#game=hard_rug&deal=123")
('hard_rug', 123)
>>> parse_link("") is None
True
"""

from __future__ import annotations

from typing import Any

from pasyansy_web.i18n import t
from pygame_engine import EngineError, Game, registry
from pygame_engine.game import MAX_DEAL

MAX_DIGITS = len(str(MAX_DEAL))


class LinkError(EngineError):
    """A link that names no game, or a deal that is not a deal number.

    ``words`` names the reason in the interface's table, so the page gives it in the
    player's language (:meth:`said`); the exception's own message is the English one.
    """

    def __init__(self, words: str, **values: object) -> None:
        super().__init__(t(words, "en", **values))
        self.words = words
        self.values = values

    def said(self, lang: str) -> str:
        """The whole message for the page, in ``lang``."""
        return t("bad_link", lang, reason=t(self.words, lang, **self.values))


def check_game(game_id: str) -> Game[Any]:
    """The game whose id ``game_id`` is; :class:`LinkError` if there is none."""
    try:
        return registry.get(game_id)
    except EngineError:
        raise LinkError("link_unknown_game", game=game_id[:20]) from None


def parse_link(fragment: str) -> tuple[str, int | None] | None:
    """The game and deal a link asks for (``None`` for the start page)."""
    raw = fragment.lstrip("#")
    if not raw:
        return None
    query = _fields(raw)
    games = query.get("game", [])
    if len(games) != 1:
        raise LinkError("link_no_game" if not games else "link_two_games")
    check_game(games[0])
    deals = query.get("deal", [])
    if not deals:
        return games[0], None
    text = deals[-1]
    number = deal_number(text)
    if number is None:
        raise LinkError("link_bad_deal", text=text[:20], digits=MAX_DIGITS)
    return games[0], number


def _fields(raw: str) -> dict[str, list[str]]:
    """A link's fields, as ``urllib.parse.parse_qs(raw, keep_blank_values=True)`` gives them.

    The page's own links hold nothing to decode, and those are split here: importing
    ``urllib.parse`` took some 80 ms of every start in the browser (Python compiles it and
    ``ipaddress`` from source there). A link with anything encoded goes to ``parse_qs``.

    >>> _fields("game=hard_rug&deal=1&deal=&x")
    {'game': ['hard_rug'], 'deal': ['1', ''], 'x': ['']}
    """
    if "%" in raw or "+" in raw:
        from urllib.parse import parse_qs

        return parse_qs(raw, keep_blank_values=True)
    fields: dict[str, list[str]] = {}
    for field in raw.split("&"):
        if field:
            name, _, value = field.partition("=")
            fields.setdefault(name, []).append(value)
    return fields


def deal_number(text: str) -> int | None:
    """``text`` as a deal number (ASCII digits only, at most ``MAX_DIGITS``), or ``None``.

    >>> deal_number("0042"), deal_number("²"), deal_number("-1"), deal_number("1" * 13)
    (42, None, None, None)
    """
    if not text.isascii() or not text.isdigit() or len(text) > MAX_DIGITS:
        return None
    return int(text)
