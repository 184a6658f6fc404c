"""The page's Python, in a worker that PyScript starts (``python.js``). The page calls the
two functions it exports and awaits their answers, JSON text each: nothing here touches
the page (:mod:`pasyansy_web.app`)."""

import json

import js  # type: ignore[import-not-found]
from pasyansy_web.app import Page
from pasyansy_web.app import start as open_page

_PAGE: list[Page] = []


def start(kept: str, seen: str) -> str:
    """The page opened, from what it kept in storage; its first drawing."""
    page, answer = open_page(kept, seen)
    _PAGE[:] = [page]
    # How this Python started (start-pyodide.mjs), for the page's <html data-python>.
    return json.dumps({**json.loads(answer), "python": str(getattr(js, "pasyansyStarted", ""))})


def call(kind: str, payload: str, seen: str) -> str:
    """What the person did (:meth:`pasyansy_web.app.Page.call`)."""
    return _PAGE[0].call(kind, payload, seen)


__export__ = ["call", "start"]
