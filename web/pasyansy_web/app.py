"""The glue between the page and the table: storage, routing, rendering, events.

It runs in a worker (``main.py``) and never touches the page: ``table.js`` handles
pointer gestures and animation, and calls :meth:`Page.call` with what the person did and
what it sees (:class:`Seen`); each answer carries the edits that redraw the page
(:mod:`pasyansy_web.screen`).
"""

from __future__ import annotations

import json
import random
import time
from html import escape
from typing import Any, TypedDict

from pasyansy_web import stored
from pasyansy_web.calls import MOVE_CALLS, PAGE_CALLS, TABLE_CALLS
from pasyansy_web.controls import bar_html, menu_html
from pasyansy_web.i18n import t
from pasyansy_web.links import LinkError, check_game, deal_number, parse_link
from pasyansy_web.pages import options_html, record, rules_html, settings_html, start_html, stats_html
from pasyansy_web.render import table_html
from pasyansy_web.screen import Screen
from pasyansy_web.solver_panel import SolverPanel
from pasyansy_web.store import PREFIX, Kept, Store
from pasyansy_web.stored import ANIM_SPEEDS, LEVEL_CHOICES, SETTINGS, clean_times
from pasyansy_web.table import Outcome, Table
from pasyansy_web.view import TableView
from pygame_engine import EngineError, registry
from pygame_engine.levels import catalogue, pick


class Seen(TypedDict):
    """What ``table.js`` sees when it calls: the address's fragment, whether the screen is
    taller than wide, and the language of the start page the build drew, where it shows
    one (``boot.js``; else "")."""

    hash: str
    portrait: bool
    start: str


