"""What the page is told to change. The page's Python never touches the page: it runs in
a worker, and each answer it gives ``table.js`` carries the edits made meanwhile, which
``table.js`` applies in order (its ``apply``).

An edit is a short JSON list, its first item saying what it does::

    ["text", "#title", "Сложный коврик"]     an element's text
    ["html", "#message", "<b>…</b>"]         its HTML
    ["hidden", "#play", true]                shown or hidden
    ["data", "#table", "deal", "7"]          a data- attribute (None removes it)
    ["attr", "#table", "aria-label", "…"]    any attribute (None removes it)
    ["class", "body", "large", true]         a class on or off
    ["title", "…"]                           the document's title
    ["url", "#game=…"]                       the address, in place (no new history entry)
    ["store", "save:hard_rug", "…"]          a stored value (None removes it)
    ["aside", "save:hard_rug", "broken:…", "…"]   a damaged value copied, then removed
    ["run", "layout", [true]]                one of the functions table.js lends (``RUN``)
    ["warn", "…"]                            a warning in the console

Selectors are ``#id``, ``html`` or ``body``. The stored values the browser refuses, and
the copies it makes, come back as the call "stored" (:meth:`pasyansy_web.app.Page.stored`).
"""

from __future__ import annotations

from typing import Any

#: The functions of table.js an edit may run.
RUN = frozenset({"layout", "keepTable", "judge", "takeOverStart", "registerWorker"})


class Screen:
    """The edits of one answer, in the order they were made."""

    def __init__(self) -> None:
        self.edits: list[list[Any]] = []

    def text(self, selector: str, value: str) -> None:
        self.edits.append(["text", selector, value])

    def html(self, selector: str, value: str) -> None:
        self.edits.append(["html", selector, value])

    def hidden(self, selector: str, hidden: bool) -> None:
        self.edits.append(["hidden", selector, hidden])

    def data(self, selector: str, key: str, value: str | None) -> None:
        self.edits.append(["data", selector, key, value])

    def attr(self, selector: str, name: str, value: str | None) -> None:
        self.edits.append(["attr", selector, name, value])

    def toggle(self, selector: str, name: str, on: bool) -> None:
        self.edits.append(["class", selector, name, on])

    def title(self, value: str) -> None:
        self.edits.append(["title", value])

    def url(self, fragment: str) -> None:
        self.edits.append(["url", fragment])

    def store(self, key: str, value: str | None) -> None:
        self.edits.append(["store", key, value])

    def aside(self, key: str, to: str, text: str) -> None:
        self.edits.append(["aside", key, to, text])

    def run(self, name: str, *args: Any) -> None:
        if name not in RUN:
            raise ValueError(f"table.js lends no function {name!r}")
        self.edits.append(["run", name, list(args)])

    def warn(self, text: str) -> None:
        self.edits.append(["warn", text])

    def take(self) -> list[list[Any]]:
        """The edits made since the last answer, handed over once."""
        edits, self.edits = self.edits, []
        return edits
