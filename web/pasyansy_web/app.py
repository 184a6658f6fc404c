"""The glue between the page and the table: storage, routing, rendering, events.

This is the only module that touches the browser. JavaScript (``table.js``) handles
pointer gestures and animation, and calls :func:`call` with what the person did.
"""

from __future__ import annotations

import json
import random
import time
from html import escape
from typing import Any

from pyodide.ffi import create_proxy  # type: ignore[import-not-found]
from pyscript import document, window  # type: ignore[import-not-found]

from pasyansy_web.i18n import t
from pasyansy_web.links import LinkError, parse_link
from pasyansy_web.render import table_html
from pasyansy_web.table import Outcome, Table
from pygame_engine import EngineError, registry

PREFIX = "pasyansy:"


class Page:
    """The one page: the start list or a table."""

    def __init__(self) -> None:
        self.lang = self.get("lang") or "ru"
        self.table: Table | None = None
        self.clock_start = time.monotonic()
        self.seconds_before = 0.0

    # --- storage ----------------------------------------------------------------------------

    def get(self, key: str) -> str | None:
        value = window.localStorage.getItem(PREFIX + key)
        # A missing key is JavaScript's null, which is not Python's None here.
        return value if isinstance(value, str) else None

    def put(self, key: str, value: str) -> None:
        window.localStorage.setItem(PREFIX + key, value)

    def elapsed(self) -> float:
        return self.seconds_before + time.monotonic() - self.clock_start

    def store(self) -> None:
        """Autosave: the whole game with its history, and its time."""
        if self.table is None:
            return
        game = self.table.game.id
        self.put(f"save:{game}", self.table.save())
        self.put(f"time:{game}", json.dumps({"deal": self.table.history.deal, "seconds": self.elapsed()}))
        self.put("current", game)

    # --- routing ----------------------------------------------------------------------------

    def route(self) -> None:
        try:
            link = parse_link(str(window.location.hash or ""))
        except LinkError as exc:
            self.show_start(t("bad_link", self.lang, reason=str(exc)))
            return
        if link is None:
            self.show_start()
        else:
            self.open_game(*link)

    def open_game(self, game_id: str, deal: int | None) -> None:
        message = None
        saved = self.get(f"save:{game_id}")
        table = None
        if saved is not None:
            try:
                table = Table.from_save(saved, self.lang)
            except EngineError as exc:
                # Never lose a game: the damaged save is kept aside, word for word.
                self.put(f"broken:{game_id}", saved)
                window.console.warn(f"saved game of {game_id} set aside: {exc}")
                message = t("save_broken", self.lang)
        if table is None or (deal is not None and table.history.deal != deal):
            table = Table.new(game_id, deal if deal is not None else random.randrange(1, 1_000_000), lang=self.lang)
            self.seconds_before = 0.0
        else:
            times = json.loads(self.get(f"time:{game_id}") or "{}")
            self.seconds_before = float(times.get("seconds", 0.0)) if times.get("deal") == table.history.deal else 0.0
        self.clock_start = time.monotonic()
        self.table = table
        self.store()
        window.history.replaceState(None, "", f"#game={game_id}&deal={table.history.deal}")
        document.getElementById("start").hidden = True
        document.getElementById("play").hidden = False
        self.render(message)

    # --- drawing ----------------------------------------------------------------------------

    def show_start(self, message: str | None = None) -> None:
        self.table = None
        items = []
        for game in registry.games():
            name = game.name_en if self.lang == "en" else game.name_ru
            summary = game.summary_en if self.lang == "en" else game.summary_ru
            saved = self.get(f"save:{game.id}")
            mark = f' <span class="mark">{t("in_progress", self.lang)}</span>' if saved else ""
            items.append(
                f'<li><a href="#game={game.id}" data-game="{game.id}"><strong>{escape(name)}</strong>{mark}'
                f"<span>{escape(summary)}</span></a></li>"
            )
        note = f'<p class="note" role="alert">{escape(message)}</p>' if message else ""
        start = document.getElementById("start")
        start.innerHTML = (
            f"<h1>{t('title', self.lang)}</h1><p>{t('tagline', self.lang)}</p>{note}"
            f'<ul class="games">{"".join(items)}</ul>'
            f'<button id="lang" data-call="lang">{t("language", self.lang)}</button>'
        )
        start.hidden = False
        document.getElementById("play").hidden = True
        document.title = t("title", self.lang)
        self.ready()

    def render(self, message: str | None = None) -> None:
        table = self.table
        if table is None:
            return
        portrait = bool(window.innerHeight > window.innerWidth)
        view = table.view(portrait)
        layout = view["layout"]
        board = document.getElementById("table")
        board.dataset.w = str(layout.width)
        board.dataset.h = str(layout.height)
        board.dataset.game = table.game.id
        board.dataset.deal = str(table.history.deal)
        html = table_html(view)
        board.innerHTML = html
        board.inert = False
        lang = self.lang
        animated = self.get("anim") != "off"
        buttons = [
            f'<a class="button" href="#">{t("back", lang)}</a>',
            f'<button data-call="anim" aria-pressed="{str(animated).lower()}">'
            f'{t("animation_on" if animated else "animation_off", lang)}</button>',
            f'<button data-call="new">{t("new_game", lang)}</button>',
            f'<button data-call="undo" {"" if view["can_undo"] else "disabled"}>{t("undo", lang)}</button>',
            f'<button data-call="redo" {"" if view["can_redo"] else "disabled"}>{t("redo", lang)}</button>',
        ]
        for action in view["actions"]:
            if action["label"]:
                enabled = "" if action["enabled"] else "disabled"
                buttons.append(f'<button data-call="action" data-verb="{action["verb"]}" {enabled}>'
                               f'{escape(action["label"])}</button>')
        document.getElementById("controls").innerHTML = "".join(buttons)
        document.getElementById("title").textContent = f'{view["name"]} · {t("deal", lang, n=view["deal"])}'
        counts = [t("moves", lang, n=view["moves"]), *view["counters"]]
        document.getElementById("moves").textContent = " · ".join(counts)
        status = view["status"]
        if status == "won" and message is None:
            seconds = int(self.elapsed())
            message = t("won", lang, moves=view["moves"], time=f"{seconds // 60}:{seconds % 60:02d}")
        elif status == "lost" and message is None:
            message = t("lost", lang)
        box = document.getElementById("message")
        box.textContent = message or ""
        box.dataset.status = status
        document.title = f'{view["name"]} — {t("title", lang)}'
        window.pasyansyLayout()
        # Kept so that the next visit can show the table before Python is ready.
        self.put("lastTable", json.dumps({"game": table.game.id, "html": html, "w": layout.width,
                                          "h": layout.height, "title": document.getElementById("title").textContent}))
        self.ready()

    def ready(self) -> None:
        document.documentElement.dataset.ready = "1"

    # --- what the person did -----------------------------------------------------------------

    def call(self, kind: str, payload: str) -> str:
        data: dict[str, Any] = json.loads(payload) if payload else {}
        if kind == "route":
            self.route()
            return "{}"
        if kind == "lang":
            self.lang = "en" if self.lang == "ru" else "ru"
            self.put("lang", self.lang)
            if self.table:
                self.table.lang = self.lang
                self.render()
            else:
                self.show_start()
            return "{}"
        if kind == "anim":
            self.put("anim", "on" if self.get("anim") == "off" else "off")
            self.render()
            return "{}"
        if kind == "resize":
            self.render()
            return "{}"
        table = self.table
        if table is None:
            return "{}"
        if kind == "new":
            window.localStorage.removeItem(f"{PREFIX}save:{table.game.id}")
            self.open_game(table.game.id, random.randrange(1, 1_000_000))
            return "{}"
        outcome: Outcome
        if kind == "tap":
            outcome = table.tap(str(data["pile"]), int(data["index"]))
        elif kind == "drop":
            outcome = table.drop(str(data["pile"]), int(data["index"]), str(data["target"]))
        elif kind == "undo":
            outcome = table.undo()
        elif kind == "redo":
            outcome = table.redo()
        elif kind == "action":
            outcome = table.action(str(data["verb"]))
        else:
            return json.dumps({"error": f"unknown call {kind!r}"})
        if outcome.move:
            self.store()
        self.render(outcome.message)
        return json.dumps(outcome.as_dict())

    def state_json(self) -> str:
        """The engine's piles, for tests that compare the page with the engine."""
        if self.table is None:
            return "null"
        piles = self.table.game.piles(self.table.state)
        return json.dumps({"game": self.table.game.id, "deal": self.table.history.deal,
                           "moves": [str(m) for m in self.table.history.done_moves],
                           "piles": {p: list(c) for p, c in piles.items()}})


def main() -> None:
    page = Page()
    window.pasyansyCall = create_proxy(page.call)
    window.pasyansyState = create_proxy(page.state_json)
    window.addEventListener("hashchange", create_proxy(lambda _event: page.route()))
    page.route()
    document.getElementById("loading").hidden = True
    window.pasyansyRegisterWorker()
