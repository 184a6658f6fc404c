"""The "still winnable?" indicator in the header: what the solver's worker says of the
position on the table (``solver-worker.mjs``, :mod:`pasyansy_web.verdict`), the offers
beside it (search longer, the solution, back to the last winnable position), and the
verdicts kept for positions an undo may come back to.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from pasyansy_web.i18n import t
from pasyansy_web.verdict import LONGER, carried, name, position

if TYPE_CHECKING:
    from pasyansy_web.app import Page

VERDICTS_KEPT = 500  # the solver's verdicts kept for positions an undo may come back to


class SolverPanel:
    """The indicator of one page."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.verdicts: dict[str, dict[str, Any]] = {}  # the solver's, by position (pasyansy_web.verdict)
        self.said_verdict = ""  # the last verdict said to a screen reader
        self.shown = ""  # the result the indicator shows ("" while it is hidden)

    def ask(self, status: str) -> None:
        """Show what the solver knows of the position on the table, or ask its worker
        (``table.js``, ``solver-worker.mjs``); the answer comes back as the call "verdict"."""
        table = self.page.table
        if table is None:
            return
        table.know("")
        if not self.page.store.setting("solver") or status != "playing":
            self.page.screen.hidden("#verdict", True)
            self.shown = ""
            return
        pos = position(table.history)
        key = name(pos)
        known = self.verdicts.get(key)
        if known is None:
            known = carried(self.verdicts, pos)
            if known is not None:
                self.keep(key, known)
        if known is None:
            self.show({"result": "pending", "line": []})
            self.page.screen.run("judge", json.dumps(pos))
        else:
            self.show(known)

    def longer(self) -> None:
        """The player asks the solver to look again, longer, at a position it found no
        answer for; the worker leaves a longer search as soon as the table changes."""
        table = self.page.table
        if table is None or not self.page.store.setting("solver"):
            return
        self.show({"result": "longer", "line": []})
        self.page.screen.run("layout")  # the header may take a line more or less on a narrow screen
        self.page.screen.run("judge", json.dumps({**position(table.history), "seconds": LONGER}), True)

    def keep(self, key: str, verdict: dict[str, Any]) -> None:
        self.verdicts[key] = verdict
        while len(self.verdicts) > VERDICTS_KEPT:
            del self.verdicts[next(iter(self.verdicts))]

    def take(self, answer: dict[str, Any]) -> None:
        """The worker's answer: kept, and shown if its position is still on the table."""
        table = self.page.table
        if answer.get("result") == "rewind":
            self.take_rewind(answer)
        elif answer.get("result") == "error":
            self.page.screen.warn(f"the solver: {answer.get('error')}")
            if table is not None and self.shown in ("pending", "longer"):
                self.show(answer)
        else:
            self.page.screen.data("#verdict", "python", str(answer.get("python", "")))
            key = name(answer["position"])
            self.keep(key, {"result": answer["result"], "line": answer["line"]})
            if table is not None and self.page.store.setting("solver") and key == name(position(table.history)):
                self.show(self.verdicts[key])
        # The verdict may take the header to a line more or less on a narrow screen: the table
        # is sized again (a redraw sizes it after its own verdict, so show_verdict does not).
        self.page.screen.run("layout")

    def ask_rewind(self) -> None:
        """The player asks to go back to the latest position the solver proves winnable: the
        worker looks for it (``verdict.last_winnable``), and the answer comes back as a verdict."""
        table = self.page.table
        if table is None or not self.page.store.setting("solver"):
            return
        self.page.render(t("rewind_searching", self.page.lang))
        self.show({"result": "longer", "line": []})
        self.page.screen.run("judge", json.dumps({**position(table.history), "seconds": LONGER, "rewind": True}), True)

    def take_rewind(self, answer: dict[str, Any]) -> None:
        """The worker found the latest winnable position (or none): the table goes back to it
        in one step, if it still shows the position the player asked from."""
        table = self.page.table
        if table is None or name(answer["position"]) != name(position(table.history)):
            return
        to = answer.get("to")
        if not isinstance(to, int):
            self.page.render(t("rewind_none", self.page.lang))
            return
        outcome = table.rewind(to)
        self.keep(name(position(table.history)), {"result": "won", "line": answer["line"]})
        message = t("rewind_done", self.page.lang) if self.page.autosave() else t("not_saved", self.page.lang)
        self.page.render(message)
        if outcome.move:
            self.page.screen.text("#announce", table.announce(outcome.move))

    def show(self, verdict: dict[str, Any]) -> None:
        table = self.page.table
        screen, lang = self.page.screen, self.page.lang
        result = verdict["result"]
        self.shown = result
        screen.hidden("#verdict", False)
        screen.data("#verdict", "result", result)
        # Short in the header's one line; the whole sentence for a screen reader and on hover.
        html = (f'<span class="said" aria-hidden="true">{t(f"short_{result}", lang)}</span>'
                f'<span class="full sr-only">{t(f"verdict_{result}", lang)}</span>')
        screen.attr("#verdict", "title", f'{t(f"verdict_{result}", lang)}. {t("verdict_note", lang)}')
        offer = {"unknown": ("longer", "verdict_again"), "won": ("solution", "solution"),
                 "lost": ("rewind", "rewind")}.get(result)
        if offer and (result != "won" or verdict["line"]):
            html += f' <button data-call="{offer[0]}">{t(offer[1], lang)}</button>'
        screen.html("#verdict", html)
        if table is not None:
            screen.data("#verdict", "moves", str(table.history.position))  # the position it speaks of, for tests
            table.know(result, verdict["line"])
        # Said to a screen reader when the answer changes, for a player who asks for it.
        changed = result in ("won", "lost", "unknown") and result != self.said_verdict
        if changed and self.page.store.setting("say_verdict"):
            screen.text("#announce", t(f"verdict_{result}", lang))
        if result in ("won", "lost", "unknown"):
            self.said_verdict = result