class Page:
    """The one page: the start list, a table, a game's rules or the statistics."""

    def __init__(self, kept: Kept) -> None:
        self.screen = Screen()
        self.seen: Seen = {"hash": "", "portrait": True, "start": ""}
        self.store = Store(self.screen, kept)
        self.lang = stored.lang(self.store.get("lang"))
        self.table: Table | None = None
        self.level = "any"
        self.clock_start = time.monotonic()
        self.seconds_before = 0.0
        self.choosing = False
        self.menu_open = False
        self.solver: SolverPanel = SolverPanel(self)

    def elapsed(self) -> float:
        return self.seconds_before + time.monotonic() - self.clock_start

    def autosave(self) -> bool:
        """Autosave: the whole game with its history, its time and its level; ``False`` if it was refused."""
        if self.table is None:
            return True
        game = self.table.game.id
        saved = self.store.put(self.store.save_key(game), self.table.save())
        times = {"deal": self.table.history.deal, "seconds": self.elapsed(), "level": self.level}
        return self.store.put(f"time:{game}", json.dumps(times)) and saved

    # --- routing ----------------------------------------------------------------------------

    def route(self) -> None:
        fragment = self.seen["hash"]
        self.screen.toggle("body", "large", self.store.setting("large"))
        if fragment.startswith("#rules="):
            self.show_rules(fragment[len("#rules="):])
            return
        if fragment == "#stats":
            self.show_other(stats_html(*self.store.stats(), self.lang), t("stats", self.lang))
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

    def synced(self, key: str, value: str | None) -> None:
        """Another tab of the site saved a game: if it is the one on this table, this table takes it up.

        Otherwise this tab's next move would save over the other's moves (or over the new deal it
        started), and they would be lost.
        """
        if key.startswith(PREFIX):
            self.store.taken(key[len(PREFIX):], value)
        table = self.table
        if table is None or key != f"{PREFIX}save:{table.game.id}":
            return
        saved = self.store.get(f"save:{table.game.id}", durable=False)
        if saved is None or saved == table.save():
            return
        self.store.durable[f"save:{table.game.id}"] = saved  # the other tab wrote it to the durable store too
        self.open_game(table.game.id, None, note=t("synced", self.lang))

    def open_game(self, game_id: str, deal: int | None, level: str | None = None, note: str | None = None) -> None:
        message = note
        table, said, offers = self.read_save(game_id)
        message = said or message
        times = clean_times(self.store.stored_json(f"time:{game_id}"))
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
            options = self.store.options(game_id)
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
        if self.store.local is None and message is None:
            message = t("no_storage", self.lang)
        table.auto_home = self.store.setting("auto")
        self.table = table
        self.choosing = False
        if not stored:
            # A game read back whole, with its clock, is not written again: two tabs of different
            # builds, each writing the save its own way, would otherwise take each other's in turn.
            self.autosave()
        self.screen.url(f"#game={game_id}&deal={table.history.deal}")
        self.seen["hash"] = f"#game={game_id}&deal={table.history.deal}"
        self.screen.hidden("#start", True)
        self.screen.hidden("#play", False)
        self.render(message, offers)

    def read_save(self, game_id: str) -> tuple[Table | None, str | None, str]:
        """The game in progress as stored, what to say of it, and the buttons to offer. Never lose a game:
        a damaged save is set aside word for word, and until the browser has said that the
        copy is made (the call "stored"), it is left where it is and the game in progress is
        kept beside it (``save_key``). Where the browser refuses the copy, the player chooses
        (the button offered)."""
        saved = self.store.get(f"save:{game_id}")
        if saved is None:
            return None, None, ""
        try:
            table = Table.from_save(saved, self.lang, game_id)
        except EngineError as exc:
            self.screen.warn(f"the saved game of {game_id} does not open: {exc}")
        else:
            self.store.stuck.discard(game_id)
            return table, None, ""
        self.store.stuck.add(game_id)
        said, offer = (None, "") if self.store.move_aside(f"save:{game_id}", game_id) else self.kept_broken()
        beside = self.store.get(self.store.save_key(game_id))
        try:
            return (Table.from_save(beside, self.lang, game_id) if beside is not None else None), said, offer
        except EngineError:
            return None, said, offer

    def kept_broken(self) -> tuple[str, str]:
        """What is said of a damaged save that could not be set aside, and the offer to drop it."""
        return (t("save_broken_kept", self.lang),
                f' <button data-call="drop_broken">{t("drop_broken", self.lang)}</button>')

    def stored(self, refused: list[str], set_aside: list[str]) -> None:
        """What the browser did with this page's writes: the keys it refused (storage full)
        and the copies of damaged saves it made. A save whose copy is made leaves its place
        to the game in progress; one whose copy is refused stays where it lies, the game
        going on beside it. Of any other refusal, the player is told."""
        table = self.table
        message: tuple[str, str] | None = None
        for to in set_aside:
            key = self.store.set_aside_done(to)
            if key is None or not key.startswith("save:"):
                continue
            game_id = key[len("save:"):]
            self.store.stuck.discard(game_id)
            if table is not None and table.game.id == game_id:
                self.store.remove(f"save:{game_id}:new")
                message = (t("save_broken", self.lang) if self.autosave() else t("not_saved", self.lang)), ""
        for key in refused:
            was = self.store.refused(key)
            if was is None:
                message = message or (t("not_saved", self.lang), "")
            elif table is not None and was == f"save:{table.game.id}":
                message = self.kept_broken()
        if table is not None and message is not None:
            self.render(*message)

    def drop_broken(self) -> None:
        """The player gives up the damaged save that could not be set aside: the game in
        progress takes its place."""
        table = self.table
        if table is None or table.game.id not in self.store.stuck:
            return
        game_id = table.game.id
        self.store.remove(f"save:{game_id}")
        self.store.stuck.discard(game_id)
        self.store.remove(f"save:{game_id}:new")
        self.render(t("broken_dropped", self.lang) if self.autosave() else t("not_saved", self.lang))

    def finish(self, table: Table, level: str) -> None:
        """A game left unfinished counts as played and lost, once it had a move."""
        if table.history.moves and not table.game.is_won(table.state):
            stats = self.store.stats()[0]
            record(stats, table.game.id, level, False, 0.0)
            self.store.put("stats", json.dumps(stats))

    # --- drawing ----------------------------------------------------------------------------

    def show_other(self, html: str, title: str) -> None:
        self.table = None
        screen = self.screen
        screen.data("#start", "static", None)
        self.seen["start"] = ""
        screen.html("#start", html)
        screen.hidden("#start", False)
        screen.hidden("#play", True)
        screen.text("#title", title)
        screen.text("#moves", "")
        screen.hidden("#verdict", True)
        screen.title(f"{title} — {t('title', self.lang)}")
        screen.attr("html", "lang", self.lang)
        self.ready()

    def show_start(self, message: str | None = None) -> None:
        in_progress = {g.id for g in registry.games() if self.store.get(f"save:{g.id}")}
        if self.seen["start"] == self.lang and message is None:
            self.take_over_start(in_progress)
            return
        options = {g.id: self.store.options(g.id) for g in registry.games()}
        page = start_html(self.lang, in_progress, self.store.settings(), self.store.anim_speed(), message, options)
        self.show_other(page, t("title", self.lang))

    def take_over_start(self, in_progress: set[str]) -> None:
        """The start page that ``boot.js`` showed from the build, made live where it differs:
        the settings as stored, with their buttons, and the games in progress. The rest is
        left as it was painted, so that nothing the player already sees is drawn again."""
        options = {g.id: self.store.options(g.id) for g in registry.games()}
        store, lang = self.store, self.lang
        live = settings_html(store.settings(), store.anim_speed(), lang) + options_html(options, lang)
        self.screen.run("takeOverStart", live, sorted(in_progress), t("in_progress", lang))
        self.seen["start"] = ""
        self.table = None
        self.screen.hidden("#play", True)
        self.screen.title(t("title", lang))
        self.ready()

    def show_rules(self, game_id: str) -> None:
        try:
            game = check_game(game_id)
        except LinkError as exc:
            self.show_start(exc.said(self.lang))
            return
        self.show_other(rules_html(game, self.lang), game.name_en if self.lang == "en" else game.name_ru)

    def controls(self, view: TableView) -> None:
        """The bar at the bottom and the menu (``controls.py``)."""
        lang = self.lang
        open_ = self.menu_open or self.choosing
        self.screen.html("#controls", bar_html(view, lang, open_))
        data = catalogue(view["game"]) or {}
        # A level without proved deals (no catalogue shipped yet) cannot be chosen.
        levels = [lv for lv in LEVEL_CHOICES if lv == "any" or data.get(lv)]
        large, speed = self.store.setting("large"), self.store.anim_speed()
        self.screen.html("#menu", menu_html(view, lang, self.choosing, levels, large, speed))
        self.screen.hidden("#menu", not open_)

    def render(self, message: str | None = None, offers: str = "") -> None:
        """The table, its controls and header; ``message`` below the controls, with the buttons ``offers``."""
        table = self.table
        if table is None:
            return
        view = table.view(self.seen["portrait"])
        view["large"] = self.store.setting("large")
        layout = view["layout"]
        screen = self.screen
        for key, value in (("w", layout.width), ("h", layout.height), ("game", table.game.id),
                           ("deal", table.history.deal), ("moves", table.history.position),  # for a press before Python
                           ("level", self.level)):
            screen.data("#table", key, str(value))
        lang = self.lang
        screen.attr("#table", "aria-label", t("table", lang))
        self.controls(view)
        level = "" if self.level == "any" else f' · {t("level_" + self.level, lang)}'
        screen.text("#title", f'{view["name"]} {t("deal_short", lang, n=view["deal"])}{level}')
        screen.text("#moves", t("moves", lang, n=view["moves"]))
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
        screen.html("#message", escape(message or "") + offers)
        screen.data("#message", "status", status)
        screen.title(f'{view["name"]} — {t("title", lang)}')
        screen.attr("html", "lang", lang)
        # Sized before the cards are drawn: sizing asks where the header and the bar lie, which
        # with the new cards in the page would lay the whole table out there and then.
        screen.run("layout")
        screen.html("#table", table_html(view))
        self.solver.ask(status)
        # Kept so that the next visit can show the table before Python is ready: by table.js,
        # once the table is still (a 50 KB write is no part of a tap).
        screen.run("keepTable")
        self.ready()

    def won_offers(self) -> str:
        """What the end-of-game panel adds to "won": this game's statistics line, and the next
        deal of the level or the same deal again."""
        table = self.table
        lang = self.lang
        if table is None:
            return ""
        counts = self.store.stats()[0].get(table.game.id, {}).get(self.level)
        line = ""
        if counts and counts["played"]:
            line = t("stats_line", lang, rate=round(100 * counts["won"] / counts["played"]), streak=counts["streak"],
                     level=t("level_" + self.level, lang))
        next_deal = (f'<button data-call="level" data-verb="{self.level}">{t("next_deal", lang)}</button>'
                     if self.level != "any" else f'<button data-call="new">{t("new_game", lang)}</button>')
        return (f'<span class="stats-line">{escape(line)}</span>{next_deal}'
                f'<button data-call="replay">{t("replay", lang)}</button>')

    def end_offers(self, view: TableView) -> str:
        """What the message offers once no card can move: an undo (when there is one) and a new deal."""
        undo = f' <button data-call="undo">{t("undo", self.lang)}</button>' if view["can_undo"] else ""
        return f'{undo} <button data-call="new">{t("new_game", self.lang)}</button>'

    def count_win(self, seconds: float) -> None:
        """Statistics count a won game once."""
        table = self.table
        if table is None:
            return
        mark = f"{table.game.id}/{table.history.deal}"
        if self.store.get(f"counted:{table.game.id}") == mark:
            return
        stats = self.store.stats()[0]
        record(stats, table.game.id, self.level, True, seconds)
        self.store.put("stats", json.dumps(stats))
        self.store.put(f"counted:{table.game.id}", mark)

    def ready(self) -> None:
        screen = self.screen
        screen.data("html", "anim", self.store.anim_speed())
        screen.data("html", "keys", "on" if self.store.setting("keys") else "off")  # table.js reads it
        screen.text("#skip", t("to_table", self.lang))
        screen.data("html", "ready", "1")

    # --- what the person did -----------------------------------------------------------------

    def call(self, kind: str, payload: str, seen: str) -> str:
        """What the person did, by the kind of call ``table.js`` makes (:mod:`pasyansy_web.calls`),
        with what ``table.js`` sees (:class:`Seen`). JSON back: the call's own answer
        ("reply"), the edits to the page ("edits") and the engine's piles ("state",
        :meth:`state`)."""
        self.seen.update(json.loads(seen))
        try:
            reply = json.loads(self.answer(kind, json.loads(payload) if payload else {}))
        finally:
            edits = self.screen.take()
        return json.dumps({"reply": reply, "edits": edits, "state": self.state()})

    def answer(self, kind: str, data: dict[str, Any]) -> str:
        page_call = PAGE_CALLS.get(kind)
        if page_call is not None:
            page_call(self, data)
            return "{}"
        table = self.table
        if table is None:
            return "{}"
        table_call = TABLE_CALLS.get(kind)
        if table_call is not None:
            return table_call(self, table, data) or "{}"
        play = MOVE_CALLS.get(kind)
        if play is None:
            return json.dumps({"error": f"unknown call {kind!r}"})
        self.choosing = self.menu_open = False  # a player who plays on has chosen to stay with this deal
        return self.played(table, kind, play(table, data))

    def played(self, table: Table, kind: str, outcome: Outcome) -> str:
        """The table and the message after a move (or a refusal), saved and said; JSON back."""
        message = outcome.message
        if outcome.move and not self.autosave():
            message = t("not_saved" if self.store.local is not None else "no_storage", self.lang)
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
        self.screen.text("#announce", table.announce(outcome.move) if outcome.move else "")
        reply = outcome.as_dict()
        reply["more"] = table.winning is not None  # for the solution shown move by move
        return json.dumps(reply)

    def show_choice(self, choosing: bool) -> None:
        """The new-deal choice opened or closed (the menu closed either way)."""
        self.choosing = choosing
        self.menu_open = False
        self.render()

    def toggle_menu(self) -> None:
        self.menu_open = not (self.menu_open or self.choosing)
        self.choosing = False
        self.render()

    def show_solution(self, table: Table) -> str:
        """``table.js`` plays the line from here, a "solution_step" at a time, until a tap stops it."""
        self.render(t("solution_on", self.lang))
        return json.dumps({"solution": table.verdict == "won"})

    def new_deal(self, table: Table, kind: str, level: str, value: str) -> str:
        game_id = table.game.id
        self.screen.text("#announce", "")  # nothing of the last game is said again
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
        self.store.remove(f"save:{game_id}")
        self.open_game(game_id, deal, level)
        return "{}"

    def change_setting(self, kind: str, name: str) -> None:
        if kind == "lang":
            self.lang = "en" if self.lang == "ru" else "ru"
            self.store.put("lang", self.lang)
            if self.table:
                self.table.lang = self.lang
        elif kind == "anim":
            self.store.put("anim", ANIM_SPEEDS[(ANIM_SPEEDS.index(self.store.anim_speed()) + 1) % len(ANIM_SPEEDS)])
        elif kind == "toggle" and name in SETTINGS:
            self.store.put(name, "off" if self.store.setting(name) else "on")
            if self.table:
                self.table.auto_home = self.store.setting("auto")
        elif kind == "option" and name.count(":") == 1:
            # A game's option takes its next value; it applies from the next new deal of the game.
            game_id, option = name.split(":")
            game = next((g for g in registry.games() if g.id == game_id), None)
            spec = next((o for o in game.options if o.name == option), None) if game else None
            if spec is not None:
                now = self.store.options(game_id)[option]
                after = spec.values[(spec.values.index(now) + 1) % len(spec.values)]
                self.store.put(f"option:{name}", json.dumps(after))
        elif kind == "reset_stats":  # table.js asked the player first (the button's data-confirm)
            self.store.put("stats", "{}")
        self.screen.toggle("body", "large", self.store.setting("large"))
        if self.table:
            self.render()
        else:
            self.route()

    def state(self) -> dict[str, Any] | None:
        """The engine's piles, for tests that compare the page with the engine."""
        if self.table is None:
            return None
        piles = self.table.game.piles(self.table.state)
        return {"game": self.table.game.id, "deal": self.table.history.deal, "level": self.level,
                "moves": [str(m) for m in self.table.history.done_moves],
                "hint": None if self.table.hinted is None else str(self.table.hinted),
                "piles": {p: list(c) for p, c in piles.items()}}


def start(kept: str, seen: str) -> tuple[Page, str]:
    """The page, from what the page kept (:class:`~pasyansy_web.store.Kept`, JSON), and its
    first answer: the route the address names, drawn."""
    # Python may have started from the build's memory image (web/start-pyodide.mjs), whose
    # random generator is in the same state for every player: seed it from the system.
    random.seed()
    page = Page(json.loads(kept))
    return page, page.call("route", "", seen)


__all__ = ["Page", "Seen", "start"]
