"""The page's Python as the table's worker runs it, driven here in CPython: what it is
handed at start, the calls ``table.js`` makes, and the edits it answers with
(:mod:`pasyansy_web.screen`). It touches no page, so nothing here needs a browser."""

from __future__ import annotations

import json
import sys
from typing import Any

from pasyansy_web.app import Page, start
from pasyansy_web.store import Kept

SEEN = {"hash": "#game=hard_rug&deal=5", "portrait": True, "start": ""}


def opened(local: dict[str, str] | None, fragment: str = "#game=hard_rug&deal=5") -> tuple[Page, dict[str, Any]]:
    kept: Kept = {"local": local, "durable": {}, "still": False}
    page, answer = start(json.dumps(kept), json.dumps({**SEEN, "hash": fragment}))
    return page, json.loads(answer)


def call(page: Page, kind: str, payload: dict[str, Any]) -> dict[str, Any]:
    return dict(json.loads(page.call(kind, json.dumps(payload), json.dumps(SEEN))))


def writes(answer: dict[str, Any]) -> list[list[Any]]:
    return [edit for edit in answer["edits"] if edit[0] in ("store", "aside")]


def message(answer: dict[str, Any]) -> str:
    return str(next(edit[2] for edit in reversed(answer["edits"]) if edit[:2] == ["html", "#message"]))


def test_the_page_python_imports_nothing_of_the_browser() -> None:
    assert not {"pyscript", "pyodide", "js"} & set(sys.modules), "app.py runs in a worker, away from the page"


def test_a_game_opens_from_a_link_and_a_tap_is_answered_with_edits_and_a_save() -> None:
    page, answer = opened({})
    assert answer["state"]["deal"] == 5 and answer["state"]["moves"] == []
    assert ["url", "#game=hard_rug&deal=5"] in answer["edits"]
    assert any(edit[:2] == ["html", "#table"] for edit in answer["edits"])
    table = page.table
    assert table is not None
    pile, cards = next((p, c) for p, c in table.game.piles(table.state).items()
                       if c and table.game.destinations(table.state, p, 1))
    tapped = call(page, "tap", {"pile": pile, "index": len(cards) - 1})
    assert tapped["reply"]["move"] and len(tapped["state"]["moves"]) == 1
    saved = [edit for edit in writes(tapped) if edit[1] == "save:hard_rug"]
    assert saved and json.loads(saved[0][2])["moves"] == tapped["state"]["moves"]


def test_a_damaged_save_stays_where_it_lies_until_its_copy_is_made() -> None:
    page, answer = opened({"save:hard_rug": "not a save"})
    aside = [edit for edit in writes(answer) if edit[0] == "aside"]
    assert aside and aside[0][1] == "save:hard_rug" and aside[0][3] == "not a save"
    assert not [edit for edit in writes(answer) if edit[:2] == ["store", "save:hard_rug"]], "never written over"
    assert [edit for edit in writes(answer) if edit[:2] == ["store", "save:hard_rug:new"]], "the new game beside it"
    done = call(page, "stored", {"refused": [], "set_aside": [aside[0][2]]})
    assert "отложена" in message(done)
    assert [edit for edit in writes(done) if edit[:2] == ["store", "save:hard_rug"]], "the game takes its place"
    assert ["store", "save:hard_rug:new", None] in writes(done)


def test_a_damaged_save_whose_copy_is_refused_is_kept_and_the_game_goes_on_beside_it() -> None:
    page, answer = opened({"save:hard_rug": "not a save"})
    to = next(edit[2] for edit in writes(answer) if edit[0] == "aside")
    refused = call(page, "stored", {"refused": [to], "set_aside": []})
    assert "оставлена как есть" in message(refused)
    assert 'data-call="drop_broken"' in message(refused)
    assert not [edit for edit in writes(refused) if edit[:2] == ["store", "save:hard_rug"]]


def test_a_refused_move_is_said_unsaved() -> None:
    page, _ = opened({})
    refused = call(page, "stored", {"refused": ["save:hard_rug"], "set_aside": []})
    assert "не сохранён" in message(refused)


def test_storage_turned_off_plays_unsaved_and_says_so() -> None:
    page, answer = opened(None)
    assert "не сохранятся" in message(answer)
    assert page.store.local is None
