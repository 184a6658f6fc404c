"""What the person did: each kind of call ``table.js`` makes, and what the page does with it.

Three tables, by what a call needs: the page alone (:data:`PAGE_CALLS`), a table on the
page (:data:`TABLE_CALLS`, which may answer JSON of their own), and a move on that table
(:data:`MOVE_CALLS`, whose :class:`~pasyansy_web.table.Outcome` the page then shows, saves
and says). A kind in none of them is answered with an error.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from pasyansy_web.app import Page
    from pasyansy_web.table import Outcome, Table

Data = dict[str, Any]


def _setting(kind: str) -> Callable[[Page, Data], None]:
    return lambda page, data: page.change_setting(kind, str(data.get("verb", "")))


def _new_deal(kind: str) -> Callable[[Page, Table, Data], str]:
    return lambda page, table, data: page.new_deal(table, kind, str(data.get("verb", "")), str(data.get("value", "")))


PAGE_CALLS: dict[str, Callable[[Page, Data], None]] = {
    "route": lambda page, data: page.route(),
    **{kind: _setting(kind) for kind in ("lang", "toggle", "anim", "option", "reset_stats")},
    "resize": lambda page, data: page.render(),
    "verdict": lambda page, data: page.solver.take(data),
    # Another tab stored a value (None: removed it).
    "synced": lambda page, data: page.synced(str(data.get("verb", "")), data.get("value")),
    # What the browser did with the page's writes: the keys it refused, the copies it made.
    "stored": lambda page, data: page.stored([str(k) for k in data.get("refused", [])],
                                             [str(k) for k in data.get("set_aside", [])]),
}

TABLE_CALLS: dict[str, Callable[[Page, Table, Data], str | None]] = {
    "longer": lambda page, table, data: page.solver.longer(),
    # A card picked up by the keyboard: nothing is played or drawn, the places it may go come back.
    "choices": lambda page, table, data: json.dumps(table.choices(str(data["pile"]), int(data["index"]))),
    "rewind": lambda page, table, data: page.solver.ask_rewind(),
    "drop_broken": lambda page, table, data: page.drop_broken(),
    "solution": lambda page, table, data: page.show_solution(table),
    "new": lambda page, table, data: page.show_choice(True),
    "cancel": lambda page, table, data: page.show_choice(False),
    "menu": lambda page, table, data: page.toggle_menu(),
    **{kind: _new_deal(kind) for kind in ("level", "deal", "replay")},
    # The player chose the deal a link named over the game in progress.
    "linked": lambda page, table, data: page.new_deal(table, "deal", "any", str(data.get("verb", ""))),
}

MOVE_CALLS: dict[str, Callable[[Table, Data], Outcome]] = {
    "tap": lambda table, data: table.tap(str(data["pile"]), int(data["index"])),
    "drop": lambda table, data: table.drop(str(data["pile"]), int(data["index"]), str(data["target"])),
    "undo": lambda table, data: table.undo(),
    "redo": lambda table, data: table.redo(),
    "hint": lambda table, data: table.hint(),
    "solution_step": lambda table, data: table.solution_step(),
    "action": lambda table, data: table.action(str(data.get("verb", ""))),
    "confirm": lambda table, data: table.action(str(data.get("verb", "")), sure=True),
}
