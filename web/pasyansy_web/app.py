"""The glue between the page and the table: storage, routing, rendering, events.

This is the only module that touches the browser. JavaScript (``table.js``) handles
pointer gestures and animation, and calls :meth:`Page.call` with what the person did.
"""

from __future__ import annotations

import asyncio
import json
import random
import time
from html import escape
from typing import Any

from pyodide.ffi import create_proxy  # type: ignore[import-not-found]
from pyscript import document, window  # type: ignore[import-not-found]

from pasyansy_web import stored
from pasyansy_web.controls import bar_html, menu_html
from pasyansy_web.i18n import t
from pasyansy_web.links import LinkError, check_game, deal_number, parse_link
from pasyansy_web.pages import options_html, record, rules_html, settings_html, start_html, stats_html
from pasyansy_web.render import table_html
from pasyansy_web.stored import ANIM_SPEEDS, LEVEL_CHOICES, SETTINGS, clean_stats, clean_times
from pasyansy_web.table import Outcome, Table
from pasyansy_web.verdict import LONGER, carried, name, position
from pygame_engine import EngineError, registry
from pygame_engine.levels import catalogue, pick

PREFIX = "pasyansy:"
VERDICTS_KEPT = 500  # the solver's verdicts kept for positions an undo may come back to


class Page:
    """The one page: the start list, a table, a game's rules or the statistics."""

    def __init__(self) -> None:
        self.storage = _storage()  # None where the browser keeps nothing: the games play, unsaved
        self.durable: dict[str, str] = {}  # the games in progress as IndexedDB holds them (read_durable)
        self.lang = stored.lang(self.get("lang"))
        self.table: Table | None = None
        self.level = "any"
        self.clock_start = time.monotonic()
        self.seconds_before = 0.0
        self.choosing = False
        self.menu_open = False
        self.stuck: set[str] = set()  # games whose damaged save could not be set aside (save_key)
        self.verdicts: dict[str, dict[str, Any]] = {}  # the solver's, by position (pasyansy_web.verdict)
        self.said_verdict = ""  # the last verdict said to a screen reader

    # --- storage ----------------------------------------------------------------------------

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
        if self.storage is None:
            return None
        try:
            value = self.storage.getItem(PREFIX + key)
        except Exception:  # the browser's error, whatever its kind: read as nothing stored
            return None
        # A missing key is JavaScript's null, which is not Python's None here.
        return value if isinstance(value, str) else None

    def put(self, key: str, value: str) -> bool:
        """Store ``value``; ``False`` (and a warning in the console) when the browser refuses it."""
        if key.startswith("save:"):
            self.durable[key] = value
            window.pasyansyDurable.write(key, value)
        if self.storage is None:
            return False
        try:
            self.storage.setItem(PREFIX + key, value)
        except Exception as exc:  # storage full, or turned off; the browser's error, whatever its kind
            window.console.warn(f"could not store {key}: {exc}")
            return False
        return True

    def remove(self, key: str) -> None:
        if self.durable.pop(key, None) is not None:
            window.pasyansyDurable.write(key, None)
        if self.storage is not None:
            try:
                self.storage.removeItem(PREFIX + key)
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

    def elapsed(self) -> float:
        return self.seconds_before + time.monotonic() - self.clock_start

    def store(self) -> bool:
        """Autosave: the whole game with its history, its time and its level; ``False`` if it was refused."""
        if self.table is None:
            return True
        game = self.table.game.id
        saved = self.put(self.save_key(game), self.table.save())
        return self.put(f"time:{game}", json.dumps({"deal": self.table.history.deal, "seconds": self.elapsed(),
                                                     "level": self.level})) and saved

    # --- routing ----------------------------------------------------------------------------

    def route(self) -> None:
        fragment = str(window.location.hash or "")
        document.body.classList.toggle("large", self.setting("large"))
        if fragment.startswith("#rules="):
            self.show_rules(fragment[len("#rules="):])
            return
        if fragment == "#stats":
            self.show_other(stats_html(*self.stats(), self.lang), t("stats", self.lang))
            return
        try:
            link = parse_link(fragment)
        except LinkError as exc:
            self.show_start(exc.said(self.lang))
            return
        if link is None:
            self.show_start()
        else:
            self.open_game(*link)

    def synced(self, key: str) -> None:
        """Another tab of the site saved a game: if it is the one on this table, this table takes it up.

        Otherwise this tab's next move would save over the other's moves (or over the new deal it
        started), and they would be lost.
        """
        table = self.table
        if table is None or key != f"{PREFIX}save:{table.game.id}":
            return
        saved = self.get(f"save:{table.game.id}", durable=False)
        if saved is None or saved == table.save():
            return
        self.durable[f"save:{table.game.id}"] = saved  # the other tab wrote it to the durable store too
        self.open_game(table.game.id, None, note=t("synced", self.lang))

    def open_game(self, game_id: str, deal: int | None, level: str | None = None, note: str | None = None) -> None:
        message = note
        table, said, offers = self.read_save(game_id)
        message = said or message
        times = clean_times(self.stored_json(f"time:{game_id}"))
        if (table is not None and deal is not None and table.history.deal != deal and table.history.moves
                and table.game.status(table.state) == "playing"):
            # A link to another deal does not end a game in progress unasked: the player chooses.
            message = t("link_other_deal", self.lang, linked=deal, playing=table.history.deal)
            offers = (f' <button data-call="linked" data-verb="{deal}">{t("open_linked", self.lang, n=deal)}</button>'
                      f' <button data-call="cancel">{t("back_to_game", self.lang)}</button>')
            deal = None
        if table is None or (deal is not None and table.history.deal != deal):
            if table is not None:
                self.finish(table, times.get("level", "any"))
            options = self.options(game_id)
            number = deal if deal is not None else random.randrange(1, 1_000_000)
            table = Table.new(game_id, number, options, lang=self.lang)
            self.level = level or "any"
            self.seconds_before = 0.0
            stored = False
        else:
            stored = times.get("deal") == table.history.deal
            self.seconds_before = times["seconds"] if stored else 0.0
            self.level = times["level"] if stored else "any"
        self.clock_start = time.monotonic()
        if self.storage is None and message is None:
            message = t("no_storage", self.lang)
        table.auto_home = self.setting("auto")
        self.table = table
        self.choosing = False
        if not stored:
            # A game read back whole, with its clock, is not written again: two tabs of different
            # builds, each writing the save its own way, would otherwise take each other's in turn.
            self.store()
        window.history.replaceState(None, "", f"#game={game_id}&deal={table.history.deal}")
        document.getElementById("start").hidden = True
        document.getElementById("play").hidden = False
        self.render(message, offers)

    def read_save(self, game_id: str) -> tuple[Table | None, str | None, str]:
        """The game in progress as stored, what to say of it, and the buttons to offer. Never lose a game:
        a damaged save is set aside word for word; where the browser refuses the copy, it is
        left where it is, and the game in progress is kept beside it until the player
        chooses (the button offered)."""
        saved = self.get(f"save:{game_id}")
        if saved is None:
            return None, None, ""
        try:
            table = Table.from_save(saved, self.lang, game_id)
        except EngineError as exc:
            window.console.warn(f"the saved game of {game_id} does not open: {exc}")
        else:
            self.stuck.discard(game_id)
            return table, None, ""
        if self.set_aside(game_id, saved):
            self.remove(f"save:{game_id}")
            self.stuck.discard(game_id)
            return None, t("save_broken", self.lang), ""
        self.stuck.add(game_id)
        said = t("save_broken_kept", self.lang)
        offer = f' <button data-call="drop_broken">{t("drop_broken", self.lang)}</button>'
        beside = self.get(self.save_key(game_id))
        try:
            return (Table.from_save(beside, self.lang, game_id) if beside is not None else None), said, offer
        except EngineError:
            return None, said, offer

    def drop_broken(self) -> None:
        """The player gives up the damaged save that could not be set aside: the game in
        progress takes its place."""
        table = self.table
        if table is None or table.game.id not in self.stuck:
            return
        game_id = table.game.id
        self.remove(f"save:{game_id}")
        self.stuck.discard(game_id)
        self.remove(f"save:{game_id}:new")
        self.render(t("broken_dropped", self.lang) if self.store() else t("not_saved", self.lang))

    def finish(self, table: Table, level: str) -> None:
        """A game left unfinished counts as played and lost, once it had a move."""
        if table.history.moves and not table.game.is_won(table.state):
            stats = self.stats()[0]
            record(stats, table.game.id, level, False, 0.0)
            self.put("stats", json.dumps(stats))

    # --- drawing ----------------------------------------------------------------------------

    def show_other(self, html: str, title: str) -> None:
        self.table = None
        start = document.getElementById("start")
        start.removeAttribute("data-static")
        start.innerHTML = html
        start.hidden = False
        document.getElementById("play").hidden = True
        document.getElementById("title").textContent = title
        document.getElementById("moves").textContent = ""
        document.getElementById("verdict").hidden = True
        document.title = f"{title} — {t('title', self.lang)}"
        document.documentElement.lang = self.lang
        self.ready()

    def show_start(self, message: str | None = None) -> None:
        in_progress = {g.id for g in registry.games() if self.get(f"save:{g.id}")}
        start = document.getElementById("start")
        if start.getAttribute("data-static") == self.lang and message is None and not start.hidden:
            self.take_over_start(in_progress)
            return
        options = {g.id: self.options(g.id) for g in registry.games()}
        page = start_html(self.lang, in_progress, self.settings(), self.anim_speed(), message, options)
        self.show_other(page, t("title", self.lang))

    def take_over_start(self, in_progress: set[str]) -> None:
        """The start page that ``boot.js`` showed from the build, made live where it differs:
        the settings as stored, with their buttons, and the games in progress. The rest is
        left as it was painted, so that nothing the player already sees is drawn again."""
        start = document.getElementById("start")
        start.removeAttribute("data-static")
        options = {g.id: self.options(g.id) for g in registry.games()}
        live = document.createElement("div")  # never in the page: only read from
        live.innerHTML = settings_html(self.settings(), self.anim_speed(), self.lang) + options_html(options, self.lang)
        # Each button takes its live words in place: a new element would be painted anew, and
        # the page's largest paint would wait for Python.
        for button in start.querySelectorAll("button[data-call]"):
            verb = button.getAttribute("data-verb")
            found = live.querySelector(f'button[data-call="{button.dataset.call}"]'
                                       + (f'[data-verb="{verb}"]' if verb else ""))
            if found:
                button.textContent = found.textContent
                if found.hasAttribute("aria-pressed"):
                    button.setAttribute("aria-pressed", found.getAttribute("aria-pressed"))
            button.disabled = False
        for link in start.querySelectorAll("a[data-game]"):
            mark = link.querySelector(".mark")
            if mark:  # JavaScript's null, where there is none
                mark.remove()
            if link.dataset.game in in_progress:
                link.querySelector("strong").insertAdjacentHTML(
                    "afterend", f' <span class="mark">{t("in_progress", self.lang)}</span>')
        self.table = None
        document.getElementById("play").hidden = True
        document.title = t("title", self.lang)
        self.ready()

    def show_rules(self, game_id: str) -> None:
        try:
            game = check_game(game_id)
        except LinkError as exc:
            self.show_start(exc.said(self.lang))
            return
        self.show_other(rules_html(game, self.lang), game.name_en if self.lang == "en" else game.name_ru)

    def controls(self, view: dict[str, Any]) -> None:
        """The bar at the bottom and the menu (``controls.py``)."""
        lang = self.lang
        open_ = self.menu_open or self.choosing
        document.getElementById("controls").innerHTML = bar_html(view, lang, open_)
        data = catalogue(view["game"]) or {}
        # A level without proved deals (no catalogue shipped yet) cannot be chosen.
        levels = [lv for lv in LEVEL_CHOICES if lv == "any" or data.get(lv)]
        menu = document.getElementById("menu")
        menu.innerHTML = menu_html(view, lang, self.choosing, levels, self.setting("large"), self.anim_speed())
        menu.hidden = not open_

    def render(self, message: str | None = None, offers: str = "") -> None:
        """The table, its controls and header; ``message`` below the controls, with the buttons ``offers``."""
        table = self.table
        if table is None:
            return
        portrait = bool(window.innerHeight > window.innerWidth)
        view = table.view(portrait)
        view["large"] = self.setting("large")
        layout = view["layout"]
        board = document.getElementById("table")
        board.dataset.w = str(layout.width)
        board.dataset.h = str(layout.height)
        board.dataset.game = table.game.id
        board.dataset.deal = str(table.history.deal)
        board.dataset.level = self.level
        lang = self.lang
        board.setAttribute("aria-label", t("table", lang))
        self.controls(view)
        level = "" if self.level == "any" else f' · {t("level_" + self.level, lang)}'
        document.getElementById("title").textContent = f'{view["name"]} {t("deal_short", lang, n=view["deal"])}{level}'
        document.getElementById("moves").textContent = t("moves", lang, n=view["moves"])
        status = view["status"]
        if status == "won" and message is None:
            seconds = int(self.elapsed())
            message = t("won", lang, moves=view["moves"], time=f"{seconds // 60}:{seconds % 60:02d}")
            offers = self.won_offers()
        elif message is None and (stuck := table.game.stuck(table.state)) is not None:
            message = stuck[lang == "en"]
            # No card move is left: the game's verbs still legal, an undo or a new deal, as when it is lost.
            legal = {m.kind for m in table.game.legal_moves(table.state)}
            offers = "".join(
                f' <button data-call="action" data-verb="{escape(a["verb"])}">{escape(a["label"])}</button>'
                for a in view["actions"] if a["verb"] in legal)
            offers += self.end_offers(view)
        elif status == "lost" and message is None:
            message = t("lost", lang)
            offers = self.end_offers(view)
        box = document.getElementById("message")
        box.innerHTML = escape(message or "") + offers
        box.dataset.status = status
        document.title = f'{view["name"]} — {t("title", lang)}'
        document.documentElement.lang = lang
        # Sized before the cards are drawn: sizing asks where the header and the bar lie, which
        # with the new cards in the page would lay the whole table out there and then.
        window.pasyansyLayout()
        html = table_html(view)
        board.innerHTML = html
        board.inert = False
        self.ask_solver(status)
        # Kept so that the next visit can show the table before Python is ready: by table.js,
        # once the table is still (a 50 KB write is no part of a tap).
        window.pasyansyKeepTable()
        self.ready()

    def won_offers(self) -> str:
        """What the end-of-game panel adds to "won": this game's statistics line, and the next
        deal of the level or the same deal again."""
        table = self.table
        lang = self.lang
        if table is None:
            return ""
        counts = self.stats()[0].get(table.game.id, {}).get(self.level)
        line = ""
        if counts and counts["played"]:
            line = t("stats_line", lang, rate=round(100 * counts["won"] / counts["played"]), streak=counts["streak"],
                     level=t("level_" + self.level, lang))
        next_deal = (f'<button data-call="level" data-verb="{self.level}">{t("next_deal", lang)}</button>'
                     if self.level != "any" else f'<button data-call="new">{t("new_game", lang)}</button>')
        return (f'<span class="stats-line">{escape(line)}</span>{next_deal}'
                f'<button data-call="replay">{t("replay", lang)}</button>')

    def end_offers(self, view: dict[str, Any]) -> str:
        """What the message offers once no card can move: an undo (when there is one) and a new deal."""
        undo = f' <button data-call="undo">{t("undo", self.lang)}</button>' if view["can_undo"] else ""
        return f'{undo} <button data-call="new">{t("new_game", self.lang)}</button>'

    # --- the "still winnable?" indicator ----------------------------------------------------

    def ask_solver(self, status: str) -> None:
        """Show what the solver knows of the position on the table, or ask its worker
        (``table.js``, ``solver-worker.mjs``); the answer comes back as the call "verdict"."""
        table = self.table
        box = document.getElementById("verdict")
        if table is None:
            return
        table.know("")
        if not self.setting("solver") or status != "playing":
            box.hidden = True
            return
        pos = position(table.history)
        key = name(pos)
        known = self.verdicts.get(key)
        if known is None:
            known = carried(self.verdicts, pos)
            if known is not None:
                self.keep_verdict(key, known)
        if known is None:
            self.show_verdict({"result": "pending", "line": []})
            window.pasyansyJudge(json.dumps(pos))
        else:
            self.show_verdict(known)

    def search_longer(self) -> None:
        """The player asks the solver to look again, longer, at a position it found no
        answer for; the worker leaves a longer search as soon as the table changes."""
        table = self.table
        if table is None or not self.setting("solver"):
            return
        self.show_verdict({"result": "longer", "line": []})
        window.pasyansyLayout(True)  # the header may take a line more or less on a narrow screen
        window.pasyansyJudge(json.dumps({**position(table.history), "seconds": LONGER}), True)

    def keep_verdict(self, key: str, verdict: dict[str, Any]) -> None:
        self.verdicts[key] = verdict
        while len(self.verdicts) > VERDICTS_KEPT:
            del self.verdicts[next(iter(self.verdicts))]

    def take_verdict(self, answer: dict[str, Any]) -> None:
        """The worker's answer: kept, and shown if its position is still on the table."""
        table = self.table
        if answer.get("result") == "rewind":
            self.take_rewind(answer)
        elif answer.get("result") == "error":
            window.console.warn(f"the solver: {answer.get('error')}")
            if table is not None and document.getElementById("verdict").dataset.result in ("pending", "longer"):
                self.show_verdict(answer)
        else:
            document.getElementById("verdict").dataset.python = str(answer.get("python", ""))
            key = name(answer["position"])
            self.keep_verdict(key, {"result": answer["result"], "line": answer["line"]})
            if table is not None and self.setting("solver") and key == name(position(table.history)):
                self.show_verdict(self.verdicts[key])
        # The verdict may take the header to a line more or less on a narrow screen: the table
        # is sized again (a redraw sizes it after its own verdict, so show_verdict does not).
        window.pasyansyLayout(True)

    def ask_rewind(self) -> None:
        """The player asks to go back to the latest position the solver proves winnable: the
        worker looks for it (``verdict.last_winnable``), and the answer comes back as a verdict."""
        table = self.table
        if table is None or not self.setting("solver"):
            return
        self.render(t("rewind_searching", self.lang))
        self.show_verdict({"result": "longer", "line": []})
        window.pasyansyJudge(json.dumps({**position(table.history), "seconds": LONGER, "rewind": True}), True)

    def take_rewind(self, answer: dict[str, Any]) -> None:
        """The worker found the latest winnable position (or none): the table goes back to it
        in one step, if it still shows the position the player asked from."""
        table = self.table
        if table is None or name(answer["position"]) != name(position(table.history)):
            return
        to = answer.get("to")
        if not isinstance(to, int):
            self.render(t("rewind_none", self.lang))
            return
        outcome = table.rewind(to)
        self.keep_verdict(name(position(table.history)), {"result": "won", "line": answer["line"]})
        message = t("rewind_done", self.lang) if self.store() else t("not_saved", self.lang)
        self.render(message)
        if outcome.move:
            document.getElementById("announce").textContent = table.announce(outcome.move)

    def show_verdict(self, verdict: dict[str, Any]) -> None:
        table = self.table
        box = document.getElementById("verdict")
        result = verdict["result"]
        box.hidden = False
        box.dataset.result = result
        # Short in the header's one line; the whole sentence for a screen reader and on hover.
        box.innerHTML = (f'<span class="said" aria-hidden="true">{t(f"short_{result}", self.lang)}</span>'
                         f'<span class="full sr-only">{t(f"verdict_{result}", self.lang)}</span>')
        box.title = f'{t(f"verdict_{result}", self.lang)}. {t("verdict_note", self.lang)}'
        offer = {"unknown": ("longer", "verdict_again"), "won": ("solution", "solution"),
                 "lost": ("rewind", "rewind")}.get(result)
        if offer and (result != "won" or verdict["line"]):
            box.insertAdjacentHTML("beforeend", f' <button data-call="{offer[0]}">{t(offer[1], self.lang)}</button>')
        if table is not None:
            box.dataset.moves = str(table.history.position)  # the position it speaks of, for tests
            table.know(result, verdict["line"])
        # Said to a screen reader when the answer changes, for a player who asks for it.
        if result in ("won", "lost", "unknown") and result != self.said_verdict and self.setting("say_verdict"):
            document.getElementById("announce").textContent = t(f"verdict_{result}", self.lang)
        if result in ("won", "lost", "unknown"):
            self.said_verdict = result

    def count_win(self, seconds: float) -> None:
        """Statistics count a won game once."""
        table = self.table
        if table is None:
            return
        mark = f"{table.game.id}/{table.history.deal}"
        if self.get(f"counted:{table.game.id}") == mark:
            return
        stats = self.stats()[0]
        record(stats, table.game.id, self.level, True, seconds)
        self.put("stats", json.dumps(stats))
        self.put(f"counted:{table.game.id}", mark)

    def ready(self) -> None:
        document.documentElement.dataset.anim = self.anim_speed()
        document.documentElement.dataset.keys = "on" if self.setting("keys") else "off"  # table.js reads it
        document.querySelector("[data-skip]").textContent = t("to_table", self.lang)
        document.documentElement.dataset.ready = "1"

    # --- what the person did -----------------------------------------------------------------

    def call(self, kind: str, payload: str) -> str:
        data: dict[str, Any] = json.loads(payload) if payload else {}
        verb = str(data.get("verb", ""))
        if kind == "route":
            self.route()
            return "{}"
        if kind in ("lang", "toggle", "anim", "option", "reset_stats"):
            self.change_setting(kind, verb)
            return "{}"
        if kind == "resize":
            self.render()
            return "{}"
        if kind == "verdict":
            self.take_verdict(data)
            return "{}"
        if kind == "synced":
            self.synced(verb)
            return "{}"
        table = self.table
        if table is None:
            return "{}"
        if kind == "longer":
            self.search_longer()
            return "{}"
        if kind == "choices":  # a card picked up by the keyboard: nothing is played or drawn
            return json.dumps(table.choices(str(data["pile"]), int(data["index"])))
        if kind == "rewind":
            self.ask_rewind()
            return "{}"
        if kind == "drop_broken":
            self.drop_broken()
            return "{}"
        if kind == "solution":
            # table.js plays the line from here, a "solution_step" at a time, until a tap stops it.
            self.render(t("solution_on", self.lang))
            return json.dumps({"solution": table.verdict == "won"})
        if kind in ("new", "cancel"):
            self.choosing = kind == "new"
            self.menu_open = False
            self.render()
            return "{}"
        if kind == "menu":
            self.menu_open = not (self.menu_open or self.choosing)
            self.choosing = False
            self.render()
            return "{}"
        if kind in ("level", "deal", "replay"):
            return self.new_deal(table, kind, verb, str(data.get("value", "")))
        if kind == "linked":  # the player chose the deal a link named over the game in progress
            return self.new_deal(table, "deal", "any", verb)
        outcome: Outcome
        self.choosing = self.menu_open = False  # a player who plays on has chosen to stay with this deal
        if kind == "tap":
            outcome = table.tap(str(data["pile"]), int(data["index"]))
        elif kind == "drop":
            outcome = table.drop(str(data["pile"]), int(data["index"]), str(data["target"]))
        elif kind == "undo":
            outcome = table.undo()
        elif kind == "redo":
            outcome = table.redo()
        elif kind == "hint":
            outcome = table.hint()
        elif kind == "solution_step":
            outcome = table.solution_step()
        elif kind in ("action", "confirm"):
            outcome = table.action(verb, sure=kind == "confirm")
        else:
            return json.dumps({"error": f"unknown call {kind!r}"})
        message = outcome.message
        if outcome.move and not self.store():
            message = t("not_saved" if self.storage is not None else "no_storage", self.lang)
        if outcome.move not in (None, "undo") and table.game.status(table.state) == "won":
            # Counted only for a winning move made here: a won save put into storage is not a win.
            self.count_win(int(self.elapsed()))
        offers = f' <button data-call="rewind">{t("rewind_offer", self.lang)}</button>' if (
            kind == "hint" and table.verdict == "lost") else ""
        if outcome.confirm:
            label = next(a["label"] for a in table.actions() if a["verb"] == outcome.confirm)
            offers = (f' <button data-call="confirm" data-verb="{escape(outcome.confirm)}">{escape(label)}</button>'
                      f' <button data-call="cancel">{t("not_now", self.lang)}</button>')
        self.render(message, offers)
        # Said to a screen reader (a live region the eye does not see); the messages are said as well.
        document.getElementById("announce").textContent = table.announce(outcome.move) if outcome.move else ""
        reply = outcome.as_dict()
        reply["more"] = table.winning is not None  # for the solution shown move by move
        return json.dumps(reply)

    def new_deal(self, table: Table, kind: str, level: str, value: str) -> str:
        game_id = table.game.id
        document.getElementById("announce").textContent = ""  # nothing of the last game is said again
        if kind == "replay":
            deal, level = table.history.deal, self.level
        elif kind == "deal":
            number = deal_number(value.strip())  # a number pasted with a space around it is still that number
            if number is None:
                self.choosing = False
                self.render(t("bad_deal", self.lang))
                return "{}"
            deal, level = number, "any"
        elif level in ("easy", "medium", "hard"):
            deal = pick(game_id, level, random.Random()) or random.randrange(1, 1_000_000)
        else:
            deal, level = random.randrange(1, 1_000_000), "any"
        self.finish(table, self.level)
        self.remove(f"save:{game_id}")
        self.open_game(game_id, deal, level)
        return "{}"

    def options(self, game_id: str) -> dict[str, bool | int]:
        """The options a new deal of the game is dealt with, as the player chose them."""
        game = registry.get(game_id)
        return {spec.name: stored.option(self.get(f"option:{game_id}:{spec.name}"), spec.values)
                for spec in game.options}

    def change_setting(self, kind: str, name: str) -> None:
        if kind == "lang":
            self.lang = "en" if self.lang == "ru" else "ru"
            self.put("lang", self.lang)
            if self.table:
                self.table.lang = self.lang
        elif kind == "anim":
            self.put("anim", ANIM_SPEEDS[(ANIM_SPEEDS.index(self.anim_speed()) + 1) % len(ANIM_SPEEDS)])
        elif kind == "toggle" and name in SETTINGS:
            self.put(name, "off" if self.setting(name) else "on")
            if self.table:
                self.table.auto_home = self.setting("auto")
        elif kind == "option" and name.count(":") == 1:
            # A game's option takes its next value; it applies from the next new deal of the game.
            game_id, option = name.split(":")
            game = next((g for g in registry.games() if g.id == game_id), None)
            spec = next((o for o in game.options if o.name == option), None) if game else None
            if spec is not None:
                now = self.options(game_id)[option]
                self.put(f"option:{name}", json.dumps(spec.values[(spec.values.index(now) + 1) % len(spec.values)]))
        elif kind == "reset_stats" and window.confirm(t("reset_confirm", self.lang)):
            self.put("stats", "{}")
        document.body.classList.toggle("large", self.setting("large"))
        if self.table:
            self.render()
        else:
            self.route()

    def state_json(self) -> str:
        """The engine's piles, for tests that compare the page with the engine."""
        if self.table is None:
            return "null"
        piles = self.table.game.piles(self.table.state)
        return json.dumps({"game": self.table.game.id, "deal": self.table.history.deal, "level": self.level,
                           "moves": [str(m) for m in self.table.history.done_moves],
                           "hint": None if self.table.hinted is None else str(self.table.hinted),
                           "piles": {p: list(c) for p, c in piles.items()}})


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


_STARTED: list[asyncio.Future[None]] = []


async def start(page: Page) -> None:
    await page.read_durable()
    window.pasyansyCall = create_proxy(page.call)
    window.pasyansyState = create_proxy(page.state_json)
    window.addEventListener("hashchange", create_proxy(lambda _event: page.route()))
    # The loading screen goes first, so that the table is sized for the page as it will stay.
    document.getElementById("loading").hidden = True
    page.route()
    window.pasyansyRegisterWorker()


def main() -> None:
    # Python may have started from the build's memory image (web/start-pyodide.mjs), whose
    # random generator is in the same state for every player: seed it from the system.
    random.seed()
    _STARTED.append(asyncio.ensure_future(start(Page())))  # kept, so that the task is not collected


__all__ = ["Page", "main"]
